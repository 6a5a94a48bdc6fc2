"""Which wizards exist and what each one is: loading a file into a `LoadedWizard` (checked, with
its warnings, cached on disk), the cascade of layers (project, user, tenant, bundled), the listing
per scope with its localized views, `availableIn`, and lint.
Imports `wizards.format`, `wizards.templates`, `wizards.rules` and `vance_ui.documents.store`."""
