"""A wizard file as the editor edits it: a round-trip YAML document that keeps comments and key
order, with typed access to fields and pages. Imports only `wizards.format`."""
