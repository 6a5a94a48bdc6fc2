"""The `vance` command line: thin adapters over `WizardService` (in-process) or the REST API."""
