"""A long one-page wizard opens with its first screen (`dialog.FIRST_SCREEN_FIELDS` fields) and
builds the others once the browser painted it: the form is then complete and in order, a field
below the first screen follows its showIf, and a prompt used before the rest is there still holds
every field's value."""

from __future__ import annotations

from pathlib import Path

import pytest
from nicegui import ui
from nicegui.testing import User

from tests.support.web_user import eventually, marked, one, open_dialogs, use_prompt
from tests.support.wizard_files import write_wizard
from vance_ui.web.form.dialog import FIRST_SCREEN_FIELDS

COUNT = 30
LAST = f"f{COUNT:02d}"


def long_wizard() -> str:
    fields = [f'  - {{ name: f{i:02d}, type: string, defaultValue: "v{i:02d}", label: {{ en: "Field {i:02d}" }} }}'
              for i in range(1, COUNT)]
    fields.append(f'  - {{ name: {LAST}, type: string, defaultValue: "last", label: {{ en: "Last" }}, '
                  "showIf: \"f01 != 'hide'\" }")
    template = " ".join(f"{{{{ f{i:02d} }}}}" for i in range(1, COUNT + 1))
    return ('title: { en: "Long form" }\ndescription: { en: "30 fields" }\nfields:\n' + "\n".join(fields) +
            f"\npromptTemplate: '{template}'\n")


@pytest.fixture
def long_form(web_data: Path) -> Path:
    return write_wizard(web_data, "_vance", "long-form", long_wizard())


def field_names(user: User) -> list[str]:
    """The form's fields in page order."""
    form = one(user, "wizard-dialog")
    found = [e.props["data-field"] for e in form.descendants() if isinstance(e, ui.column) and "data-field" in e.props]
    return [str(name) for name in found]


async def open_long_form(user: User) -> None:
    await user.open("/")
    user.find(marker="wizard-long-form").click()


async def test_the_first_screen_comes_first_then_every_field_in_order(long_form: Path, app_user: User) -> None:
    await open_long_form(app_user)
    assert field_names(app_user) == [f"f{i:02d}" for i in range(1, FIRST_SCREEN_FIELDS + 1)]
    await eventually(lambda: len(field_names(app_user)) == COUNT, what="the rest of the form")
    assert field_names(app_user) == [f"f{i:02d}" for i in range(1, COUNT + 1)]
    assert one(app_user, f"field-{LAST}").value == "last"


async def test_a_field_below_the_first_screen_follows_its_show_if(long_form: Path, app_user: User) -> None:
    await open_long_form(app_user)
    one(app_user, "field-f01").value = "hide"
    # hidden ones included: its showIf may hide it before this looks
    await eventually(lambda: bool(marked(app_user, f"field-{LAST}")), what="the rest of the form")
    last_box = marked(app_user, f"field-{LAST}")[0].parent_slot.parent
    await eventually(lambda: not last_box.visible, what="the last field hidden by its showIf")


async def test_a_prompt_used_at_once_holds_every_fields_value(long_form: Path, app_user: User) -> None:
    await open_long_form(app_user)
    one(app_user, "field-f01").value = "typed"
    await use_prompt(app_user)
    await eventually(lambda: not open_dialogs(app_user), what="the prompt used")
    expected = " ".join(["typed", *[f"v{i:02d}" for i in range(2, COUNT)], "last"])
    assert one(app_user, "chat-input").value == expected
