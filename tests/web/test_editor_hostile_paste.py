"""Hostile text pasted into the editor's YAML view, then the Form tab (issue 27, findings 1 and 5):
an alias bomb of 0.5 KB grew the app by 1.26 GiB and held `/healthz` for up to 5.8 s, a flow list
of 120,000 numbers for 6-8 s. The form view now parses only text a load worker found within a
wizard file's bounds, and never on the event loop: the form says it cannot show the text, the
problem list says why, and the app neither stalls nor grows."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from nicegui.testing import User

from tests.support.attack import rss
from tests.support.web_user import elements, eventually, one

HEAD = "title: {en: T}\ndescription: {en: D}\nfields: []\npromptTemplate: x\n"


def alias_bomb() -> str:
    lines = ["l0: &l0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]" for i in range(1, 7)]
    return "\n".join(lines) + "\ntitle: {en: *l6}\ncategory: *l6\ndescription: {en: D}\nfields: []\npromptTemplate: x\n"


def flow_numbers() -> str:
    return HEAD + "junk: [" + ", ".join("1" for _ in range(120_000)) + "]\n"


class LoopLag:
    """The longest the event loop was held while it runs (a 10 ms tick that reports how late it was)."""

    def __init__(self) -> None:
        self.worst = 0.0
        self._task: asyncio.Task[None] | None = None

    async def _tick(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            started = loop.time()
            await asyncio.sleep(0.01)
            self.worst = max(self.worst, loop.time() - started - 0.01)

    def __enter__(self) -> LoopLag:
        self._task = asyncio.get_running_loop().create_task(self._tick())
        return self

    def __exit__(self, *_: object) -> None:
        assert self._task is not None
        self._task.cancel()


@pytest.mark.parametrize(("make", "said"), [(alias_bomb, "alias bomb"), (flow_numbers, "more than 50000 values")],
                         ids=["alias bomb (finding 1)", "120,000 numbers (finding 5)"])
async def test_a_hostile_paste_neither_stalls_nor_grows_the_app(web_data: Path, user: User,
                                                              make: Callable[[], str], said: str) -> None:
    await user.open("/editor?mode=new")
    await eventually(lambda: bool(elements(user, "editor-title")), what="the new wizard's form")
    text = make()
    before = rss(os.getpid())
    with LoopLag() as lag:
        one(user, "editor-tabs").set_value("yaml")
        one(user, "editor-yaml").set_value(text)
        one(user, "editor-tabs").set_value("form")
        await eventually(lambda: bool(elements(user, "editor-form-unavailable")), what="the form to say it cannot")
        await eventually(lambda: any(said in str(e.text) for e in elements(user, "editor-problem")),
                         what="the problem list to say why")
    assert lag.worst < 0.1, f"the event loop was held {lag.worst:.3f} s"
    assert rss(os.getpid()) - before < 64 * 1024 * 1024
