"""The one wizard service: what the REST API, the web UI and the CLI all call.

Adapters translate its exceptions (`WizardNotFound`, `FormInvalid`, `RenderFailed`,
`InvalidDocumentPath`, `LlmError`) into their own way of showing errors.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vance_ui.chat.engine import ChatMessage
from vance_ui.chat.excerpt import excerpt
from vance_ui.chat.sessions import SessionStore
from vance_ui.documents.factory import open_stores
from vance_ui.documents.store import DocumentStore, GenerationMemo, InvalidDocumentPath, StoreUnavailable
from vance_ui.llm.client import LlmError, ModelConfig
from vance_ui.llm.fill import ask_for_values
from vance_ui.llm.review import Suggestion, review_form
from vance_ui.settings import Settings
from vance_ui.tenant_settings import TenantSettingsReader
from vance_ui.usage.events import Step, use_seconds_key
from vance_ui.usage.recorder import USER_KEY_PREFIX, UsageRecorder
from vance_ui.usage.report import UsageReport, usage_report
from vance_ui.usage.stats import UsageReader, WizardUsage
from vance_ui.wizards.catalog.cascade import WizardRegistry, check_project_id
from vance_ui.wizards.catalog.listing import Listing
from vance_ui.wizards.catalog.load_cache import LoadCache
from vance_ui.wizards.catalog.model import LoadedWizard, Source
from vance_ui.wizards.catalog.suggest import MAX_SUGGESTIONS, WizardMatch, suggest
from vance_ui.wizards.catalog.views import WizardDefinition, WizardSummary, definition_view
from vance_ui.wizards.filling.fill import FillResult, fill_request, hide_again, merge_answer
from vance_ui.wizards.filling.prompt import RenderedPrompt, prompt_steps, validator_steps
from vance_ui.wizards.filling.report import FormReport, report_steps
from vance_ui.wizards.filling.state import RenderContext, form_steps, visibility_of
from vance_ui.wizards.format.categories import category_label
from vance_ui.wizards.format.schema import FormField
from vance_ui.wizards.rules.secrets import has_password
from vance_ui.wizards.rules.steps import RenderSteps, run_steps, run_steps_async
from vance_ui.wizards.rules.validation import FieldError
from vance_ui.wizards.templates.bounded import CheckedTemplate, Templates
from vance_ui.wizards.templates.problems import BudgetSpent, TemplateProblem

log = logging.getLogger("vance_ui.service")
_READINESS_PROBE = CheckedTemplate("{{ 1 }}", "readyz", frozenset())


class WizardNotFound(LookupError):
    def __init__(self, name: str) -> None:
        super().__init__(f"no wizard named '{name}'")
        self.name = name


class NoValidator(WizardNotFound):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.args = (f"wizard '{name}' has no validatorPrompt, so it offers no Check",)


class ChatNotFound(LookupError):
    """No chat of the caller's has this id (another user's chats are never read)."""

    def __init__(self, chat_id: str) -> None:
        super().__init__(f"you have no chat with the id {chat_id[:80]!r}")
        self.chat_id = chat_id


class UsageForbidden(PermissionError):
    """The caller may not see this wizard's usage: their own layer's wizards only, all of the
    tenant's for a tenant admin."""

    def __init__(self, name: str) -> None:
        super().__init__(f"you may not see the usage of {name!r}")
        self.name = name


class FormInvalid(ValueError):
    """The values break the form's rules; `lang`: the language the errors are read in."""

    def __init__(self, errors: list[FieldError], lang: str) -> None:
        super().__init__(f"{len(errors)} field(s) need attention")
        self.errors = errors
        self.lang = lang


#: a request whose templates together ran past its time budget, in the language it was made in
_BUDGET_SPENT = {
    "en": "wizard '{name}' could not be rendered: for these values its templates took longer than {seconds:g} s "
          "together, and were stopped",
    "de": "Wizard '{name}' konnte nicht gerendert werden: für diese Werte brauchten seine Templates zusammen "
          "länger als {seconds:g} s und wurden gestoppt",
}


