"""The PettingZoo environment (the `env` extra)."""

import numpy as np
import pytest

from pettingzoo.test import api_test

import tama
from tama.env import env, raw_env


@pytest.mark.parametrize("rules", tama.PRESETS)
def test_api_test_passes(rules):
    api_test(env(rules=rules, max_plies=200), num_cycles=300, verbose_progress=False)


def test_rewards_at_the_end_and_observations():
    # White to move and win: d4xd6 leaves Black without pieces.
    e = raw_env(rules="turkish", fen="W:Wd4,a2:Bd5")
    e.reset()
    obs = e.observe("player_0")
    assert obs["observation"].shape == (8, 8, 5) and obs["observation"].dtype == np.float32
    assert obs["observation"][3, 3, 0] == 1.0  # white man d4
    assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].sum() == 1
    assert e.observe("player_1")["action_mask"].sum() == 0
    action = int(np.flatnonzero(obs["action_mask"])[0])
    assert e.board.move_from_action(action).is_capture
    e.step(action)
    assert e.terminations == {"player_0": True, "player_1": True}
    assert e.rewards == {"player_0": 1.0, "player_1": -1.0}
    assert e.infos["player_0"]["result"] == "1-0"


def test_truncation_at_the_ply_limit():
    e = raw_env(rules="armenian", max_plies=4)
    e.reset()
    for _ in range(4):
        obs, reward, term, trunc, _ = e.last()
        assert not term and not trunc and reward == 0
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert e.rewards == {"player_0": 0.0, "player_1": 0.0}


def test_render_text_and_rgb():
    e = raw_env(rules="turkish", render_mode="ansi")
    e.reset()
    assert "White to move" in e.render()
    img = raw_env(rules="turkish", render_mode="rgb_array").render()
    assert img.shape == (256, 256, 3) and img.dtype == np.uint8
    # a2 holds a white man: its centre is the piece colour; a4 is empty:
    # its centre is a board colour.
    assert (img[256 - 32 - 16, 16] == 250).all()
    assert not (img[256 - 3 * 32 - 16, 16] == 250).all()


def test_bad_arguments():
    with pytest.raises(tama.RulesError):
        raw_env(rules="chess")
    with pytest.raises(ValueError, match="max_plies"):
        raw_env(max_plies=0)
