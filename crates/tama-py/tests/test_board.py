"""Board, Move and Outcome: rules, move text and the text forms."""

import copy
import pickle

import pytest

import tama
from conftest import random_boards

# docs/RULES.md, "Reference numbers (perft)".
ARMENIAN = [22, 484, 12_174, 268_670]
TURKISH = [8, 64, 708, 7_538, 85_090]


@pytest.mark.parametrize("depth,leaves", list(enumerate(ARMENIAN, start=1)))
def test_perft_armenian(depth, leaves):
    assert tama.Board().perft(depth) == leaves


@pytest.mark.parametrize("depth,leaves", list(enumerate(TURKISH, start=1)))
def test_perft_turkish(depth, leaves):
    assert tama.Board(rules="turkish").perft(depth) == leaves


def test_perft_divide(rules):
    board = tama.Board(rules=rules)
    divide = board.perft_divide(3)
    assert set(divide) == set(board.legal_moves)
    assert sum(divide.values()) == board.perft(3)
    for mv, n in divide.items():
        board.push(mv)
        assert board.perft(2) == n
        board.pop()
    assert board.perft_divide(3, threads=2) == divide


def test_perft_threads_agree():
    board = tama.Board(rules="turkish")
    assert board.perft(4, threads=2) == board.perft(4) == 7_538


def test_perft_matches_counting_legal_moves(rules):
    # perft(2) is the sum of the move counts after each first move.
    board = tama.Board(rules=rules)
    total = 0
    for mv in board.legal_moves:
        board.push(mv)
        total += len(board.legal_moves)
        board.pop()
    assert board.perft(2) == total


def test_start_position():
    board = tama.Board()
    assert board.turn is tama.WHITE
    assert board.fen == (
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3"
        ":Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"
    )
    assert board.rules_text == "armenian"
    assert board.piece_at("c3") == "w" and board.piece_at("c7") == "b"
    assert board.piece_at("d5") is None
    assert board.outcome() is None and not board.is_game_over()


def test_move_attributes_of_a_capture():
    board = tama.Board("W:Wc3:Bc4,d5")
    (mv,) = board.legal_moves
    assert str(mv) == "c3xe5"
    assert mv.path == ["c3", "c5", "e5"]
    assert mv.captures == ["c4", "d5"]
    assert mv.is_capture and not mv.promotes
    assert (mv.from_square, mv.to_square) == ("c3", "e5")
    assert mv.to_json() == {
        "move": "c3xe5",
        "from": "c3",
        "to": "e5",
        "path": ["c3", "c5", "e5"],
        "captures": ["c4", "d5"],
        "promotes": False,
    }


def test_promotion_flag():
    board = tama.Board("W:Wc7,h2:BKa1", rules="turkish")
    mv = board.parse_move("c7-c8")
    assert mv.promotes
    board.push(mv)
    assert board.piece_at("c8") == "W"


def test_move_text_round_trip_along_random_games(rules):
    seen = 0
    for board in random_boards(rules, games=12, plies=80, seed=7):
        for mv in board.legal_moves:
            assert board.parse_move(str(mv)) == mv
            seen += 1
    assert seen > 1000


def test_push_pop_restores_position_and_history():
    board = tama.Board(rules="turkish")
    fens = [board.fen]
    played = []
    for text in ["c3-c4", "f6-f5", "g3-g4", "b6-b5"]:
        played.append(board.push(text))
        fens.append(board.fen)
    assert [str(m) for m in board.move_stack] == ["c3-c4", "f6-f5", "g3-g4", "b6-b5"]
    assert board.move_stack == played
    for expected_fen, mv in zip(reversed(fens[:-1]), reversed(played)):
        assert board.pop() == mv
        assert board.fen == expected_fen
    with pytest.raises(IndexError):
        board.pop()


def test_push_returns_the_move_and_accepts_move_objects():
    board = tama.Board()
    mv = board.legal_moves[3]
    assert board.push(mv) is mv  # made for this position: the same object
    assert board.turn is tama.BLACK


