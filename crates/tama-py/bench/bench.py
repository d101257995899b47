"""Benchmarks of the tama Python package, optionally against pydraughts.

Run in a virtual environment that has tama installed (and pydraughts for the
comparison; it is never a dependency of tama)::

    python -m venv /tmp/bench && /tmp/bench/bin/pip install ./crates/tama-py pydraughts
    cargo build --release -p tama-cli
    /tmp/bench/bin/python crates/tama-py/bench/bench.py --tama-bin target/release/tama

Prints one Markdown table: legal-move generation per second and perft 4 of
the Turkish start position from Python, for tama and pydraughts, with the
ratio; perft from Python (one call into Rust) against `tama perft` (the same
count inside the Rust program); and the machine load while it ran.
"""

import argparse
import json
import os
import subprocess
import time

import tama


def timed(fn, min_seconds):
    """Runs fn repeatedly for at least min_seconds; returns (calls, seconds, last result)."""
    calls, start, result = 0, time.perf_counter(), None
    while True:
        result = fn()
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return calls, elapsed, result


def python_perft(board, depth, moves_of):
    """perft written in Python over any board with push/pop (the way a
    Python program walks a game tree)."""
    moves = moves_of(board)
    if depth == 1:
        return len(moves)
    total = 0
    for mv in moves:
        board.push(mv)
        total += python_perft(board, depth - 1, moves_of)
        board.pop()
    return total


def depth2_positions(board, moves_of):
    """The position after every 2-ply line from the start (64 in Turkish)."""
    out = []
    for a in moves_of(board):
        board.push(a)
        for b in moves_of(board):
            board.push(b)
            out.append(board.copy())
            board.pop()
        board.pop()
    return out


def movegen_rate(positions, moves_of, min_seconds):
    def once():
        return sum(len(moves_of(p)) for p in positions)

    calls, secs, moves = timed(once, min_seconds)
    return calls * len(positions) / secs, calls * moves / secs


def rust_perft_seconds(tama_bin, rules, depth):
    out = subprocess.run(
        [tama_bin, "perft", str(depth), "--rules", rules, "--json"],
        check=True, capture_output=True, text=True,
    ).stdout
    data = json.loads(out)
    return data["nodes"], data["seconds"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tama-bin", help="path of the release `tama` binary (for the binding's cost)")
    ap.add_argument("--seconds", type=float, default=2.0, help="minimum time per measurement")
    ap.add_argument("--no-pydraughts", action="store_true", help="skip pydraughts")
    args = ap.parse_args()
    load = os.getloadavg()
    rows = []

    tama_moves = lambda b: b.legal_moves  # noqa: E731
    start = tama.Board(rules="turkish")
    positions = depth2_positions(start, tama_moves)
    pos_s, moves_s = movegen_rate(positions, tama_moves, args.seconds)
    rows.append(("tama: legal_moves (Move objects), Turkish depth-2 positions",
                 f"{pos_s:,.0f} positions/s ({moves_s:,.0f} moves/s)"))
    _, secs, n = timed(lambda: python_perft(tama.Board(rules="turkish"), 4, tama_moves), args.seconds)
    tama_py_perft = secs / _
    rows.append(("tama: perft 4 Turkish in Python (push/legal_moves/pop)",
                 f"{n:,} leaves, {tama_py_perft * 1e3:.2f} ms ({n / tama_py_perft:,.0f} leaves/s)"))
    calls, secs, n = timed(lambda: start.perft(4), args.seconds)
    tama_rust_perft = secs / calls
    rows.append(("tama: Board.perft(4) Turkish (one call into Rust)",
                 f"{n:,} leaves, {secs / calls * 1e6:.0f} µs ({n * calls / secs:,.0f} leaves/s)"))

    # Best of three for each side: the machine may be shared.
    for rules, depth in (("turkish", 7), ("armenian", 6)):
        board = tama.Board(rules=rules)
        py_secs = float("inf")
        for _ in range(3):
            t = time.perf_counter()
            n = board.perft(depth)
            py_secs = min(py_secs, time.perf_counter() - t)
        line = f"{n:,} leaves: `Board.perft` {py_secs:.3f} s"
        if args.tama_bin:
            rs = float("inf")
            for _ in range(3):
                rn, secs = rust_perft_seconds(args.tama_bin, rules, depth)
                assert rn == n, (rn, n)
                rs = min(rs, secs)
            line += f", `tama perft` {rs:.3f} s, ratio {py_secs / rs:.2f}"
        rows.append((f"binding cost: perft {depth} {rules}, best of 3", line))

    if not args.no_pydraughts:
        import draughts

        pd_moves = lambda b: b.legal_moves()  # noqa: E731
        pd_start = draughts.Board(variant="turkish")
        pd_positions = depth2_positions(pd_start, pd_moves)
        assert len(pd_positions) == len(positions)
        pd_pos_s, pd_moves_s = movegen_rate(pd_positions, pd_moves, args.seconds)
        rows.append(("pydraughts: legal_moves(), the same positions",
                     f"{pd_pos_s:,.1f} positions/s ({pd_moves_s:,.0f} moves/s)"))
        rows.append(("ratio tama / pydraughts, legal-move generation", f"{pos_s / pd_pos_s:,.0f}×"))
        t = time.perf_counter()
        n = python_perft(draughts.Board(variant="turkish"), 4, pd_moves)
        pd_perft = time.perf_counter() - t
        rows.append(("pydraughts: perft 4 Turkish in Python",
                     f"{n:,} leaves, {pd_perft:.1f} s ({n / pd_perft:,.0f} leaves/s)"))
        rows.append(("ratio tama / pydraughts, perft 4 in Python", f"{pd_perft / tama_py_perft:,.0f}×"))
        rows.append(("ratio tama `Board.perft(4)` / pydraughts perft 4",
                     f"{pd_perft / tama_rust_perft:,.0f}×"))

    load_end = os.getloadavg()
    print("| measurement | result |\n|---|---|")
    for name, value in rows:
        print(f"| {name} | {value} |")
    print(f"\nload average (1, 5, 15 min) at start {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, "
          f"at end {load_end[0]:.2f} {load_end[1]:.2f} {load_end[2]:.2f}; {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
