"""nginx routes by readiness (docs/hosting.md, "What is tested"): an instance whose `/readyz` fails
(here: its link to the database is cut, the other instance still reaches it) gets no new browsers;
a page load that would go to it is served by the other instance, and once it is ready again it gets
its share back. A browser is a cookie jar here (the routing key nginx hands out is a cookie)."""

from __future__ import annotations

import httpx

from tests.support.hosting import FAIL_TIMEOUT_S, Instance, Site, eventually


def route_to(site: Site, instance: Instance) -> str:
    """A routing cookie that nginx hashes to `instance`."""
    for n in range(200):
        response, served = site.load(f"probe-{n}", f"probe-{n}")
        assert response.status_code == 200
        if site.by_address(served.upstream) is instance:
            return f"probe-{n}"
    raise AssertionError(f"no routing key of 200 went to {instance.name}")


def not_ready(instance: Instance) -> bool:
    """Its `/readyz` fails, and (from its next check on, within about a second) so do its page loads."""
    return (httpx.get(f"{instance.base_url}/readyz", timeout=10).status_code == 503
            and httpx.get(f"{instance.base_url}/login", timeout=10).status_code == 503)


def test_an_instance_that_is_not_ready_gets_no_new_browsers(both_up: Site) -> None:
    site = both_up
    a, b = site.instances
    to_a = route_to(site, a)
    assert a.link is not None
    a.link.cut()  # A cannot reach the database; B still can
    eventually(lambda: not_ready(a), "A still serves pages without its database", 15)

    for n in range(5):  # the browser nginx would send to A, and new ones without a cookie
        response, served = site.load(f"cut-{n}", to_a if n == 0 else None)
        assert response.status_code == 200, (served, site.log())
        assert site.by_address(served.upstream) is b, served

    a.link.restore()
    eventually(lambda: httpx.get(f"{a.base_url}/login", timeout=10).status_code == 200,
               "A does not serve pages again after its database came back", 30)
    turn = iter(range(1000))

    def back_on_a() -> bool:
        response, served = site.load(f"back-{next(turn)}", to_a)
        assert response.status_code == 200
        return site.by_address(served.upstream) is a

    eventually(back_on_a, "A gets no browsers after it is ready again", FAIL_TIMEOUT_S * 3)