def test_push_of_a_move_made_for_another_position():
    # a1-a2 of a board where a king stands on a1, pushed on one where a man
    # does: the same effect, so legal; what push returns is this board's move.
    king = tama.Board("W:WKa1:Bh8").parse_move("a1-a2")
    board = tama.Board("W:Wa1:Bh8")
    played = board.push(king)
    assert played == king and played is not king
    assert str(played) == "a1-a2" and played.path == ["a1", "a2"]
    with pytest.raises(tama.IllegalMoveError):
        board.push(tama.Board().legal_moves[0])


def test_moves_equal_by_effect_and_hashable():
    a = tama.Board().legal_moves
    b = tama.Board().legal_moves
    assert a == b
    assert len(set(a) | set(b)) == len(a) == 22
    assert a[0] != a[1]
    assert a[0] != "a3-a4"
    assert {m: str(m) for m in a}[b[0]] == str(b[0])


def test_copy_is_independent():
    board = tama.Board()
    board.push("c3-c4")
    for other in (board.copy(), copy.copy(board), copy.deepcopy(board)):
        other.push("c6-c5")
        assert other.fen != board.fen
        assert len(other.move_stack) == 2 and len(board.move_stack) == 1


def test_copies_share_nothing_visible_along_a_game():
    # A copy shares the history until one board changes: each change of
    # one (push, pop, an ending) leaves the other as it was.
    board = tama.Board(rules="turkish")
    played = [board.push(board.legal_moves[0]) for _ in range(6)]
    snapshot = board.copy()
    fens = (board.fen, [str(m) for m in board.move_stack])
    assert board.pop() is played[-1]
    board.push(board.legal_moves[-1])
    board.resign(tama.WHITE)
    assert (snapshot.fen, [str(m) for m in snapshot.move_stack]) == fens
    assert snapshot.outcome() is None
    assert snapshot.pop() is played[-1]  # the copy keeps the pushed objects
    assert snapshot.pop() is played[-2]
    assert len(board.move_stack) == 6 and board.outcome().termination == "resignation"


def test_pop_returns_the_object_push_returned():
    board = tama.Board()
    first = board.push("c3-c4")
    mv = board.legal_moves[2]
    assert board.push(mv) is mv
    assert board.pop() is mv and board.pop() is first
    # Moves replayed from a pickle come back as new objects.
    board.push("c3-c4")
    again = pickle.loads(pickle.dumps(board))
    assert str(again.pop()) == "c3-c4"


def test_outcome_no_legal_moves():
    board = tama.Board("W:W:Bc6")
    out = board.outcome()
    assert out == tama.Board("W:Wa1:BKa2,Ka3,Kb1,Kc1,Kb2").outcome()
    assert out.termination == "no_legal_moves"
    assert out.winner is tama.BLACK
    assert out.result() == "0-1"
    assert board.is_game_over()


def test_outcome_one_piece_each_depends_on_rules():
    assert tama.Board("W:WKa1:BKh8", rules="turkish").outcome().termination == "one_piece_each"
    assert tama.Board("W:WKa1:BKh8", rules="armenian").outcome() is None
    assert tama.Board("W:WKa1:BKh8", rules="turkish").outcome().result() == "1/2-1/2"


def test_outcome_threefold_repetition():
    board = tama.Board("W:WKa1,b2:BKh8")
    for _ in range(2):
        for text in ["a1-a2", "h8-h7", "a2-a1", "h7-h8"]:
            assert board.outcome() is None
            board.push(text)
    assert board.repetitions() == 3
    out = board.outcome()
    assert (out.termination, out.winner) == ("repetition", None)
    with pytest.raises(tama.IllegalMoveError, match="already over"):
        board.push("a1-a2")
    board.pop()
    assert board.outcome() is None


def test_text_board_like_tama_show():
    text = str(tama.Board("B:WKd1,c3:Bf6"))
    lines = text.splitlines()
    assert lines[0] == "    a b c d e f g h"
    assert lines[2 + 7 - 5] == "6 | . . . . . b . . | 6"
    assert lines[2 + 7 - 2] == "3 | . . w . . . . . | 3"
    assert lines[2 + 7 - 0] == "1 | . . . W . . . . | 1"
    assert lines[-1] == "Black to move"


def test_svg():
    board = tama.Board()
    svg = board._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    arrow = board.svg(flipped=True, lastmove=board.legal_moves[0])
    assert arrow != svg and arrow.startswith("<svg")


