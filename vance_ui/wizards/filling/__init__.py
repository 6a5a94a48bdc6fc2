"""Filling a wizard: the state of a form for given values (hidden fields, pages, errors), the live
report the form shows, and the prompt and follow-ups a render produces.
Imports the other `wizards` sub-packages below it (`catalog` and lower)."""
