"""The wizard editor: form view and YAML view over one text, the live preview, save,
history, import/export; as the `/editor` page (`route`) or a dialog over the chat page.
Imports `web.form` (the preview is the real form), `web.shell` and `web.nicegui_compat`."""
