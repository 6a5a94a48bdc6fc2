"""`vance wizards | wizard | render | schema | serve | api`: each parses nothing, prints little, exits clearly."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from vance_ui.accounts.startup import check_startup
from vance_ui.cli.backend import Backend, BackendError, LocalBackend, RemoteBackend, Rendered
from vance_ui.service import FormInvalid, Scope, WizardNotFound
from vance_ui.settings import PACKAGE_ROOT, Settings

EXIT_ERROR, EXIT_INVALID = 1, 2


def fail(message: str, code: int = EXIT_ERROR) -> int:
    print(f"vance: {message}", file=sys.stderr)
    return code


def make_backend(args: argparse.Namespace, settings: Settings | None = None) -> Backend:
    """`--server URL` -> REST API; otherwise the service on the local data dir."""
    settings = settings or Settings()
    tenant = getattr(args, "tenant", None) or settings.tenant
    project = getattr(args, "project", None)
    if getattr(args, "server", None):
        token = getattr(args, "token", None) or os.environ.get("VANCE_TOKEN") or None
        return RemoteBackend(args.server, tenant, project, token=token)
    from vance_ui.service import WizardService

    # not runtime.create_service: a read-only command must not create ./data wherever it runs
    scope = Scope(tenant=tenant, user=settings.user, project_id=project)
    return LocalBackend(WizardService.from_settings(settings), scope)


def print_table(rows: list[list[str]], header: list[str]) -> None:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    for row in [header, ["-" * w for w in widths], *rows]:
        print("  ".join(str(cell).ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())


def cmd_wizards(args: argparse.Namespace) -> int:
    try:
        wizards = make_backend(args).list_wizards()
    except BackendError as exc:
        return fail(str(exc))
    if args.json:
        print(json.dumps({"wizards": [w.model_dump(mode="json") for w in wizards]}, ensure_ascii=False, indent=2))
        return 0
    print_table([[w.name, w.title, w.category_label or w.category or "", w.source] for w in wizards],
                ["NAME", "TITLE", "CATEGORY", "SOURCE"])
    return 0


def _read_values(source: str) -> dict[str, Any]:
    text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    data = json.loads(text or "{}")
    if isinstance(data, dict) and isinstance(data.get("values"), dict) and len(data) == 1:
        data = data["values"]  # the REST body shape is accepted too
    if not isinstance(data, dict):
        raise ValueError("the values must be a JSON object of field names to values")
    return data


def _print_rendered(rendered: Rendered, as_json: bool, extra: dict[str, Any] | None = None) -> None:
    if as_json:
        print(json.dumps({**rendered.as_json(), **(extra or {})}, ensure_ascii=False, indent=2))
    else:
        print(rendered.prompt)


def cmd_render(args: argparse.Namespace) -> int:
    try:
        values = _read_values(args.values)
    except (OSError, ValueError) as exc:
        return fail(f"cannot read values from {args.values}: {exc}")
    try:
        rendered = make_backend(args).render(args.name, values)
    except WizardNotFound as exc:
        return fail(f"{exc} (see `vance wizards`)")
    except FormInvalid as invalid:
        errors = [e.as_dict(invalid.lang) for e in invalid.errors]
        body = {"error": "validation_failed", "message": str(invalid), "errors": errors}
        print(json.dumps(body, ensure_ascii=False, indent=2), file=sys.stderr)
        return EXIT_INVALID
    except BackendError as exc:
        return fail(str(exc))
    _print_rendered(rendered, args.json)
    return 0


def copy_to_clipboard(text: str) -> str | None:
    """The clipboard tool that took the text, or None when the machine has none."""
    for tool in (["wl-copy"], ["xclip", "-selection", "clipboard"], ["xsel", "--clipboard", "--input"],
                 ["pbcopy"], ["clip.exe"]):
        if shutil.which(tool[0]) is None:
            continue
        try:
            subprocess.run(tool, input=text.encode(), check=True, timeout=5, capture_output=True)
            return tool[0]
        except (OSError, subprocess.SubprocessError):
            continue
    return None


def cmd_wizard(args: argparse.Namespace) -> int:
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.output import create_output

    from vance_ui.cli.prompter import FormPrompter, run_wizard
    from vance_ui.cli.terminal import Terminal

    backend = make_backend(args)
    # the questions go to the terminal even when stdout is redirected to a file or a pipe
    output = None if sys.stdout.isatty() or not sys.stderr.isatty() else create_output(stdout=sys.stderr)
    try:
        with create_app_session(output=output):
            rendered = run_wizard(backend, args.name, FormPrompter(Terminal.from_env()))
    except WizardNotFound as exc:
        return fail(f"{exc} (see `vance wizards`)")
    except (BackendError, OSError) as exc:
        return fail(str(exc))
    if args.copy:
        tool = copy_to_clipboard(rendered.prompt)
        if tool:
            print(f"copied the prompt to the clipboard ({tool})", file=sys.stderr)
            return 0
        print("no clipboard tool found (wl-copy, xclip, xsel, pbcopy); printing the prompt", file=sys.stderr)
    _print_rendered(rendered, args.json)
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    from vance_ui.wizards.format.schema import wizard_json_schema

    print(json.dumps(wizard_json_schema(), indent=2, ensure_ascii=False))
    return 0


def app_file() -> Path:
    return PACKAGE_ROOT.parent / "app.py"


def cmd_serve(args: argparse.Namespace) -> int:
    """Exec app.py like `make run`, with --host/--port as VANCE_HOST/VANCE_PORT."""
    app = app_file()
    if not app.is_file():
        return fail(f"cannot find the web app ({app}); `vance serve` needs a source checkout")
    settings = Settings()
    env = dict(os.environ)
    if args.host:
        env["VANCE_HOST"] = args.host
    if args.port:
        env["VANCE_PORT"] = str(args.port)
    # app.py runs from the checkout (its assets are relative); keep the caller's data dir
    env["VANCE_DATA_DIR"] = str(settings.data_dir.resolve())
    os.chdir(app.parent)
    os.execve(sys.executable, [sys.executable, str(app)], env)


def cmd_api(args: argparse.Namespace) -> int:
    """The REST API alone, in `--workers` processes (`vance_ui/api/server.py` says why)."""
    from vance_ui.api.server import MAX_WORKERS, serve  # FastAPI and uvicorn only for this command

    if not 1 <= args.workers <= MAX_WORKERS:
        return fail(f"--workers must be between 1 and {MAX_WORKERS}")
    if args.host:
        os.environ["VANCE_HOST"] = args.host  # the workers read their settings from the environment
    settings = Settings()
    check_startup(settings)  # refuses here, once, rather than in every worker
    os.environ["VANCE_DATA_DIR"] = str(settings.data_dir.resolve())
    port = args.port or settings.port + 1
    if not 1 <= port <= 65535:
        return fail("--port must be between 1 and 65535")
    serve(settings.host, port, args.workers)
    return 0
