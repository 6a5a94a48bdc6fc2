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

#: the globals the sandbox gives every template (`sandbox.WizardSandbox`); a name a template reads
#: that is neither one of these, a field nor a context variable prints as nothing (a load warning)
TEMPLATE_GLOBALS = frozenset({"range"})

#: how much a render worker may grow while it works, in MiB (the environment variable it reads)
MEMORY_ENV = "VANCE_RENDER_MEMORY_MB"
DEFAULT_MEMORY_MB = 64
