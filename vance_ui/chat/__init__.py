"""The chat engine: sends a conversation to a model (litellm) or, with none configured, echoes it.
Beside it, what a user's chats keep in the document store: the sessions (with the wizard form behind
a message, origin.py), half-filled forms and unsent inputs, and how a chat line is read (`/`).
Imports `llm`, `wizards` and the document store interface."""
