"""Accounts for multi-user hosting: the users file, password and token checks, login throttling."""
