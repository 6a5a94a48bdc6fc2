"""Safe YAML reading for wizard files: bounded, duplicate keys rejected, positions kept.

PyYAML silently keeps the last of two equal keys and expands aliases by reference (a
"billion laughs" file is tiny but explodes when walked), so we compose the node graph first,
count it with multiplicity (aliases count as what they stand for: values, characters, depth),
and only then construct Python data. Every value, and the whole file expanded, has a size cap.
Wizard text from users is parsed only in a load worker (`vance_ui.wizards.load_worker`).
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from vance_ui.wizards.format.paths import Path

MAX_FILE_BYTES = 512 * 1024
MAX_NODES = 50_000
MAX_DEPTH = 40
#: what a file may expand to: the characters of every key and value, each alias counted as what it stands for
MAX_EXPANDED_CHARS = 4 * MAX_FILE_BYTES
#: the longest single value (a template, a label, a default): as long as a template may be
MAX_VALUE_CHARS = 64_000
#: what a double-quoted escape (\0, \uD800) could put into a scalar although the file itself is valid UTF-8
_UNKNOWN_TAG = re.compile(r"could not determine a constructor for the tag '(tag:yaml\.org,2002:)?([^']*)'")
_BAD_SCALAR = re.compile("[\x00\ud800-\udfff]")


class SourceProblem(Exception):
    """What is wrong, and where: 1-based line and column, and `path`, the place in the file's data
    (`("pages", 1, "fields")`), when known. `code` names the kind of problem and `params` what its
    message quotes, so an editor can say it in the author's words and language; `message` is the
    technical text lint and the API print."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None, *,
                 path: Path | None = None, code: str = "", params: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.path = path
        self.code = code
        self.params = params or {}

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        return f"{where}{self.message}"


