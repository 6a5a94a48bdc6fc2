"""What can go wrong with a template, as one exception type with its template line. A leaf."""

from __future__ import annotations

from typing import Literal

ProblemKind = Literal["syntax", "forbidden", "limit", "runtime"]


class TemplateProblem(Exception):
    """A template that cannot be compiled or rendered, with its 1-based template line."""

    def __init__(self, kind: ProblemKind, message: str, lineno: int | None = None) -> None:
        super().__init__(message if lineno is None else f"line {lineno}: {message}")
        self.kind = kind
        self.message = message
        self.lineno = lineno
        self.origin: str | None = None  # which template of a wizard file (set when a wizard's template fails)
        self.file_line: int | None = None  # `lineno` counted in the wizard file, as lint counts

    def located(self, origin: str, start_line: int | None) -> TemplateProblem:
        """Note which template failed, and on which line of its wizard file (`start_line`: where
        the template's text starts there, when known)."""
        self.origin = origin
        if start_line is not None and self.lineno is not None:
            self.file_line = start_line + self.lineno - 1
        return self

    def in_file(self, file: str) -> str:
        """The message with its position in the wizard file: `gremium.yaml, line 42 (promptTemplate): ...`."""
        if self.origin is None:
            return str(self)
        line = f", line {self.file_line}" if self.file_line is not None else ""
        return f"{file}{line} ({self.origin}): {self.message}"


class RendererBusy(TemplateProblem):
    """No render worker could take the job (all busy past the wait, or none would start). Says
    nothing about the template: a load that meets it is not remembered as broken."""

    def __init__(self, message: str) -> None:
        super().__init__("limit", message)

    def located(self, origin: str, start_line: int | None) -> TemplateProblem:
        return self  # not about any template: no position to give


class BudgetSpent(TemplateProblem):
    """A request's templates together ran past its total time budget (`limits.REQUEST_BUDGET_SECONDS`):
    the request stops. Says nothing about one template, so it has no position."""

    def __init__(self, seconds: float) -> None:
        super().__init__("limit", f"the templates of this request took longer than {seconds:g} s together, "
                                  "and were stopped")
        self.seconds = seconds

    def located(self, origin: str, start_line: int | None) -> TemplateProblem:
        return self
