"""Remember NiceGUI's `expects_arguments` answer for methods instead of asking `inspect` each time.

Every NiceGUI element builds three observable collections (props, classes, style), and each asks
`helpers.expects_arguments(self._update)`: an `inspect.signature` of the same method, ~470 times
per chat page. Under `make load` that was a quarter of the event loop's time (py-spy, 2,325
samples: 425 in `expects_arguments`, 847 in page builds). A method's signature does not depend
on the instance it is bound to, so the answer is kept per underlying function (weakly: functions
made at run time may go away). Everything else is still asked each time, exactly as before.

Relies on: NiceGUI looking the function up as `nicegui.helpers.expects_arguments` at each call
(tests/web/test_nicegui_speedups.py fails otherwise; docs/nicegui-upgrade.md). NiceGUI 3.18 asks
once per collection (no longer per change), but still once for each of the ~520 collections of a
chat page. Buys: about a quarter of the app's CPU per chat page build (figures in
docs/nicegui-upgrade.md).
"""

from __future__ import annotations

import types
import weakref
from collections.abc import Callable
from typing import Any

from nicegui import helpers
from nicegui.helpers import functions

_ask_inspect = functions.expects_arguments
_by_function: weakref.WeakKeyDictionary[Any, bool] = weakref.WeakKeyDictionary()


def expects_arguments(func: Callable[..., Any]) -> bool:
    """NiceGUI's answer, remembered for bound methods (keyed by the function they bind)."""
    if type(func) is not types.MethodType:
        return _ask_inspect(func)
    key = func.__func__
    try:
        answer = _by_function.get(key)
    except TypeError:  # a callable that cannot be weakly referenced
        return _ask_inspect(func)
    if answer is None:
        answer = _by_function[key] = _ask_inspect(func)
    return answer


def install() -> None:
    """NiceGUI's modules look it up as `helpers.expects_arguments` at each call."""
    helpers.expects_arguments = expects_arguments
