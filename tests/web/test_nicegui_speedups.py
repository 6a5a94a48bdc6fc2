"""The remembered `expects_arguments` answers exactly what NiceGUI's own answers, for every kind of callable."""

from __future__ import annotations

import functools
import weakref
from typing import Any

import pytest
from nicegui import helpers
from nicegui.helpers.functions import expects_arguments as nicegui_answer
from nicegui.observables import ObservableDict

from vance_ui.web.nicegui_compat import speedups as nicegui_speedups
from vance_ui.web.nicegui_compat.speedups import expects_arguments


class Handlers:
    def no_arguments(self) -> None: ...
    def one_argument(self, event: Any) -> None: ...
    def optional(self, event: Any = None) -> None: ...
    def variadic(self, *args: Any, **kwargs: Any) -> None: ...

    @classmethod
    def from_class(cls, event: Any) -> None: ...


def plain(event: Any) -> None: ...


def test_every_kind_of_callable_gets_nicegui_s_answer_also_when_asked_again() -> None:
    first, second = Handlers(), Handlers()
    callables: list[Any] = [
        first.no_arguments, first.one_argument, first.optional, first.variadic, Handlers.from_class,
        plain, lambda: None, lambda e: None, functools.partial(plain, 1), functools.partial(plain), print,
        second.no_arguments, second.one_argument,
    ]
    answers = [nicegui_answer(c) for c in callables]
    assert answers == [expects_arguments(c) for c in callables] == [expects_arguments(c) for c in callables]
    assert answers[:4] == [False, True, False, False] and answers[5:8] == [True, False, True]


def test_nicegui_s_observables_ask_it_once_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    """What every element builds three times: an observable collection with a bound-method handler."""
    asked: list[Any] = []
    monkeypatch.setattr(nicegui_speedups, "_ask_inspect", lambda func: asked.append(func) or True)
    monkeypatch.setattr(nicegui_speedups, "_by_function", weakref.WeakKeyDictionary())
    monkeypatch.setattr(helpers, "expects_arguments", helpers.expects_arguments)  # restored afterwards
    nicegui_speedups.install()
    for _ in range(3):
        ObservableDict({"a": 1}, on_change=Handlers().one_argument)
    assert len(asked) == 1, "NiceGUI's observables no longer look it up where install() puts it"
