"""The examples run and write what they say."""

import pathlib
import subprocess
import sys

import numpy as np

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"


def test_selfplay_writes_positions_moves_and_results(tmp_path):
    out = tmp_path / "sp.npz"
    run = subprocess.run(
        [sys.executable, str(EXAMPLES / "selfplay.py"), "--games", "2", "--nodes", "200",
         "--max-plies", "40", "--out", str(out)],
        capture_output=True, text=True, check=True,
    )
    assert "positions/s" in run.stdout
    data = np.load(out)
    n = len(data["results"])
    assert 2 <= n <= 80
    assert data["positions"].shape == (n, 5, 8, 8)
    assert data["moves"].shape == (n,)
    # Two random opening plies per game, then engine moves with their index.
    assert (data["moves"] == -1).sum() == 4
    assert ((data["moves"] >= 0) & (data["moves"] < 4096)).sum() == n - 4
    assert set(np.unique(data["results"])) <= {-1.0, 0.0, 1.0}
    # The first position of each game is the start position, White to move.
    assert data["positions"][0, 4].all() and data["positions"][0, :4].sum() == 32


def test_env_vs_engine_plays_and_reports():
    run = subprocess.run(
        [sys.executable, str(EXAMPLES / "env_vs_engine.py"), "--games", "2", "--depth", "1",
         "--max-plies", "60"],
        capture_output=True, text=True, check=True,
    )
    line = run.stdout.strip().splitlines()[-1]
    assert "2 games of turkish" in line, run.stdout
    w, d, l = (int(part[1:]) for part in line.split(": ")[1].split(",")[0].split())
    assert w + d + l == 2
