"""Turn one wizard file into a `LoadedWizard`, or into a list of precise problems.

Fail-fast (spec section 10): YAML, schema and template errors all surface here, at load,
with file positions, so a broken wizard never reaches the listing.

Parsing YAML and compiling templates costs milliseconds per wizard, so a `LoadCache` keeps
the result of every *successful* load on disk, keyed by a hash of the file's bytes and of
the loader's own code: a restart re-validates the cached data with the same schema but skips
YAML, and compiles each template only when it is first rendered. A file that failed once is
never cached and fails again the same way.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import logging
import os
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from jinja2.environment import Template
from pydantic import ValidationError

from vance_ui.wizards.model import CompiledFollowUp, LoadedWizard
from vance_ui.wizards.schema import FIELD_TYPES, WIZARD_NAME_RE, FormField, PasswordField, RepeatField, Wizard
from vance_ui.wizards.templating import CompiledTemplate, TemplateProblem, compile_condition, compile_template
from vance_ui.wizards.validation import validate_values
from vance_ui.wizards.yaml_source import SourceProblem, locate, parse_yaml, scalar_body_line

log = logging.getLogger("vance_ui.wizards")


@dataclass(frozen=True, slots=True)
class CachedLoad:
    """What a successful load leaves in the cache: the YAML data and the names each template reads."""

    data: dict[str, Any]
    templates: dict[str, frozenset[str]]  # origin (e.g. "promptTemplate") -> variables


_MAGIC = b"VWZ1"
_CODE_MODULES = ("loader", "templating", "sandbox", "template_guard", "tag_lines", "schema", "yaml_source",
                 "validation", "model")


def _code_salt() -> bytes:
    """Everything a load result depends on besides the file: Python, Jinja, pydantic and our code."""
    import jinja2
    import pydantic

    digest = hashlib.sha256(f"{sys.version}|{jinja2.__version__}|{pydantic.VERSION}".encode())
    here = Path(__file__).resolve().parent
    for module in _CODE_MODULES:
        digest.update((here / f"{module}.py").read_bytes())
    return digest.digest()


class LoadCache:
    """Successful loads on disk as JSON data (never code), in a private directory; entries are
    written atomically and checked by a digest when read. A forged entry can at worst list a
    wizard whose template then fails its guard on first render: templates are always compiled
    from source through the allowlist."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._salt: bytes | None = None
        self._enabled: bool | None = None

    def _ready(self) -> bool:
        if self._enabled is None:
            try:
                self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
                st = self.directory.stat()
                private = st.st_uid == os.getuid() and not st.st_mode & 0o022
                self._salt = _code_salt()
                self._enabled = private
                if not private:
                    log.warning("wizard load cache disabled: %s is writable by others", self.directory)
            except OSError as exc:
                log.warning("wizard load cache disabled: %s", exc)
                self._enabled = False
        return self._enabled

    def _path(self, name: str, content: bytes) -> str:
        assert self._salt is not None
        key = hashlib.sha256(self._salt + name.encode() + b"\0" + content).hexdigest()
        return os.path.join(self.directory, key[:2], key[2:])

    def get(self, name: str, content: bytes) -> CachedLoad | None:
        """The entry of a file that loaded before, else None."""
        return self._read(self._path(name, content)) if self._ready() else None

    @staticmethod
    def _read(path: str) -> CachedLoad | None:
        try:
            with open(path, "rb") as handle:
                raw = handle.read()
        except OSError:
            return None
        payload = raw[len(_MAGIC) + 32:]
        if raw[:len(_MAGIC)] != _MAGIC or raw[len(_MAGIC):len(_MAGIC) + 32] != hashlib.sha256(payload).digest():
            return None
        try:
            data, templates = json.loads(payload, object_pairs_hook=_interned_object)
            return CachedLoad(data, {origin: frozenset(names) for origin, names in templates.items()})
        except (ValueError, TypeError, AttributeError, RecursionError):
            return None

    @staticmethod
    def template(origin: str, source: str, expression: bool) -> Template:
        """A cached wizard's template, compiled (guard included) from its source on first use.

        The cache holds data only, never code: whoever can write the data dir (wizard authors)
        could otherwise plant code objects that bypass the sandbox."""
        return (compile_condition if expression else compile_template)(source, origin).template

    def put(self, name: str, content: bytes, entry: CachedLoad) -> None:
        if not self._ready():
            return
        templates = {origin: sorted(names) for origin, names in entry.templates.items()}
        try:
            payload = json.dumps([entry.data, templates], ensure_ascii=False).encode()
        except (TypeError, ValueError):  # YAML values JSON cannot hold (e.g. dates): not cached
            return
        path = Path(self._path(name, content))
        tmp = path.with_name(f".{path.name}.{os.getpid()}-{threading.get_ident()}.tmp")
        try:
            path.parent.mkdir(mode=0o700, exist_ok=True)
            tmp.write_bytes(_MAGIC + hashlib.sha256(payload).digest() + payload)
            os.replace(tmp, path)
        except OSError:
            tmp.unlink(missing_ok=True)


