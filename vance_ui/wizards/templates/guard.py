"""An allowlist over the parsed template tree: the spec's declarative subset and nothing else.

Jinja has no switch to turn tags off, so we parse, walk the AST and refuse every node type,
filter, test, call or attribute outside the subset, with the template line of the offence.
"""

from __future__ import annotations

from jinja2 import nodes

ALLOWED_FILTERS = frozenset(
    {"abs", "abbreviate", "capitalize", "center", "count", "d", "default", "dictsort", "e", "escape",
     "filesizeformat", "first", "float", "groupby", "indent", "int", "items", "join", "last", "length",
     "list", "lower", "map", "max", "min", "reject", "rejectattr", "replace", "reverse", "round",
     "rsort", "select", "selectattr", "sort", "string", "striptags", "sum", "title", "tojson", "trim",
     "truncate", "unique", "upper", "urlencode", "wordcount", "wordwrap"}
)
ALLOWED_TESTS = frozenset(
    {"boolean", "defined", "divisibleby", "empty", "eq", "equalto", "even", "false", "float", "ge",
     "greaterthan", "gt", "in", "integer", "iterable", "le", "lessthan", "lower", "lt", "map",
     "mapping", "ne", "none", "null", "number", "odd", "sameas", "sequence", "string", "true",
     "undefined", "upper", "==", "!=", "<", "<=", ">", ">="}
)
ALLOWED_GLOBAL_CALLS = frozenset({"range"})
ALLOWED_LOOP_METHODS = frozenset({"cycle", "changed"})
FORBIDDEN_NAMES = frozenset({"self", "caller", "varargs", "kwargs"})
MAX_DEPTH = 60

_PLAIN_NODES = (
    nodes.Template, nodes.Output, nodes.TemplateData, nodes.Const, nodes.List, nodes.Tuple,
    nodes.Dict, nodes.Pair, nodes.Keyword, nodes.If, nodes.CondExpr, nodes.And, nodes.Or,
    nodes.Not, nodes.Neg, nodes.Pos, nodes.Add, nodes.Sub, nodes.Mul, nodes.Div, nodes.FloorDiv,
    nodes.Mod, nodes.Pow, nodes.Concat, nodes.Compare, nodes.Operand, nodes.Slice,
)

_TAG_NAMES: dict[type[nodes.Node], str] = {
    nodes.Include: "{% include %} is not allowed: wizard templates cannot read other files",
    nodes.Import: "{% import %} is not allowed: wizard templates cannot read other files",
    nodes.FromImport: "{% from ... import %} is not allowed: wizard templates cannot read other files",
    nodes.Extends: "{% extends %} is not allowed: wizard templates cannot read other files",
    nodes.Block: "{% block %} is not allowed in wizard templates",
    nodes.Macro: "{% macro %} is not allowed in wizard templates",
    nodes.CallBlock: "{% call %} is not allowed in wizard templates",
    nodes.Assign: "{% set %} is not allowed in wizard templates",
    nodes.AssignBlock: "{% set %} is not allowed in wizard templates",
    nodes.With: "{% with %} is not allowed in wizard templates",
    nodes.FilterBlock: "{% filter %} blocks are not allowed in wizard templates",
    nodes.Scope: "scoped blocks are not allowed in wizard templates",
    nodes.ExprStmt: "{% do %} is not allowed in wizard templates",
    nodes.ScopedEvalContextModifier: "{% autoescape %} is not allowed in wizard templates",
    nodes.EvalContextModifier: "{% autoescape %} is not allowed in wizard templates",
}


class GuardViolation(Exception):
    """A construct outside the allowed subset, at a template line."""

    def __init__(self, message: str, lineno: int) -> None:
        super().__init__(message)
        self.message = message
        self.lineno = lineno


def check_tree(tree: nodes.Node) -> None:
    """Raise `GuardViolation` for the first construct outside the subset."""
    _check(tree, 0, tree.lineno or 1)
    _check_callables(tree)


