"""Self-play data: engine games at a fixed node count, saved as NumPy arrays.

    python selfplay.py --games 20 --nodes 2000 --out selfplay.npz

positions: float32 (N, 5, 8, 8) (Board.to_array); moves: int16 (N,), the index
of the move played (Move.index; -1 for the two random opening plies of each
game); results: float32 (N,), the game's result for White (1, 0, -1).
"""
import argparse, random, time
import numpy as np
import tama

ap = argparse.ArgumentParser()
ap.add_argument("--games", type=int, default=20)
ap.add_argument("--nodes", type=int, default=2000)
ap.add_argument("--rules", default="armenian")
ap.add_argument("--max-plies", type=int, default=200, help="longer games are scored as draws")
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--out", default="selfplay.npz")
args = ap.parse_args()
engine, rng = tama.Engine(hash_mib=16), random.Random(args.seed)
positions, moves, results = [], [], []
start = time.perf_counter()
for _ in range(args.games):
    board, first = tama.Board(rules=args.rules), len(positions)
    while not board.is_game_over() and len(board.move_stack) < args.max_plies:
        opening = len(board.move_stack) < 2  # random first plies: different games
        mv = rng.choice(board.legal_moves) if opening else engine.play(board, nodes=args.nodes)
        positions.append(board.to_array())
        moves.append(-1 if opening else mv.index())
        board.push(mv)
    outcome = board.outcome()
    z = 0.0 if outcome is None or outcome.winner is None else (1.0 if outcome.winner else -1.0)
    results += [z] * (len(positions) - first)
secs = time.perf_counter() - start
np.savez_compressed(args.out, positions=np.stack(positions), moves=np.array(moves, np.int16),
                    results=np.array(results, np.float32))
print(f"{args.games} games, {len(positions)} positions in {secs:.1f} s: "
      f"{len(positions) / secs:.0f} positions/s -> {args.out}")
