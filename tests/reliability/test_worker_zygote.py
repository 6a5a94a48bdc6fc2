"""Render and load workers are forked by a zygote: they start in milliseconds, get none of the
app's secrets, and a killed worker, a lost zygote or a forked app still gets working workers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.polling import until
from vance_ui.wizards.templates import zygote
from vance_ui.wizards.templates.bounded import Templates
from vance_ui.wizards.templates.limits import DEFAULT_LIMITS, MEMORY_ENV
from vance_ui.wizards.templates.pipe import LOAD_WORKER, PACKAGE_PARENT, RENDER_WORKER, encode_request, start_worker
from vance_ui.wizards.templates.problems import TemplateProblem

BOMB = "{{ ([range(n)|list]*n)|sum(start=[])|length }}"  # C code past the deadline: the pool kills its worker


def environment(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    return dict(entry.decode().split("=", 1) for entry in raw.split(b"\0") if entry)


def ended(pid: int) -> bool:
    """Gone from the process table: ended and reaped, no zombie left."""
    return not Path(f"/proc/{pid}").exists()


@pytest.mark.parametrize("module", [RENDER_WORKER, LOAD_WORKER])
def test_a_worker_gets_no_secret_and_a_session_of_its_own(module: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-never-in-a-worker")
    monkeypatch.setenv("VANCE_STORAGE_SECRET", "never-in-a-worker-either")
    worker = start_worker(64, module)
    try:
        pid = worker.process.pid
        assert set(environment(pid)) <= {"PYTHONPATH", "PATH", MEMORY_ENV}, environment(pid)
        assert os.getsid(pid) == pid, "a worker leads a session of its own"
        assert os.getsid(pid) != os.getsid(0)
    finally:
        worker.close()
    until(lambda: ended(pid), "the closed worker was reaped")


def test_a_worker_killed_past_its_deadline_is_reaped_and_the_next_render_gets_a_fresh_one(
        templates: Templates) -> None:
    bomb = templates.check(BOMB, "promptTemplate")
    before, kills = set(templates.pool.pids()), templates.pool.killed
    with pytest.raises(TemplateProblem):
        templates.render(bomb, {"n": 2500})
    killed = before - set(templates.pool.pids())
    assert len(killed) == 1 and templates.pool.killed == kills + 1
    assert templates.render(templates.check("{{ a }}", "promptTemplate"), {"a": "still here"}) == "still here"
    until(lambda: all(ended(pid) for pid in killed), "the killed worker was reaped", timeout=zygote.REAP_SECONDS + 5)


def test_a_lost_zygote_is_started_again_by_the_next_worker() -> None:
    start_worker(64, RENDER_WORKER).close()
    lost = zygote._zygotes[RENDER_WORKER].process
    lost.kill()
    lost.wait()
    worker = start_worker(64, RENDER_WORKER)
    try:
        assert zygote._zygotes[RENDER_WORKER].process.pid != lost.pid
        request = encode_request("render", "{{ x }}", "t", False, {"x": "rendered"}, DEFAULT_LIMITS)
        assert worker.ask(request, 10) == {"ok": "rendered"}
    finally:
        worker.close()


FORKED_APP = """
import os, sys
from vance_ui.wizards.templates import zygote
from vance_ui.wizards.templates.bounded import Templates

def render(templates):
    return templates.render(templates.check("{{ who }}", "promptTemplate"), {"who": str(os.getpid())})

parent = Templates.start(workers=1, memory_mb=64)
assert render(parent) == str(os.getpid())
parents_zygote = zygote._zygotes["vance_ui.wizards.templates.worker"].process.pid
child = os.fork()
if child == 0:
    templates = Templates.start(workers=1, memory_mb=64)
    ok = render(templates) == str(os.getpid())
    ok = ok and zygote._zygotes["vance_ui.wizards.templates.worker"].process.pid != parents_zygote
    templates.close()
    os._exit(0 if ok else 3)
_, status = os.waitpid(child, 0)
assert os.waitstatus_to_exitcode(status) == 0, status
assert render(parent) == str(os.getpid()), "the parent's zygote still serves it"
parent.close()
print("both rendered")
"""


def test_a_forked_app_starts_its_own_zygote_and_leaves_its_parent_s_alone() -> None:
    done = subprocess.run([sys.executable, "-c", FORKED_APP], cwd=PACKAGE_PARENT, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0 and "both rendered" in done.stdout, done.stderr


def test_a_zygote_ends_with_its_app() -> None:
    script = ("from vance_ui.wizards.templates import zygote\n"
              "from vance_ui.wizards.templates.pipe import start_worker\n"
              "w = start_worker(64)\n"
              "print(zygote._zygotes['vance_ui.wizards.templates.worker'].process.pid, w.process.pid, flush=True)\n"
              "import sys; sys.stdin.read()\n")
    app = subprocess.Popen([sys.executable, "-c", script], cwd=PACKAGE_PARENT, stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True)
    assert app.stdout is not None and app.stdin is not None
    zygote_pid, worker_pid = (int(pid) for pid in app.stdout.readline().split())
    os.kill(app.pid, signal.SIGKILL)
    app.wait()
    until(lambda: ended(zygote_pid) or _zombie(zygote_pid), "the zygote ended with its app")
    until(lambda: ended(worker_pid) or _zombie(worker_pid), "its worker ended with it")


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def test_a_worker_closed_twice_leaves_other_files_alone(tmp_path: Path) -> None:
    worker = start_worker(64, RENDER_WORKER)
    worker.close()
    with (tmp_path / "later").open("w") as later:  # may get the pidfd's number now
        worker.close()
        os.fstat(later.fileno())
        later.write("still open")
    assert (tmp_path / "later").read_text() == "still open"
