"""`vance wizards test [NAME|FILE...]`: render each wizard's examples as the chat gets them and
compare (`wizards.filling.examples`); a failure is printed with its diff, exit 1. Without
arguments every wizard of the data dir's listing is tested. `vance lint` runs the examples of the
files it checks too (`example_findings`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from vance_ui.cli.commands import fail
from vance_ui.service import Scope, WizardNotFound, WizardService
from vance_ui.settings import Settings
from vance_ui.wizards.catalog.lint import Finding, load_source
from vance_ui.wizards.catalog.model import LoadedWizard
from vance_ui.wizards.filling.examples import ExampleResult, run_examples
from vance_ui.wizards.format.yaml_source import Positions, SourceProblem, parse_yaml
from vance_ui.wizards.templates.bounded import Templates


def add_test_parser(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    test = actions.add_parser("test", help="render each wizard's examples and compare",
                              description="Render the examples of wizards (by name, from the data dir's listing, or "
                                          "wizard files) and print a diff for each failure; exit 1 if any fails.")
    test.add_argument("targets", nargs="*", metavar="NAME|FILE", help="default: every wizard of the listing")
    return test


def _is_file(target: str) -> bool:
    return target.endswith((".yaml", ".yml")) or "/" in target or Path(target).is_file()


def run_tests(args: argparse.Namespace) -> int:
    settings = Settings()
    tenant = getattr(args, "tenant", None) or settings.tenant
    scope = Scope(tenant, settings.user, getattr(args, "project", None), admin=True)
    service = WizardService.from_settings(settings)
    try:
        targets = list(args.targets) or [summary.name for summary in service.list_wizards(scope)]
        failed = passed = 0
        for target in targets:
            wizard = _load(service, scope, target)
            if wizard is None:
                failed += 1
                continue
            results = run_examples(wizard, service.templates)
            if not results:
                print(f"{wizard.name}: no examples")
            for result in results:
                _report(wizard.name, result)
                passed, failed = (passed + 1, failed) if result.ok else (passed, failed + 1)
        print(f"{passed} passed, {failed} failed")
        return 1 if failed else 0
    finally:
        service.close()


def _load(service: WizardService, scope: Scope, target: str) -> LoadedWizard | None:
    if _is_file(target):
        path = Path(target)
        try:
            content = path.read_bytes()
        except OSError as exc:
            fail(f"{target}: cannot read the file: {exc.strerror}")
            return None
        loaded = load_source(path.stem, content, target, service.templates)
        if isinstance(loaded, list):
            for finding in loaded:
                print(finding.format(), file=sys.stderr)
            fail(f"{target} does not load")
            return None
        return loaded
    try:
        return service.wizard(scope, target)
    except WizardNotFound as missing:
        fail(str(missing))
        return None


def _report(name: str, result: ExampleResult) -> None:
    if result.ok:
        print(f"ok    {name}: {result.title}")
        return
    print(f"FAIL  {name}: {result.title}")
    for failure in result.failures:
        print("      " + failure.replace("\n", "\n      "))


def example_findings(wizard: LoadedWizard, content: bytes, file: str, templates: Templates) -> list[Finding]:
    """Each failing example as lint's error, at the example's line."""
    results = [result for result in run_examples(wizard, templates) if not result.ok]
    if not results:
        return []
    try:
        _, node = parse_yaml(content)
    except SourceProblem:
        node = None
    findings, positions = [], Positions(node)
    for result in results:
        line, column = positions.at(("examples", result.index))
        for failure in result.failures:
            findings.append(Finding(file, line or 1, column or 1, "error", f"{result.title}: {failure}"))
    return findings
