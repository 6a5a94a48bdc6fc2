"""Accounts in PostgreSQL (issue 18): with VANCE_DATABASE_URL every instance sees the same users
and tokens, and `vance users ...` on any machine changes them for all running instances."""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.support.api_errors import assert_error
from tests.support.app_server import AppServer, start_app
from tests.support.browser import browser
from vance_ui.accounts.directory import UserDirectory
from vance_ui.accounts.sources import ACCOUNTS_PATH, ACCOUNTS_PROJECT, ACCOUNTS_TENANT, StoreUsersSource
from vance_ui.accounts.startup import UnsafeConfiguration, check_startup
from vance_ui.api.auth import Identity, TenantNotFound
from vance_ui.cli.main import main
from vance_ui.documents.postgres import PostgresDocumentStore
from vance_ui.settings import Settings

__all__ = ["browser"]  # the shared module-scoped Chromium
SECRET = "a-storage-secret-of-the-team-0123456789"
WIZARD = "title: {en: 'Team'}\ndescription: {en: 'for all'}\nfields: []\npromptTemplate: 'hi'\n"


def vance(argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
          stdin: str = "") -> str:
    """`vance ...` in this process; returns what it printed, failing on a non-zero exit."""
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    capsys.readouterr()
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def eventually(check: Callable[[], bool], what: str, seconds: float = 10.0) -> None:
    """Polls `check` until it is true; the deadline only ends a broken run."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def answer(app: AppServer, token: str, path: str = "/brain/acme/wizards") -> httpx.Response:
    return httpx.get(app.base_url + path, headers={"Authorization": f"Bearer {token}"}, timeout=15)


def status(app: AppServer, token: str, path: str = "/brain/acme/wizards") -> int:
    return answer(app, token, path).status_code


@pytest.fixture
def db_env(pg_url: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Only the database and the multi-user switch: no users file anywhere."""
    env = {"VANCE_DATABASE_URL": pg_url, "VANCE_MULTI_USER": "1", "VANCE_STORAGE_SECRET": SECRET}
    monkeypatch.delenv("VANCE_USERS_FILE", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    return env


@pytest.fixture
def two_apps(db_env: dict[str, str], tmp_path: Path) -> Iterator[tuple[AppServer, AppServer]]:
    first = start_app(tmp_path / "a" / "data", db_env)
    try:
        second = start_app(tmp_path / "b" / "data", db_env)
    except BaseException:
        first.stop()
        raise
    yield first, second
    first.stop()
    second.stop()


@pytest.fixture
def stores(pg_url: str) -> Iterator[tuple[PostgresDocumentStore, PostgresDocumentStore]]:
    """Two instances' stores on one database, both listening for the other's changes."""
    first, second = PostgresDocumentStore.open(pg_url), PostgresDocumentStore.open(pg_url)
    for store in (first, second):
        store.start_watching()
    yield first, second
    for store in (first, second):
        store.stop_watching()
        store.close()


def test_users_added_by_the_cli_use_their_tokens_on_every_instance_and_changes_apply_at_once(
        two_apps: tuple[AppServer, AppServer], pg_url: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    first, second = two_apps
    vance(["users", "add", "alice", "--tenant", "acme", "--password-stdin"], monkeypatch, capsys,
          "a long password\n")
    laptop = vance(["users", "token", "alice", "--label", "laptop"], monkeypatch, capsys).strip()
    eventually(lambda: status(first, laptop) == 200 and status(second, laptop) == 200,
               "a token made while the apps run is not accepted by both")
    assert_error(answer(first, laptop, "/brain/research/wizards"), 404, "tenant_not_found")  # not her tenant
    listed = vance(["users", "list"], monkeypatch, capsys)
    assert "alice" in listed and "tokens: 1" in listed

    # the password lives in the database too: any instance's login checks it there
    store = PostgresDocumentStore.open(pg_url)
    try:
        assert UserDirectory(StoreUsersSource(store)).authenticate("alice", "a long password") is not None
        assert UserDirectory(StoreUsersSource(store)).authenticate("alice", "wrong password") is None
        document = store.get(ACCOUNTS_TENANT, ACCOUNTS_PROJECT, ACCOUNTS_PATH)
        assert document is not None and laptop.encode() not in document.content  # only its hash is kept
        assert b"a long password" not in document.content
    finally:
        store.close()

    # the admin role: writing the tenant's wizards is refused until it is granted
    def put_vance_wizard(app: AppServer) -> httpx.Response:
        return httpx.put(app.base_url + "/brain/acme/wizards/team/source", params={"layer": "VANCE"},
                         content=WIZARD, headers={"Authorization": f"Bearer {laptop}",
                                                  "Content-Type": "application/yaml"}, timeout=15)

    assert_error(put_vance_wizard(second), 403, "forbidden_layer")
    vance(["users", "admin", "alice", "acme"], monkeypatch, capsys)
    eventually(lambda: put_vance_wizard(second).status_code == 201, "the admin role granted on the CLI is not seen")

    vance(["users", "revoke", "alice", "--label", "laptop"], monkeypatch, capsys)
    eventually(lambda: status(first, laptop) == 401 and status(second, laptop) == 401,
               "a revoked token still works")
    assert_error(answer(second, laptop), 401, "unauthorized")
    assert "AccountsError" not in first.log() + second.log()


def test_no_request_reaches_the_accounts_document(two_apps: tuple[AppServer, AppServer],
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    first, _ = two_apps
    vance(["users", "add", "mallory", "--tenant", "acme", "--password-stdin"], monkeypatch, capsys,
          "a long password\n")
    token = vance(["users", "token", "mallory"], monkeypatch, capsys).strip()
    eventually(lambda: status(first, token) == 200, "the token is not accepted")
    for path in (f"/brain/{ACCOUNTS_TENANT}/wizards", f"/brain/{ACCOUNTS_TENANT}/wizards?projectId=_accounts",
                 f"/brain/{ACCOUNTS_TENANT}/wizards/users"):
        response = answer(first, token, path)
        assert_error(response, 400, "invalid_request")  # `_system` is no tenant name a request may use
        assert "sha256" not in response.text and "passwordHash" not in response.text


def test_a_change_through_one_directory_is_seen_by_another_instance(
        stores: tuple[PostgresDocumentStore, PostgresDocumentStore]) -> None:
    here, there = (UserDirectory(StoreUsersSource(store)) for store in stores)
    assert there.users() == []  # read (and remembered) before the change
    here.add_user("bob", "bob's password", ["acme"])
    token = here.add_token("bob", "ci")
    eventually(lambda: there.by_token(token) is not None, "the other instance does not know the new token")
    assert there.authenticate("bob", "bob's password") is not None
    there.remove_user("bob")
    eventually(lambda: here.get("bob") is None and here.by_token(token) is None, "the removal is not seen")


def test_concurrent_adds_from_two_instances_all_land(
        stores: tuple[PostgresDocumentStore, PostgresDocumentStore]) -> None:
    directories = [UserDirectory(StoreUsersSource(store)) for store in stores]
    errors: list[BaseException] = []

    def add(index: int) -> None:
        try:
            directories[index % 2].add_user(f"user{index}", "a long password", ["acme"])
            directories[index % 2].add_token(f"user{index}")
        except BaseException as error:  # reported below: a thread's exception is otherwise lost
            errors.append(error)

    threads = [threading.Thread(target=add, args=(index,)) for index in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    fresh = UserDirectory(StoreUsersSource(stores[0]))
    assert [(u.id, len(u.tokens)) for u in fresh.users()] == [(f"user{i}", 1) for i in range(8)]


def test_the_users_file_seeds_an_empty_database_once(
        db_env: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    users_file = tmp_path / "users.yaml"
    UserDirectory(users_file).add_user("carol", "carol's password", ["acme"])
    monkeypatch.setenv("VANCE_USERS_FILE", str(users_file))
    monkeypatch.delenv("VANCE_MULTI_USER")
    vance(["users", "add", "dave", "--tenant", "acme", "--password-stdin"], monkeypatch, capsys,
          "a long password\n")
    assert [line.split()[0] for line in vance(["users", "list"], monkeypatch, capsys).splitlines()] == \
        ["carol", "dave"]  # carol imported from the file on the first use, dave added to the database
    UserDirectory(users_file).add_user("erin", "erin's password", ["acme"])  # the file no longer counts
    assert "erin" not in vance(["users", "list"], monkeypatch, capsys)
    assert "dave" not in users_file.read_text()


def test_without_the_multi_user_switch_the_cli_says_what_to_set(
        pg_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("VANCE_DATABASE_URL", pg_url)
    for key in ("VANCE_USERS_FILE", "VANCE_MULTI_USER"):
        monkeypatch.delenv(key, raising=False)
    assert main(["users", "list"]) == 1
    assert "VANCE_MULTI_USER=1" in capsys.readouterr().err


def test_store_copy_carries_the_accounts_through_a_users_file(
        pg_url: str, pg_cluster: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    users_file = tmp_path / "users.yaml"
    UserDirectory(users_file).add_user("frank", "frank's password", ["acme"])
    token = UserDirectory(users_file).add_token("frank")
    data = tmp_path / "data"
    (data / "acme" / "_vance" / "wizards").mkdir(parents=True)
    (data / "acme" / "_vance" / "wizards" / "team.yaml").write_text(WIZARD)
    assert "accounts copied" in vance(["store", "copy", "--from", str(data), "--to", pg_url, "--users-file",
                                       str(users_file)], monkeypatch, capsys)
    store = PostgresDocumentStore.open(pg_url)
    try:
        assert UserDirectory(StoreUsersSource(store)).by_token(token) is not None
    finally:
        store.close()

    back, back_users = tmp_path / "back", tmp_path / "back-users.yaml"
    out = vance(["store", "copy", "--from", pg_url, "--to", str(back)], monkeypatch, capsys)
    assert "accounts were not copied" in out and not (back / ACCOUNTS_TENANT).exists()
    out = vance(["store", "copy", "--from", pg_url, "--to", str(back), "--users-file", str(back_users)],
                monkeypatch, capsys)
    assert "accounts written" in out
    assert back_users.read_bytes() == users_file.read_bytes()
    assert back_users.stat().st_mode & 0o077 == 0
    assert (back / "acme" / "_vance" / "wizards" / "team.yaml").read_text() == WIZARD


def test_a_user_added_on_the_cli_logs_in_on_another_instance_in_the_browser(
        two_apps: tuple[AppServer, AppServer], browser: Browser, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    _, second = two_apps
    vance(["users", "add", "gina", "--tenant", "acme", "--name", "Gina Example", "--password-stdin"],
          monkeypatch, capsys, "gina's long password\n")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(f"{second.base_url}/")
        expect(page).to_have_url(f"{second.base_url}/login")
        page.get_by_label("User id").fill("gina")
        page.get_by_label("Password", exact=True).fill("gina's long password")
        page.get_by_role("button", name="Log in").click()
        expect(page).to_have_url(f"{second.base_url}/")
        expect(page.get_by_text("Gina Example")).to_be_visible()
    finally:
        context.close()


def test_the_multi_user_switch_needs_a_place_for_the_accounts(tmp_path: Path) -> None:
    def settings(**values: object) -> Settings:
        return Settings(_env_file=None, host="0.0.0.0", storage_secret=SECRET, **values)  # type: ignore[arg-type]

    with pytest.raises(UnsafeConfiguration, match="VANCE_MULTI_USER needs"):
        check_startup(settings(multi_user_switch=True))
    check_startup(settings(multi_user_switch=True, database_url="postgresql://db.internal/vance"))
    check_startup(settings(multi_user_switch=True, users_file=tmp_path / "users.yaml"))


def test_underscore_tenants_are_no_requests_tenant_even_for_the_local_user() -> None:
    for identity in (Identity("local", None), Identity("alice", frozenset({"acme"}))):
        with pytest.raises(TenantNotFound):
            identity.check_tenant(ACCOUNTS_TENANT)
