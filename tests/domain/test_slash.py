"""What a typed chat line means and which wizards a half-typed command matches (web and CLI alike)."""

from __future__ import annotations

from vance_ui.chat.slash import ChatInput, match_names, match_wizards, menu_query, read_input
from vance_ui.wizards.catalog.model import Source
from vance_ui.wizards.catalog.views import WizardSummary


def summary(name: str, title: str) -> WizardSummary:
    return WizardSummary(name=name, title=title, description="", source=Source.RESOURCE)


LISTING = [
    summary("project", "Create a project"),
    summary("gremium", "Create a council"),
    summary("vogon-strategy", "Plan Vogon strategy"),
    summary("essay-recipe", "Create an essay recipe"),
    summary("essay-mit-recipe", "Write an essay with a recipe"),
]


def test_a_line_is_a_message_unless_it_starts_with_one_slash() -> None:
    assert read_input("  hello /there ") == ChatInput("message", "hello /there")
    assert read_input("//usr/bin is a path") == ChatInput("message", "/usr/bin is a path")
    assert read_input("//") == ChatInput("message", "/")
    assert read_input("/gremium") == ChatInput("command", "gremium")
    assert read_input(" /nosuchwizard  foo bar ") == ChatInput("command", "nosuchwizard", "foo bar")
    assert read_input("/wizard\tgremium") == ChatInput("command", "wizard", "gremium")
    assert read_input("/") == ChatInput("command", "")
    assert read_input("/ hello") == ChatInput("command", "", "hello")


def test_a_command_opens_a_listed_wizard_alone_or_any_wizard_by_name() -> None:
    listed = ["gremium", "project"]
    assert read_input("/gremium").wizard_name(listed) == "gremium"
    assert read_input("/gremium please").wizard_name(listed) is None  # more text: not a bare command
    assert read_input("/ab").wizard_name(listed) is None  # a prefix is no exact match
    assert read_input("/hidden").wizard_name(listed) is None  # `/name` is for listed wizards
    assert read_input("/wizard hidden").wizard_name(listed) == "hidden"  # as a link would, by name
    assert read_input("/wizard two words").wizard_name(listed) is None
    assert read_input("/wizard").wizard_name(listed) is None
    assert read_input("hello").wizard_name(listed) is None


def test_the_menu_follows_a_command_at_the_very_start_until_its_first_word_ends() -> None:
    assert menu_query("/") == ""
    assert menu_query("/gre") == "gre"
    assert menu_query("/wizard gre") == "gre"
    assert menu_query("/gremium now") is None
    assert menu_query(" /gre") is None
    assert menu_query("//gre") is None
    assert menu_query("hello /gre") is None


def test_exact_names_come_first_then_prefixes_then_title_words_then_anywhere() -> None:
    def names(query: str) -> list[str]:
        return [w.name for w in match_wizards(LISTING, query)]

    assert names("") == [w.name for w in LISTING]
    assert names("gremium") == ["gremium"]
    assert names("essay") == ["essay-recipe", "essay-mit-recipe"]
    assert names("coun") == ["gremium"]  # by title
    assert names("Create") == ["project", "gremium", "essay-recipe"]  # title prefix, case-insensitive
    assert names("vogon") == ["vogon-strategy"]
    assert names("reci") == ["essay-recipe", "essay-mit-recipe"]  # a word of the title
    assert names("ssay") == ["essay-recipe", "essay-mit-recipe"]  # anywhere
    assert names("zzz") == []
    assert [w.name for w in match_wizards(LISTING, "e", limit=2)] == ["essay-recipe", "essay-mit-recipe"]


def test_bare_names_rank_the_same_way() -> None:
    assert match_names(["all-types", "gremium", "gremium-plus", "plus"], "plus") == ["plus", "gremium-plus"]