def test_repr_round_trips():
    board = tama.Board("B:WKd1,c3:Bf6", rules="turkish")
    again = eval(repr(board), {"Board": tama.Board})
    assert again.fen == board.fen and again.rules_text == "turkish"
    assert repr(board.legal_moves[0]).startswith("Move('")


def test_rules_switches():
    board = tama.Board(rules="armenian,man-diagonal=no,king-diagonal=no")
    # The library writes the shortest equivalent rules text.
    assert board.rules_text == "turkish,draw-one-each=no"
    assert tama.Board(rules=board.rules_text).rules_text == board.rules_text
    assert len(board.legal_moves) == 8


def test_board_json():
    data = tama.Board("W:Wc3:Bc4,d5").to_json()
    assert data["fen"] == "W:Wc3:Bc4,d5"
    assert data["turn"] == "white" and data["rules"] == "armenian"
    # As `tama show --json`: rank 8 first.
    assert data["board"] == ["........"] * 3 + ["...b....", "..b.....", "..w....."] + ["........"] * 2
    assert [m["move"] for m in data["moves"]] == ["c3xe5"]


def test_help_is_useful():
    doc = tama.Board.__doc__
    assert "rules" in doc and "push" in doc
    assert "GIL" in tama.Engine.__doc__
    assert "planes" in tama.Board.to_array.__doc__
    assert tama.__version__


def test_endings_off_the_board():
    board = tama.Board()
    out = board.resign(tama.WHITE)
    assert (out.termination, out.winner, out.result()) == ("resignation", tama.BLACK, "0-1")
    assert board.outcome() == out and board.is_game_over()
    with pytest.raises(ValueError, match="already over"):
        board.agree_draw()
    with pytest.raises(tama.IllegalMoveError, match="already over"):
        board.push("c3-c4")
    assert board.reopen() == out and board.outcome() is None
    assert board.agree_draw().termination == "agreement"
    board.reopen()
    assert board.adjudicate().winner is None
    board.reopen()
    assert board.adjudicate(tama.WHITE).result() == "1-0"
    board.reopen()
    assert board.lose_on_time(tama.BLACK).termination == "time_forfeit"
    board.reopen()
    board.push("c3-c4")
    board.resign(tama.BLACK)
    board.pop()  # taking a move back also takes back the ending
    assert board.outcome() is None


def test_pickle_board_and_moves():
    board = tama.Board("W:WKa1,b2:BKh8", rules="turkish")
    for text in ["a1-a2", "h8-h7", "a2-a1"]:
        board.push(text)
    again = pickle.loads(pickle.dumps(board))
    assert again.fen == board.fen and again.rules_text == "turkish"
    assert again.move_stack == board.move_stack
    assert again.starting_fen == "W:WKa1,b2:BKh8"
    again.push("h7-h8")
    assert again.repetitions() == 2  # the history came along
    board.agree_draw()
    ended = pickle.loads(pickle.dumps(board))
    assert ended.outcome() == board.outcome()
    assert ended.outcome().termination == "agreement"
    board.reopen()
    moves = pickle.loads(pickle.dumps(board.legal_moves))
    assert moves == board.legal_moves
    assert [m.path for m in moves] == [m.path for m in board.legal_moves]


def test_boards_compare_positions():
    # As python-chess: equal boards hold the same position under the same
    # rules, however they got there (it was identity: Board() != Board()).
    assert tama.Board() == tama.Board()
    assert not (tama.Board() != tama.Board())
    assert tama.Board() != tama.Board(rules="turkish")
    a, b = tama.Board(rules="turkish"), tama.Board(rules="turkish")
    a.push("c3-c4")
    assert a != b
    b.push("c3-c4")
    assert a == b
    # The same position by another order of moves.
    a.push("f6-f5"); a.push("d3-d4")
    b.pop(); b.push("d3-d4"); b.push("f6-f5"); b.push("c3-c4")
    assert a == b and a.move_stack != b.move_stack
    c = tama.Board(a.fen, rules="turkish")
    assert c == a and c.move_stack != a.move_stack
    assert a != a.fen and a == a.copy()
    # A board changes, so it is not hashable (as python-chess's).
    with pytest.raises(TypeError):
        hash(a)