def _interned_object(pairs: list[tuple[Any, Any]]) -> dict[Any, Any]:
    """Share keys and short values ("en", "type", "string", ...) between thousands of wizards.

    Called by the JSON decoder for every object, so no second walk over the data is needed."""
    return {sys.intern(key) if type(key) is str else key:
            sys.intern(value) if type(value) is str and len(value) <= 32 else value
            for key, value in pairs}


def _interned(value: Any) -> Any:
    """Freshly parsed YAML data shared the way `_interned_object` shares the cache's."""
    if type(value) is dict:
        return _interned_object([(key, _interned(item)) for key, item in value.items()])
    if type(value) is list:
        return [_interned(item) for item in value]
    return value


class WizardLoadError(Exception):
    """A wizard file that cannot be used; `problems` lists every reason found."""

    def __init__(self, location: str, problems: list[SourceProblem]) -> None:
        self.location = location
        self.problems = problems
        super().__init__(f"{location}: " + "; ".join(str(p) for p in problems))


def _loc_text(loc: tuple[int | str, ...]) -> str:
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        elif part in FIELD_TYPES:
            continue  # the discriminator tag pydantic puts into the path
        else:
            text += f".{part}" if text else str(part)
    return text


def _schema_problems(exc: ValidationError, node: yaml.Node | None) -> list[SourceProblem]:
    problems: list[SourceProblem] = []
    for error in exc.errors(include_url=False):
        loc = tuple(error["loc"])
        where = _loc_text(loc)
        kind = error["type"]
        if kind == "extra_forbidden":
            key = where.rsplit(".", 1)[-1]
            parent = where.rsplit(".", 1)[0] if "." in where else ""
            tag = next((p for p in loc if isinstance(p, str) and p in FIELD_TYPES), None)
            message = f"unknown key '{key}'" + (f" (not allowed for type '{tag}')" if tag else "")
            where = parent
        elif kind == "missing":
            message = "this key is required"
        elif kind == "union_tag_invalid":
            message = f"unknown field type (use one of: {', '.join(FIELD_TYPES)})"
        elif kind == "union_tag_not_found":
            message = "every field needs a 'type'"
        else:
            message = error["msg"].removeprefix("Value error, ")
        line, column = locate(node, loc)
        problems.append(SourceProblem(f"{where}: {message}" if where else message, line, column))
    return problems


def _compile(source: str, origin: str, node: yaml.Node | None, loc: tuple[int | str, ...], *,
             expression: bool = False) -> CompiledTemplate:
    try:
        return (compile_condition if expression else compile_template)(source, origin)
    except TemplateProblem as problem:
        start = scalar_body_line(node, loc)
        line = start + (problem.lineno - 1) if start and problem.lineno else start
        where = _loc_text(loc)
        raise SourceProblem(f"{where}: {problem.message}", line) from None


def _password_names(fields: list[FormField]) -> set[str]:
    return {f.name for f in fields if isinstance(f, PasswordField)}


Compiler = Callable[[str, tuple[int | str, ...], bool], CompiledTemplate]


def _compile_all(wizard: Wizard, node: yaml.Node | None, compiler: Compiler | None = None) -> tuple[Any, ...]:
    """Compile every template of `wizard` (or take them from `compiler`), collecting problems."""
    problems: list[SourceProblem] = []

    def attempt(source: str, loc: tuple[int | str, ...], expression: bool = False) -> CompiledTemplate | None:
        try:
            if compiler is not None:
                return compiler(source, loc, expression)
            return _compile(source, _loc_text(loc), node, loc, expression=expression)
        except SourceProblem as problem:
            problems.append(problem)
            return None

    prompt = attempt(wizard.prompt_template, ("promptTemplate",))
    validator = attempt(wizard.validator_prompt, ("validatorPrompt",)) if wizard.validator_prompt else None
    secrets = _password_names(wizard.fields)
    follow_ups: list[CompiledFollowUp] = []
    for index, follow in enumerate(wizard.suggested_follow_ups):
        base: tuple[int | str, ...] = ("suggestedFollowUps", index)
        labels = {lang: attempt(text, (*base, "label", lang)) for lang, text in follow.label.items()}
        prefill = {key: attempt(text, (*base, "prefill", key)) for key, text in follow.prefill.items()}
        condition = attempt(follow.condition, (*base, "condition"), True) if follow.condition else None
        for key, compiled in [*(("label", c) for c in labels.values()), *prefill.items()]:
            leaked = compiled.variables & secrets if compiled else set()
            if leaked:
                line, _ = locate(node, base)
                problems.append(SourceProblem(
                    f"suggestedFollowUps[{index}].{key}: uses password field '{sorted(leaked)[0]}', "
                    "which must never appear in a link", line))
        if all(labels.values()) and all(prefill.values()):
            follow_ups.append(CompiledFollowUp(
                follow.wizard,
                {k: v for k, v in labels.items() if v is not None},
                {k: v for k, v in prefill.items() if v is not None},
                condition,
            ))
    return prompt, validator, tuple(follow_ups), problems


