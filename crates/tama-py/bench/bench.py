"""tama against kish and pydraughts from Python, on the same Turkish positions.

Run in a virtual environment with the three packages (kish and pydraughts
only for this benchmark: they are never dependencies of tama)::

    python -m venv /tmp/bench && /tmp/bench/bin/pip install ./crates/tama-py kish pydraughts
    /tmp/bench/bin/python crates/tama-py/bench/bench.py

Rows (each the best of ``--repeat`` runs; the runs of tama and kish take
turns, tama, kish, tama, kish, …, so that both see the same load on a shared
machine; the load average is read after every row):

- legal moves of N random positions (positions along random Turkish games):
  tama ``board.legal_moves`` (a ``MoveList`` view, ``len`` taken) and the same
  with every ``Move`` object made (``list(...)``); kish ``board.actions()``
  (a list of ``Action``); pydraughts ``board.legal_moves()`` on a sample;
- push and pop of one legal move in each position (tama ``Board.push/pop``,
  kish ``Game.make_move/undo_move``, pydraughts ``Board.push/pop``);
- board copy (tama ``Board.copy()``, the whole game; kish has no copy, so
  ``Board.from_bitboards(...)`` of the position; pydraughts ``Board.copy()``);
- random playouts from the start to the end of the game (games/s and plies/s;
  each library's own end-of-game rules: kish also ends on 50 moves without
  capture);
- perft 7 from the start (one call into Rust for tama and kish);
- ``to_array``: one board (tama ``Board.to_array()``, float32 planes; kish
  ``numpy.array(board.to_array(), dtype=uint64)``, as its documentation
  shows), and all N boards at once (tama ``tama.boards_to_array``; kish the
  same conversion over a list). The one-board row compares unlike results
  (1,280 bytes of planes against 32 bytes of bitboards), so a row beside it
  times the same result from both: kish's bitboards turned into tama's
  ``(5, 8, 8)`` float32 planes with NumPy (``kish_planes``; checked equal to
  tama's on every position before timing).

The notes give each library's move and perft counts: kish lists some
king captures twice (the same effect by two paths), as its perft shows.
"""

import argparse
import os
import random
import time

import numpy as np

import tama


def load():
    return os.getloadavg()[0]


def best(fn, repeat):
    """The fastest of `repeat` runs of fn(): (seconds, result)."""
    return duel(repeat, fn)[0]


def duel(repeat, *runs):
    """The fastest of `repeat` runs of each of `runs`, taken in turns (the
    first, the second, …, then again) so that all see the same load:
    [(seconds, result)]. A run is fn() or (setup, fn): fn(setup()), with
    setup outside the timing."""
    out = [(float("inf"), None)] * len(runs)
    for _ in range(repeat):
        for i, run in enumerate(runs):
            setup, fn = run if isinstance(run, tuple) else (None, run)
            arg = setup() if setup else None
            t = time.perf_counter()
            result = fn(arg) if setup else fn()
            elapsed = time.perf_counter() - t
            if elapsed < out[i][0]:
                out[i] = (elapsed, result)
    return out


def random_positions(n, seed):
    """n positions (FEN) along seeded random Turkish games, none over."""
    rng, fens = random.Random(seed), []
    while len(fens) < n:
        board = tama.Board(rules="turkish")
        while len(fens) < n and not board.is_game_over():
            fens.append(board.fen)
            moves = board.legal_moves
            board.push(moves[rng.randrange(len(moves))])
    return fens


def kish_board(kish, board):
    planes = board.to_array()
    bits = [sum(1 << int(i) for i in np.flatnonzero(p.reshape(64))) for p in planes[:4]]
    white, black = bits[0] | bits[1], bits[2] | bits[3]
    kings = bits[1] | bits[3]
    return kish.Board.from_bitboards(0 if board.turn else 1, white, black, kings)


