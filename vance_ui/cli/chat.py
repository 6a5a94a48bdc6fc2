"""`vance chat`: a REPL on the same chat engines as the web app, with `/wizard <name>`.

A rendered wizard prompt is not sent: it becomes the next input line's text, so the user can
edit it first, as in the web chat (spec section 9). What a line means (`/gremium`, `/wizard x`,
`//text`) and how names match are the web chat's rules too (vance_ui/chat/slash.py). Under a
sent message that a wizard fits (the web chat's suggestion ranking), one line names the best one
and the command that opens it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory, History, InMemoryHistory

from vance_ui.chat.engine import ChatEngine, ChatMessage, RunProgress, create_engine
from vance_ui.chat.slash import ChatInput, match_names, read_input
from vance_ui.cli.backend import Backend, BackendError
from vance_ui.cli.prompter import FormPrompter, run_wizard
from vance_ui.cli.terminal import Terminal
from vance_ui.llm.client import LlmError
from vance_ui.service import WizardNotFound

FROM_CHAT = "--from-chat"
COMMANDS = {
    "/wizard": "/wizard <name>  fill a wizard; its prompt lands in the input line for editing\n"
               "                (add --from-chat: the model first fills what this chat says)",
    "/<name>": "/<name>         the same for a listed wizard, e.g. /gremium (//text sends /text)",
    "/wizards": "/wizards        list the wizards",
    "/clear": "/clear          forget the conversation so far",
    "/help": "/help           this help",
    "/quit": "/quit           leave (Ctrl-D works too)",
}


class ChatCompleter(Completer):
    """Slash commands, and wizard names after `/wizard ` (names are fetched lazily, once)."""

    def __init__(self, names: Callable[[], list[str]]) -> None:
        self._names = names
        self._cache: list[str] | None = None

    def names(self) -> list[str]:
        if self._cache is None:
            try:
                self._cache = self._names()
            except (BackendError, OSError):
                self._cache = []
        return self._cache

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        text = document.text_before_cursor
        if text.startswith("/wizard "):
            prefix = text[len("/wizard "):].lstrip()
            for name in match_names(self.names(), prefix):
                yield Completion(name, start_position=-len(prefix))
        elif text.startswith("/") and not text.startswith("//") and " " not in text:
            for command in COMMANDS:
                if command.startswith(text) and command != "/<name>":
                    yield Completion(command, start_position=-len(text))
            if len(text) > 1:  # wizard names too, once something is typed after the slash
                for name in match_names(self.names(), text[1:]):
                    if f"/{name}" not in COMMANDS:
                        yield Completion(f"/{name}", start_position=-len(text))


def default_history_file() -> Path:
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "vance" / "chat-history"


class ChatRepl:
    def __init__(self, backend: Backend, engine: ChatEngine, history: History | None = None,
                 write: Callable[[str], object] | None = None) -> None:
        self.backend = backend
        self.engine = engine
        self.terminal = Terminal.from_env()
        self.completer = ChatCompleter(lambda: [w.name for w in backend.list_wizards()])
        self.history = history or InMemoryHistory()
        self.messages: list[ChatMessage] = []
        self._write = write or _stdout
        self._loop = asyncio.new_event_loop()

    def run(self) -> int:
        self.terminal.say(f"vance chat with {self.engine.label}. /help for commands, Ctrl-D to leave.", "ansicyan")
        # created here, not in __init__: the session binds the terminal that is current now
        session: PromptSession[str] = PromptSession(history=self.history, completer=self.completer,
                                                    complete_while_typing=False)
        pending = ""
        try:
            while True:
                try:
                    text = session.prompt("you> ", default=pending)
                except KeyboardInterrupt:
                    pending = ""
                    continue
                except EOFError:
                    return 0
                pending = ""
                line = read_input(text)
                if line.kind == "command":
                    result = self.command(line)
                    if result is None:
                        return 0
                    pending = result
                elif line.text:
                    self.suggest(line.text)
                    pending = self.send(text if line.text == text.strip() else line.text)  # `//x` sends `/x`
        finally:
            self._loop.close()

    def command(self, line: ChatInput) -> str | None:
        """Run a slash command; the next input line's text, or None to leave."""
        name, rest = f"/{line.text}", line.rest
        if name in ("/quit", "/exit"):
            return None
        if name == "/help":
            for usage in COMMANDS.values():
                self.terminal.say(f"  {usage}")
        elif name == "/clear":
            self.messages.clear()
            self.terminal.say("  conversation cleared", "ansibrightblack")
        elif name == "/wizards":
            try:
                for summary in self.backend.list_wizards():
                    category = summary.category_label or summary.category or "-"
                    self.terminal.say(f"  {summary.name:<24} {summary.title}  [{category}]")
            except BackendError as exc:
                self.terminal.say(f"  {exc}", "ansired")
        elif name == "/wizard":
            words = rest.split()
            from_chat = FROM_CHAT in words
            return self.wizard(" ".join(w for w in words if w != FROM_CHAT), from_chat=from_chat)
        elif (wizard := line.wizard_name(self.completer.names())) is not None:
            return self.wizard(wizard)
        else:
            self.terminal.say(f"  unknown command {name}; /help lists them (//text sends /text)", "ansiyellow")
        return ""

    def wizard(self, name: str, *, from_chat: bool = False) -> str:
        if not name:
            self.terminal.say("  usage: /wizard <name> [--from-chat] (Tab completes; /wizards lists them)",
                              "ansiyellow")
            return ""
        try:
            prefill = self.fill_from_chat(name) if from_chat else None
            rendered = run_wizard(self.backend, name, FormPrompter(self.terminal), prefill)
        except (KeyboardInterrupt, EOFError):
            self.terminal.say("  wizard cancelled", "ansibrightblack")
            return ""
        except (WizardNotFound, BackendError, OSError) as exc:
            self.terminal.say(f"  {exc}", "ansired")
            return ""
        self.terminal.say("  the prompt is in the input line: edit it, then press Enter to send", "ansibrightblack")
        return rendered.prompt

    def fill_from_chat(self, name: str) -> dict[str, Any] | None:
        """The model's answers from this conversation, as the questions' defaults; None (the form
        asks as usual) when the fill fails, with the reason said."""
        try:
            result = self._loop.run_until_complete(self.backend.prefill(name, self.messages, {}))
        except BackendError as exc:
            self.terminal.say(f"  fill from chat failed, the form starts empty: {exc}", "ansired")
            return None
        count = len(result.filled)
        filled = f"{count} field{'s' if count != 1 else ''} filled from the chat"
        self.terminal.say(f"  {filled}{': ' + ', '.join(result.filled) if count else ''} (Enter keeps an answer)",
                          "ansibrightblack")
        for field, why in result.dropped:
            self.terminal.say(f"  left out {field}: {why}", "ansibrightblack")
        return result.values

    def suggest(self, text: str) -> None:
        """One line under the message when a wizard fits it; nothing when none does or the lookup fails."""
        try:
            found = self.backend.suggest(text)
        except (BackendError, OSError):
            return
        if found:
            best = found[0].wizard
            self.terminal.say(f"  tip: the wizard \"{best.title}\" fits this message: /{best.name} opens it",
                              "ansibrightblack")

    def send(self, text: str) -> str:
        """Stream the answer; on failure the message goes back into the input line."""
        self.messages.append(ChatMessage("user", text))
        task = self._loop.create_task(self._answer())
        try:
            answer = self._loop.run_until_complete(task)
        except KeyboardInterrupt:
            task.cancel()
            self._loop.run_until_complete(asyncio.gather(task, return_exceptions=True))
            self._write("\n[stopped]\n")
            self.messages.pop()
            return ""
        except LlmError as error:
            self._write(f"\n[{error.kind}] {error.message}\n")
            self.messages.pop()
            return text
        self.messages.append(ChatMessage("assistant", answer))
        return ""

    async def _answer(self) -> str:
        parts: list[str] = []
        self._write("assistant> ")
        async for delta in self.engine.stream(list(self.messages), RunProgress(model=self.engine.label)):
            parts.append(delta)
            self._write(delta)
        self._write("\n")
        return "".join(parts)


def _stdout(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def run_chat(args: argparse.Namespace) -> int:
    from vance_ui.cli.commands import make_backend
    from vance_ui.service import WizardService
    from vance_ui.settings import Settings

    settings = Settings()
    engine = create_engine(WizardService.from_settings(settings).chat_model())
    path = Path(args.history) if args.history else default_history_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    return ChatRepl(make_backend(args, settings), engine, FileHistory(str(path))).run()
