"""What the editor opens, from its URL: `/editor?wizard=NAME&layer=USER` (Edit),
`&mode=customize&from=RESOURCE` (a copy into a layer that wins by the cascade), `&mode=duplicate`
(a copy under a new name), `?mode=new`, `?mode=import`,
`?mode=prompt` (a new wizard made of a pasted prompt). `?wizard=NAME` alone: Edit if the caller may
write the layer the wizard resolves from, else Customize. Only the caller's own cascade is read."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from vance_ui.authoring.service import LayerForbidden, SourceNotFound, WizardAuthoring
from vance_ui.documents.store import InvalidDocumentPath
from vance_ui.service import WizardNotFound
from vance_ui.web.shell.context import PageContext
from vance_ui.wizards.catalog.model import Source
from vance_ui.wizards.source.document import SourceDocument

#: the cascade, winner first
CASCADE = (Source.PROJECT, Source.USER, Source.VANCE, Source.RESOURCE)


@dataclass(frozen=True)
class Opening:
    name: str
    layer: Source  # where a save goes
    text: str
    version: str | None  # of the file in `layer` (None: there is none yet)
    exists: bool
    notice: str | None = None  # a text key: why the editor opened something else than asked


def _layer(value: str | None) -> Source | None:
    try:
        return Source(value) if value else None
    except ValueError:
        return None


def default_layer(writable: list[Source], below: Source | None = None) -> Source:
    """The caller's own layer if it may write it (and it wins over `below`), else the first that does."""
    winning = [layer for layer in writable if below is None or CASCADE.index(layer) < CASCADE.index(below)]
    choices = winning or writable
    return Source.USER if Source.USER in choices else choices[0]


def _new(ctx: PageContext, writable: list[Source], notice: str | None = None) -> Opening:
    text = SourceDocument.new(ctx.lang, ctx.t("editor_new_title")).dump()
    return Opening("", default_layer(writable), text, None, False, notice)


def open_source(authoring: WizardAuthoring, ctx: PageContext, query: Mapping[str, str],
                writable: list[Source]) -> Opening:
    name, mode = query.get("wizard") or "", query.get("mode") or ""
    if not name or mode in ("new", "import", "prompt"):
        return _new(ctx, writable)
    scope = ctx.scope
    try:
        source = _layer(query.get("from"))
        target = _layer(query.get("layer"))
        if source is None and target is None:  # as listed: edit where it comes from, or customize
            listed = ctx.service.wizard(scope, name).source
            if listed in writable:
                target = listed
            else:
                source, mode = listed, "customize"
        if mode in ("customize", "duplicate") and source is not None:
            original = authoring.read(scope, name, source)
            if mode == "duplicate":
                return Opening("", default_layer(writable), original.text, None, False)
            target = target if target in writable else default_layer(writable, source)
            try:  # customized before: edit that copy
                mine = authoring.read(scope, name, target)
                return Opening(name, target, mine.text, mine.version, True, "editor_customized_before")
            except SourceNotFound:
                return Opening(name, target, original.text, None, False)
        if target is None or target not in writable:
            return _new(ctx, writable, "editor_not_writable")
        stored = authoring.read(scope, name, target)
        return Opening(name, target, stored.text, stored.version, True)
    except (SourceNotFound, WizardNotFound, LayerForbidden, InvalidDocumentPath, ValueError):
        return _new(ctx, writable, "editor_not_found")
