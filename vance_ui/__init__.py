"""Vance Prompt Wizards: guided forms that turn complex LLM prompts into a filled chat input."""

__version__ = "0.1.0"
