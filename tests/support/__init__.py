"""Shared test helpers: a fake OpenAI-compatible model server, app subprocess runner."""
