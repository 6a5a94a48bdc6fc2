"""Safe YAML reading for wizard files: bounded, duplicate keys rejected, positions kept.

PyYAML silently keeps the last of two equal keys and expands aliases by reference (a
"billion laughs" file is tiny but explodes when walked), so we compose the node graph first,
count it with multiplicity, and only then construct Python data.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from vance_ui.wizards.format.paths import Path

MAX_FILE_BYTES = 512 * 1024
MAX_NODES = 50_000
MAX_DEPTH = 40
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
    """Walk with multiplicity (aliases counted every time), bounded in size and depth."""
    budget = MAX_NODES
    stack: list[tuple[yaml.Node, int]] = [(node, 0)]
    while stack:
        current, depth = stack.pop()
        budget -= 1
        if budget < 0:
            raise SourceProblem(f"the document has more than {MAX_NODES} values (alias bomb?)", *_pos(node))
        if depth > MAX_DEPTH:
            raise SourceProblem(f"the document is nested more than {MAX_DEPTH} levels deep", *_pos(current))
        if isinstance(current, yaml.ScalarNode):
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


def locate(node: yaml.Node | None, loc: Path) -> tuple[int | None, int | None]:
    """The position of the value at a pydantic error location, as deep as it can be followed."""
    if node is None:
        return None, None
    current = node
    for part in loc:
        nxt: yaml.Node | None = None
        if isinstance(current, yaml.MappingNode):
            for key, value in current.value:
                if isinstance(key, yaml.ScalarNode) and key.value == str(part):
                    nxt = value
                    break
        elif isinstance(current, yaml.SequenceNode) and isinstance(part, int) and part < len(current.value):
            nxt = current.value[part]
        if nxt is None:
            if isinstance(current, yaml.MappingNode):
                continue  # a discriminator tag in the location: stay on this mapping
            break
        current = nxt
    return _pos(current)


def scalar_body_line(node: yaml.Node | None, loc: Path) -> int | None:
    """The file line where a scalar's text starts (the line after `|` for block scalars)."""
    line, _ = locate(node, loc)
    if line is None or node is None:
        return None
    target = node
    for part in loc:
        found = None
        if isinstance(target, yaml.MappingNode):
            found = next((v for k, v in target.value if isinstance(k, yaml.ScalarNode) and k.value == str(part)), None)
        elif isinstance(target, yaml.SequenceNode) and isinstance(part, int) and part < len(target.value):
            found = target.value[part]
        if found is None:
            return line
        target = found
    if isinstance(target, yaml.ScalarNode) and target.style in ("|", ">"):
        return line + 1
    return line
