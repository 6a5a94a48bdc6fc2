"""Browser tests fail without Chromium unless skipping them was asked for (a CI image that lost
its browser must not pass by skipping every browser test)."""

from __future__ import annotations

import pytest

from tests.support import browser


def test_a_missing_chromium_fails_the_browser_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(browser, "HAVE_CHROMIUM", False)
    monkeypatch.delenv(browser.SKIP_ENV, raising=False)
    with pytest.raises(pytest.fail.Exception, match="make chromium"):
        browser.require_chromium()


def test_the_developer_may_skip_them_on_purpose(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(browser, "HAVE_CHROMIUM", False)
    monkeypatch.setenv(browser.SKIP_ENV, "1")
    with pytest.raises(pytest.skip.Exception):
        browser.require_chromium()
