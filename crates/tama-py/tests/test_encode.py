"""The array encodings: position planes and the move index space."""

import numpy as np
import pytest

import tama
from conftest import random_boards


def test_planes_of_the_start_position():
    a = tama.Board().to_array()
    assert a.shape == (tama.PLANES, 8, 8) == (5, 8, 8)
    assert a.dtype == np.float32
    assert a[0].sum() == 16 and a[2].sum() == 16
    assert a[1].sum() == 0 and a[3].sum() == 0
    # [plane, rank, file]: white men on ranks 2 and 3, black on 6 and 7.
    assert a[0, 1].all() and a[0, 2].all() and not a[0, 3].any()
    assert a[2, 5].all() and a[2, 6].all()
    assert (a[4] == 1.0).all()  # White to move


def test_planes_orientation_and_side_to_move():
    a = tama.Board("B:WKa1,c3:Bh8,Kb7").to_array()
    assert a[1, 0, 0] == 1.0  # white king a1
    assert a[0, 2, 2] == 1.0  # white man c3
    assert a[2, 7, 7] == 1.0  # black man h8
    assert a[3, 6, 1] == 1.0  # black king b7
    assert a[:4].sum() == 4
    assert (a[4] == 0.0).all()  # Black to move
    a[0, 0, 0] = 5.0  # the array is the caller's own, writable copy
    assert tama.Board("B:WKa1,c3:Bh8,Kb7").to_array()[0, 0, 0] == 0.0


def test_planes_agree_with_piece_at():
    names = ["w", "W", "b", "B"]
    for board in random_boards("armenian", games=3, plies=60, seed=3):
        a = board.to_array()
        for rank in range(8):
            for file in range(8):
                sq = "abcdefgh"[file] + str(rank + 1)
                piece = board.piece_at(sq)
                planes = [names[p] for p in range(4) if a[p, rank, file] == 1.0]
                assert planes == ([piece] if piece else [])


def test_move_index_layout():
    mv = tama.Board().parse_move("c3-c4")
    # c3 = rank 2 * 8 + file 2 = 18, c4 = 26.
    assert mv.index() == 18 * 64 + 26
    assert 0 <= mv.index() < tama.MOVE_SPACE == 4096


def test_move_index_round_trip_and_mask(rules):
    shared = 0
    for board in random_boards(rules, games=10, plies=80, seed=11):
        moves = board.legal_moves
        mask = board.legal_move_mask()
        assert mask.shape == (4096,) and mask.dtype == np.bool_
        assert mask.sum() == len({m.index() for m in moves})
        for mv in moves:
            assert mask[mv.index()]
            group = board.moves_from_index(mv.index())
            assert mv in group
            assert board.move_from_index(mv.index()) == group[0]
            shared += len(group) > 1
    # Captures with the same start and end squares but different captured
    # pieces exist but are rare: the index identifies almost every move.
    assert shared < 50


def test_move_from_index_errors():
    board = tama.Board()
    with pytest.raises(tama.IllegalMoveError, match="from a1 to a1"):
        board.move_from_index(0)
    with pytest.raises(ValueError, match="out of range"):
        board.move_from_index(4096)
    assert board.moves_from_index(0) == []
