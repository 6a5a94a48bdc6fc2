"""The wizard form (spec section 8, "Shared Form-Engine"): the dialog, one widget per field type,
repeat entries, the stepper of a multi-step wizard, what screen readers hear, and the footer's
actions. Imports `web.shell` and `web.nicegui_compat`."""