class RenderFailed(RuntimeError):
    """The wizard's template could not be rendered for these values (a limit or a template bug).
    `lang`: the language of the message, when it is worded for the reader (a spent budget)."""

    def __init__(self, name: str, problem: TemplateProblem, lang: str | None = None) -> None:
        if isinstance(problem, BudgetSpent):
            self.lang: str | None = lang if lang in _BUDGET_SPENT else "en"
            message = _BUDGET_SPENT[self.lang].format(name=name, seconds=problem.seconds)
        else:  # the position as lint gives it: the file line, not the line inside the template
            self.lang = None
            message = f"wizard '{name}' could not be rendered: {problem.in_file(f'{name}.yaml')}"
        super().__init__(message)
        self.problem = problem


def _render_failed(name: str, problem: TemplateProblem, fields: Sequence[FormField], lang: str) -> RenderFailed:
    """A template's runtime error may quote a value, and in any transformed form (`int('...')`,
    upper-cased, as a file size): in a form with a password field, it quotes none."""
    if problem.kind != "runtime" or not has_password(fields):
        return RenderFailed(name, problem, lang)
    error = problem.message.split(":", 1)[0]
    withheld = TemplateProblem("runtime", f"{error} (details withheld: this form has a password field)", problem.lineno)
    withheld.origin, withheld.file_line = problem.origin, problem.file_line
    return RenderFailed(name, withheld)


def _safe_report(name: str, wizard: LoadedWizard, report: FormReport) -> FormReport:
    if report.preview_problem is None:
        return report
    problem = _render_failed(name, report.preview_problem, wizard.definition.fields, "en").problem
    return dataclasses.replace(report, preview_problem=problem)


def _prompt_of(wizard: LoadedWizard, values: Mapping[str, Any] | None, ctx: RenderContext,
               lenient: bool) -> RenderSteps[RenderedPrompt]:
    state = yield from form_steps(wizard, values, ctx, lenient=lenient)
    if state.errors:  # a lenient state has none
        raise FormInvalid(state.errors, ctx.lang)
    return (yield from prompt_steps(wizard, state.values, ctx))


def _validator_prompt_of(wizard: LoadedWizard, values: Mapping[str, Any] | None,
                         ctx: RenderContext) -> RenderSteps[str | None]:
    state = yield from form_steps(wizard, values, ctx, lenient=True)  # the form may be incomplete
    return (yield from validator_steps(wizard, state.values, ctx))


@dataclass(frozen=True)
class Scope:
    """Where a request comes from: tenant, optional project, and the user. `admin`: the caller may
    write the tenant's `_vance` and project layers (the local user in single-user mode; a tenant
    admin in multi-user mode); it changes no read."""

    tenant: str
    user: str
    project_id: str | None = None
    admin: bool = False


def _listing_key(scope: Scope) -> tuple[str, str | None, str]:
    return scope.tenant, check_project_id(scope.project_id), scope.user


