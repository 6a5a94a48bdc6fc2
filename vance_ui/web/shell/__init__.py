"""What every page is built in: the theme, UI texts (`i18n`), accessibility helpers, icons, the
per-client context, who is logged in (`auth`), the login page, change notifications for open
pages, `vance:` links, the store-down notice and the 404.
Imports the service and `web.nicegui_compat`; never `web.chat`, `web.form` or `web.editor`."""
