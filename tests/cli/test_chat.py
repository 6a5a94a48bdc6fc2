"""`vance chat` against the local fake OpenAI-compatible server: streaming, /wizard, history."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from pathlib import Path

import pytest
from prompt_toolkit.completion import CompleteEvent, Completion
from prompt_toolkit.document import Document

from tests.support.api_server import running_api
from tests.support.cli import CLEAR, FINISH, typed
from tests.support.fake_llm import FakeLLM, use_fake_model
from vance_ui.chat.engine import ChatMessage, EchoEngine, LlmEngine, RunProgress
from vance_ui.cli.backend import BackendError, LocalBackend, RemoteBackend
from vance_ui.cli.chat import ChatCompleter, ChatRepl
from vance_ui.cli.main import main
from vance_ui.llm.client import ModelConfig
from vance_ui.service import Scope, WizardService

ALL_TYPES_KEYS = ["\r", "n" + FINISH, "\r", "\r", "\r", "\r", "\r", "Ann\r", "\r", "n\r"]


@pytest.fixture
def model_env(cli_data: Path, fake_llm: FakeLLM, monkeypatch: pytest.MonkeyPatch) -> FakeLLM:
    monkeypatch.setenv("VANCE_MODEL", "openai/fake")
    monkeypatch.setenv("VANCE_LLM_API_BASE", fake_llm.base_url)
    monkeypatch.setenv("VANCE_LLM_API_KEY", "x")
    return fake_llm


def repl(service: WizardService, engine: LlmEngine | EchoEngine) -> tuple[ChatRepl, list[str], list[str]]:
    written: list[str] = []
    said: list[str] = []
    chat = ChatRepl(LocalBackend(service, Scope("default", "local")), engine, write=written.append)
    chat.terminal.say = lambda text, style="": said.append(text)  # type: ignore[method-assign]
    return chat, written, said


def test_streamed_answer_and_history(model_env: FakeLLM, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    model_env.reply("Hello from the fake model", chunk_size=4, chunk_delay=0.005)
    history = tmp_path / "history"
    with typed("hi there\r", "\x04"):
        assert main(["chat", "--history", str(history)]) == 0
    assert "assistant> Hello from the fake model\n" in capsys.readouterr().out
    request = model_env.requests[-1]
    assert request["stream"] is True and request["messages"][-1] == {"role": "user", "content": "hi there"}
    assert "hi there" in history.read_text()


def test_stream_arrives_in_pieces(cli_data: Path, service: WizardService, fake_llm: FakeLLM) -> None:
    fake_llm.reply("one two three four", chunk_size=3)
    chat, written, _ = repl(service, LlmEngine(ModelConfig("openai/fake", fake_llm.base_url, "x")))
    with typed("go\r", "\x04"):
        assert chat.run() == 0
    deltas = written[1:-1]
    assert len(deltas) > 3 and "".join(deltas) == "one two three four"


def test_wizard_prompt_lands_in_the_buffer(cli_data: Path, service: WizardService, fake_llm: FakeLLM) -> None:
    """/wizard fills the input line; the user edits it (here: appends) and sends it; the chat goes on."""
    fake_llm.reply("first answer")
    fake_llm.reply("second answer")
    chat, written, _ = repl(service, LlmEngine(ModelConfig("openai/fake", fake_llm.base_url, "x")))
    expected = service.render(Scope("default", "local"), "all-types",
                              {"notes": "n", "people": [{"name": "Ann"}]}).prompt
    with typed("/wizard all-types\r", *ALL_TYPES_KEYS, " -- edited\r", "thanks\r", "\x04"):
        assert chat.run() == 0
    sent = [m for m in fake_llm.requests[0]["messages"] if m["role"] == "user"]
    assert sent[-1]["content"] == expected + " -- edited"
    assert [m["role"] for m in fake_llm.requests[1]["messages"]] == ["user", "assistant", "user"]
    assert "".join(written).count("assistant> ") == 2


def test_model_error_puts_the_message_back(cli_data: Path, service: WizardService, fake_llm: FakeLLM) -> None:
    fake_llm.reply(status=401, error_body={"error": {"message": "bad key", "type": "invalid_request_error"}})
    fake_llm.reply("recovered")
    chat, written, _ = repl(service, LlmEngine(ModelConfig("openai/fake", fake_llm.base_url, "x")))
    with typed("hello\r", "\r", "\x04"):  # the second Enter sends the restored "hello" again
        assert chat.run() == 0
    text = "".join(written)
    assert "[auth]" in text and "recovered" in text
    assert len(fake_llm.requests) == 2 and fake_llm.requests[1]["messages"][-1]["content"] == "hello"


def test_commands_and_echo_engine(cli_data: Path, service: WizardService) -> None:
    chat, written, said = repl(service, EchoEngine())
    keys = ["/help\r", "/wizards\r", "/wizard\r", "/wizard nope\r", "/bogus\r", "/wizard all-types\r", "\x03",
            "ping\r", "/clear\r", "/quit\r"]
    with typed(*keys):
        assert chat.run() == 0
    shown = "\n".join(said)
    assert "/wizard <name>" in shown and "gremium" in shown and "usage: /wizard" in shown
    assert "no wizard named 'nope'" in shown and "unknown command /bogus" in shown
    assert "wizard cancelled" in shown and "conversation cleared" in shown
    assert "Echo engine" in "".join(written) and chat.messages == []


def test_ctrl_c_at_the_prompt_clears_the_line(cli_data: Path, service: WizardService) -> None:
    chat, written, _ = repl(service, EchoEngine())
    with typed("half typed", "\x03", CLEAR + "\x04"):
        assert chat.run() == 0
    assert written == []


def test_completer_offers_commands_and_wizard_names() -> None:
    completer = ChatCompleter(lambda: ["all-types", "gremium", "gremium-plus"])

    def complete(text: str) -> list[str]:
        return [c.text for c in completer.get_completions(Document(text), CompleteEvent(completion_requested=True))]

    assert complete("/wi") == ["/wizard", "/wizards"]
    assert complete("/wizard gr") == ["gremium", "gremium-plus"]
    assert complete("/wizard ") == ["all-types", "gremium", "gremium-plus"]
    assert complete("hello") == []


def test_tab_completes_the_wizard_name(cli_data: Path, service: WizardService) -> None:
    chat, _, said = repl(service, EchoEngine())
    completed = threading.Event()
    original = chat.completer.get_completions

    def get_completions(document: Document, event: CompleteEvent) -> Iterable[Completion]:
        yield from original(document, event)
        completed.set()

    chat.completer.get_completions = get_completions  # type: ignore[method-assign]
    with typed("/wizard all-t\t") as pipe:
        # the rest comes once the completion (which runs asynchronously) has filled in the name
        def rest() -> None:
            assert completed.wait(30), "Tab never asked the completer"
            time.sleep(0.2)  # let prompt_toolkit apply the single completion before more keys arrive
            pipe.send_text("".join([" \r", *ALL_TYPES_KEYS, "\x03\x04"]))

        later = threading.Thread(target=rest)
        later.start()
        assert chat.run() == 0
        later.join()
    assert any("the prompt is in the input line" in line for line in said)


class InterruptedEngine(EchoEngine):
    """Sends one piece, then the user presses Ctrl-C."""

    async def stream(self, messages: Sequence[ChatMessage], progress: RunProgress) -> AsyncIterator[str]:
        yield "partial"
        raise KeyboardInterrupt


def test_ctrl_c_stops_a_streaming_answer(cli_data: Path, service: WizardService) -> None:
    chat, written, _ = repl(service, InterruptedEngine())
    with typed("tell me\r", "\x04"):
        assert chat.run() == 0
    assert "".join(written).endswith("partial\n[stopped]\n") and chat.messages == []


def test_a_listed_wizard_name_is_a_command_and_a_double_slash_sends_a_slash(cli_data: Path,
                                                                           service: WizardService) -> None:
    """The web chat's rules (vance_ui/chat/slash.py): `/all-types` runs that wizard, `//x` sends `/x`."""
    chat, _, said = repl(service, EchoEngine())
    with typed("/all-types\r", "\x03", "//etc/hosts is a file\r", "/nosuch thing\r", "\x04"):
        assert chat.run() == 0
    shown = "\n".join(said)
    assert "wizard cancelled" in shown, "/all-types started the wizard"
    assert "unknown command /nosuch" in shown and "//text sends /text" in shown
    assert [m.content for m in chat.messages if m.role == "user"] == ["/etc/hosts is a file"]


