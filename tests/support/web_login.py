"""Multi-user mode in tests/web: Alice (tenants acme + research) and Bob (acme), each with a wizard
"notes" (the `team` fixture), and logging in through the login page."""

from __future__ import annotations

from nicegui.testing import User

from tests.support.web_user import click, elements, eventually, one, texts

SECRET = "web-test-secret-0123456789abcdef"


def personal(owner: str) -> str:
    """The text of `owner`'s own wizard "notes"."""
    return (f"title: {{en: '{owner} notes'}}\ndescription: {{en: 'only for {owner}'}}\n"
            "fields:\n  - { name: topic, type: string, label: { en: 'Topic' } }\n"
            f"promptTemplate: 'plan of {owner}: {{{{ topic }}}}'\n")


async def login(user: User, user_id: str, password: str, path: str = "/") -> None:
    await user.open(path)
    await eventually(lambda: bool(elements(user, "login-user")), what="the login form")
    one(user, "login-user").set_value(user_id)
    one(user, "login-password").set_value(password)
    click(user, one(user, "login-submit"))


async def logged_in(user: User, user_id: str, password: str, path: str = "/") -> None:
    await login(user, user_id, password, path)
    await eventually(lambda: bool(elements(user, "logout")), what="the chat page after login")


async def refused(user: User, user_id: str, password: str) -> str:
    await login(user, user_id, password)
    await eventually(lambda: any(texts(user, "login-error")), what="the login error")
    return texts(user, "login-error")[0]
