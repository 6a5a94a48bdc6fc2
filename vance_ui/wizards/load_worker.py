"""A load worker: a render worker (`templates.worker`) that also loads wizard text.

Forked for the load pool (`Templates.load`) by a zygote that imported this module
(`templates.zygote`). Its
jobs: "load" (`catalog.load_job`: parse, alias expansion, schema validation, every template
checked, positions, warnings), "yaml" (a JSON body as the YAML text that is stored,
`format.json_body`) and "bounds" (whether a text is within every bound of a wizard file, before
the editor's form view parses it). It runs under the same caps as a render worker: the address space the
kernel enforces, CPU time, a low priority, and the pool's kill at the deadline, so no wizard text
can hold the app's event loop, CPU or memory. Each template is checked within CHECK_LIMITS'
deadline of CPU time (a timer interrupts its compile; the problem names its place), the whole
load within LOAD_LIMITS' (wall time: the pool kills the worker). The web app, the API and the
CLI never import this module.
"""

from __future__ import annotations

import signal
from types import FrameType
from typing import Any

from vance_ui.wizards.catalog.load_job import load_text
from vance_ui.wizards.format.json_body import JsonRefused, yaml_of_json
from vance_ui.wizards.format.yaml_source import SourceProblem, parse_yaml
from vance_ui.wizards.templates import worker
from vance_ui.wizards.templates.compiled import compile_source
from vance_ui.wizards.templates.limits import CHECK_LIMITS
from vance_ui.wizards.templates.problems import TemplateProblem


class _CompileTooLong(BaseException):
    """Raised by the timer inside a compile that runs past its deadline (a BaseException: no
    `except Exception` on the way swallows it)."""


def _too_long(_signal: int, _frame: FrameType | None) -> None:
    raise _CompileTooLong


def check_template(source: str, origin: str, expression: bool) -> frozenset[str]:
    """The names a template reads, compiled within CHECK_LIMITS' deadline of CPU time (not of wall
    time: the verdict on a text must not depend on how busy the machine is)."""
    try:
        signal.setitimer(signal.ITIMER_PROF, CHECK_LIMITS.deadline_seconds)
        try:
            return compile_source(source, origin, expression)[1]
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
    except _CompileTooLong:  # also when the timer fired just as the compile ended
        raise TemplateProblem("limit", f"compiling took longer than {CHECK_LIMITS.deadline_seconds:g} s, "
                                       "and was stopped") from None


def _load(request: dict[str, Any]) -> dict[str, Any]:
    return load_text(str(request["source"]).encode("latin-1"), check_template)


def _bounds(request: dict[str, Any]) -> dict[str, Any]:
    """Whether the text is YAML within every bound of a wizard file (size, values, depth, expanded
    size, each value's length): `{}`, or the problem as `{"problem": [line, column, message]}`."""
    try:
        parse_yaml(str(request["source"]).encode("latin-1"))
    except SourceProblem as problem:
        return {"problem": [problem.line, problem.column, problem.message]}
    return {}


def _yaml(request: dict[str, Any]) -> dict[str, str]:
    try:
        return {"yaml": yaml_of_json(str(request["source"]).encode("latin-1"))}
    except JsonRefused as refused:
        return {"refused": str(refused)}


def main() -> None:
    signal.signal(signal.SIGPROF, _too_long)
    worker.main({"load": _load, "yaml": _yaml, "bounds": _bounds})


if __name__ == "__main__":
    main()
