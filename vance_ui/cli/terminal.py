"""The few terminal primitives the wizard needs, on prompt_toolkit.

Every call builds a fresh prompt (`prompt_toolkit.prompt`), so options such as a hidden
password never leak into the next question. Input and output come from the current
prompt_toolkit app session, which is what lets tests drive it with `create_pipe_input()`.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import tempfile

from prompt_toolkit import print_formatted_text, prompt
from prompt_toolkit.completion import Completer
from prompt_toolkit.formatted_text import FormattedText


class Terminal:
    def __init__(self, editor: str | None = None) -> None:
        #: `$VISUAL`/`$EDITOR` for textareas; None means the multi-line prompt fallback.
        self.editor = editor

    @classmethod
    def from_env(cls) -> Terminal:
        return cls(os.environ.get("VISUAL") or os.environ.get("EDITOR") or None)

    def say(self, text: str, style: str = "") -> None:
        print_formatted_text(FormattedText([(style, text)]))

    def text(self, message: str, default: str = "", *, password: bool = False,
             completer: Completer | None = None) -> str:
        return prompt(message, default=default, is_password=password, completer=completer)

    def multiline(self, message: str, default: str = "") -> str:
        self.say("  (several lines: Enter for a new line, Esc then Enter to finish)", "ansibrightblack")
        return prompt(message, default=default, multiline=True, prompt_continuation="... ")

    def confirm(self, message: str, default: bool) -> bool:
        """y/n; Enter takes the default."""
        hint = "[Y/n]" if default else "[y/N]"
        while True:
            answer = prompt(f"{message} {hint} ").strip().lower()
            if not answer:
                return default
            if answer in ("y", "yes", "j", "ja"):
                return True
            if answer in ("n", "no", "nein"):
                return False
            self.say("  please answer y or n", "ansiyellow")

    def edit(self, default: str = "", suffix: str = ".md") -> str:
        """Open `editor` on a temp file holding `default`; the saved text is the answer."""
        assert self.editor is not None
        fd, path = tempfile.mkstemp(prefix="vance-", suffix=suffix)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(default)
            result = subprocess.run([*shlex.split(self.editor), path], check=False)
            if result.returncode != 0:
                raise OSError(f"the editor exited with status {result.returncode}")
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
        finally:
            os.unlink(path)
        return text.rstrip("\n")
