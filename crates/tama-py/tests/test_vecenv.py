"""tama.VecEnv: N games stepped in Rust play the same games as N single
environments stepped one by one."""

import numpy as np
import pytest

import tama

pettingzoo = pytest.importorskip("pettingzoo")
from tama.env import raw_env  # noqa: E402

FEW = "W:Wc3,d4,Kh1:Bc6,e6,Ka8"


def single_step(e, action):
    """One ply of a single environment: (mover's reward, terminated, truncated)."""
    mover = e.agent_selection
    e.step(int(action))
    return e.rewards[mover], e.terminations[mover], e.truncations[mover]


@pytest.mark.parametrize("rules,fen,max_plies", [
    ("turkish", None, 50), ("armenian", FEW, 40), ("armenian-orthogonal", None, 30),
])
def test_same_games_as_single_environments(rules, fen, max_plies):
    n, steps = 6, 120
    vec = tama.VecEnv(n, rules=rules, fen=fen, max_plies=max_plies, threads=1)
    singles = [raw_env(rules=rules, fen=fen, max_plies=max_plies) for _ in range(n)]
    obs, mask = vec.reset()
    for e in singles:
        e.reset()
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(steps):
        for i, e in enumerate(singles):
            o = e.observe(e.agent_selection)
            assert np.array_equal(obs[i], o["observation"].transpose(2, 0, 1))
            assert np.array_equal(mask[i], o["action_mask"].astype(bool))
            assert vec.turns[i] == (e.agent_selection == "player_0")
        actions = vec.random_actions(rng.random(n))
        assert all(mask[i, a] for i, a in enumerate(actions))
        obs, mask, rewards, terminated, truncated = vec.step(actions)
        for i, e in enumerate(singles):
            r, te, tr = single_step(e, actions[i])
            assert (rewards[i], terminated[i], truncated[i]) == (r, te, tr)
            if te or tr:
                ended += 1
                e.reset()
    assert ended > 0


def test_auto_reset_and_terminal_rewards():
    # White to move takes the last black piece: +1 for White, then a new game.
    vec = tama.VecEnv(2, rules="turkish", fen="W:Wa2,d4:Bd5", max_plies=10)
    board = tama.Board("W:Wa2,d4:Bd5", rules="turkish")
    win = board.action("d4xd6")
    obs, mask, rewards, terminated, truncated = vec.step([win, win])
    assert list(rewards) == [1.0, 1.0] and terminated.all() and not truncated.any()
    assert np.array_equal(obs[0], board.to_array())  # the new game's start
    assert list(vec.plies) == [0, 0]
    indices, final = vec.final_observations()  # the positions the games ended in
    board.push("d4xd6")
    assert list(indices) == [0, 1] and final.shape == (2, 5, 8, 8)
    assert np.array_equal(final[1], board.to_array())
    vec.reset()
    assert len(vec.final_observations()[0]) == 0
    vec = tama.VecEnv(2, rules="turkish")
    vec.step(vec.random_actions(np.zeros(2)))
    assert len(vec.final_observations()[0]) == 0  # nothing ended on this step


def test_truncation_at_max_plies():
    vec = tama.VecEnv(3, rules="armenian", max_plies=4)
    rng = np.random.default_rng(0)
    for k in range(1, 5):
        _, _, rewards, terminated, truncated = vec.step(vec.random_actions(rng.random(3)))
        assert not terminated.any() and not rewards.any()
        assert truncated.all() == (k == 4)
    assert list(vec.plies) == [0, 0, 0]


def test_arrays_are_reused_and_threads_agree():
    n = 4100  # above twice the games per thread (2048), so two threads split them
    one, two = tama.VecEnv(n, threads=1), tama.VecEnv(n, threads=2)
    first = one.reset()[0]
    rng = np.random.default_rng(5)
    for _ in range(4):
        u = rng.random(n)
        a1, a2 = one.random_actions(u), two.random_actions(u)
        assert np.array_equal(a1, a2)
        r1, r2 = one.step(a1), two.step(a2)
        for k, (x, y) in enumerate(zip(r1, r2)):
            # The masks (134 MB each) by a sample of rows.
            assert np.array_equal(x[::37], y[::37]) if k == 1 else np.array_equal(x, y)
    assert r1[0] is first  # the environment's own arrays, overwritten
    assert r1[0].shape == (n, 5, 8, 8) and r1[0].dtype == np.float32
    assert r1[1].shape == (n, tama.ACTION_SPACE) and r1[1].dtype == np.bool_
    counts = [len(one.board(i).legal_moves) for i in range(0, n, 41)]
    assert (r1[1][::41].sum(axis=1) == counts).all()


def test_bad_actions_move_no_game():
    vec = tama.VecEnv(3, rules="turkish")
    before = [vec.board(i).fen for i in range(3)]
    good = vec.random_actions(np.zeros(3))
    with pytest.raises(tama.IllegalMoveError, match="game 1: no legal move has action 5"):
        vec.step([good[0], 5, good[2]])
    with pytest.raises(ValueError, match="2 actions for 3 games"):
        vec.step(good[:2])
    assert [vec.board(i).fen for i in range(3)] == before
    vec.step(np.asarray(good, dtype=np.int32))  # any integer array
    assert list(vec.plies) == [1, 1, 1]
    with pytest.raises(ValueError):
        tama.VecEnv(0)
    with pytest.raises(tama.RulesError):
        tama.VecEnv(2, rules="chess")
    with pytest.raises(IndexError):
        vec.board(3)
    with pytest.raises(ValueError, match="already over"):
        tama.VecEnv(2, rules="turkish", fen="W:Wd4:Bd5")


def test_uint8_observations_are_the_same_planes():
    rng = np.random.default_rng(8)
    f32 = tama.VecEnv(5, rules="armenian", max_plies=20, threads=1)
    u8 = tama.VecEnv(5, rules="armenian", max_plies=20, threads=1, obs_dtype="uint8")
    a, b = f32.reset()[0], u8.reset()[0]
    assert b.dtype == np.uint8 and np.array_equal(a, b)
    for _ in range(60):
        actions = f32.random_actions(rng.random(5))
        a, *ra = f32.step(actions)
        b, *rb = u8.step(actions)
        assert np.array_equal(a, b) and all(np.array_equal(x, y) for x, y in zip(ra, rb))
        fa, fb = f32.final_observations(), u8.final_observations()
        assert np.array_equal(fa[0], fb[0]) and np.array_equal(fa[1], fb[1])
        assert fb[1].dtype == np.uint8
    with pytest.raises(ValueError, match="obs_dtype"):
        tama.VecEnv(2, obs_dtype="float64")
