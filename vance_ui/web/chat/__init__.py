"""The chat page: sessions, transcript and input (with the `/` menu, the wizard suggestions above it
and the input draft), answers as sanitized Markdown, "Edit in form" under a message from a wizard,
Live Progress, the Wizards tab and the quick-start cards.
Imports `web.form` (a wizard opens over the chat), `web.editor` (the editor opens over it too),
`web.shell` and `web.nicegui_compat`."""
