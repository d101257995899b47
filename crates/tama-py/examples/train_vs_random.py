"""Train a small policy against a random player with the batched
environment, and draw its win rate as it learns (an SVG, no plotting
library needed).

    python crates/tama-py/examples/train_vs_random.py --svg curve.svg

The learner plays White in every game of a ``tama.VecEnv``; a random
player (``VecEnv.random_actions``) plays Black. The policy is a softmax
over one learnt preference per (from, to) square pair, the first 4,096
actions (a move's action is its pair unless another legal capture shares
both squares; then one of them is the pair and the policy only picks that
one), masked to the legal moves. It learns by REINFORCE: each game's
result (+1 won, -1 lost, 0 drawn or cut at ``--max-plies``) times the sum
of ``onehot(action) - p`` over the learner's moves of that game, added to
the preferences when the game ends. All games are stepped in one call a
ply; the policy is NumPy on the batch.

The win rate against the random player, measured on the training games
themselves in blocks of games, rises (Turkish, 256 games, 3,000 plies:
about 0.50 to 0.65, figure examples/train_vs_random.svg).
"""

import argparse
from typing import List, Tuple

import numpy as np

import tama

PAIRS = 64 * 64  # the actions of slot 0: from * 64 + to


def train(envs: int = 256, plies: int = 3000, lr: float = 0.05, seed: int = 0,
          rules: str = "turkish", max_plies: int = 120) -> List[Tuple[int, float]]:
    """Trains; returns (ply, result for the learner) for every finished game."""
    env = tama.VecEnv(envs, rules=rules, max_plies=max_plies, threads=1)
    obs, mask = env.reset()
    rng = np.random.default_rng(seed)
    prefs = np.zeros(PAIRS, np.float64)
    trace = np.zeros((envs, PAIRS), np.float64)  # sum of onehot - p, per game
    results: List[Tuple[int, float]] = []
    rows = np.arange(envs)
    for t in range(plies):
        white = env.turns
        actions = env.random_actions(rng.random(envs))  # Black's moves (and a fallback)
        w = rows[white]
        if len(w):
            legal = mask[w, :PAIRS]
            logits = np.where(legal, prefs, -np.inf)
            p = np.exp(logits - logits.max(axis=1, keepdims=True))
            p /= p.sum(axis=1, keepdims=True)
            a = (p.cumsum(axis=1) < rng.random((len(w), 1))).sum(axis=1).clip(0, PAIRS - 1)
            ok = legal[np.arange(len(w)), a]  # rounding at the end of the cumsum
            a = np.where(ok, a, actions[w])
            actions[w] = a
            trace[w] -= p
            trace[w[ok], a[ok]] += 1.0
        obs, mask, rewards, terminated, truncated = env.step(actions)
        done = rows[terminated | truncated]
        if len(done):
            # The reward is the mover's: the learner's when White moved.
            result = np.where(white[done], rewards[done], -rewards[done])
            prefs += lr * (result[:, None] * trace[done]).sum(axis=0) / 8
            trace[done] = 0.0
            results += [(t, float(r)) for r in result]
    return results


def curve(results: List[Tuple[int, float]], blocks: int) -> List[Tuple[int, float]]:
    """(games so far, win rate) over `blocks` equal blocks of games."""
    wins = np.array([r == 1.0 for _, r in results], np.float64)
    k = len(wins) // blocks
    return [((i + 1) * k, float(wins[i * k:(i + 1) * k].mean())) for i in range(blocks)]


def svg(points: List[Tuple[int, float]], title: str) -> str:
    """A line chart of win rate against games, as SVG text."""
    w, h, left, bottom, top, right = 640, 360, 60, 40, 40, 20
    xmax = max(x for x, _ in points)
    lo, hi = 0.3, 0.8

    def px(x: float, y: float) -> Tuple[float, float]:
        return (left + (w - left - right) * x / xmax,
                top + (h - top - bottom) * (hi - y) / (hi - lo))

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="{w / 2}" y="20" text-anchor="middle" font-size="14">{title}</text>']
    for i in range(6):
        y = lo + (hi - lo) * i / 5
        _, py = px(0, y)
        out.append(f'<line x1="{left}" y1="{py:.1f}" x2="{w - right}" y2="{py:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{py + 4:.1f}" text-anchor="end">{y:.1f}</text>')
    _, half = px(0, 0.5)
    out.append(f'<line x1="{left}" y1="{half:.1f}" x2="{w - right}" y2="{half:.1f}" '
               'stroke="#999" stroke-dasharray="4 4"/>')
    for i in range(5):
        x = xmax * (i + 1) / 5
        sx, _ = px(x, lo)
        out.append(f'<text x="{sx:.1f}" y="{h - bottom + 16}" text-anchor="middle">{x:,.0f}</text>')
    out.append(f'<text x="{w / 2}" y="{h - 6}" text-anchor="middle">games played</text>')
    out.append(f'<text x="14" y="{h / 2}" text-anchor="middle" '
               f'transform="rotate(-90 14 {h / 2})">win rate against random</text>')
    line = " ".join("{:.1f},{:.1f}".format(*px(x, y)) for x, y in points)
    out.append(f'<polyline points="{line}" fill="none" stroke="#1f77b4" stroke-width="2"/>')
    for x, y in points:
        sx, sy = px(x, y)
        out.append(f'<circle cx="{sx:.1f}" cy="{sy:.1f}" r="3" fill="#1f77b4"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--plies", type=int, default=3000, help="steps of the batch")
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rules", default="turkish")
    ap.add_argument("--blocks", type=int, default=10, help="points of the curve")
    ap.add_argument("--svg", help="write the curve here")
    args = ap.parse_args()
    results = train(args.envs, args.plies, args.lr, args.seed, args.rules)
    points = curve(results, args.blocks)
    print(f"{len(results)} games; win rate against random by block of "
          f"{points[0][0]} games:")
    for games, rate in points:
        print(f"  {games:6d} {rate:.3f}")
    if args.svg:
        title = (f"{args.rules}: {args.envs} games at once, {args.plies} plies "
                 f"(tama.VecEnv, REINFORCE)")
        with open(args.svg, "w") as f:
            f.write(svg(points, title))


if __name__ == "__main__":
    main()
