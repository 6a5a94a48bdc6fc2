"""`vance lint`: find the files, give each its cascade context, print the findings."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from vance_ui.cli.examples_cmd import example_findings
from vance_ui.settings import Settings
from vance_ui.tenant_settings import BUNDLED_CATEGORIES, TENANT_FILE
from vance_ui.wizards.catalog.cascade import FOLDER, SUFFIX, TENANT_PROJECT, USER_PREFIX, WizardRegistry
from vance_ui.wizards.catalog.lint import CascadeContext, Finding, LintContext, check_wizard, load_source
from vance_ui.wizards.catalog.model import LoadedWizard, Source
from vance_ui.wizards.format.schema import Wizard


@dataclass(frozen=True)
class Target:
    path: Path
    shown: str  # the file name as printed: relative to the working directory when possible


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _wizard_files(folder: Path) -> Iterable[Path]:
    """`*.yaml` directly in the folder, plus every `wizards/*.yaml` below it (a data dir). A layer
    folder's (or vance-defaults') settings files beside its `wizards/` are no wizards."""
    settings = {TENANT_FILE, BUNDLED_CATEGORIES} if (folder / FOLDER).is_dir() else set()
    direct = {p for p in folder.glob(f"*{SUFFIX}") if p.is_file() and p.name not in settings}
    below = {p for p in folder.rglob(f"{FOLDER}/*{SUFFIX}") if p.is_file()}
    return sorted(p for p in direct | below if not any(part.startswith(".") for part in p.parts[-3:]))


def find_targets(paths: list[str], settings: Settings) -> tuple[list[Target], list[str]]:
    """The files to check, and the arguments that name nothing."""
    if not paths:
        files = list(_wizard_files(settings.data_dir)) if settings.data_dir.is_dir() else []
        files += sorted((settings.defaults_dir / FOLDER).glob(f"*{SUFFIX}"))
        return [Target(f, _shown(f)) for f in dict.fromkeys(files)], []
    targets: list[Target] = []
    missing: list[str] = []
    for raw in paths:
        path = Path(raw)
        if path.is_file():
            targets.append(Target(path, _shown(path)))
        elif path.is_dir():
            targets += [Target(f, _shown(f)) for f in _wizard_files(path)]
        else:
            missing.append(raw)
    return targets, missing


def _inside(path: Path, root: Path) -> tuple[str, ...] | None:
    try:
        return path.resolve().relative_to(root.resolve()).parts
    except ValueError:
        return None


def context_for(path: Path, settings: Settings, registry: WizardRegistry, tenant: str,
                known: dict[str, Wizard]) -> LintContext:
    """Where the file sits decides its layer: data dir `<tenant>/<project>/wizards/`, bundled, or elsewhere."""
    user = settings.user
    data = _inside(path, settings.data_dir)
    if data is not None and len(data) == 4 and data[2] == FOLDER:
        file_tenant, project = data[0], data[1]
        if project == TENANT_PROJECT:
            return CascadeContext(registry, file_tenant, None, user, Source.VANCE, known)
        if project.startswith(USER_PREFIX):
            return CascadeContext(registry, file_tenant, None, project[len(USER_PREFIX):], Source.USER, known)
        return CascadeContext(registry, file_tenant, project, user, Source.PROJECT, known)
    bundled = _inside(path, settings.defaults_dir / FOLDER)
    layer = Source.RESOURCE if bundled is not None and len(bundled) == 1 else None
    return CascadeContext(registry, tenant, None, user, layer, known)


def lint_paths(targets: list[Target], settings: Settings, tenant: str) -> list[Finding]:
    from vance_ui.service import WizardService

    service = WizardService.from_settings(settings)
    try:
        return _lint(targets, settings, tenant, service.registry)
    finally:
        service.close()


def _lint(targets: list[Target], settings: Settings, tenant: str, registry: WizardRegistry) -> list[Finding]:
    loaded: dict[Path, LoadedWizard | list[Finding]] = {}
    contents: dict[Path, bytes] = {}
    findings: list[Finding] = []
    for target in targets:
        try:
            contents[target.path] = target.path.read_bytes()
        except OSError as exc:
            findings.append(Finding(target.shown, 1, 1, "error", f"cannot read the file: {exc.strerror}"))
            continue
        loaded[target.path] = load_source(target.path.stem, contents[target.path], target.shown, registry.templates)
    siblings: dict[Path, dict[str, Wizard]] = {}
    for path, result in loaded.items():
        if isinstance(result, LoadedWizard):
            siblings.setdefault(path.parent.resolve(), {})[result.name] = result.definition
    for target in targets:
        outcome = loaded.get(target.path)
        if isinstance(outcome, list):
            findings += outcome
        elif outcome is not None:
            known = siblings.get(target.path.parent.resolve(), {})
            context = context_for(target.path, settings, registry, tenant, known)
            findings += check_wizard(outcome, contents[target.path], target.shown, context)
            findings += example_findings(outcome, contents[target.path], target.shown, registry.templates)
    return findings


def run_lint(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    settings = Settings()
    targets, missing = find_targets(list(args.paths), settings)
    for raw in missing:
        print(f"{raw}:1:1: error: no such file or folder", file=sys.stderr)
    findings = lint_paths(targets, settings, args.tenant or settings.tenant)
    for finding in findings:
        print(finding.format())
    errors = sum(f.severity == "error" for f in findings) + len(missing)
    warnings = sum(f.severity == "warning" for f in findings)
    elapsed = (time.perf_counter() - started) * 1000
    if not args.paths:
        print(_default_scope(targets, settings), file=sys.stderr)
    print(f"{len(targets)} file(s): {errors} error(s), {warnings} warning(s) ({elapsed:.0f} ms)", file=sys.stderr)
    return 1 if errors else 0


def _default_scope(targets: list[Target], settings: Settings) -> str:
    """Which data dir a run without paths checked: a wrong or missing one must not pass silently."""
    data = settings.data_dir.resolve()
    ours = sum(_inside(t.path, data) is not None for t in targets)
    if not settings.data_dir.is_dir():
        return f"no data dir at {data}: checked only the {len(targets)} bundled wizard file(s)"
    return f"checked {ours} wizard file(s) in {data} (plus {len(targets) - ours} bundled)"
