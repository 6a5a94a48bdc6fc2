"""The wizard file format: the pydantic schema models (the one definition of every key), YAML
reading with line:col positions, localized texts, category names and Heroicon names.
The lowest layer of `vance_ui.wizards`: imports nothing else of the app."""
