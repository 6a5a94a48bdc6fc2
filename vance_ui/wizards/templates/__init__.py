"""Wizard templates (Jinja with Pebble aliases) where they can always be stopped.

`bounded` is what the rest of the app calls: check a template, render it; `problems` and `limits`
are the types it speaks in. Everything that compiles or renders a template (`guard`, `sandbox`,
`tag_lines`, `compiled`, `worker`) runs only in the render worker processes, which `pool` starts and
talks to through `pipe`; the web process never imports them (enforced by `make lint`).
Imports only `wizards.format`."""