class _StrictLoader(yaml.CSafeLoader):
    """libyaml's fast safe loader (PyYAML wheels ship it) plus duplicate-key detection."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise SourceProblem("merge keys ('<<') are not supported in wizard files: write the keys out",
                                    *_pos(key_node))
            key = self.construct_object(key_node, deep=True)
            try:
                duplicate = key in seen
            except TypeError:
                raise SourceProblem("mapping keys must be plain values", *_pos(key_node)) from None
            if duplicate:
                raise SourceProblem(f"duplicate key '{key}'", *_pos(key_node))
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def _pos(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _count(node: yaml.Node) -> None:
    """Walk with multiplicity (aliases counted every time), bounded in values, depth and characters."""
    budget, chars = MAX_NODES, MAX_EXPANDED_CHARS
    stack: list[tuple[yaml.Node, int]] = [(node, 0)]
    while stack:
        current, depth = stack.pop()
        budget -= 1
        if budget < 0:
            raise SourceProblem(f"the document has more than {MAX_NODES} values (alias bomb?)", *_pos(node))
        if depth > MAX_DEPTH:
            raise SourceProblem(f"the document is nested more than {MAX_DEPTH} levels deep", *_pos(current))
        if isinstance(current, yaml.ScalarNode):
            if len(current.value) > MAX_VALUE_CHARS:
                raise SourceProblem(f"a value is longer than {MAX_VALUE_CHARS} characters", *_pos(current))
            chars -= len(current.value) + 1
            if chars < 0:
                raise SourceProblem(f"the document expands to more than {MAX_EXPANDED_CHARS // 1024 // 1024} MiB "
                                    "of text (alias bomb? each alias counts as what it stands for)", *_pos(current))
            if isinstance(current.value, str) and _BAD_SCALAR.search(current.value):
                raise SourceProblem("a value contains a NUL character or an unpaired surrogate (from an escape)",
                                    *_pos(current))
        elif isinstance(current, yaml.SequenceNode):
            stack.extend((child, depth + 1) for child in current.value)
        elif isinstance(current, yaml.MappingNode):
            for key, value in current.value:
                stack.append((key, depth + 1))
                stack.append((value, depth + 1))


_NODE_EVENTS = (yaml.ScalarEvent, yaml.AliasEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)


def _mark(event: yaml.Event) -> tuple[int | None, int | None]:
    mark = event.start_mark
    return (mark.line + 1, mark.column + 1) if mark is not None else (None, None)


def _prescan(text: str) -> None:
    """Count parser events (C speed) before composing: composing 60,000 nodes takes ~0.5 s of Python
    objects, so a file that is too big or too deep in plain values is refused before that is spent."""
    scanner = yaml.CSafeLoader(text)
    try:
        nodes = depth = 0
        while scanner.check_event():
            event = scanner.get_event()
            if isinstance(event, _NODE_EVENTS):
                nodes += 1
                if nodes > MAX_NODES:
                    raise SourceProblem(f"the document has more than {MAX_NODES} values", *_mark(event))
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    raise SourceProblem(f"the document is nested more than {MAX_DEPTH} levels deep", *_mark(event))
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
    finally:
        scanner.dispose()


def parse_yaml(content: bytes) -> tuple[Any, yaml.Node | None]:
    """Return the data and its node graph, or raise `SourceProblem`."""
    if len(content) > MAX_FILE_BYTES:
        raise SourceProblem(f"file is larger than {MAX_FILE_BYTES // 1024} KiB")
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SourceProblem(f"file is not UTF-8 text (invalid byte at offset {exc.start})") from None
    if "\x00" in text:
        raise SourceProblem("file contains a NUL character")
    loader = _StrictLoader(text)
    try:
        _prescan(text)
        node = loader.get_single_node()
        if node is None:
            raise SourceProblem("file is empty")
        _count(node)
        data = loader.construct_document(node)
    except SourceProblem:
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        message = " ".join(part for part in (exc.context, exc.problem) if part) or "invalid YAML"
        tag = _UNKNOWN_TAG.search(message)
        if tag and mark is not None:  # python/object, !include, ...: say it plainly
            name = ("!!" if tag.group(1) else "") + tag.group(2)
            raise SourceProblem(f"the tag '{name}' is not allowed: wizard files hold plain YAML values only",
                                mark.line + 1, mark.column + 1) from None
        if mark is None:
            raise SourceProblem(f"invalid YAML: {message}", code="yaml") from None
        raise SourceProblem(f"invalid YAML: {message}", mark.line + 1, mark.column + 1, code="yaml") from None
    except ValueError as exc:
        if "digits" in str(exc):  # int() refuses more than sys.get_int_max_str_digits() digits
            raise SourceProblem("a number has too many digits") from None
        raise SourceProblem(f"invalid YAML: {exc}") from None
    except (yaml.YAMLError, RecursionError, OverflowError) as exc:
        raise SourceProblem(f"invalid YAML: {exc}") from None
    finally:
        loader.dispose()
    return data, node


class Positions:
    """Where each value of a parsed file is. Each mapping's keys are indexed the first time a
    location passes through it, so finding the places of many problems costs one pass over the
    file, not one per problem."""

    def __init__(self, node: yaml.Node | None) -> None:
        self.node = node
        self._keys: dict[int, dict[str, yaml.Node]] = {}

    def _child(self, current: yaml.Node, part: str | int) -> yaml.Node | None:
        if isinstance(current, yaml.MappingNode):
            keys = self._keys.get(id(current))
            if keys is None:
                keys = {}
                for key, value in current.value:
                    if isinstance(key, yaml.ScalarNode):
                        keys.setdefault(key.value, value)
                self._keys[id(current)] = keys
            return keys.get(str(part))
        if isinstance(current, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(current.value):
            found: yaml.Node = current.value[part]
            return found
        return None

    def _follow(self, loc: Path) -> tuple[yaml.Node, bool]:
        """The node of `loc`, as deep as it can be followed (a part that names no child of a mapping
        is a discriminator tag pydantic put into the location: the walk stays on that mapping);
        and whether every part was found."""
        assert self.node is not None
        current, exact = self.node, True
        for part in loc:
            found = self._child(current, part)
            if found is None:
                exact = False
                if isinstance(current, yaml.MappingNode):
                    continue
                break
            current = found
        return current, exact

    def at(self, loc: Path) -> tuple[int | None, int | None]:
        """The 1-based line and column of the value at a location (a pydantic error's, a template's)."""
        if self.node is None:
            return None, None
        return _pos(self._follow(loc)[0])

    def body_line(self, loc: Path) -> int | None:
        """The file line where a scalar's text starts (the line after `|` or `>` for block scalars)."""
        if self.node is None:
            return None
        found, exact = self._follow(loc)
        line = _pos(found)[0]
        if exact and isinstance(found, yaml.ScalarNode) and found.style in ("|", ">"):
            return line + 1
        return line
