"""A simple agent against the engine in the PettingZoo environment (tama.env).

    pip install "./crates/tama-py[env]"
    python env_vs_engine.py --games 10 --depth 1

The agent is greedy by one ply: it plays the legal action whose resulting
position the engine's static evaluation likes best for it (random among
equals). The engine plays the other side with a fixed search depth. Colours
alternate; the script prints the agent's wins, draws and losses and its
score. Both players choose through the environment's actions and masks.
"""
import argparse
import random

import numpy as np

import tama
from tama.env import raw_env

ap = argparse.ArgumentParser()
ap.add_argument("--games", type=int, default=10)
ap.add_argument("--depth", type=int, default=1, help="the engine's search depth")
ap.add_argument("--rules", default="turkish")
ap.add_argument("--max-plies", type=int, default=300)
ap.add_argument("--seed", type=int, default=1)
args = ap.parse_args()

rng = random.Random(args.seed)
engine = tama.Engine(hash_mib=8)


def greedy(board: tama.Board, mask: np.ndarray) -> int:
    """The action whose position is worst for the opponent (one ply)."""
    best, choices = None, []
    for action in np.flatnonzero(mask):
        mv = board.move_from_action(int(action))
        board.push(mv)
        outcome = board.outcome()
        value = (1e6 if outcome and outcome.winner is not None else
                 0 if outcome else -engine.evaluate(board).raw)
        board.pop()
        if best is None or value > best:
            best, choices = value, [int(action)]
        elif value == best:
            choices.append(int(action))
    return rng.choice(choices)


wins = draws = losses = 0
for game in range(args.games):
    env = raw_env(rules=args.rules, max_plies=args.max_plies)
    env.reset(seed=args.seed + game)
    agent = env.possible_agents[game % 2]
    for name in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            if name == agent:
                wins += reward > 0
                losses += reward < 0
                draws += reward == 0
            env.step(None)
            continue
        if name == agent:
            action = greedy(env.board, obs["action_mask"])
        else:
            action = env.board.action(engine.play(env.board, depth=args.depth))
            assert obs["action_mask"][action]
        env.step(action)
score = (wins + draws / 2) / args.games
print(f"greedy agent against the engine at depth {args.depth}, {args.games} games of {args.rules}: "
      f"+{wins} ={draws} -{losses}, score {score:.2f}")
