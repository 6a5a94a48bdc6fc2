"""The simulated user's app starts the same in every test of one pytest process: NiceGUI's reset
between tests keeps the app's lifespan, which each `app.py` run's `include_router` wraps once more
(tests/support/web_user.py `PRISTINE_LIFESPAN`); unchecked, the start-up nested deeper with every
test until a RecursionError some 300 User tests into a run."""

from __future__ import annotations

import pytest
from nicegui.testing import User

from tests.support.web_user import lifespan_depth

DEPTHS: list[int] = []


@pytest.mark.parametrize("run", [1, 2])
async def test_each_test_starts_the_app_with_its_own_routers_only(run: int, app_user: User) -> None:
    await app_user.open("/")
    DEPTHS.append(lifespan_depth())
    assert DEPTHS[0] > 0, "the app's routers are included (a merged lifespan each)"
    assert DEPTHS[-1] == DEPTHS[0], f"run {run}: the app's lifespan nests {DEPTHS} deep"
