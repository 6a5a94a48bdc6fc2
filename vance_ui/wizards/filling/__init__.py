"""Filling a wizard: the state of a form for given values (hidden fields, pages, errors), the live
report the form shows, the prompt and follow-ups a render produces, and what of a model's answer
"Fill from chat" keeps (`fill`).
Imports the other `wizards` sub-packages below it (`catalog` and lower)."""
