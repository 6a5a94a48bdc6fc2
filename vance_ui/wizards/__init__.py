"""The wizard domain: what a wizard file is, how its templates run, what its form shows and
accepts, and which wizards a user sees. Knows nothing of NiceGUI, FastAPI, the CLI or the storage
backend (wizard files arrive through the `DocumentStore` interface of `vance_ui.documents`).

Sub-packages, lowest first (each imports only from those before it; enforced by `make lint`):

- `format`: the file format (schema models, YAML reading with positions, localized texts,
  categories, icons).
- `templates`: Jinja in a hardened sandbox, run only in killable worker processes (guard, sandbox,
  compile, worker, pipe, pool); the web process sees `bounded` and the problem/limit types.
- `rules`: value paths, validation of form values, `showIf` visibility and pages.
- `catalog`: loading (with its cache and warnings), the cascade of layers, listings, lint.
- `filling`: what a form shows for given values and the prompt it renders.
- `source`: the round-trip YAML document the editor edits (keeps comments and key order);
  it needs only `format`.
"""