def test_completer_offers_wizard_names_after_a_slash_ranked_like_the_web_menu() -> None:
    completer = ChatCompleter(lambda: ["all-types", "gremium", "gremium-plus", "plus"])

    def complete(text: str) -> list[str]:
        return [c.text for c in completer.get_completions(Document(text), CompleteEvent(completion_requested=True))]

    assert complete("/gr") == ["/gremium", "/gremium-plus"]
    assert complete("/plus") == ["/plus", "/gremium-plus"]
    assert complete("/wizard plus") == ["plus", "gremium-plus"]
    assert complete("//gr") == []


def test_a_message_a_wizard_fits_gets_the_best_suggestion_under_it(cli_data: Path, service: WizardService) -> None:
    chat, written, said = repl(service, EchoEngine())
    with typed("I'd like to set up a council of experts for our pricing\r", "what is the capital of France?\r",
               "\x04"):
        assert chat.run() == 0
    tips = [line for line in said if "tip:" in line]
    assert tips == ['  tip: the wizard "Create a council" fits this message: /gremium opens it']
    assert "".join(written).count("assistant> ") == 2


def test_the_server_backend_asks_the_api_for_suggestions(cli_data: Path, service: WizardService) -> None:
    with running_api(service) as server:
        remote = RemoteBackend(server.base_url, "default", None)
        found = remote.suggest("I'd like to set up a council of experts")
        assert found[0].wizard.name == "gremium" and found[0].score >= 0.6
        assert remote.suggest("hi there") == []


