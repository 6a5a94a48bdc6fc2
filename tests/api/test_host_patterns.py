"""Which hosts are answered by default and with VANCE_ALLOWED_HOSTS (no server process needed)."""

from __future__ import annotations

import httpx
import pytest
from fastapi import FastAPI
from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from tests.support.api_errors import assert_error
from vance_ui.api.app_setup import install_guards
from vance_ui.api.host_check import HostCheck
from vance_ui.api.security_headers import SecurityHeaders
from vance_ui.host_names import allowed_hosts, host_of
from vance_ui.settings import Settings


def settings(**values: object) -> Settings:
    return Settings(_env_file=None, **values)  # type: ignore[arg-type]


def test_the_default_is_loopback_plus_a_named_bind_address() -> None:
    assert allowed_hosts("127.0.0.1") == ["127.0.0.1", "localhost", "[::1]"]
    assert allowed_hosts("127.0.0.2") == ["127.0.0.1", "localhost", "[::1]", "127.0.0.2"]
    assert allowed_hosts("::1") == ["127.0.0.1", "localhost", "[::1]"]
    assert allowed_hosts("vance.intranet") == ["127.0.0.1", "localhost", "[::1]", "vance.intranet"]
    for wildcard in ("0.0.0.0", "::", ""):
        assert allowed_hosts(wildcard) == ["127.0.0.1", "localhost", "[::1]"], wildcard


def test_vance_allowed_hosts_is_comma_separated(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VANCE_ALLOWED_HOSTS", " Vance.Example.com, *.corp.example ,,fe80::1 ")
    assert settings().allowed_hosts == ["vance.example.com", "*.corp.example", "[fe80::1]"]
    assert settings(allowed_hosts="*").allowed_hosts == ["*"]
    monkeypatch.delenv("VANCE_ALLOWED_HOSTS")
    assert settings().allowed_hosts == []


@pytest.mark.parametrize("bad", ["example.com:8080", "https://example.com", "ex*mple.com", "*example.com",
                                 "example.*", "exa mple.com", "a/b"])
def test_entries_that_could_never_match_are_refused_at_start(bad: str) -> None:
    with pytest.raises(ValidationError, match="is not a host name"):
        settings(allowed_hosts=bad)


@pytest.mark.parametrize(("header", "host"), [
    ("localhost", "localhost"), ("LocalHost:8080", "localhost"), ("[::1]:8080", "[::1]"), ("[::1]", "[::1]"),
    ("127.0.0.1:1", "127.0.0.1"), ("", None), ("a b", None), ("a:b", None), ("user@evil.example", None),
    ("::1", None), ("x:123456", None),
])
def test_the_host_header_is_read_strictly(header: str, host: str | None) -> None:
    assert host_of(header) == host


async def answers(allowed: list[str], host: str, path: str = "/") -> httpx.Response:
    app = HostCheck(Starlette(routes=[Route("/{p:path}", lambda _: PlainTextResponse("ok"))]), allowed)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app), base_url=f"http://{host}") as client:
        return await client.get(path)


async def test_wildcards_match_subdomains_only_and_star_turns_the_check_off() -> None:
    assert (await answers(["*.corp.example"], "vance.corp.example")).status_code == 200
    assert (await answers(["*.corp.example"], "a.b.corp.example:8443")).status_code == 200
    assert (await answers(["*.corp.example"], "corp.example")).status_code == 400
    assert (await answers(["*.corp.example"], "evilcorp.example")).status_code == 400
    assert (await answers(["*"], "anything.example")).status_code == 200


async def test_a_refusal_is_json_on_api_paths_and_text_elsewhere() -> None:
    api = await answers(["localhost"], "evil.example", "/brain/default/wizards")
    assert "VANCE_ALLOWED_HOSTS" in assert_error(api, 400, "invalid_host")["message"]
    page = await answers(["localhost"], "evil.example", "/")
    assert page.status_code == 400 and page.headers["content-type"].startswith("text/plain")


def test_a_wildcard_bind_without_allowed_hosts_warns_at_start(caplog: pytest.LogCaptureFixture) -> None:
    app = FastAPI()
    install_guards(app, settings(host="0.0.0.0", allow_unauthenticated=True))
    assert "VANCE_ALLOWED_HOSTS is empty" in caplog.text
    assert [m.cls for m in app.user_middleware[:2]] == [SecurityHeaders, HostCheck]  # outermost
    caplog.clear()
    install_guards(FastAPI(), settings(host="0.0.0.0", allowed_hosts="vance.example.com"))
    assert not caplog.text
