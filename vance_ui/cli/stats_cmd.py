"""`vance wizards stats [NAME]`: how wizards are used (counts only), from the data dir or a server.

Without NAME a table of every wizard the caller may see, most used first; with NAME its funnel
(opened, each later page, used, sent), where it was opened from and where most users stop.
`--json` prints the REST API's answer as it is.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from vance_ui.cli.backend import BackendError, http_call
from vance_ui.cli.commands import fail, print_table
from vance_ui.settings import Settings


def add_stats_parser(actions: Any, scope_options: object) -> None:
    stats = actions.add_parser("stats", help="how the wizards are used (counts only)",
                               description="Usage counts: every wizard you may see, or one wizard's funnel.")
    stats.add_argument("name", nargs="?", help="one wizard: its funnel and where users stop")
    stats.add_argument("--days", type=int, default=30, help="the last DAYS days, today included (1-400; default 30)")
    stats.add_argument("--lang", help="language of the step names and the reading (default: the tenant's)")
    stats.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print the API's JSON")
    scope_options(stats, suppress=True)  # type: ignore[operator]


def _fetch(args: argparse.Namespace) -> dict[str, Any]:
    """The API's JSON: from `--server`, or built by the same code on the local data dir."""
    settings = Settings()
    tenant = getattr(args, "tenant", None) or settings.tenant
    project = getattr(args, "project", None)
    if getattr(args, "server", None):
        import httpx

        token = getattr(args, "token", None) or os.environ.get("VANCE_TOKEN") or None
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        path = f"/brain/{tenant}/wizards/{args.name}/stats" if args.name else f"/brain/{tenant}/stats/wizards"
        params = {"days": args.days, **({"projectId": project} if project else {}),
                  **({"lang": args.lang} if args.lang else {})}
        with httpx.Client(base_url=args.server.rstrip("/"), headers=headers, timeout=30) as client:
            response, data = http_call(client, "GET", path, params=params)
        if response.status_code >= 400:
            raise BackendError(f"{response.status_code} {data.get('error', '')}: {data.get('message', response.text)}")
        return data
    from vance_ui.api.stats_routes import stats_list_out, wizard_stats_out
    from vance_ui.service import Scope, WizardNotFound, WizardService

    if not 1 <= args.days <= 400:
        raise BackendError("--days must be from 1 to 400")
    service = WizardService.from_settings(settings)
    try:  # the data dir's owner sees all of it, as the local user of single-user mode does
        scope = Scope(tenant, settings.user, project, admin=True)
        out = wizard_stats_out(service, scope, args.name, args.days, args.lang) if args.name \
            else stats_list_out(service, scope, args.days, args.lang)
        return out.model_dump(mode="json", by_alias=True)
    except WizardNotFound as exc:
        raise BackendError(f"no wizard named {exc.name!r}") from None
    finally:
        service.close()


def _seconds(value: int | None) -> str:
    if value is None:
        return "-"
    return f"<= {value // 60} min" if value >= 120 else f"<= {value} s"


def run_stats(args: argparse.Namespace) -> int:
    try:
        data = _fetch(args)
    except (BackendError, OSError, ValueError) as exc:
        return fail(str(exc))
    if getattr(args, "json", False):
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    if not args.name:
        print_table([[w["name"], w["title"], str(w["opened"]), str(w["used"]), str(w["sent"]),
                      _seconds(w["medianSecondsToUse"])] for w in data["wizards"]],
                    ["NAME", "TITLE", "OPENED", "USED", "SENT", "MEDIAN TIME TO USE"])
        return 0
    opened = data["funnel"][0]["count"]
    print(f"{data['title']} ({data['name']}), the last {data['days']} days")
    print_table([[step["label"], str(step["count"]), f"{round(100 * step['count'] / opened)} %" if opened else "-"]
                 for step in data["funnel"]], ["STEP", "COUNT", "OF OPENED"])
    print(data["reading"])
    if data["openedFrom"]:
        print("opened from: " + ", ".join(f"{where} {n}" for where, n in data["openedFrom"].items()))
    print(f"median time to use: {_seconds(data['medianSecondsToUse'])}")
    return 0
