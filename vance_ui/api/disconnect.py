"""Work for a request that stops when its client goes away: a `/render`, `/state` or `/validate`
whose client closed the connection cancels its template runs, and the render worker that ran the
current batch is killed and replaced (`RenderPool.ask_async`), so nobody's CPU goes to an answer
nobody reads."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

from starlette.requests import Request

T = TypeVar("T")


class ClientGone(Exception):
    """The client closed the connection before its answer was ready."""


async def unless_gone(request: Request, work: Awaitable[T]) -> T:
    """`work`'s result, or `ClientGone` once the client has gone away (and `work` was cancelled).
    The body must have been read: what the server receives next is the disconnect."""
    task = asyncio.ensure_future(work)
    gone = asyncio.ensure_future(_disconnected(request))
    try:
        await asyncio.wait({task, gone}, return_when=asyncio.FIRST_COMPLETED)
    except asyncio.CancelledError:
        task.cancel()
        raise
    finally:
        gone.cancel()
    if not task.done():
        task.cancel()
        raise ClientGone
    return task.result()


async def _disconnected(request: Request) -> None:
    while (await request.receive())["type"] != "http.disconnect":
        pass
