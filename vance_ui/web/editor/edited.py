"""`EditedWizard`: the wizard file the editor works on, as plain data. The editor (`page.py`) and its
commands (`commands.py`) share one instance: the editor changes the text and what the check found,
the commands what a save, restore or delete changed in the store."""

from __future__ import annotations

from dataclasses import dataclass, field

from vance_ui.web.editor.opening import Opening
from vance_ui.wizards.catalog.model import Source
from vance_ui.wizards.format.schema import WIZARD_NAME_RE
from vance_ui.wizards.format.yaml_source import SourceProblem

PLACEHOLDER_NAME = "new-wizard"  # what an unnamed wizard is checked as


@dataclass
class EditedWizard:
    name: str  # "" or a name being typed for a wizard not saved yet
    layer: Source  # where a save goes
    version: str | None  # of the stored file this text is based on (None: not stored yet)
    exists: bool  # a file with this name is stored in `layer`
    text: str  # the one truth: both views show and edit it
    saved_text: str  # the text as last opened, saved or restored
    problems: list[SourceProblem] = field(default_factory=list)  # what the latest shown check found

    @classmethod
    def opened(cls, opening: Opening) -> EditedWizard:
        return cls(opening.name, opening.layer, opening.version, opening.exists, opening.text, opening.text)

    @property
    def dirty(self) -> bool:
        """Changed since opened or saved (a new wizard: since its starting text)."""
        return self.text != self.saved_text

    @property
    def named(self) -> bool:
        """The name is one a file may have (a save needs it)."""
        return bool(WIZARD_NAME_RE.fullmatch(self.name))

    @property
    def checked_name(self) -> str:
        """The name the text is checked and previewed as."""
        return self.name if self.named else PLACEHOLDER_NAME
