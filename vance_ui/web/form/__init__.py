"""The wizard form (spec section 8, "Shared Form-Engine"): the dialog, its form pane, one widget per
field type, repeat entries, the stepper of a multi-step wizard, what screen readers hear, the
footer and its actions (Fill from chat among them), and the draft kept while the form is open.
Imports `web.shell` and `web.nicegui_compat`."""
