"""Chatting: echo engine without a model, streaming through litellm from a fake server, errors,
quick-start cards, and sessions that survive a reload."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from nicegui.testing import User

from tests.support.fake_llm import FakeLLM
from tests.support.web_chat import send, session_rows, two_chats
from tests.support.web_user import click, elements, eventually, one, run_state
from vance_ui.web.chat import messages
from vance_ui.web.chat.markdown import INLINE_REST_CHARS, end_html, same_rendering, to_html


async def test_without_a_model_the_echo_engine_answers_and_says_so(app_user: User) -> None:
    await app_user.open("/")
    await app_user.should_see("Echo engine: no model configured")

    await send(app_user, "Hello wizards")

    await eventually(lambda: run_state(app_user) == "Done", what="the run to finish")
    markdown = one(app_user, "assistant-markdown")
    assert "Hello wizards" in markdown.content
    assert "echo" in one(app_user, "run-model").text


async def test_quick_start_cards_show_in_an_empty_chat_and_go_with_the_first_message(app_user: User) -> None:
    await app_user.open("/")
    await app_user.should_see(marker="quick-start")
    assert elements(app_user, "card-gremium")

    app_user.find(marker="card-gremium").click()
    await app_user.should_see("Create a council")
    app_user.find("Cancel").click()

    await send(app_user, "first message")
    await app_user.should_not_see(marker="quick-start")


async def test_a_reply_streams_from_the_model_into_markdown_with_progress(model: FakeLLM, web_data: Path,
                                                                          app_user: User) -> None:
    answer = "Here is **bold** and [next](vance:/wizards/essay-mit-recipe?kind=wizard&recipe=abc)"
    model.reply(answer, chunk_delay=0.01)
    await app_user.open("/")
    await send(app_user, "Write something")

    await eventually(lambda: run_state(app_user) == "Done", what="the run to finish")
    markdown = one(app_user, "assistant-markdown")
    assert markdown.content == "Here is **bold** and [next](#vance:/wizards/essay-mit-recipe?kind=wizard&recipe=abc)"
    assert one(app_user, "run-model").text == "openai/fake"
    assert one(app_user, "run-tokens").text == f"11 / {len(answer) // 4}", "usage reported by the server"
    assert model.requests[0]["messages"][-1] == {"role": "user", "content": "Write something"}


async def test_a_long_streamed_answer_ends_exactly_as_it_would_be_rendered_whole(model: FakeLLM,
                                                                                 app_user: User) -> None:
    """While it streams, finished blocks are not rendered again; a link reference defined at the
    end still becomes a link in the first paragraph once the answer is complete."""
    paragraphs = [f"Paragraph {i} of the answer, see [the docs][docs]." for i in range(40)]
    answer = "\n\n".join(paragraphs) + "\n\n[docs]: https://example.com/docs\n"
    model.reply(answer, chunk_delay=0.002, chunk_size=12)
    await app_user.open("/")
    await send(app_user, "Write a long answer")

    await eventually(lambda: run_state(app_user) == "Done", what="the run to finish")
    markdown = one(app_user, "assistant-markdown")
    await eventually(lambda: markdown.html.count('<a href="https://example.com/docs">') == 40,
                     what="every paragraph's reference to be a link")
    assert "[docs]" not in markdown.html


async def test_a_long_answer_goes_to_the_page_in_parts_and_reads_as_one(model: FakeLLM, app_user: User) -> None:
    """Finished paragraphs are sent once, each run in an element of its own; updates carry only
    the unfinished end."""
    answer = "\n\n".join(f"Paragraph {i} with *emphasis*." for i in range(30))
    model.reply(answer, chunk_delay=0.01, chunk_size=12)  # ~0.8 s: about ten throttled updates
    await app_user.open("/")
    await send(app_user, "Write a long answer")

    await eventually(lambda: run_state(app_user) == "Done", what="the run to finish")
    markdown = one(app_user, "assistant-markdown")
    parts = markdown.default_slot.children
    assert len(parts) >= 4
    assert "Paragraph 0 " not in parts[-1].props["innerHTML"], "the last part holds only the end"
    assert same_rendering(markdown.html, to_html(answer))


@pytest.mark.slow
async def test_a_long_code_block_streams_in_view_once_and_ends_as_rendered_whole(
        model: FakeLLM, app_user: User, monkeypatch: pytest.MonkeyPatch) -> None:
    """An open code block cannot settle; once its text is long, it is rendered in a worker thread
    (not on the event loop every page shares), still shown while it streams, never twice."""
    renders: list[tuple[int, bool]] = []  # (characters, on the event loop's thread)
    loop_thread = threading.get_ident()

    def spied_end_html(text: str, references: dict[str, Any] | None = None) -> str:
        renders.append((len(text), threading.get_ident() == loop_thread))
        return end_html(text, references)

    monkeypatch.setattr(messages, "end_html", spied_end_html)
    code = "".join(f"    value_{i} = compute({i}) * 2  # line {i}\n" for i in range(200))  # ~9,000 characters
    answer = f"Here it is:\n\n```python\n{code}```\n\nThat was the script.\n"
    model.reply(answer, chunk_delay=0.01, chunk_size=40)  # ~2 s
    await app_user.open("/")
    await send(app_user, "Write a script")
    await eventually(lambda: bool(elements(app_user, "assistant-markdown")), what="the answer to start")
    markdown = one(app_user, "assistant-markdown")
    seen_while_streaming: list[str] = []

    def streamed_far() -> bool:
        if run_state(app_user) == "Streaming":
            seen_while_streaming.append(re.sub(r"<[^>]*>", "", markdown.html))  # the text; code is highlighted
        return run_state(app_user) == "Done"

    await eventually(streamed_far, what="the run to finish")
    assert any("# line 150" in html for html in seen_while_streaming), "the long end was shown while streaming"
    line_3 = "compute(3) * 2"  # an open fence runs to the end of the text: it is not split up
    assert any(line_3 in html for html in seen_while_streaming)
    assert all(html.count(line_3) <= 1 for html in seen_while_streaming), "no line shown twice"
    await eventually(lambda: same_rendering(markdown.html, to_html(answer)), what="the whole answer's rendering")
    assert any(chars > INLINE_REST_CHARS for chars, _ in renders)
    assert not [chars for chars, on_loop in renders if on_loop and chars > INLINE_REST_CHARS]


@pytest.mark.slow
async def test_an_answer_streaming_into_a_closed_tab_is_still_saved_whole(model: FakeLLM, web_data: Path,
                                                                         app_user: User) -> None:
    answer = "\n\n".join(f"Paragraph {i} of a long answer." for i in range(60))
    model.reply(answer, chunk_delay=0.01, chunk_size=12)
    await app_user.open("/")
    await send(app_user, "Write while I leave")
    await eventually(lambda: any("Paragraph 3 " in m.content for m in elements(app_user, "assistant-markdown")),
                     what="some paragraphs")
    assert app_user.client is not None
    app_user.client.delete()  # the tab closed and NiceGUI gave up waiting for it to reconnect

    def saved_answer() -> str:
        files = list((web_data / "default" / "_user_local" / "chats").glob("*.json"))
        messages = json.loads(files[0].read_text())["messages"] if files else []
        return next((m["content"] for m in messages if m["role"] == "assistant"), "")

    await eventually(lambda: saved_answer() == answer, timeout=20, what="the whole answer in the stored session")


@pytest.mark.slow
async def test_enter_sends_the_browsers_text_and_a_repeat_while_answering_changes_nothing(
        model: FakeLLM, app_user: User) -> None:
    """Enter brings the text the browser shows (the server may not have every keystroke yet); a
    second Enter while the answer streams must not put that text back into the emptied input."""
    model.reply(" ".join(f"word{i}" for i in range(200)), chunk_delay=0.01, chunk_size=8)  # ~2 s
    await app_user.open("/")
    composer = one(app_user, "chat-input")
    browser_text = {str(composer.id): "typed in the browser"}
    app_user.find(marker="chat-input").trigger("keydown.enter.exact.prevent", browser_text)
    await eventually(lambda: [m.default_slot.children[0].text for m in elements(app_user, "message-user")]
                     == ["typed in the browser"], what="the message as the browser showed it")
    assert composer.value == ""
    await eventually(lambda: run_state(app_user) == "Streaming", timeout=30, what="the reply to stream")

    app_user.find(marker="chat-input").trigger("keydown.enter.exact.prevent", browser_text)  # the same Enter again
    assert composer.value == ""
    await eventually(lambda: run_state(app_user) != "Streaming", what="the run to finish")
    assert run_state(app_user) == "Done"
    assert len(elements(app_user, "message-user")) == 1


async def test_a_model_error_is_readable_and_the_message_is_kept(model: FakeLLM, app_user: User) -> None:
    model.reply(status=401, error_body={"error": {"message": "bad key", "type": "invalid_request_error"}})
    await app_user.open("/")
    await send(app_user, "Are you there?")

    await eventually(lambda: run_state(app_user) == "Failed", what="the run to fail")
    await app_user.should_see("The model provider rejected the API key")
    assert one(app_user, "run-state").text == "Failed"
    assert [m for m in elements(app_user, "message-user")], "the user's message stays in the chat"
    await app_user.should_see("Are you there?")


async def test_sessions_are_stored_and_survive_a_new_page(web_data: Path, app_user: User) -> None:
    await app_user.open("/")
    await send(app_user, "Plan the offsite")
    await eventually(lambda: run_state(app_user) == "Done", what="the run to finish")

    def stored() -> Any:
        [chat] = (web_data / "default" / "_user_local" / "chats").glob("*.json")  # one chat
        return json.loads(chat.read_text())

    # the answer is stored as the run ends, in a thread
    await eventually(lambda: [m["role"] for m in stored()["messages"]] == ["user", "assistant"],
                     what="the answer in the stored chat")
    assert stored()["title"] == "Plan the offsite"

    await app_user.open("/")
    await app_user.should_see("Plan the offsite")
    assert len(elements(app_user, "message-user")) == 1


async def test_new_rename_and_delete_a_session(app_user: User) -> None:
    await app_user.open("/")
    await send(app_user, "old topic")
    await eventually(lambda: run_state(app_user) == "Done", what="the run to finish")
    app_user.find(marker="new-chat").click()
    await app_user.should_see(marker="quick-start")
    await eventually(lambda: len(elements(app_user, "session-title")) == 2, what="two sessions in the list")

    click(app_user, elements(app_user, "session-rename")[0])  # the newest session is on top
    await app_user.should_see(marker="rename-input")
    one(app_user, "rename-input").value = "Renamed chat"
    app_user.find(marker="rename-save").click()
    await eventually(lambda: elements(app_user, "session-title")[0].text == "Renamed chat", what="the new title")

    click(app_user, elements(app_user, "session-title")[1])
    await app_user.should_see("old topic")
    click(app_user, elements(app_user, "session-delete")[1])
    await app_user.should_see(marker="delete-confirm")
    app_user.find(marker="delete-confirm").click()
    await eventually(lambda: [t.text for t in elements(app_user, "session-title")] == ["Renamed chat"],
                     what="only the renamed chat to remain")


async def test_stop_ends_a_running_reply_and_keeps_what_arrived(model: FakeLLM, web_data: Path,
                                                               app_user: User) -> None:
    model.reply("word " * 400, chunk_delay=0.02, chunk_size=5)
    await app_user.open("/")
    await send(app_user, "Talk for a long time")
    await eventually(lambda: run_state(app_user) == "Streaming", timeout=30, what="the reply to stream")
    await eventually(lambda: "word" in one(app_user, "assistant-markdown").content, what="some words")

    app_user.find(marker="progress-stop").click()

    await eventually(lambda: run_state(app_user) == "Stopped", what="the run to stop")
    shown = one(app_user, "assistant-markdown").content
    assert 0 < len(shown) < len("word " * 400)
    stored = json.loads(next((web_data / "default" / "_user_local" / "chats").glob("*.json")).read_text())
    assert [m["role"] for m in stored["messages"]] == ["user", "assistant"], "the partial answer is kept"


async def test_a_message_in_an_older_chat_moves_it_to_the_top(app_user: User) -> None:
    await two_chats(app_user)

    click(app_user, session_rows(app_user)[1])
    await eventually(lambda: any(m for m in elements(app_user, "message-user")), what="the old chat to open")
    await send(app_user, "back to the old topic")
    await eventually(lambda: [t.text for t in elements(app_user, "session-title")] == ["old topic", "new topic"],
                     what="the chat just used to move to the top")
