"""The multi-step "trip-steps" wizard (tests/cli/fixtures) answered at the terminal: the stories that
the in-process and the `--server` runs of `vance wizard` share, since the service decides what is asked."""

from __future__ import annotations

from tests.support.cli import CLEAR, FIXTURES, typed
from vance_ui.cli.backend import Backend, Rendered
from vance_ui.cli.prompter import FormPrompter, run_wizard
from vance_ui.cli.terminal import Terminal


class Recording(Terminal):
    """A terminal that keeps what it showed: page titles, field labels, y/n questions."""

    def __init__(self) -> None:
        super().__init__(None)
        self.shown: list[str] = []

    def say(self, text: str, style: str = "") -> None:
        self.shown.append(text)
        super().say(text, style)

    def confirm(self, message: str, default: bool) -> bool:
        self.shown.append(message)
        return super().confirm(message, default)


TRIP_STEPS = (FIXTURES / "wizards" / "trip-steps.yaml").read_text()
BY_TRAIN_FOR_A_DAY = ["Rome\r", "1\r", "\r", "quick\r"]  # destination, train, 0 nights (default), remarks
BY_PLANE_FOR_TWO_NIGHTS = ["Oslo\r", "plane\r", "2\r", CLEAR + "2\r", "Fjord Inn\r", "y\r", "\r"]


def asked_trip(backend: Backend, keys: list[str]) -> tuple[Rendered, list[str]]:
    terminal = Recording()
    with typed(*keys):
        rendered = run_wizard(backend, "trip-steps", FormPrompter(terminal))
    return rendered, terminal.shown


def check_trip_stories(backend: Backend) -> None:
    """Shared by the in-process and the --server runs: the service decides what is asked."""
    rendered, shown = asked_trip(backend, BY_TRAIN_FOR_A_DAY)
    assert rendered.prompt == "Rome by train, 0 nights. quick"
    assert "== 1/3 Where and how" in shown and "== 3/3 Anything else" in shown
    assert "Seat on the plane" not in shown, "the seat is only asked for the plane"
    assert not any("Hotel" in line or "Breakfast" in line for line in shown), "the hotel page is skipped"
    assert "== 2/3 Hotel" not in shown

    rendered, shown = asked_trip(backend, BY_PLANE_FOR_TWO_NIGHTS)
    assert rendered.prompt == "Oslo by plane (aisle), 2 nights at Fjord Inn with breakfast."  # rstripped
    pages = [line for line in shown if line.startswith("== ")]
    assert pages == ["== 1/3 Where and how", "== 2/3 Hotel", "== 3/3 Anything else"]
    assert "Only for trips with nights away" in shown  # the page's description
    assert shown.index("Seat on the plane *") < shown.index("== 2/3 Hotel") < shown.index("Hotel *")
