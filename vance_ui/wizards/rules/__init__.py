"""The rules of a wizard's form: value paths (`members[1].name`), validation of values against the
fields, and `showIf` visibility of fields and pages (evaluated through `templates.bounded`).
Imports `wizards.format` and `wizards.templates`."""
