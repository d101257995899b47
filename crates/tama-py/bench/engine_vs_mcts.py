"""tama's engine (tama.openspiel.EngineBot) against OpenSpiel's MCTS bot
(random rollouts) at equal time a move, on a tama game.

    /tmp/bench/bin/pip install "./crates/tama-py[openspiel]"
    /tmp/bench/bin/python crates/tama-py/bench/engine_vs_mcts.py --games 20 --movetime 0.05 0.2

OpenSpiel's MCTSBot has no clock, only a number of simulations: before
each time control the script times MCTS on the positions of a few random
games and gives it the simulations that fill the engine's `--movetime`.
Colours alternate; a game cut at `--max-plies` is a draw. Prints, per move
time, the engine's wins, draws and losses, the seconds a move each side
really used, and the load average.
"""

import argparse
import os
import time

import numpy as np
import pyspiel

import tama.openspiel
from open_spiel.python.algorithms import mcts


def mcts_bot(game, sims, seed):
    rng = np.random.RandomState(seed)
    return mcts.MCTSBot(game, uct_c=2.0, max_simulations=sims,
                        evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)


def seconds_per_simulation(game, probe=200, positions=12, seed=0):
    rng = np.random.default_rng(seed)
    bot, spent = mcts_bot(game, probe, seed), 0.0
    for _ in range(positions):
        state = game.new_initial_state()
        for _ in range(int(rng.integers(0, 40))):
            if state.is_terminal():
                break
            state.apply_action(int(rng.choice(state.legal_actions())))
        if state.is_terminal():
            state = game.new_initial_state()
        t = time.perf_counter()
        bot.step(state)
        spent += time.perf_counter() - t
    return spent / (positions * probe)


def play(game, bots):
    state, used = game.new_initial_state(), [0.0, 0.0]
    moves = [0, 0]
    while not state.is_terminal():
        p = state.current_player()
        t = time.perf_counter()
        action = bots[p].step(state)
        used[p] += time.perf_counter() - t
        moves[p] += 1
        state.apply_action(action)
    return state.returns(), used, moves


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="tama_turkish")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--movetime", type=float, nargs="+", default=[0.05, 0.2])
    ap.add_argument("--max-plies", type=int, default=200)
    args = ap.parse_args()
    game = pyspiel.load_game(f"{args.game}(max_plies={args.max_plies})")
    per_sim = seconds_per_simulation(game)
    print(f"{args.game}, max {args.max_plies} plies; MCTS (uct_c 2, one random rollout a "
          f"leaf): {per_sim * 1e3:.2f} ms a simulation; {os.cpu_count()} CPUs\n")
    print("| move time | MCTS simulations | games | engine W-D-L | engine score | "
          "s/move engine | s/move MCTS | load |")
    print("|---:|---:|---:|---|---:|---:|---:|---:|")
    for movetime in args.movetime:
        sims = max(2, round(movetime / per_sim))
        wdl, spent, moves = [0, 0, 0], [0.0, 0.0], [0, 0]
        for g in range(args.games):
            side = g % 2  # the engine's seat
            engine = tama.openspiel.EngineBot(side, engine=tama.Engine(hash_mib=16, threads=1),
                                              movetime=movetime)
            bots = [None, None]
            bots[side], bots[1 - side] = engine, mcts_bot(game, sims, g)
            returns, used, count = play(game, bots)
            r = returns[side]
            wdl[0 if r > 0 else 1 if r == 0 else 2] += 1
            spent[0] += used[side]
            spent[1] += used[1 - side]
            moves[0] += count[side]
            moves[1] += count[1 - side]
        score = (wdl[0] + 0.5 * wdl[1]) / args.games
        print(f"| {movetime:g} s | {sims:,} | {args.games} | {wdl[0]}-{wdl[1]}-{wdl[2]} | "
              f"{score:.0%} | {spent[0] / max(1, moves[0]):.3f} | "
              f"{spent[1] / max(1, moves[1]):.3f} | {os.getloadavg()[0]:.2f} |", flush=True)


if __name__ == "__main__":
    main()