def _check_callables(tree: nodes.Node) -> None:
    """`range`, `loop` and loop methods are tools, not data: `range` and `loop.cycle` only called,
    `loop` only with an attribute. Printed or joined, they would show Python internals."""
    called = {id(call.node) for call in tree.find_all(nodes.Call)}
    looked_into = {id(node.node) for node in tree.find_all(nodes.Getattr)}
    looked_into |= {id(node.node) for node in tree.find_all(nodes.Getitem)}
    for name in tree.find_all(nodes.Name):
        if name.name == "range" and id(name) not in called:
            raise GuardViolation("'range' can only be called, as range(...)", name.lineno)
        if name.name == "loop" and name.ctx == "load" and id(name) not in looked_into:
            raise GuardViolation("'loop' can only be used with an attribute, such as loop.index", name.lineno)
    for attr in tree.find_all(nodes.Getattr):
        if (isinstance(attr.node, nodes.Name) and attr.node.name == "loop" and attr.attr in ALLOWED_LOOP_METHODS
                and id(attr) not in called):
            raise GuardViolation(f"'loop.{attr.attr}' can only be called, as loop.{attr.attr}(...)", attr.lineno)


def _check(node: nodes.Node, depth: int, line: int) -> None:
    line = getattr(node, "lineno", None) or line
    if depth > MAX_DEPTH:
        raise GuardViolation(f"expression nested more than {MAX_DEPTH} levels deep", line)
    for kind, message in _TAG_NAMES.items():
        if isinstance(node, kind):
            raise GuardViolation(message, line)
    _check_node(node, line)
    for child in node.iter_child_nodes():
        _check(child, depth + 1, line)


def _check_node(node: nodes.Node, line: int) -> None:
    if isinstance(node, (nodes.Name, nodes.Keyword)):
        name = node.name if isinstance(node, nodes.Name) else node.key
        if not name.isascii():  # Python folds such names (NFKC) onto others, Jinja's internals among them
            raise GuardViolation(f"names must be plain ASCII letters, digits and '_' ('{name}')", line)
    if isinstance(node, nodes.Keyword):
        return
    if isinstance(node, nodes.Name):
        if node.name.startswith("_") or node.name in FORBIDDEN_NAMES:
            raise GuardViolation(f"the name '{node.name}' is not available in wizard templates", line)
    elif isinstance(node, nodes.Getattr):
        if node.attr.startswith("_"):
            raise GuardViolation(f"attributes starting with '_' are not allowed ('.{node.attr}')", line)
    elif isinstance(node, nodes.Getitem):
        arg = node.arg
        if isinstance(arg, nodes.Const) and isinstance(arg.value, str) and arg.value.startswith("_"):
            raise GuardViolation(f"keys starting with '_' are not allowed ([{arg.value!r}])", line)
    elif isinstance(node, nodes.Filter):
        if node.name not in ALLOWED_FILTERS:
            raise GuardViolation(f"unknown filter '{node.name}'", line)
    elif isinstance(node, nodes.Test):
        if node.name not in ALLOWED_TESTS:
            raise GuardViolation(f"unknown test '{node.name}'", line)
    elif isinstance(node, nodes.Call):
        _check_call(node, line)
    elif isinstance(node, nodes.For):
        if node.recursive:
            raise GuardViolation("recursive loops are not allowed in wizard templates", line)
    elif not isinstance(node, _PLAIN_NODES):
        raise GuardViolation(f"'{type(node).__name__}' is not allowed in wizard templates", line)


def _check_call(node: nodes.Call, line: int) -> None:
    if node.dyn_args is not None or node.dyn_kwargs is not None:
        raise GuardViolation("*args and **kwargs calls are not allowed", line)
    target = node.node
    if isinstance(target, nodes.Name) and target.name in ALLOWED_GLOBAL_CALLS:
        return
    if (
        isinstance(target, nodes.Getattr)
        and isinstance(target.node, nodes.Name)
        and target.node.name == "loop"
        and target.attr in ALLOWED_LOOP_METHODS
    ):
        return
    if isinstance(target, nodes.Getattr):
        raise GuardViolation(f"method calls are not allowed ('.{target.attr}(...)'); use a filter", line)
    raise GuardViolation("function calls are not allowed in wizard templates (only range(...))", line)
