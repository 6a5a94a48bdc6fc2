"""LatestRun: asked many times while it works, it runs once more with the latest wish, never once
per ask, and never after its page is gone. (`user` starts the app: background tasks need its loop.)"""

from __future__ import annotations

import asyncio

import pytest
from nicegui.testing import User

from vance_ui.web.shell.latest import LatestRun


async def test_asks_during_a_run_make_one_more_run_that_sees_the_latest_wish(user: User) -> None:
    wished: list[int] = []
    seen: list[int] = []
    gate = asyncio.Event()

    async def work() -> None:
        seen.append(wished[-1])
        await gate.wait()

    run = LatestRun(work, alive=lambda: True, name="test")
    wished.append(1)
    run.ask()
    await asyncio.sleep(0)  # the first run started with wish 1
    for wish in (2, 3, 4):
        wished.append(wish)
        run.ask()
    assert run.superseded and run.running
    gate.set()
    await run.idle()
    assert seen == [1, 4]
    assert not run.running and not run.superseded


async def test_nothing_runs_once_its_owner_is_gone(user: User) -> None:
    runs: list[int] = []
    alive = True
    gate = asyncio.Event()

    async def work() -> None:
        runs.append(1)
        await gate.wait()

    run = LatestRun(work, alive=lambda: alive, name="test")
    run.ask()
    await asyncio.sleep(0)
    run.ask()  # wanted again, but the page goes before the first run ends
    alive = False
    gate.set()
    await run.idle()
    assert runs == [1]


async def test_a_failing_run_is_logged_and_leaves_it_ready_for_the_next_ask(user: User,
                                                                          caplog: pytest.LogCaptureFixture) -> None:
    calls: list[str] = []

    async def work() -> None:
        calls.append("run")
        if len(calls) == 1:
            raise RuntimeError("boom")

    run = LatestRun(work, alive=lambda: True, name="test")
    run.ask()
    await run.idle()
    run.ask()
    await run.idle()
    assert calls == ["run", "run"]
    assert "RuntimeError: boom" in caplog.text
    caplog.clear()  # the one error log was expected
