"""The REST API (spec section 7): thin FastAPI routes over `WizardService`."""
