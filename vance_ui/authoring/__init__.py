"""The write side of wizards: read one layer's source, check, save, delete, restore (`service`), and
the version history kept beside each layer (`history`), and a wizard made of a pasted prompt: the
field each selected part of it becomes (`prompt_fields`) and the wizard's YAML (`from_prompt`).
The write API, the web editor and `vance wizards push/pull/history` all call `WizardAuthoring`.
Imports the wizard domain, `vance_ui.service` and `vance_ui.documents`; no adapter."""
