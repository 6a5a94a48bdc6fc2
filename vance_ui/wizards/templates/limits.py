"""The bounds a template runs within, and the names it may read besides the form's values.

A leaf: what `bounded`, `pool` and `pipe` (in the web process) and the worker's sandbox agree on."""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class TemplateLimits:
    max_source_chars: int = 64_000
    max_output_chars: int = 200_000
    max_iterations: int = 50_000
    max_int_bits: int = 4096
    deadline_seconds: float = 1.0


DEFAULT_LIMITS = TemplateLimits()
# Compiling a legal 60 KB template takes ~1 s on a slow, busy 2-core VM (the worker runs at a lower
# priority): checks get more time than a render, and are bounded all the same.
CHECK_LIMITS = replace(DEFAULT_LIMITS, deadline_seconds=3.0)
#: loading one wizard text in a load worker: parse, validate, every template checked (each within
#: CHECK_LIMITS' deadline), positions and warnings; the whole of it within this deadline
LOAD_LIMITS = replace(DEFAULT_LIMITS, deadline_seconds=10.0)
#: how long past a deadline a worker may take before it is killed (by the pool's wait, or, for
#: each template of a batch, by the worker's own SIGALRM)
KILL_MARGIN_SECONDS = 0.05
#: every template run of one request (`/state`, `/render`, `/check`, a form's change) together, in
#: seconds: whatever each template costs within its own deadline, the request stops after this
REQUEST_BUDGET_SECONDS = 3.0

#: the globals the sandbox gives every template (`sandbox.WizardSandbox`); a name a template reads
#: that is neither one of these, a field nor a context variable prints as nothing (a load warning)
TEMPLATE_GLOBALS = frozenset({"range"})

#: how much a render worker may grow while it works, in MiB (the environment variable it reads)
MEMORY_ENV = "VANCE_RENDER_MEMORY_MB"
DEFAULT_MEMORY_MB = 64
#: how much a load worker may grow while it loads one wizard text, in MiB (the node graph of a
#: 512 KiB file and its checks; measured in docs/performance.md)
LOAD_MEMORY_MB = 192
