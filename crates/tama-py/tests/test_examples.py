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


def test_training_against_random_learns_and_draws_its_curve(tmp_path):
    # Small settings (about 5 s): the learner's win rate against the random
    # player rises from the first third of the games to the last. One
    # thread and a fixed seed: the same games every run.
    import xml.etree.ElementTree as ET

    sys.path.insert(0, str(EXAMPLES))
    try:
        import train_vs_random as tvr
    finally:
        sys.path.pop(0)
    results = tvr.train(envs=128, plies=1500, lr=0.1, seed=0)
    assert len(results) > 2000 and {r for _, r in results} <= {-1.0, 0.0, 1.0}
    points = tvr.curve(results, 3)
    assert points[-1][1] >= points[0][1] + 0.05, points
    out = tmp_path / "curve.svg"
    run = subprocess.run(
        [sys.executable, str(EXAMPLES / "train_vs_random.py"), "--envs", "16", "--plies", "300",
         "--blocks", "4", "--svg", str(out)],
        capture_output=True, text=True, check=True,
    )
    assert "win rate against random" in run.stdout
    svg = ET.parse(out).getroot()
    assert len(svg.findall("{http://www.w3.org/2000/svg}circle")) == 4
