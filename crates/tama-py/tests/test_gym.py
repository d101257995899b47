"""tama.gym: the Gymnasium environments, checked by Gymnasium itself and
against Gymnasium's own vectorisation of the single environment."""

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", minversion="1.1")
from gymnasium.utils.env_checker import check_env  # noqa: E402
from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402

import tama  # noqa: E402
import tama.gym  # noqa: E402
from tama.gym import TamaEnv, TamaVectorEnv  # noqa: E402


@pytest.mark.parametrize("env_id,rules", tama.gym.IDS.items())
def test_single_env_passes_gymnasium_check_env(env_id, rules):
    # Made by id, so that check_env also renders through the spec.
    env = gymnasium.make(env_id, max_plies=50, render_mode="ansi").unwrapped
    assert isinstance(env, TamaEnv) and env.rules == rules
    check_env(env)
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs)
    assert info["action_mask"].sum() == len(env.board.legal_moves)
    assert env.render() == str(env.board)


def test_single_env_illegal_action_loses_and_a_win_pays_the_mover():
    env = TamaEnv(rules="turkish")
    env.reset()
    obs, reward, terminated, truncated, info = env.step(5)  # no legal move has action 5
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    # White takes Black's last piece: +1 for White, the game over.
    env = TamaEnv(rules="turkish", fen="W:Wa2,d4:Bd5")
    env.reset()
    obs, reward, terminated, truncated, info = env.step(env.board.action("d4xd6"))
    assert (reward, terminated, truncated) == (1.0, True, False)
    assert not info["action_mask"].any()


def test_vector_env_spaces_and_arrays():
    envs = TamaVectorEnv(8, rules="armenian", max_plies=30)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert envs.single_action_space == gymnasium.spaces.Discrete(tama.ACTION_SPACE)
    assert envs.action_space.shape == (8,)
    obs, info = envs.reset(seed=0)
    assert envs.observation_space.contains(obs)
    assert info["action_mask"].shape == (8, tama.ACTION_SPACE) and info["_action_mask"].all()
    again, _ = envs.reset(seed=0)
    assert again is not obs and np.array_equal(again, obs)  # copy=True: new arrays
    fast = TamaVectorEnv(8, copy=False)
    o1, _ = fast.reset()
    o2, *_ = fast.step(fast.vec.random_actions(np.zeros(8)))
    assert o1 is o2 is fast.vec.reset()[0]  # copy=False: tama.VecEnv's own arrays
    with pytest.raises(tama.IllegalMoveError):
        envs.step(np.full(8, 5))


@pytest.mark.parametrize("rules,fen,max_plies", [
    ("turkish", None, 40), ("armenian", "W:Wc3,d4,Kh1:Bc6,e6,Ka8", 30),
])
def test_vector_env_steps_the_games_of_gymnasiums_sync_vector_env(rules, fen, max_plies):
    n, steps = 5, 150
    ours = TamaVectorEnv(n, rules=rules, fen=fen, max_plies=max_plies, threads=1)
    ref = SyncVectorEnv([lambda: TamaEnv(rules=rules, fen=fen, max_plies=max_plies)] * n,
                        autoreset_mode=AutoresetMode.SAME_STEP)
    obs, info = ours.reset(seed=7)
    robs, rinfo = ref.reset(seed=7)
    rng = np.random.default_rng(4)
    ended = 0
    for _ in range(steps):
        assert np.array_equal(obs, robs)
        assert np.array_equal(info["action_mask"], rinfo["action_mask"])
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
        obs, rewards, terminated, truncated, info = ours.step(actions)
        robs, rrewards, rterminated, rtruncated, rinfo = ref.step(actions)
        assert np.array_equal(rewards, rrewards)
        assert np.array_equal(terminated, rterminated)
        assert np.array_equal(truncated, rtruncated)
        done = terminated | truncated
        assert ("final_obs" in info) == done.any() == ("final_obs" in rinfo)
        if done.any():
            ended += int(done.sum())
            assert np.array_equal(info["_final_obs"], rinfo["_final_obs"])
            for i in np.flatnonzero(done):
                assert np.array_equal(info["final_obs"][i], rinfo["final_obs"][i])
            assert all(info["final_obs"][i] is None for i in np.flatnonzero(~done))
    assert ended > 0 and rewards.dtype == np.float32


def test_registered_ids_make_vector_envs():
    envs = gymnasium.make_vec("tama/Armenian-v0", num_envs=3, max_plies=20)
    assert isinstance(envs, TamaVectorEnv) and envs.num_envs == 3
    obs, info = envs.reset()
    assert np.array_equal(obs[0], tama.Board(rules="armenian").to_array())
