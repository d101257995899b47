"""Actions: a number for every legal move, unique within its position."""

import numpy as np
import pytest

import tama
from conftest import random_boards


def test_action_space_and_quiet_moves():
    assert tama.ACTION_SPACE == 8 * 4096
    board = tama.Board(rules="turkish")
    mv = board.parse_move("c3-c4")
    # A quiet move's action is its index (slot 0).
    assert board.action(mv) == mv.action() == mv.index() == 18 * 64 + 26
    assert board.action("c3-c4") == mv.index()
    assert board.move_from_action(mv.index()) == mv


def test_captures_sharing_their_ends_get_different_actions():
    # Found along random games: the king's loops c8xc5xh5xh8 and
    # c8xc6xh6xh8 share both ends.
    board = tama.Board("W:Wg2,h2,g3,f4,Kc8:Bc4,a5,d5,g6,a7,b7,c7,d7,f7,g7,h7", rules="turkish")
    moves = board.legal_moves
    groups = {}
    for mv in moves:
        groups.setdefault(mv.index(), []).append(mv)
    shared = [g for g in groups.values() if len(g) > 1]
    assert shared, [str(m) for m in moves]
    actions = [board.action(m) for m in moves]
    assert len(set(actions)) == len(moves)
    for group in shared:
        slots = sorted(board.action(m) // 4096 for m in group)
        assert slots == list(range(len(group)))
        assert {board.action(m) % 4096 for m in group} == {group[0].index()}
    assert sorted(str(m) for g in shared for m in g) == ["c8xc5xh5xh8", "c8xc6xh6xh8"]
    # Six captures from a8 end on b3, b4 or b5: two each (Armenian).
    board = tama.Board("W:Wa2,b2,c2,e2,f2,g2,a3,c3,f3,d4,Ka8,Ke8:BKh1,c5,b6,d6,g6,h6,a7,d7",
                       rules="armenian")
    actions = board.legal_actions()
    assert len(actions) == len(set(actions)) == len(board.legal_moves)
    assert sum(a >= 4096 for a in actions) == 3


def test_actions_are_unique_and_invert_over_random_positions(rules):
    shared_positions = 0
    boards = 0
    for board in random_boards(rules, games=40, plies=120, seed=5):
        boards += 1
        moves = board.legal_moves
        actions = board.legal_actions()
        # Every legal move has an action here, and no two share one.
        assert len(actions) == len(moves) == len(set(actions))
        assert actions == moves.actions() == [board.action(m) for m in moves]
        assert all(0 <= a < tama.ACTION_SPACE for a in actions)
        for mv, a in zip(moves, actions):
            assert board.move_from_action(a) == mv
            assert mv.action() == a
        mask = board.legal_action_mask()
        assert mask.shape == (tama.ACTION_SPACE,) and mask.dtype == np.bool_
        assert np.flatnonzero(mask).tolist() == sorted(actions)
        assert (moves.mask() == mask).all()
        shared_positions += any(a >= 4096 for a in actions)
    assert boards > 1000


def test_action_errors():
    board = tama.Board()
    with pytest.raises(tama.IllegalMoveError, match="no legal move has action 0"):
        board.move_from_action(0)
    with pytest.raises(ValueError, match="out of range"):
        board.move_from_action(tama.ACTION_SPACE)
    with pytest.raises(tama.IllegalMoveError):
        board.action("a1-a2")


def test_batches_equal_one_board_at_a_time():
    boards = list(random_boards("turkish", games=3, plies=30, seed=2))
    planes = tama.boards_to_array(boards)
    assert planes.shape == (len(boards), 5, 8, 8) and planes.dtype == np.float32
    masks = tama.legal_action_masks(iter(boards))
    assert masks.shape == (len(boards), tama.ACTION_SPACE)
    for i, b in enumerate(boards):
        assert (planes[i] == b.to_array()).all()
        assert (masks[i] == b.legal_action_mask()).all()
    assert tama.boards_to_array([]).shape == (0, 5, 8, 8)
    with pytest.raises(TypeError):
        tama.boards_to_array([boards[0], "not a board"])


def test_move_list_is_a_sequence_view():
    board = tama.Board(rules="turkish")
    moves = board.legal_moves
    assert len(moves) == 8 and bool(moves)
    assert list(moves) == moves == moves[:]
    assert moves[-1] == moves[7] and moves[::2] == [moves[i] for i in (0, 2, 4, 6)]
    assert moves[0] in moves and "c3-c4" not in moves
    it = iter(moves)
    assert next(it) == moves[0] and list(it) == moves[1:] and list(it) == []
    with pytest.raises(IndexError):
        moves[8]
    with pytest.raises(TypeError):
        moves["a"]
    # A view of the position it was taken in.
    board.push(moves[0])
    assert len(moves) == 8 and moves[0] not in board.legal_moves
    assert repr(moves).startswith("MoveList(['")
