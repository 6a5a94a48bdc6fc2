"""What every page is built in: the theme, UI texts (`i18n`), accessibility helpers, icons, the
per-client context, who is logged in (`auth`), the login page, change notifications for open
pages, `vance:` links, the store-down notice, the 404, Tailwind's static stylesheet (`tailwind`) and
what makes the app installable (`installable`: manifest, service worker, offline page).
Imports the service and `web.nicegui_compat`; never `web.chat`, `web.form` or `web.editor`."""
