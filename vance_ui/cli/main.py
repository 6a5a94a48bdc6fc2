"""`vance`: argument parsing and dispatch; each command lives in its own small module."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

EXAMPLES = """\
commands and examples:
  vance wizards --project research-2026          list the wizards (name, title, category, source)
  vance wizard gremium                            fill a wizard in the terminal, print the prompt
  vance wizard gremium --server http://127.0.0.1:8080 --copy
  vance render gremium --values values.json       non-interactive; validation errors -> stderr, exit 2
  echo '{"outputName": "x"}' | vance render gremium --values - --json
  vance chat                                      chat REPL; /wizard <name> (Tab completes), /wizards, /help
  vance lint                                      check every layer of the data dir and the bundled wizards
  vance lint my-wizards/ draft.yaml               check files or folders (file:line:col: severity: message)
  vance schema > wizard.schema.json               JSON Schema for the yaml-language-server
  vance serve --host 0.0.0.0 --port 8080          the web app, same as `make run`
  vance api --port 8081 --workers 2               the REST API alone, in worker processes (for load)
  vance wizards pull gremium -o gremium.yaml      one layer's wizard file (its version goes to stderr)
  vance wizards push gremium.yaml                 save it back where it was pulled from (validated first)
  vance wizards test gremium draft.yaml           render the wizards' examples; a diff for each failure, exit 1
  vance wizards history gremium --layer VANCE     the last 50 versions; `pull --entry ID` prints one
  vance wizards stats [gremium] [--json]          how wizards are used: counts, a funnel, where users stop
  vance users add alice --tenant acme             multi-user mode (VANCE_USERS_FILE): add a user (asks the password)
  vance users admin alice acme                    make alice a tenant admin (writes acme's _vance and projects)
  vance users token alice                         print a new API token once (only its hash is stored)
  vance wizards --server https://vance.example --token "$VANCE_TOKEN"
  vance store copy --from ./data --to postgresql://vance@db/vance   move a data dir into PostgreSQL (and back)

Settings come from VANCE_* environment variables (VANCE_DATA_DIR, VANCE_TENANT, VANCE_USER,
VANCE_MODEL, ...), as for the web app. Exit codes: 0 ok, 1 error, 2 invalid values, 130 cancelled.
"""


def _scope_options(parser: argparse.ArgumentParser, server: bool = True, suppress: bool = False) -> None:
    """`suppress`: a sub-command's copy, which keeps what was given before the sub-command's name."""
    default: dict[str, Any] = {"default": argparse.SUPPRESS} if suppress else {}
    parser.add_argument("--project", metavar="P", help="project id (default: no project, i.e. _tenant)", **default)
    parser.add_argument("--tenant", help="tenant id (default: VANCE_TENANT or 'default')", **default)
    if server:
        parser.add_argument("--server", metavar="URL", help="use a running app's REST API instead of the data dir",
                            **default)
        parser.add_argument("--token", help="API token for --server in multi-user mode (default: VANCE_TOKEN)",
                            **default)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="vance", description="Vance Prompt Wizards in the terminal: fill wizards, chat, and author wizard files.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    wizards = commands.add_parser("wizards", help="list the wizards as a table", description="List the wizards.")
    _scope_options(wizards)
    wizards.add_argument("--json", action="store_true", help="print the listing as JSON")
    from vance_ui.cli.source_cmd import add_source_parsers

    add_source_parsers(wizards, _scope_options)

    wizard = commands.add_parser("wizard", help="fill a wizard interactively and print the prompt",
                                 description="Ask the fields one after another, then print the rendered prompt.")
    wizard.add_argument("name")
    _scope_options(wizard)
    out = wizard.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help='print {"prompt", "followUps"} as JSON')
    out.add_argument("--copy", action="store_true", help="copy the prompt to the clipboard (prints it if none)")

    render = commands.add_parser("render", help="render non-interactively from a JSON values file",
                                 description="Render a wizard from values; errors as JSON on stderr, exit 2.")
    render.add_argument("name")
    render.add_argument("--values", required=True, metavar="FILE", help="JSON object of field values, '-' for stdin")
    _scope_options(render)
    render.add_argument("--json", action="store_true", help='print {"prompt", "followUps"} as JSON')

    chat = commands.add_parser("chat", help="chat REPL with /wizard <name>",
                               description="Chat with the configured model (or the echo engine).")
    _scope_options(chat)
    chat.add_argument("--history", metavar="FILE", help="input history file (default: ~/.local/state/vance/...)")

    lint = commands.add_parser("lint", help="check wizard files", description="Check wizard files for problems.")
    lint.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (default: data dir + bundled)")
    lint.add_argument("--tenant", help="tenant whose layers resolve follow-ups of files outside the data dir")

    commands.add_parser("schema", help="print the JSON Schema of the wizard format",
                        description="Print the JSON Schema of the wizard file format.")

    from vance_ui.cli.users import add_users_parser

    add_users_parser(commands)

    from vance_ui.cli.store_copy import add_store_parser

    add_store_parser(commands)

    serve = commands.add_parser("serve", help="start the web app (same as `make run`)",
                                description="Start the web app with its REST API.")
    serve.add_argument("--host", help="bind address (default: VANCE_HOST or 127.0.0.1)")
    serve.add_argument("--port", type=int, help="port (default: VANCE_PORT or 8080)")

    api = commands.add_parser("api", help="serve only the REST API, in worker processes",
                              description="Serve /brain/{tenant}/wizards... (no web pages) from worker processes "
                                          "of their own, next to the web app, on the same data dir.")
    api.add_argument("--host", help="bind address (default: VANCE_HOST or 127.0.0.1)")
    api.add_argument("--port", type=int, help="port (default: VANCE_PORT + 1, i.e. 8081)")
    api.add_argument("--workers", type=int, default=2, help="worker processes, 1-16 (default: 2)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command is None:
        build_parser().print_help()
        return 0
    try:
        if args.command == "lint":
            from vance_ui.cli.lint_cmd import run_lint

            return run_lint(args)
        if args.command == "chat":
            from vance_ui.cli.chat import run_chat

            return run_chat(args)
        if args.command == "wizards" and getattr(args, "action", None) == "stats":
            from vance_ui.cli.stats_cmd import run_stats

            return run_stats(args)
        if args.command == "wizards" and getattr(args, "action", None):
            from vance_ui.cli.source_cmd import run_source

            return run_source(args)
        if args.command == "users":
            from vance_ui.cli.users import run_users

            return run_users(args)
        if args.command == "store":
            from vance_ui.cli.store_copy import run_store

            return run_store(args)
        from vance_ui.cli import commands

        handler = {"wizards": commands.cmd_wizards, "wizard": commands.cmd_wizard, "render": commands.cmd_render,
                   "schema": commands.cmd_schema, "serve": commands.cmd_serve,
                   "api": commands.cmd_api}[args.command]
        return handler(args)
    except KeyboardInterrupt:
        print("\ncancelled", file=sys.stderr)
        return 130
    except RuntimeError as error:  # the store (VANCE_DATABASE_URL) cannot be used: one line, no traceback
        from vance_ui.documents.pg_schema import SchemaTooNew
        from vance_ui.documents.store import StoreUnavailable

        if not isinstance(error, (StoreUnavailable, SchemaTooNew)):
            raise
        print(f"vance: {error}", file=sys.stderr)
        return 1
    except EOFError:
        print("\ncancelled", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `vance wizards | head -1`: the reader left, which is fine
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
