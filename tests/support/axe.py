"""axe-core (npm, pinned in package-lock.json, installed by `make axe`) run inside a Playwright page.

A missing axe-core is a failure with the command that installs it, never a skip: an accessibility
check that silently does not run would look like a passing one.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.support.paths import REPO

AXE_JS = REPO / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("critical", "serious")
# WCAG 2.x A and AA plus axe's best practices (landmarks, one h1): what issue 17 asks for
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]

Violation = dict[str, Any]


def axe_source() -> str:
    if not AXE_JS.exists():
        pytest.fail(f"axe-core is not installed ({AXE_JS} is missing): run `make axe` (npm ci)", pytrace=False)
    return AXE_JS.read_text(encoding="utf-8")


def run_axe(page: Page, include: str | None = None) -> list[Violation]:
    """All violations on the page (or inside the element `include` selects), as axe reports them."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source())
    violations: list[Violation] = page.evaluate(
        """async ([include, tags]) => {
            const context = include ? { include: [include] } : document;
            const result = await axe.run(context, { runOnly: { type: "tag", values: tags },
                                                    resultTypes: ["violations"] });
            return result.violations;
        }""",
        [include, TAGS],
    )
    return violations


def blocking(violations: list[Violation]) -> list[Violation]:
    return [v for v in violations if v.get("impact") in BLOCKING]


def describe(violations: list[Violation], limit: int = 6) -> str:
    """One paragraph per rule: impact, rule id, what is wrong, and the first few elements."""
    lines: list[str] = []
    for violation in violations:
        nodes = violation.get("nodes", [])
        lines.append(f"[{violation.get('impact')}] {violation.get('id')}: {violation.get('help')} "
                     f"({len(nodes)} element(s)) {violation.get('helpUrl', '')}")
        for node in nodes[:limit]:
            target = " ".join(str(part) for part in node.get("target", []))
            summary = " ".join(str(node.get("failureSummary", "")).split())
            lines.append(f"    {target}\n      {node.get('html', '')[:200]}\n      {summary[:300]}")
        if len(nodes) > limit:
            lines.append(f"    ... and {len(nodes) - limit} more")
    return "\n".join(lines)


def assert_no_blocking(page: Page, where: str, include: str | None = None) -> list[Violation]:
    """Fails listing every critical or serious violation readably; returns all violations."""
    found = run_axe(page, include)
    bad = blocking(found)
    assert not bad, f"axe-core found {len(bad)} critical/serious rule(s) on {where}:\n{describe(bad)}"
    return found