class WizardService:
    def __init__(self, settings: Settings, data: DocumentStore, bundled: DocumentStore) -> None:
        self.settings = settings
        self.data = data
        # its own render workers, closed with it (`close`): no other service shares or replaces them
        self.templates = Templates.start(settings.render_workers, settings.render_memory_mb)
        self.registry = WizardRegistry(data, bundled, self.templates, LoadCache(settings.cache_dir / "wizards"))
        self.tenants = TenantSettingsReader(data, bundled, settings.language, self.registry.generation)
        self._listings: GenerationMemo[tuple[str, str | None, str], Listing] = GenerationMemo(limit=1024)
        self.usage = UsageRecorder(data, settings.usage_stats)  # counts, never content
        self.usage_reader = UsageReader(data)

    def start_watching(self) -> None:
        for store in (self.registry.data, self.registry.bundled):
            store.start_watching()

    def stop_watching(self) -> None:
        for store in (self.registry.data, self.registry.bundled):
            store.stop_watching()

    async def readiness(self) -> dict[str, str]:
        """What keeps this instance from serving now, by check (`store`, `renderer`); empty: ready.
        The store answers a read, and a render worker renders a constant within its deadline."""
        problems: dict[str, str] = {}
        try:
            await asyncio.to_thread(self.data.info, self.settings.tenant, "_vance", "tenant.yaml")
        except StoreUnavailable as down:
            problems["store"] = str(down)
        try:
            if await self.templates.render_async(_READINESS_PROBE, {}) != "1":
                problems["renderer"] = "a render worker answered wrongly"
        except TemplateProblem as problem:
            problems["renderer"] = problem.message
        return problems

    def warm_up(self) -> int:
        """Load every wizard of the default tenant once, so broken files are logged at boot
        (spec section 10) and the first requests find a warm cache. Returns the count loaded."""
        self.templates.prestart()
        tenant, user = self.settings.tenant, self.settings.user
        loaded = {w.name for w in self.listing(Scope(tenant, user)).wizards()}
        for project in self.registry.projects(tenant):  # valid project ids only
            loaded.update(w.name for w in self.listing(Scope(tenant, user, project)).wizards())
        return len(loaded)

    @classmethod
    def from_settings(cls, settings: Settings) -> WizardService:
        return cls(settings, *open_stores(settings))

    def close(self) -> None:
        """Stop watching and end the render workers (the stores stay open: they are the caller's)."""
        self.stop_watching()
        self.usage.close()
        self.templates.close()

    # -- context ----------------------------------------------------------------------------

    def language(self, tenant: str) -> str:
        """`defaultLanguage` of `<data>/<tenant>/_vance/tenant.yaml`, else VANCE_LANGUAGE (kept
        until the next change in the data dir while it is watched)."""
        return self.tenants.get(tenant).language

    def context(self, scope: Scope, lang: str | None = None) -> RenderContext:
        project = check_project_id(scope.project_id) or ""
        return RenderContext(lang or self.language(scope.tenant), scope.user, project)

    # -- queries ----------------------------------------------------------------------------

    def listing(self, scope: Scope) -> Listing:
        """The scope's listing at the current generation (a new one after each change; one per
        call while the stores are not watched)."""
        key = _listing_key(scope)
        return self._listings.lookup(key, self.registry.generation(),
                                     lambda: Listing(self.registry, *key, self.tenants.get(scope.tenant).categories))

    def list_wizards(self, scope: Scope, lang: str | None = None) -> tuple[WizardSummary, ...]:
        """Visible wizards (cascade + availableIn), by category then title."""
        return self.listing(scope).summaries(lang or self.language(scope.tenant))

    def suggest(self, scope: Scope, text: str, lang: str | None = None, limit: int = MAX_SUGGESTIONS,
                exclude: Collection[str] = ()) -> list[WizardMatch]:
        """The listed wizards that fit a message being typed, best first; none for an ordinary message.
        `exclude`: wizards the user dismissed for this message."""
        return suggest(self.listing(scope), text, lang or self.language(scope.tenant), limit, exclude)

    def wizard(self, scope: Scope, name: str, listing: Listing | None = None) -> LoadedWizard:
        found = (listing or self.listing(scope)).get(name)
        if found is None:
            raise WizardNotFound(name)
        return found

    def definition(self, scope: Scope, name: str, lang: str | None = None) -> WizardDefinition:
        wizard, lang = self.wizard(scope, name), lang or self.language(scope.tenant)
        label = category_label(wizard.head.category, self.tenants.get(scope.tenant).categories, lang)
        return definition_view(wizard, lang, label)

    # -- commands ---------------------------------------------------------------------------

    def render(self, scope: Scope, name: str, values: Mapping[str, Any] | None,
               lang: str | None = None, *, lenient: bool = False) -> RenderedPrompt:
        """Validate strictly, then render; raises `FormInvalid` with every error at once.
        `lenient` (the live preview): an incomplete form still shows its prompt."""
        wizard = self.wizard(scope, name)
        ctx = self.context(scope, lang)
        try:
            return run_steps(_prompt_of(wizard, values, ctx, lenient), self.templates)
        except TemplateProblem as problem:
            raise _render_failed(name, problem, wizard.definition.fields, ctx.lang) from None

    async def render_async(self, scope: Scope, name: str, values: Mapping[str, Any] | None,
                           lang: str | None = None, *, lenient: bool = False) -> RenderedPrompt:
        """`render` for an event loop (the API, the web form): it never blocks the loop. What is not
        in memory yet is read in a thread; the templates render in workers while the loop waits."""
        wizard, ctx = await self._loaded(scope, name, lang)
        try:
            return await run_steps_async(_prompt_of(wizard, values, ctx, lenient), self.templates)
        except TemplateProblem as problem:
            raise _render_failed(name, problem, wizard.definition.fields, ctx.lang) from None

    async def form_report(self, scope: Scope, name: str, values: Mapping[str, Any] | None,
                          lang: str | None = None) -> FormReport:
        """What a form shows for these values: hidden fields and pages, every error of the visible
        fields (with its page), and the live preview (or why it cannot render)."""
        wizard, ctx = await self._loaded(scope, name, lang)
        try:
            return _safe_report(name, wizard, await run_steps_async(report_steps(wizard, values, ctx), self.templates))
        except TemplateProblem as problem:  # a showIf failed: nothing can be shown
            raise _render_failed(name, problem, wizard.definition.fields, ctx.lang) from None

    def form_report_sync(self, scope: Scope, name: str, values: Mapping[str, Any] | None,
                         lang: str | None = None) -> FormReport:
        """`form_report` from a thread (the CLI, which asks page by page)."""
        wizard, ctx = self.wizard(scope, name), self.context(scope, lang)
        try:
            report = run_steps(report_steps(wizard, values, ctx), self.templates)
            return _safe_report(name, wizard, report)
        except TemplateProblem as problem:
            raise _render_failed(name, problem, wizard.definition.fields, ctx.lang) from None

    async def _loaded(self, scope: Scope, name: str, lang: str | None) -> tuple[LoadedWizard, RenderContext]:
        listing = self._listings.current(_listing_key(scope), self.registry.generation())
        if listing is not None and listing.knows(name) and (lang is not None or self.tenants.remembers(scope.tenant)):
            return self.wizard(scope, name, listing), self.context(scope, lang)
        return await asyncio.to_thread(lambda: (self.wizard(scope, name), self.context(scope, lang)))

    def _model_config(self, model: str | None) -> ModelConfig | None:
        if not model:
            return None
        key = self.settings.llm_api_key.get_secret_value() if self.settings.llm_api_key else None
        return ModelConfig(model, self.settings.llm_api_base, key, self.settings.llm_timeout_seconds)

    def validator_model(self) -> ModelConfig | None:
        """VANCE_FAST_MODEL (else VANCE_MODEL) for the LLM Check."""
        return self._model_config(self.settings.validator_model)

    def chat_model(self) -> ModelConfig | None:
        return self._model_config(self.settings.model)

    async def check(self, scope: Scope, name: str, values: Mapping[str, Any] | None,
                    lang: str | None = None) -> list[Suggestion]:
        """The LLM Check: render validatorPrompt (lenient: the form may be incomplete) and ask the fast model."""
        wizard, ctx = await self._loaded(scope, name, lang)
        if wizard.validator is None:
            raise NoValidator(name)
        config = self.validator_model()
        if config is None:
            raise LlmError("not_configured", "No model is configured: set VANCE_FAST_MODEL or VANCE_MODEL.")
        try:
            prompt = await run_steps_async(_validator_prompt_of(wizard, values, ctx), self.templates) or ""
        except TemplateProblem as problem:
            raise _render_failed(name, problem, wizard.definition.fields, ctx.lang) from None
        return await review_form(config, prompt, [f.name for f in wizard.definition.fields], ctx.lang)

    def chat_messages(self, scope: Scope, chat_id: str) -> list[ChatMessage]:
        """What the model saw of the caller's own chat `chat_id` (`ChatNotFound` otherwise)."""
        try:
            session = SessionStore(self.data, scope.tenant, scope.user).get(chat_id)
        except InvalidDocumentPath:
            session = None
        if session is None:
            raise ChatNotFound(chat_id)
        return session.conversation()

    async def prefill(self, scope: Scope, name: str, values: Mapping[str, Any] | None,
                      messages: Sequence[ChatMessage], draft: str = "", lang: str | None = None) -> FillResult:
        """Fill from chat: ask the fast model for the shown, empty, non-password fields from the end
        of one conversation (and the draft), keep what the form's validation accepts, report the rest.
        The posted values are never overwritten; `LlmError` when the model fails (nothing is changed)."""
        wizard, ctx = await self._loaded(scope, name, lang)
        config = self.validator_model()
        if config is None:
            raise LlmError("not_configured", "No model is configured: set VANCE_FAST_MODEL or VANCE_MODEL.")
        typed = dict(values or {})
        fields = wizard.definition.fields
        try:
            before = await run_steps_async(visibility_of(wizard, typed, ctx), self.templates)
            request = fill_request(fields, typed, before.hidden, ctx.lang)
            answer: dict[str, Any] = {}
            if request.fields:
                conversation = excerpt(messages, draft, self.settings.fill_context_chars)
                answer = await ask_for_values(config, request.schema, conversation, ctx.lang)
            result = merge_answer(fields, request, answer, typed, before.hidden, ctx.lang)
            if result.filled:
                after = await run_steps_async(visibility_of(wizard, result.values, ctx), self.templates)
                result = hide_again(result, after.hidden, typed)
        except TemplateProblem as problem:  # a showIf failed for these values
            raise _render_failed(name, problem, fields, ctx.lang) from None
        self.count(scope, name, Step.FILLED)
        return result

    # -- usage: counts, never content ---------------------------------------------------------

    def count(self, scope: Scope, wizard: str, *keys: str) -> None:
        """One more of each `key` (`usage.events`) for this wizard today (no I/O: the listing is at
        hand). A user's own wizard is counted apart from the project's, visible to that user only."""
        if not self.usage.enabled:
            return
        try:
            loaded = self.listing(scope).get(wizard)
        except (InvalidDocumentPath, StoreUnavailable):
            return
        if loaded is not None:
            project = self._usage_key(scope, loaded.source)
            for key in keys:
                self.usage.count(scope.tenant, project, wizard, key)

    def count_used(self, scope: Scope, wizard: str, seconds: float | None = None) -> None:
        """The prompt was used: counted for the tenant, with how long it took since it was opened,
        and for the user's own "recently used"."""
        self.count(scope, wizard, Step.USED, *([use_seconds_key(seconds)] if seconds is not None else []))
        if self.usage.enabled:
            self.usage.count_user_use(scope.tenant, scope.user, wizard)

    @staticmethod
    def _usage_key(scope: Scope, source: Source) -> str | None:
        return f"{USER_KEY_PREFIX}{scope.user}" if source == Source.USER else check_project_id(scope.project_id)

    def may_see_usage(self, scope: Scope, source: Source) -> bool:
        return scope.admin or source == Source.USER

    def usage_report(self, scope: Scope, name: str, days: int, lang: str | None = None) -> UsageReport:
        """The wizard's usage over all the tenant's projects, in `lang`; `UsageForbidden` unless
        it is the caller's own wizard or they administer the tenant."""
        loaded = self.wizard(scope, name)
        if not self.may_see_usage(scope, loaded.source):
            raise UsageForbidden(name)
        own = self._usage_key(scope, loaded.source) if loaded.source == Source.USER else None
        usage = self.usage_reader.wizards(scope.tenant, days, [name], project=own)[name]
        lang = lang or self.language(scope.tenant)
        definition = self.definition(scope, name, lang)
        return usage_report(usage, definition.title, [page.title for page in definition.pages or ()], days, lang)

    def usage_listing(self, scope: Scope, days: int) -> list[WizardUsage]:
        """The usage of every wizard of the listing the caller may see, most used first."""
        visible = [w for w in self.list_wizards(scope) if self.may_see_usage(scope, w.source)]
        own = [w.name for w in visible if w.source == Source.USER]
        usage = {**self.usage_reader.wizards(scope.tenant, days, [w.name for w in visible if w.name not in own]),
                 **self.usage_reader.wizards(scope.tenant, days, own, project=self._usage_key(scope, Source.USER))}
        return sorted(usage.values(), key=lambda u: (-u.totals.get(Step.USED, 0), -u.totals.get(Step.OPENED, 0),
                                                     u.name))

    def most_used(self, scope: Scope, days: int = 30) -> list[str]:
        """Names by use: the user's own recent ones first, then the tenant's most used."""
        try:
            recent = self.usage_reader.recent(scope.tenant, scope.user)
            tenant = [name for name, _ in self.usage_reader.most_used(scope.tenant, days)]
        except StoreUnavailable:
            return []
        return list(dict.fromkeys([*recent, *tenant]))
