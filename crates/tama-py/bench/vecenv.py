"""Environment steps a second: tama.VecEnv at several N, the single PettingZoo
environment and kish, in the same run, random legal actions (Turkish).

    /tmp/bench/bin/pip install "./crates/tama-py[env]" kish
    /tmp/bench/bin/python crates/tama-py/bench/vecenv.py

A step is one ply of one game with its observation and legal-action mask
ready as NumPy arrays (for kish: the position as float32 planes, kish_planes
of bench.py, and its action list, the nearest it has to a mask). The load
average is printed beside every row.
"""

import argparse
import os
import random
import time

import numpy as np

import tama
from bench import kish_planes


def vec_rate(n, seconds, threads):
    env = tama.VecEnv(n, rules="turkish", threads=threads)
    rng = np.random.default_rng(0)
    for _ in range(max(3, 20_000 // n)):  # warm up: every mask page touched
        env.step(env.random_actions(rng.random(n)))
    steps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        env.step(env.random_actions(rng.random(n)))
        steps += n
    return steps / (time.perf_counter() - t0)


def single_rate(seconds):
    from tama.env import raw_env
    e, rng = raw_env(rules="turkish"), random.Random(0)
    e.reset()
    steps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        agent = e.agent_selection
        if e.terminations[agent] or e.truncations[agent]:
            e.reset()
            continue
        obs = e.observe(agent)
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    return steps / (time.perf_counter() - t0)


def kish_rate(seconds):
    import kish
    rng, g = random.Random(0), kish.Game()
    steps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        if not g.status().is_in_progress():
            g = kish.Game()
        kish_planes(g.board())
        acts = g.actions()
        g.make_move(acts[rng.randrange(len(acts))])
        steps += 1
    return steps / (time.perf_counter() - t0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--threads", type=int, default=0)
    args = ap.parse_args()
    rows = []
    for n in (1, 64, 1024, 16384):
        rows.append((f"tama.VecEnv, N = {n:,}", vec_rate(n, args.seconds, args.threads),
                     os.getloadavg()[0]))
    rows.append(("tama.env (PettingZoo, one game)", single_rate(args.seconds), os.getloadavg()[0]))
    try:
        rows.append(("kish (one game, Python loop)", kish_rate(args.seconds), os.getloadavg()[0]))
    except ImportError:
        pass
    print(f"{os.cpu_count()} CPUs, tama {tama.__version__}\n")
    print("| environment | steps/s | load |")
    print("|---|---:|---:|")
    for name, rate, load in rows:
        print(f"| {name} | {rate:,.0f} | {load:.2f} |")


if __name__ == "__main__":
    main()