def _default_problems(fields: list[FormField], node: yaml.Node | None) -> list[SourceProblem]:
    """Repeat defaults are small forms: check them with the form validator itself."""
    problems: list[SourceProblem] = []
    for index, field in enumerate(fields):
        if isinstance(field, RepeatField) and field.default_value is not None:
            result = validate_values([field], {field.name: field.default_value})
            for error in result.errors:
                line, column = locate(node, ("fields", index, "defaultValue"))
                problems.append(SourceProblem(f"fields[{index}].defaultValue: {error.field}: {error.message}",
                                              line, column))
    return problems


def load_wizard(name: str, content: bytes, location: str, version: str = "",
                cache: LoadCache | None = None) -> LoadedWizard:
    """Parse, validate and compile; raise `WizardLoadError` with every problem found."""
    if not WIZARD_NAME_RE.fullmatch(name):
        raise WizardLoadError(location, [SourceProblem(
            f"'{name}' is not a valid wizard name: use lowercase letters, digits, '-' and '_' in the file name")])
    if cache is not None:
        cached = cache.get(name, content)
        if cached is not None:
            hit = _from_cache(name, cached, location, version)
            if hit is not None:
                return hit
    try:
        data, node = parse_yaml(content)
    except SourceProblem as problem:
        raise WizardLoadError(location, [problem]) from None
    if not isinstance(data, dict):
        raise WizardLoadError(location, [SourceProblem("a wizard file must be a mapping of keys (title, fields, ...)",
                                                       1, 1)])
    try:
        wizard = Wizard.model_validate(data)
    except ValidationError as exc:
        raise WizardLoadError(location, _schema_problems(exc, node)) from None
    except RecursionError:
        raise WizardLoadError(location, [SourceProblem("the document is nested too deeply")]) from None
    prompt, validator, follow_ups, problems = _compile_all(wizard, node)
    problems.extend(_default_problems(wizard.fields, node))
    if problems or prompt is None:
        raise WizardLoadError(location, problems)
    loaded = LoadedWizard(name, wizard, prompt, validator, follow_ups, location, version)
    templates = {template.origin: template.variables for template in _templates_of_wizard(loaded)}
    entry = CachedLoad(data, templates)
    if cache is not None:
        cache.put(name, content, entry)
    # Kept the way a restart keeps it: data with shared strings, and each template compiled again
    # when first rendered. Holding every Jinja `Template` of the first load cost ~10 KB per
    # template, the YAML parser's own copy of every key and value ~3.5 KB per wizard (10,000
    # wizards, in-process: a first start had 331 MiB of RSS, a restart 201; now both ~200).
    return _from_cache(name, CachedLoad(_interned(data), templates), location, version) or loaded


def _templates_of_wizard(wizard: LoadedWizard) -> list[CompiledTemplate]:
    out = [wizard.prompt, *([wizard.validator] if wizard.validator else [])]
    for follow in wizard.follow_ups:
        out += [*follow.labels.values(), *follow.prefill.values(), *([follow.condition] if follow.condition else [])]
    return out


def _from_cache(name: str, cached: CachedLoad, location: str, version: str) -> LoadedWizard | None:
    """The same wizard as a full load, from cached data; its templates compile on first use."""
    try:
        wizard = Wizard.model_validate(cached.data)
    except (ValidationError, RecursionError):
        return None

    def lookup(source: str, loc: tuple[int | str, ...], expression: bool) -> CompiledTemplate:
        origin = _loc_text(loc)
        return CompiledTemplate(None, origin, cached.templates[origin], load=functools.partial(
            LoadCache.template, origin, source, expression))

    try:
        prompt, validator, follow_ups, problems = _compile_all(wizard, None, lookup)
    except KeyError:
        return None
    if problems or prompt is None:
        return None
    return LoadedWizard(name, wizard, prompt, validator, follow_ups, location, version)


def with_source(wizard: LoadedWizard, source: Any) -> LoadedWizard:
    return dataclasses.replace(wizard, source=source)
