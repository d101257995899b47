"""`tama hub` driven by pydraughts' Hub engine class: Turkish games, engine
against engine, every move accepted by pydraughts and by tama, and a won
endgame played to its end with the same winner for both.

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


def _play_game(engines, opening_seed=None, fen=None):
    """Plays until the game is over for tama or for pydraughts, or until
    MAX_PLIES. Returns (plies, tama's outcome, pydraughts' winner)."""
    import draughts
    from draughts.engine import Limit

    if fen is None:
        board = draughts.Board(variant="turkish")
        mirror = tama.Board(rules="turkish")
    else:
        board = draughts.Board(variant="turkish", fen=fen)
        mirror = tama.Board(fen, rules="turkish")
    plies = 0
    if opening_seed is not None:
        rng = random.Random(opening_seed)
        # Two random plies first, so that the games differ.
        for _ in range(2):
            mv = rng.choice(board.legal_moves())
            board.push(mv)
            mirror.push(_tama_move(mirror, mv.hub_move))
            plies += 1
    limits = [Limit(depth=3), Limit(movetime=0.05)]
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
    return plies, mirror.outcome(), board.winner()


def _agree(outcome, winner):
    """tama and pydraughts name the same winner when both say the game is won."""
    import draughts

    if outcome is None or winner is None or winner == 0:
        return
    expected = {"1-0": draughts.WHITE, "0-1": draughts.BLACK}.get(outcome.result())
    if expected is not None:
        assert winner == expected, (outcome.result(), winner)


def _engines(binary):
    from draughts.engine import HubEngine

    engines = [HubEngine([binary, "hub"]) for _ in range(2)]
    for e in engines:
        assert e.id["name"] == "tama"
        assert e.variants == {"armenian", "turkish", "armenian-orthogonal"}
        e.setoption("variant", "turkish")
        e.setoption("hash", 8)
        e.init()
    return engines


def _quit(engines):
    for e in engines:
        e.quit()
        # pydraughts' quit() only sends `quit`; communicate() waits for
        # tama to exit and closes the pipes (wait() left them open).
        e.p.communicate(timeout=10)
        assert e.p.returncode == 0


def test_turkish_games_through_pydraughts():
    """Games from the start: every move of both engines is legal for both
    libraries. Turkish draughts has no move-count draw rule, so two engines
    can manoeuvre kings without a threefold repetition for longer than
    MAX_PLIES; such a game stops there unfinished (CI saw one at 400 plies)."""
    binary = _require()
    engines = _engines(binary)
    try:
        results = []
        for game in range(GAMES):
            order = engines if game % 2 == 0 else engines[::-1]
            plies, outcome, winner = _play_game(order, opening_seed=game // 2)
            _agree(outcome, winner)
            assert plies == MAX_PLIES or outcome is not None or winner is not None, (game, plies)
            results.append((plies, outcome.result() if outcome else "pydraughts:" + str(winner)))
        print("games through pydraughts:", results)
        assert len(results) == GAMES
    finally:
        _quit(engines)


# Three kings against one: a win in 5 moves by the turkish tables.
WON_ENDGAME = "W:WKa1,Kb1,Kc1:BKh8"


def test_a_won_turkish_endgame_is_played_to_its_end():
    """From a won position the game ends inside the ply limit, in either
    engine order, with the same winner for tama and pydraughts."""
    binary = _require()
    import draughts

    engines = _engines(binary)
    try:
        for order in (engines, engines[::-1]):
            plies, outcome, winner = _play_game(order, fen=WON_ENDGAME)
            assert outcome is not None and outcome.result() == "1-0", (plies, outcome)
            assert winner == draughts.WHITE, (plies, winner)
            assert plies < MAX_PLIES
    finally:
        _quit(engines)
