"""The web UI (NiceGUI): pages and components over `WizardService`.

`pages` registers the pages. Sub-packages, highest first (each imports only those after it; enforced
by `make lint`): `chat` (the chat page), `editor` (the wizard editor), `form` (the wizard form),
`shell` (what every page is built in), `nicegui_compat` (everything that relies on NiceGUI's
internals, installed once by `nicegui_compat.install`)."""