def kish_planes(kish_board_):
    """kish's bitboards as tama's planes: float32 (5, 8, 8), [plane, rank,
    file], planes white men, white kings, black men, black kings, side to
    move (1.0 when White is to move); what a kish user feeds a network."""
    white, black, kings, turn = np.array(kish_board_.to_array(), dtype=np.uint64)
    bits = np.array([white & ~kings, white & kings, black & ~kings, black & kings],
                    dtype=np.uint64)
    planes = np.empty((5, 8, 8), dtype=np.float32)
    planes[:4] = np.unpackbits(bits.view(np.uint8), bitorder="little").reshape(4, 8, 8)
    planes[4] = 1.0 if turn == 0 else 0.0
    return planes


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=10_000)
    ap.add_argument("--playouts", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--pydraughts-sample", type=int, default=200,
                    help="positions for pydraughts (it is ~1000x slower); rates are per position")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    import draughts
    import kish

    n, R = args.positions, args.repeat
    fens = random_positions(n, args.seed)
    boards = [tama.Board(f, rules="turkish") for f in fens]
    kboards = [kish_board(kish, b) for b in boards]
    sample = fens[:: max(1, n // args.pydraughts_sample)][: args.pydraughts_sample]
    pboards = [draughts.Board(variant="turkish", fen=f) for f in sample]
    rows = []

    def row(name, unit, t_tama, t_kish, t_pd, note=""):
        rows.append((name, unit, t_tama, t_kish, t_pd, note, load()))

    # Legal moves. Fresh tama boards for every run (a board keeps its list).
    def fresh():
        return [tama.Board(f, rules="turkish") for f in fens]

    (t_len, total), (t_obj, _), (t_k, ktotal) = duel(
        R,
        (fresh, lambda bs: sum(len(b.legal_moves) for b in bs)),
        (fresh, lambda bs: sum(len(list(b.legal_moves)) for b in bs)),
        lambda: sum(len(b.actions()) for b in kboards),
    )
    t_p, ptotal = best(lambda: sum(len(b.legal_moves()) for b in pboards), 1)
    sample_total = sum(len(tama.Board(f, rules="turkish").legal_moves) for f in sample)
    per = lambda t, k: k / t  # noqa: E731
    row(f"legal moves, {n:,} positions: MoveList", "positions/s",
        per(t_len, n), per(t_k, n), per(t_p, len(sample)),
        f"moves: tama {total:,}, kish {ktotal:,}; sample of {len(sample)}: "
        f"tama {sample_total:,}, pydraughts {ptotal:,}")
    row("legal moves, every move as an object", "positions/s",
        per(t_obj, n), per(t_k, n), per(t_p, len(sample)))

    # Push and pop one legal move in each position.
    tmoves = [b.legal_moves[0] for b in boards]
    kgames = [kish.Game.from_board(b) for b in kboards]
    kmoves = [g.actions()[0] for g in kgames]
    pmoves = [b.legal_moves()[0] for b in pboards]

    def tama_pushpop():
        for b, m in zip(boards, tmoves):
            b.push(m)
            b.pop()

    def kish_pushpop():
        for g, m in zip(kgames, kmoves):
            g.make_move(m)
            g.undo_move()

    def pd_pushpop():
        for b, m in zip(pboards, pmoves):
            b.push(m)
            b.pop()

    (tt, _), (kt, _) = duel(R, tama_pushpop, kish_pushpop)
    row("push + pop", "pairs/s", n / tt, n / kt, len(sample) / best(pd_pushpop, 1)[0])

    # Copies.
    (tt, _), (kt, _) = duel(
        R,
        lambda: [b.copy() for b in boards],
        lambda: [kish.Board.from_bitboards(0 if b.turn == kish.Team.White else 1, b.white_bitboard(),
                                           b.black_bitboard(), b.kings_bitboard())
                 for b in kboards])
    row("board copy", "copies/s", n / tt, n / kt,
        len(sample) / best(lambda: [b.copy() for b in pboards], 1)[0],
        "kish: from_bitboards (no copy)")

    # Random playouts.
    def tama_playouts(games, seed):
        rng, plies = random.Random(seed), 0
        for _ in range(games):
            b = tama.Board(rules="turkish")
            while b.outcome() is None:
                moves = b.legal_moves
                b.push(moves[rng.randrange(len(moves))])
                plies += 1
        return plies

    def kish_playouts(games, seed):
        rng, plies = random.Random(seed), 0
        for _ in range(games):
            g = kish.Game()
            while g.status().is_in_progress():
                acts = g.actions()
                g.make_move(acts[rng.randrange(len(acts))])
                plies += 1
        return plies

    def pd_playouts(games, seed):
        rng, plies = random.Random(seed), 0
        for _ in range(games):
            b = draughts.Board(variant="turkish")
            while not b.is_over() and plies < 100_000:
                moves = b.legal_moves()
                b.push(moves[rng.randrange(len(moves))])
                plies += 1
        return plies

    g = args.playouts
    (tt, tp), (kt, kp) = duel(R, lambda: tama_playouts(g, 7), lambda: kish_playouts(g, 7))
    pt, pp = best(lambda: pd_playouts(2, 7), 1)
    row(f"random playouts to the end ({g} games)", "games/s", g / tt, g / kt, 2 / pt,
        f"plies/s: tama {tp / tt:,.0f}, kish {kp / kt:,.0f}, pydraughts {pp / pt:,.0f}")

    # perft 7.
    (tt, tn), (kt, kn) = duel(R, lambda: tama.Board(rules="turkish").perft(7),
                              lambda: kish.Board().perft(7))
    row("perft 7 from the start", "seconds (lower is better)", tt, kt, None,
        f"tama {tn:,}, kish {kn:,} leaves")

    # to_array.
    one, kone = boards[n // 2], kboards[n // 2]
    reps = 20_000
    for b, kb in zip(boards, kboards):
        assert np.array_equal(b.to_array(), kish_planes(kb)), b.fen
    (t1, _), (k1, _), (k2, _) = duel(
        R,
        lambda: [one.to_array() for _ in range(reps)],
        lambda: [np.array(kone.to_array(), dtype=np.uint64) for _ in range(reps)],
        lambda: [kish_planes(kone) for _ in range(reps)])
    row("to_array, one board", "arrays/s", reps / t1, reps / k1, None,
        "tama: float32 (5, 8, 8); kish: uint64 (4,) bitboards")
    row("to_array, one board as float32 planes", "arrays/s", reps / t1, reps / k2, None,
        "both float32 (5, 8, 8): kish's bitboards unpacked with NumPy")
    (tb, _), (kb, _) = duel(
        R,
        lambda: tama.boards_to_array(boards),
        lambda: np.array([b.to_array() for b in kboards], dtype=np.uint64))
    row(f"to_array, batch of {n:,} boards", "boards/s", n / tb, n / kb, None,
        "tama: tama.boards_to_array, one array")

    print(f"Python {os.sys.version.split()[0]}, tama {tama.__version__}, kish "
          f"{getattr(kish, '__version__', '?')}, pydraughts {getattr(draughts, '__version__', '?')}; "
          f"{os.cpu_count()} CPUs\n")
    print("| measurement | unit | tama | kish | pydraughts | tama / kish | load | note |")
    print("|---|---|---:|---:|---:|---:|---:|---|")
    for name, unit, a, b, c, note, ld in rows:
        lower = unit.startswith("seconds")
        ratio = (b / a) if lower else (a / b)
        fmt = (lambda v: f"{v:.3f}") if lower else (lambda v: f"{v:,.0f}")
        pd = "—" if c is None else (f"{c:,.1f}" if c < 100 else f"{c:,.0f}")
        print(f"| {name} | {unit} | {fmt(a)} | {fmt(b)} | {pd} | {ratio:.2f}× | {ld:.2f} | {note} |")


if __name__ == "__main__":
    main()