def test_wizard_from_chat_fills_the_answers_from_the_conversation(cli_data: Path, service: WizardService,
                                                                  fake_llm: FakeLLM,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """`/wizard NAME --from-chat`: the fast model reads this conversation; its valid answers are the
    questions' defaults (Enter keeps them), and what it could not fill is said."""
    use_fake_model(service.settings, fake_llm, monkeypatch, setting="model", model="openai/fake")
    fake_llm.reply("Noted.")
    fake_llm.reply(json.dumps({"notes": "from the chat", "count": 4, "tone": "formal", "secret": "pw",
                               "people": [{"name": "Ada"}], "tags": ["purple"]}))
    fake_llm.reply("Done.")
    chat, _, said = repl(service, LlmEngine(ModelConfig("openai/fake", fake_llm.base_url, "x")))
    keys = ["Formal please, four of them, for Ada\r", "/wizard all-types --from-chat\r",
            "\r", FINISH, "\r", "\r", "\r", "\r", "\r", "\r", "\r", "n\r", "\r", "\x04"]
    with typed(*keys):
        assert chat.run() == 0
    asked = fake_llm.requests[1]["messages"]
    assert "Formal please, four of them, for Ada" in asked[-1]["content"] and "Noted." in asked[-1]["content"]
    shown = "\n".join(said)
    assert "4 fields filled from the chat: notes, count, tone, people" in shown
    assert "left out secret: Password fields are never filled." in shown
    assert "left out tags: The value does not fit the field: 'purple' is not one of the choices." in shown
    sent = fake_llm.requests[2]["messages"][-1]["content"]
    assert "notes=from the chat" in sent and "count=4" in sent and "tone=formal" in sent
    assert "person=Ada/" in sent and "secret=\n" in sent


def test_wizard_from_chat_without_a_model_says_why_and_asks_as_usual(cli_data: Path,
                                                                     service: WizardService) -> None:
    chat, _, said = repl(service, EchoEngine())
    with typed("/wizard all-types --from-chat\r", "\x03", "\x04"):
        assert chat.run() == 0
    shown = "\n".join(said)
    assert "fill from chat failed, the form starts empty: No model is configured" in shown
    assert "wizard cancelled" in shown


def test_the_server_backend_fills_through_the_api(cli_data: Path, service: WizardService, fake_llm: FakeLLM,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    use_fake_model(service.settings, fake_llm, monkeypatch, setting="model", model="openai/fake")
    fake_llm.reply(json.dumps({"count": 4, "tone": "loud"}))
    with running_api(service) as server:
        remote = RemoteBackend(server.base_url, "default", None)
        result = asyncio.run(remote.prefill("all-types", [ChatMessage("user", "four of them")], {"notes": "mine"}))
        assert result.values == {"notes": "mine", "count": 4} and result.filled == ["count"]
        assert result.dropped == [("tone", "The value does not fit the field: 'loud' is not one of the choices.")]
        assert fake_llm.requests[-1]["messages"][-1]["content"] == "User: four of them"
        fake_llm.replies.clear()
        fake_llm.reply("", status=500)
        with pytest.raises(BackendError, match="model_model_error"):
            asyncio.run(remote.prefill("all-types", [], {}))
