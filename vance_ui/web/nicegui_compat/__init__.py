"""Everything that relies on NiceGUI's internals, one module per piece; each module's docstring says
what it relies on and what it buys. docs/nicegui-upgrade.md lists them with the tests that fail
when NiceGUI changes underneath."""
