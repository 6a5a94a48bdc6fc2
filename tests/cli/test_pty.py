"""`vance wizard` in a real pseudo-terminal: what a user at a keyboard sees and gets."""

from __future__ import annotations

import shutil
from pathlib import Path

import pexpect
import pytest

from tests.support.cli import FIXTURES, VANCE, child_env

pytestmark = pytest.mark.slow  # `vance` in a pseudo-terminal, a process per test

STARTUP = 45  # seconds for `vance` to import and ask its first question on a busy machine
READING = "\x1b[?2004h"  # prompt_toolkit turns bracketed paste on as a prompt starts reading keys


def spawn(data_dir: Path, *args: str) -> pexpect.spawn:
    layer = data_dir / "default" / "_vance" / "wizards"
    layer.mkdir(parents=True, exist_ok=True)
    shutil.copy(FIXTURES / "wizards" / "all-types.yaml", layer)
    env = child_env(VANCE_DATA_DIR=str(data_dir), VANCE_WATCH="false", TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1")
    env.pop("EDITOR", None)
    env.pop("VISUAL", None)
    return pexpect.spawn(VANCE, ["wizard", "all-types", *args], env=env, cwd=str(data_dir.parent),
                         timeout=10, encoding="utf-8", dimensions=(40, 120))


def test_ctrl_c_exits_130_without_traceback(data_dir: Path) -> None:
    child = spawn(data_dir)
    child.expect("Every field type", timeout=STARTUP)
    child.expect("Title")
    child.sendline("")
    child.expect("Notes")
    child.expect_exact(READING)  # a key sent before the prompt reads could be lost as it takes the terminal
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in (child.before or "")
    assert "cancelled" in (child.before or "")


def test_questions_stay_on_the_terminal_when_stdout_is_a_file(data_dir: Path) -> None:
    out = data_dir.parent / "prompt.txt"
    layer = data_dir / "default" / "_vance" / "wizards"
    layer.mkdir(parents=True, exist_ok=True)
    shutil.copy(FIXTURES / "wizards" / "all-types.yaml", layer)
    env = child_env(VANCE_DATA_DIR=str(data_dir), VANCE_WATCH="false", TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1")
    child = pexpect.spawn("/bin/sh", ["-c", f"'{VANCE}' wizard all-types > '{out}'"], env=env, timeout=10,
                          encoding="utf-8")
    child.expect("Title", timeout=STARTUP)
    child.sendline("")
    child.expect("Notes")
    child.send("x\x1b\r")
    for label in ("Secret", "Count", "Urgent", "Tone", "Tags"):
        child.expect(label)
        child.sendline("")
    child.expect("Name")
    child.sendline("Zed")
    child.expect("Age")
    child.sendline("")
    child.expect("Add another")
    child.sendline("n")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    text = out.read_text()
    assert text.startswith("title=Draft\nnotes=x\n") and "person=Zed/" in text and "Title" not in text
