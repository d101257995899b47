"""OpenSpiel's AlphaZero (JAX) trains on a tama game: examples/alphazero.py
at tiny settings. Opt-in: its JAX stack (about 760 MB in a fresh venv) is not in
ci.sh; `pip install "./crates/tama-py[alphazero]"` and this test runs."""

import json
import math
import pathlib
import subprocess
import sys

import pytest

pytest.importorskip("pyspiel")
for module in ("jax", "flax", "optax", "chex"):
    pytest.importorskip(module)

EXAMPLE = pathlib.Path(__file__).resolve().parent.parent / "examples" / "alphazero.py"


def test_alphazero_short_run(tmp_path):
    run = subprocess.run(
        [sys.executable, str(EXAMPLE), "--steps", "2", "--simulations", "4",
         "--buffer", "32", "--game", "tama_turkish(max_plies=20)", "--path", str(tmp_path)],
        capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    steps = [json.loads(line) for line in (tmp_path / "learner.jsonl").read_text().splitlines()]
    assert [s["step"] for s in steps] == [1, 2]
    for s in steps:
        assert s["total_states"] >= 32 and math.isfinite(s["loss"]["sum"])
        assert s["game_length"]["max"] <= 20
    # The evaluator played the learner's net against MCTS.
    assert "eval" in steps[-1]
