"""Bad input: Python exceptions with the library's messages, never a crash."""

import random

import pytest

import tama


@pytest.mark.parametrize(
    "cls", [tama.FenError, tama.MoveTextError, tama.RulesError, tama.IllegalMoveError, tama.PdnError]
)
def test_errors_are_value_errors(cls):
    assert issubclass(cls, ValueError)


def test_fen_error_names_problem_and_column():
    with pytest.raises(tama.FenError) as e:
        tama.Board("W:Wz9")
    assert e.value.column == 4
    assert "unknown square `z9`" in str(e.value)


def test_rules_error():
    with pytest.raises(tama.RulesError) as e:
        tama.Board(rules="armenian,foo=1")
    assert "unknown switch `foo`" in str(e.value)
    assert e.value.column == 10


def test_move_text_error():
    with pytest.raises(tama.MoveTextError) as e:
        tama.Board().push("c3-")
    assert "column 4" in str(e.value) and e.value.column == 4


def test_illegal_move_text_lists_alternatives():
    board = tama.Board()
    with pytest.raises(tama.IllegalMoveError) as e:
        board.push("c3-c6")
    assert str(e.value) == "illegal move c3-c6: c3 can move to c4, d4, b4"
    assert len(board.move_stack) == 0


def test_illegal_move_object_from_another_position():
    board = tama.Board()
    foreign = tama.Board("W:Wc3:Bc4,d5").legal_moves[0]
    with pytest.raises(tama.IllegalMoveError, match="c3xe5"):
        board.push(foreign)


def test_wrong_types():
    with pytest.raises(TypeError):
        tama.Board().push(42)
    with pytest.raises(TypeError):
        tama.Board(fen=3)
    with pytest.raises(ValueError, match="unknown square"):
        tama.Board().piece_at("z0")


def test_random_text_never_crashes():
    rng = random.Random(1)
    alphabet = "WBK:,-x0123456789abcdefghijH F\n\t[]\"{}()*.;=\u00e9"
    errors = (tama.FenError, tama.MoveTextError, tama.IllegalMoveError, tama.RulesError)
    board = tama.Board()
    raised = 0
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 24)))
        for call in (lambda: tama.Board(text), lambda: board.parse_move(text),
                     lambda: tama.Board(rules=text)):
            try:
                call()
            except errors:
                raised += 1
    assert raised > 5000


def test_random_pdn_never_crashes():
    rng = random.Random(2)
    pieces = ['[White "A"]\n', "1.", " c3-c4", " f6-f5", " c3xe5", "{x}", "(", ")",
              " *", " 1-0", "$1", "!", "\n", "[FEN \"W:Wc3:Bc4\"]\n", "%", "\x00"]
    for _ in range(500):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(1, 30)))
        for item in tama.pdn.read(text, errors="yield"):
            assert isinstance(item, (tama.pdn.Game, tama.PdnError))


def test_out_of_range_arguments():
    board = tama.Board()
    with pytest.raises(ValueError, match="depth 65 out of range"):
        board.perft(65)
    with pytest.raises(ValueError, match="threads 0 out of range"):
        board.perft(2, threads=0)
    with pytest.raises(OverflowError):
        board.perft(-1)
    assert board.perft(0) == 1


def test_deeply_nested_json_is_refused():
    value = []
    for _ in range(10_000):
        value = [value]
    with pytest.raises(ValueError, match="nested deeper"):
        tama.pdn.Game.from_json({"moves": value})
