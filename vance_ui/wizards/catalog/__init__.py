"""Which wizards exist and what each one is: loading a file into a `LoadedWizard` (checked, with
its warnings, cached on disk), the cascade of layers (project, user, tenant, bundled), the listing
per scope with its localized views, `availableIn`, the suggestions for a message being typed
(BM25 over what a scope lists: `suggest`, `suggest_text`), and lint.
Imports `wizards.format`, `wizards.templates`, `wizards.rules`, `vance_ui.documents.store` and the
ranking libraries (bm25s, rapidfuzz, PyStemmer)."""
