"""docs/hosting.md shows the nginx configuration the hosting tests run: the template filled in with
the documented addresses, between its two markers, and nothing else."""

from __future__ import annotations

import re

from tests.support.nginx import documented
from tests.support.paths import REPO

BLOCK = re.compile(r"<!-- nginx.conf.template: begin -->\n```nginx\n(.*?)```\n<!-- nginx.conf.template: end -->",
                   re.DOTALL)


def test_the_documented_configuration_is_the_tested_template() -> None:
    shown = BLOCK.findall((REPO / "docs" / "hosting.md").read_text())
    assert len(shown) == 1, "docs/hosting.md must show the nginx configuration once, between its markers"
    assert shown[0] == documented(), f"docs/hosting.md shows another configuration; this is the template's:\n" \
                                     f"{documented()}"
