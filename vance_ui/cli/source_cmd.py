"""`vance wizards pull | push | history`: one layer's wizard file to and from the data dir or a server.

A pulled file remembers where it came from (name, layer, version: its first line, see `pulled.py`);
push uses that, or refuses with the reason when the file's name and the remembered name differ.
A push is validated exactly as a load (problems as `file:line:col: error: message`, exit 2, nothing
written). It never silently overwrites: when the layer already holds the wizard, it needs the version
the file was pulled at (remembered, or `--if-match`; refused if someone saved since) or `--force`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from vance_ui.authoring.service import LayerForbidden, SourceInvalid, SourceNotFound, VersionConflict
from vance_ui.cli.backend import BackendError
from vance_ui.cli.commands import EXIT_INVALID, fail, print_table
from vance_ui.cli.examples_cmd import add_test_parser, run_tests
from vance_ui.cli.pulled import Pulled, read_origin, with_origin
from vance_ui.cli.source_backend import LocalSource, RemoteSource, SourceBackend
from vance_ui.service import Scope
from vance_ui.settings import Settings
from vance_ui.wizards.catalog.model import Source

LAYERS = ("USER", "PROJECT", "VANCE", "RESOURCE")
PUSH_LAYERS = LAYERS[:3]


def add_source_parsers(wizards: argparse.ArgumentParser, scope_options: object) -> None:
    """`pull`, `push`, `history`, `stats` and `test` under `vance wizards` (which alone still lists)."""
    actions = wizards.add_subparsers(dest="action", metavar="ACTION")
    pull = actions.add_parser("pull", help="print (or save) one layer's wizard file",
                              description="Print a wizard's YAML as stored in a layer; its version goes to stderr.")
    pull.add_argument("name")
    pull.add_argument("--layer", choices=LAYERS, help="default: the layer the wizard resolves from")
    pull.add_argument("-o", "--output", metavar="FILE", help="write the YAML to FILE instead of stdout")
    pull.add_argument("--entry", metavar="ID", help="an older version from `vance wizards history` instead")
    push = actions.add_parser("push", help="save a wizard file into a layer (validated first)",
                              description="Save FILE as a wizard into a layer. Refused with every problem when it "
                                          "would not load; an existing wizard needs --if-match or --force.")
    push.add_argument("file", metavar="FILE", help="a wizard YAML file, '-' for stdin")
    push.add_argument("--layer", choices=PUSH_LAYERS,
                      help="default: the layer a pulled file came from if it may be written, else USER (your own)")
    push.add_argument("--name", help="the wizard's name (default: the one a pulled file remembers, which must be "
                                     "its file name without .yaml; else that file name)")
    guard = push.add_mutually_exclusive_group()
    guard.add_argument("--if-match", metavar="VERSION", help="the version pulled: refused if it changed since")
    guard.add_argument("--force", action="store_true", help="overwrite whatever the layer holds")
    history = actions.add_parser("history", help="list a wizard's versions in a layer",
                                 description="The last 50 changes of a wizard in a layer, newest first.")
    history.add_argument("name")
    history.add_argument("--layer", choices=LAYERS[:3], default="USER", help="default: USER")
    history.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print JSON")
    test = add_test_parser(actions)
    for parser in (pull, push, history, test):
        scope_options(parser, suppress=True)  # type: ignore[operator]
    from vance_ui.cli.stats_cmd import add_stats_parser

    add_stats_parser(actions, scope_options)


def _backend(args: argparse.Namespace) -> SourceBackend:
    settings = Settings()
    tenant = getattr(args, "tenant", None) or settings.tenant
    project = getattr(args, "project", None)
    if getattr(args, "server", None):
        token = getattr(args, "token", None) or os.environ.get("VANCE_TOKEN") or None
        return RemoteSource(args.server, tenant, project, token)
    from vance_ui.service import WizardService

    # the data dir's owner writes all of it, as the local user of single-user mode does
    return LocalSource(WizardService.from_settings(settings), Scope(tenant, settings.user, project, admin=True))


def run_source(args: argparse.Namespace) -> int:
    if args.action == "test":
        return run_tests(args)
    try:
        backend = _backend(args)
        if args.action == "pull":
            return _pull(backend, args)
        if args.action == "push":
            return _push(backend, args)
        return _history(backend, args)
    except SourceInvalid as invalid:
        file = getattr(args, "file", None) or "wizard"
        for problem in invalid.problems:
            print(f"{file}:{problem.line or 1}:{problem.column or 1}: error: {problem.message}", file=sys.stderr)
        return fail(f"not saved: {len(invalid.problems)} problem(s)", EXIT_INVALID)
    except VersionConflict as conflict:
        now = f"version {conflict.current}" if conflict.current else "no such wizard"
        return fail(f"not saved: the wizard changed since your pull (the layer now holds {now}); pull again, "
                    "or --force to overwrite")
    except (LayerForbidden, SourceNotFound, BackendError, OSError) as exc:
        return fail(str(exc))


def _pull(backend: SourceBackend, args: argparse.Namespace) -> int:
    layer = Source(args.layer) if args.layer else None
    if args.entry:
        text, note = backend.version_text(args.name, layer or Source.USER, args.entry), f"entry {args.entry}"
        pulled = Pulled(args.name, layer or Source.USER, None)
    else:
        source = backend.read(args.name, layer)
        text, note = source.text, f"{source.layer} layer, version {source.version}"
        pulled = Pulled(args.name, source.layer, source.version)
    if args.output:
        Path(args.output).write_text(with_origin(text, pulled), encoding="utf-8")
    else:
        sys.stdout.write(with_origin(text, pulled))
    print(f"{args.name}: {note}", file=sys.stderr)
    return 0


def _push(backend: SourceBackend, args: argparse.Namespace) -> int:
    raw = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
    pulled, text = read_origin(raw)
    stem = Path(args.file).name.removesuffix(".yaml").removesuffix(".yml") if args.file != "-" else ""
    if args.name:
        name = args.name
    elif pulled is not None:
        if stem and stem != pulled.name:
            return fail(f"{args.file} was pulled from {pulled.where()}, but its file name says '{stem}': pass "
                        f"--name {pulled.name} to push it back there, or --name {stem} for a new wizard")
        name = pulled.name
    else:
        name = stem
    if not name:
        return fail("name the wizard: --name NAME (reading from stdin)")
    same = pulled is not None and pulled.name == name
    if args.layer:
        layer = Source(args.layer)
    else:  # where it was pulled from, if that layer can be written; else your own (a Customize)
        layer = pulled.layer if pulled is not None and same and pulled.layer.value in PUSH_LAYERS else Source.USER
    if_match = args.if_match
    if not if_match and not args.force and pulled is not None and same and pulled.layer == layer:
        if_match = pulled.version  # the version pulled: a save since then is a conflict
    if not if_match and not args.force:
        try:
            current = backend.read(name, layer)
        except SourceNotFound:
            current = None
        if current is not None:
            return fail(f"the {layer} layer already has '{name}' (version {current.version}): pass "
                        f"--if-match {current.version} if your file is based on it, or --force")
    try:
        saved = backend.save(name, layer, text, if_match)
    except SourceInvalid as invalid:  # lines as in the file, the origin line counted
        skipped = raw[:len(raw) - len(text)].count("\n")
        for problem in invalid.problems:
            problem.line = problem.line + skipped if problem.line else problem.line
        raise
    print(f"saved {name} to the {layer} layer (version {saved.version})")
    return 0


def _history(backend: SourceBackend, args: argparse.Namespace) -> int:
    entries = backend.history(args.name, Source(args.layer))
    if getattr(args, "json", False):
        print(json.dumps([{"id": e.id, "time": e.time.isoformat(), "author": e.author, "action": e.action,
                           "size": e.size, "version": e.version} for e in entries], indent=2))
        return 0
    if not entries:
        print(f"no history of '{args.name}' in the {args.layer} layer", file=sys.stderr)
        return 0
    print_table([[e.id, e.time.strftime("%Y-%m-%d %H:%M:%S UTC"), e.author or "(found in the file)", e.action,
                  str(e.size)] for e in entries], ["ID", "TIME", "AUTHOR", "ACTION", "BYTES"])
    return 0
