"""`tama hub` driven by pydraughts' Hub engine class: complete Turkish games,
engine against engine, every move accepted by pydraughts and by tama.

Needs the `tama` binary (``TAMA_BIN``, set by ci.sh after ``cargo build
--release -p tama-cli``) and pydraughts (a test-only package: GPL-3, never a
dependency of tama). Without them the test is skipped, except under
``CI=true``, where it fails.
"""

import os
import random

import pytest

import tama

GAMES = 4
MAX_PLIES = 400


def _require():
    missing = None
    try:
        import draughts  # noqa: F401
        from draughts.engine import HubEngine, Limit  # noqa: F401
    except ImportError as e:
        missing = f"pydraughts is not installed ({e})"
    binary = os.environ.get("TAMA_BIN")
    if missing is None and not (binary and os.access(binary, os.X_OK)):
        missing = f"TAMA_BIN={binary!r} is not an executable tama binary"
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(missing)
        pytest.skip(missing)
    return binary


def _square(n):
    """Hub move number (a1 = 1 … h8 = 64) → square name."""
    return "abcdefgh"[(n - 1) % 8] + str((n - 1) // 8 + 1)


def _tama_move(board, hub_move):
    """The legal tama move a Hub move names (ends and captured squares)."""
    sep = "x" if "x" in hub_move else "-"
    numbers = [int(p) for p in hub_move.split(sep)]
    start, end = _square(numbers[0]), _square(numbers[1])
    taken = sorted(_square(n) for n in numbers[2:])
    found = [m for m in board.legal_moves
             if m.from_square == start and m.to_square == end and sorted(m.captures) == taken]
    assert len(found) == 1, (hub_move, board.fen, [str(m) for m in board.legal_moves])
    return found[0]


def _play_game(engines, opening_seed):
    import draughts
    from draughts.engine import Limit

    board = draughts.Board(variant="turkish")
    mirror = tama.Board(rules="turkish")
    rng = random.Random(opening_seed)
    # Two random plies first, so that the games differ.
    for _ in range(2):
        mv = rng.choice(board.legal_moves())
        board.push(mv)
        mirror.push(_tama_move(mirror, mv.hub_move))
    limits = [Limit(depth=3), Limit(movetime=0.05)]
    plies = 2
    while not board.is_over() and mirror.outcome() is None and plies < MAX_PLIES:
        side = plies % 2
        result = engines[side].play(board, limits[side], False)
        mv = result.move
        # pydraughts accepts it: it is one of its legal moves.
        assert mv.hub_move in {m.hub_move for m in board.legal_moves()}, mv.hub_move
        board.push(mv)
        # tama accepts it too.
        mirror.push(_tama_move(mirror, mv.hub_move))
        plies += 1
    outcome = mirror.outcome()
    return plies, outcome, board.winner()


def test_complete_turkish_games_through_pydraughts():
    binary = _require()
    from draughts.engine import HubEngine

    engines = [HubEngine([binary, "hub"]) for _ in range(2)]
    try:
        for e in engines:
            assert e.id["name"] == "tama"
            assert e.variants == {"armenian", "turkish", "armenian-orthogonal"}
            e.setoption("variant", "turkish")
            e.setoption("hash", 8)
            e.init()
        results = []
        for game in range(GAMES):
            order = engines if game % 2 == 0 else engines[::-1]
            plies, outcome, winner = _play_game(order, opening_seed=game // 2)
            # A complete game: over for tama or for pydraughts (whose
            # Turkish draw rule for one piece each waits two moves).
            assert outcome is not None or winner is not None, (game, plies)
            results.append((plies, outcome.result() if outcome else "pydraughts:" + str(winner)))
        print("games through pydraughts:", results)
        assert len(results) == GAMES
    finally:
        for e in engines:
            e.quit()
            # pydraughts' quit() only sends `quit`; communicate() waits for
            # tama to exit and closes the pipes (wait() left them open).
            e.p.communicate(timeout=10)
            assert e.p.returncode == 0
