"""The web UI (NiceGUI): pages and components over `WizardService`."""
