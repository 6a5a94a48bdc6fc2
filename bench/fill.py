"""Fill from chat: `POST .../prefill` on a real app.py against the local fake model, minus the model's
own delay. What is left is the app's share: reading the request, the form's visibility (render
workers), the JSON Schema, litellm's request and response handling, the check of every value and the
answer."""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

import httpx

from bench.server import REPO, AppProcess
from bench.stats import Figure

MODEL_DELAY_S = 0.2  # the fake model waits this long before it answers
TARGET_MS = 50
URL = "/brain/default/wizards/gremium/prefill"
ANSWER = {"outputName": "pricing-council", "purpose": "Pricing decisions for our B2B SaaS",
          "members": [{"name": "Ada", "description": "CFO, numbers-driven"},
                      {"name": "Linus", "description": "CTO, sceptical of hype"}], "budget": 3}
BODY = {"values": {}, "messages": [
    {"role": "user", "content": "We need a council on pricing for our B2B SaaS."},
    {"role": "assistant", "content": "Who should be on it?"},
    {"role": "user", "content": "Ada, our CFO, numbers-driven; Linus, our CTO, sceptical of hype."}]}


def measure(reps: int) -> list[Figure]:
    sys.path.insert(0, str(REPO))
    from tests.support.fake_llm import start_fake_llm, stop_fake_llm

    fake = start_fake_llm()
    fake.reply(json.dumps(ANSWER), first_token_delay=MODEL_DELAY_S)
    env = {"VANCE_FAST_MODEL": "openai/fake", "VANCE_LLM_API_BASE": fake.base_url, "VANCE_LLM_API_KEY": "x"}
    samples: list[float] = []
    try:
        with tempfile.TemporaryDirectory(prefix="vance-bench-fill-") as tmp, \
                AppProcess(Path(tmp) / "data", extra_env=env) as app, \
                httpx.Client(base_url=app.base_url, timeout=60) as client:
            app.wait_for("/brain/default/wizards", timeout=120)
            for warm_up in range(reps + 2):  # the first imports litellm in the app; one more warms its client
                start = time.perf_counter()
                response = client.post(URL, json=BODY)
                elapsed = time.perf_counter() - start
                response.raise_for_status()
                assert response.json()["filled"] == ["outputName", "purpose", "members"], response.text
                if warm_up >= 2:
                    samples.append((elapsed - MODEL_DELAY_S) * 1e3)
    finally:
        stop_fake_llm(fake)
    figure = Figure("fill.round_trip_overhead", "Fill from chat: POST .../prefill minus the model's delay", "ms",
                    samples, target=f"< {TARGET_MS}",
                    note=f"gremium, 3 chat messages, the fake model answering after {MODEL_DELAY_S * 1e3:.0f} ms")
    figure.met = figure.median < TARGET_MS
    return [figure]
