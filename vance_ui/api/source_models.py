"""Request and response bodies of the write API (`source_routes.py`)."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from vance_ui.api.models import ErrorOut
from vance_ui.wizards.catalog.model import Source


class ProblemOut(BaseModel):
    line: int | None
    column: int | None
    message: str


class ProblemsOut(BaseModel):
    problems: list[ProblemOut] = Field(description="every reason the wizard does not load; empty: it loads")
    warnings: list[ProblemOut] = Field(default_factory=list, description="when it loads: what looks like a "
                                       "mistake (an unknown icon)")


class InvalidWizardOut(ErrorOut):
    """`invalid_wizard` with `problems`, or any other 400 (`invalid_request`, `invalid_name`)."""

    problems: list[ProblemOut] | None = Field(default=None, description="`invalid_wizard`: every problem")


class ConflictOut(BaseModel):
    error: str = Field(examples=["version_conflict"])
    message: str
    current: str | None = Field(description="the version stored now (null: the wizard does not exist)")


class SourceOut(BaseModel):
    name: str
    layer: Source
    yaml: str
    version: str = Field(description="the strong version of these bytes (also the ETag): send it as If-Match")
    writable: bool = Field(description="whether the caller may change this layer")


class EntryOut(BaseModel):
    id: str
    time: datetime
    author: str = Field(description="the user who made the change; empty: found in the file (not an editor save)")
    action: str = Field(description="`save`, `delete` (keeps no text), `restore`, or `original` (the "
                                    "content found in the file before a change replaced it)")
    size: int
    version: str | None


class HistoryOut(BaseModel):
    entries: list[EntryOut] = Field(description="newest first, the last 50 changes")


class EntryTextOut(EntryOut):
    yaml: str
