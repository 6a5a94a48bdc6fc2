"""Model access through litellm, imported lazily (it costs seconds and ~190 MiB)."""
