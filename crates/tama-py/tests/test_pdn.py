"""PDN: reading (streaming, per-game errors), writing, JSON."""

import pathlib

import pytest

import tama

THREE = (
    '[White "A"]\n\n1. c3-c4 f6-f5 *\n\n'
    "1. c3-c9 *\n\n"
    '[Black "B"]\n\n1. b3-b4 1/2-1/2\n'
)

ANNOTATED = """[Event "Test"]
[White "Ayşe"]
[Black "Boris"]

{before the game} 1. c3-c4 {a quiet start} (1. b3-b4 b6-b5 {sideline}) f6-f5 $1
2. c4-c5 ! *
"""


def test_read_yields_games_and_errors_in_order():
    items = list(tama.pdn.read(THREE, errors="yield"))
    assert [type(i).__name__ for i in items] == ["Game", "PdnError", "Game"]
    assert items[0].tags["White"] == "A"
    assert [str(m) for m in items[0].moves] == ["c3-c4", "f6-f5"]
    err = items[1]
    assert (err.line, err.column) == (5, 7)
    assert str(err).startswith("line 5, column 7: ")
    assert items[2].result == "1/2-1/2"


def test_read_raise_then_continue():
    games = tama.pdn.read(THREE)
    assert next(games).tags["White"] == "A"
    with pytest.raises(tama.PdnError, match="c9"):
        next(games)
    assert next(games).tag("Black") == "B"
    with pytest.raises(StopIteration):
        next(games)


def test_read_skip():
    games = list(tama.pdn.read(THREE, errors="skip"))
    assert len(games) == 2


def test_read_bad_errors_argument():
    with pytest.raises(ValueError, match="errors must be one of"):
        tama.pdn.read(THREE, errors="ignore")


def test_comments_nags_and_variations():
    game = tama.pdn.read_game(ANNOTATED)
    assert game.tags["Event"] == "Test" and game.tags["White"] == "Ayşe"
    assert game.comments == []  # a game with moves keeps comments on them
    assert tama.pdn.read_game("{no moves} *").comments == ["no moves"]
    main = game.mainline
    assert main[0].comments_before == ["before the game"]
    assert [str(n.move) for n in main] == ["c3-c4", "f6-f5", "c4-c5"]
    assert main[0].comments_after == ["a quiet start"]
    assert main[1].nags == [1]
    assert main[2].annotation == "!"
    (variation,) = main[0].variations
    assert [str(n.move) for n in variation] == ["b3-b4", "b6-b5"]
    assert variation[1].comments_after == ["sideline"]


def test_write_read_round_trip():
    game = tama.pdn.read_game(ANNOTATED)
    text = game.to_pdn()
    assert str(game) == text
    again = tama.pdn.read_game(text)
    assert again == game
    assert again.to_pdn() == text


def test_json_round_trip_as_the_cli():
    game = tama.pdn.read_game(ANNOTATED)
    data = game.to_json()
    assert data["rules"] == "armenian" and data["result"] == "*"
    assert data["moves"][0]["move"] == "c3-c4"
    assert data["moves"][0]["variations"][0][0]["move"] == "b3-b4"
    assert tama.pdn.Game.from_json(data) == game
    import json

    assert tama.pdn.Game.from_json(json.dumps(data)) == game
    with pytest.raises(tama.PdnError):
        tama.pdn.Game.from_json({"moves": [{"move": "c3-c9"}]})


def test_from_board_and_back():
    board = tama.Board("W:WKa1,b2:BKh8")
    for text in ["a1-a2", "h8-h7", "a2-a1", "h7-h8"] * 2:
        board.push(text)
    game = tama.pdn.Game.from_board(board, {"White": "x", "Round": 3})
    assert game.result == "1/2-1/2"  # threefold repetition on the board
    assert game.tags["Round"] == "3" and game.fen == "W:WKa1,b2:BKh8"
    back = tama.pdn.read_game(game.to_pdn())
    assert back == game
    end = back.board()
    assert end.fen == board.fen and end.outcome().termination == "repetition"
    assert tama.pdn.Game.from_board(tama.Board(), result="1-0").result == "1-0"
    with pytest.raises(ValueError):
        tama.pdn.Game.from_board(tama.Board(), {"Result": "1-0"})
    with pytest.raises(ValueError, match="disagrees"):
        tama.pdn.Game.from_board(board, result="1-0")


def test_ending_off_the_board_round_trips():
    board = tama.Board()
    board.push("c3-c4")
    board.resign(tama.BLACK)
    game = tama.pdn.Game.from_board(board, {"White": "Ani"})
    assert game.result == "1-0" and game.tag("Termination") == "resignation"
    back = tama.pdn.read_game(game.to_pdn()).board()
    assert back.outcome() == board.outcome()
    assert back.move_stack == board.move_stack


def test_read_file_path_and_pathlike(tmp_path: pathlib.Path):
    path = tmp_path / "games.pdn"
    path.write_text(THREE * 20, encoding="utf-8")
    by_path = list(tama.pdn.read(path, errors="skip"))
    by_str = list(tama.pdn.read(str(path), errors="skip"))
    assert len(by_path) == len(by_str) == 40
    assert by_path == by_str


def test_missing_file():
    with pytest.raises(OSError):
        list(tama.pdn.read(pathlib.Path("/nonexistent/games.pdn")))
    with pytest.raises(FileNotFoundError):
        tama.pdn.read("missing-games.pdn")


def test_file_errors_name_the_file():
    # As Python's own open(): "[Errno 2] No such file or directory: 'x.pdn'",
    # with .filename set (it was "No such file or directory (os error 2)").
    with pytest.raises(FileNotFoundError) as e:
        tama.pdn.read("missing-games.pdn")
    assert e.value.filename == "missing-games.pdn"
    assert "missing-games.pdn" in str(e.value) and "os error" not in str(e.value)
    with pytest.raises(FileNotFoundError, match="nonexistent"):
        list(tama.pdn.read(pathlib.Path("/nonexistent/games.pdn")))


def test_bytes_and_empty():
    assert len(list(tama.pdn.read(THREE.encode(), errors="skip"))) == 2
    bad = list(tama.pdn.read(b'[White "\xff"]\n\n1. c3-c4 *\n', errors="yield"))
    assert len(bad) == 1 and isinstance(bad[0], tama.PdnError)
    assert bad[0].line == 1 and "UTF-8" in str(bad[0])
    assert list(tama.pdn.read("")) == []
    with pytest.raises(tama.PdnError):
        tama.pdn.read_game("")
