"""Finding, clicking and waiting with NiceGUI's simulated `User` (tests/web): app.py runs in-process."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable
from typing import Any

from nicegui import app, ui
from nicegui.nicegui import _on_handshake
from nicegui.testing import User
from nicegui.testing.user_interaction import UserInteraction

#: NiceGUI's app before any `app.py` ran: its reset between tests keeps the app's lifespan, and each
#: run's `include_router` (three in `api.app_setup.mount_api`) wraps that lifespan once more, so in
#: one pytest process the app's start-up nested deeper with every User test until Python's recursion
#: limit (RecursionError in NiceGUI's start-up, ~300 tests in)
PRISTINE_LIFESPAN = app.router.lifespan_context


def forget_included_routers() -> None:
    """The app's lifespan as before the test's `app.py` run (tests/conftest.py `user`)."""
    app.router.lifespan_context = PRISTINE_LIFESPAN


def lifespan_depth() -> int:
    """How many lifespans FastAPI's `include_router` merged into the app's (its merge function's
    closure names the one it wraps `original_context`)."""
    depth, context = 0, app.router.lifespan_context
    while (inner := getattr(context, "__wrapped__", None)) is not None \
            and "original_context" in inner.__code__.co_freevars:
        cells = dict(zip(inner.__code__.co_freevars, inner.__closure__ or (), strict=True))
        context, depth = cells["original_context"].cell_contents, depth + 1
    return depth


async def hand_on_last_updates() -> None:
    """Let the outbox send what the page queued last, before the app stops (tests/conftest.py `user`):
    its event wakes its wait, `wait_for` returns, it sends; five turns of the loop cover the three."""
    for _ in range(5):
        await asyncio.sleep(0)


def browser_away(user: User) -> None:
    """The page's browser goes away (its sockets close, as when a phone locks): NiceGUI keeps the
    page for its reconnect timeout. Relies on `Client._socket_to_document_id`, which names the
    page's sockets; `browser_back` fails when that changes."""
    assert user.client is not None
    for socket in list(user.client._socket_to_document_id):
        user.client.handle_disconnect(socket)
    assert not user.client.has_socket_connection


async def browser_back(user: User) -> None:
    """The browser of `browser_away` connects again, as NiceGUI's own `User.open` connects it."""
    assert user.client is not None
    await _on_handshake(f"test-{uuid.uuid4()}", {"client_id": user.client.id, "tab_id": user.tab_id,
                                                 "document_id": str(uuid.uuid4())})
    assert user.client.has_socket_connection


def elements(user: User, marker: str) -> list[Any]:
    """Elements with a marker in creation (= page) order; none is an empty list."""
    try:
        found = user.find(marker=marker).elements
    except AssertionError:
        return []
    return sorted(found, key=lambda e: e.id)


def marked(user: User, marker: str) -> list[Any]:
    """All elements with a marker, hidden ones included, in page order."""
    assert user.client is not None
    return sorted((e for e in user.client.elements.values() if marker in e._markers), key=lambda e: e.id)


def one(user: User, marker: str) -> Any:
    found = elements(user, marker)
    assert len(found) == 1, f"expected one '{marker}', found {len(found)}"
    return found[0]


def texts(user: User, marker: str) -> list[str]:
    return [str(getattr(e, "text", "")) for e in elements(user, marker)]


def emit(user: User, event: str, args: Any) -> None:
    """A global event as the browser would send it (e.g. `vance_link` from assets/vance.js)."""
    assert user.client is not None
    UserInteraction(user, {user.client.layout}, None).trigger(event, args)


def click(user: User, element: Any) -> None:
    """Click exactly this element (user.find(...).click() picks the first of several)."""
    UserInteraction(user, {element}, None).click()


def open_dialogs(user: User) -> list[ui.dialog]:
    assert user.client is not None
    return [e for e in user.client.elements.values() if isinstance(e, ui.dialog) and e.value]


def path_of(user: User) -> str:
    """Where the current page really is (after redirects)."""
    if user.client is None or user.client.request is None:
        return ""
    url = user.client.request.url
    return url.path + (f"?{url.query}" if url.query else "")


async def eventually(check: Callable[[], bool], timeout: float = 10.0, what: str = "condition") -> None:
    """Wait until `check()` holds (the UI updates asynchronously), failing after `timeout` seconds
    (the `model` fixture imports litellm beforehand, so no wait includes that import)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        assert asyncio.get_running_loop().time() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)


async def use_prompt(user: User) -> None:
    """Click the open wizard's "Use prompt" and wait until the server is done with it (the button
    is busy from the click until the prompt is used or the errors are shown)."""
    user.find(marker="wizard-submit").click()
    # The spinner's timer (delay 0) is due before this sleep's: after it, a render still running
    # shows the spinner, and one already done has cancelled it.
    await asyncio.sleep(0.01)
    await eventually(lambda: not any("loading" in b.props for b in elements(user, "wizard-submit")),
                     timeout=10, what="Use prompt to finish")


def run_state(user: User) -> str:
    return str(one(user, "run-state").text)
