"""The chat engine: sends a conversation to a model (litellm) or, with none configured, echoes it."""
