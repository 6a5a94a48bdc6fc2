"""assets/tailwind.css, the static stylesheet that replaces NiceGUI's in-browser Tailwind compiler,
is exactly what Tailwind's CLI builds from today's sources: a class written into the UI's Python
or the app's scripts without `make css` has no rule, and this test names the command that fixes it.

It runs Node (Tailwind's CLI from package-lock.json, installed by `make axe`/`make test`), so it is
marked slow and `make test-fast` leaves it out; without the CLI it fails with the install command."""

from __future__ import annotations

import pytest

from vance_ui.web.shell import tailwind


@pytest.mark.slow
def test_the_committed_stylesheet_is_a_fresh_build() -> None:
    if not tailwind.CLI.exists():
        pytest.fail(f"Tailwind's CLI is not installed ({tailwind.CLI} is missing): run `make axe` (npm ci)",
                    pytrace=False)
    fresh = tailwind.stylesheet()
    committed = tailwind.CSS_FILE.read_text(encoding="utf-8")
    assert committed == fresh, ("assets/tailwind.css is stale: a class in the sources has no rule "
                                "(or a rule no class); run `make css` and commit the file")

