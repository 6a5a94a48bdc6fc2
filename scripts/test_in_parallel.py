"""`make test` and `make test-fast`: the whole suite, or the quick one, in two pytest processes at
once, one per core.

Each process is a list of pytest runs made one after the other (the two never race for a loopback
port: tests/support/app_server.py `free_port`). Each process's output is printed when both have
ended; the exit status is 1 when any run failed.

    python scripts/test_in_parallel.py full   # `make test`: the browser tests beside the others (and
                                              # a few of them after the others)
    python scripts/test_in_parallel.py fast   # `make test-fast`: no browser, pg or slow test; tests/web
                                              # and tests/domain beside the rest
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

PYTEST = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--durations=15"]  # where CI time goes
FAST = ["-m", "not browser and not pg and not slow"]

#: browser tests that run after the other tests, in the second process: the hosting tests (nginx and
#: two instances) and two phone-layout modules, ~2.5 minutes that even out the two processes' time
AFTER_THE_OTHERS = ["tests/hosting", "tests/a11y/test_phone_footer_browser.py",
                    "tests/a11y/test_authoring_flow_browser.py"]

#: per suite, per process, its pytest runs
SUITES: dict[str, list[list[list[str]]]] = {
    "full": [
        [["-m", "browser", *(f"--ignore={path}" for path in AFTER_THE_OTHERS)]],
        [["-m", "not browser"], ["-m", "browser", *AFTER_THE_OTHERS]],
    ],
    "fast": [
        [[*FAST, "tests/web", "tests/domain"]],
        [[*FAST, "tests", "--ignore=tests/web", "--ignore=tests/domain"]],
    ],
}


def run_process(runs: list[list[str]], log: Path, failed: list[str]) -> None:
    with log.open("w") as out:
        for args in runs:
            started = time.monotonic()
            code = subprocess.call([*PYTEST, *args], stdout=out, stderr=subprocess.STDOUT)
            out.write(f"\n[{' '.join(args)}: exit {code} after {time.monotonic() - started:.0f} s]\n")
            out.flush()
            if code != 0:
                failed.append(" ".join(args))


def main() -> int:
    suite = SUITES[sys.argv[1] if len(sys.argv) > 1 else "full"]
    failed: list[str] = []
    with tempfile.TemporaryDirectory() as logs:
        paths = [Path(logs) / f"process-{number}" for number in range(len(suite))]
        threads = [threading.Thread(target=run_process, args=(runs, path, failed))
                   for runs, path in zip(suite, paths, strict=True)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for path in paths:
            sys.stdout.write(path.read_text(errors="replace"))
    print("failed: " + "; ".join(failed) if failed else "every run passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
