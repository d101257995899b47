"""Gymnasium environments for tama: one game (``TamaEnv``) and many games
stepped in Rust (``TamaVectorEnv``, around ``tama.VecEnv``).

Install with the extra: ``pip install "./crates/tama-py[gym]"`` (Gymnasium
1.1 or later, for its same-step autoreset mode). Both are self-play: one
agent plays both sides, an action is one ply of the side to move, and the
reward goes to the player who moved::

    import numpy as np
    from tama.gym import TamaVectorEnv

    envs = TamaVectorEnv(1024, rules="turkish", max_plies=200)
    obs, info = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(100):
        actions = envs.vec.random_actions(rng.random(envs.num_envs))   # or your policy,
        obs, rewards, terminated, truncated, info = envs.step(actions)  # masked by info["action_mask"]

- Observation: ``Box(0, 1, (5, 8, 8), float32)``, ``Board.to_array()``
  (white men, white kings, black men, black kings, side to move).
- Action: ``Discrete(ACTION_SPACE)``, the numbers of ``Board.action``; the
  vector env's ``action_space`` is ``MultiDiscrete([ACTION_SPACE] * n)``.
- Legal actions: ``info["action_mask"]``, ``bool``, ``(ACTION_SPACE,)``
  (``(n, ACTION_SPACE)`` for the vector env, with ``info["_action_mask"]``
  all true, Gymnasium's marker of which sub-environments have the key).
  Sampling a space ignores it: mask your policy's logits with it.
- Reward: ``+1`` for the move that wins, ``0`` otherwise. ``TamaEnv``
  ends the game on an illegal action with ``-1`` for its player (so that
  Gymnasium's ``check_env``, which steps unmasked samples, can run);
  ``TamaVectorEnv`` raises ``IllegalMoveError`` and no game moves.
- ``terminated``: the game ended on the board (no legal move, threefold
  repetition, one piece each); ``truncated``: it reached ``max_plies``.

**Autoreset.** ``TamaVectorEnv`` resets a game in the step that ends it
(``metadata["autoreset_mode"]`` is ``AutoresetMode.SAME_STEP``, as
``tama.VecEnv`` does): the observation and mask returned for that game are
those of the new game, the final observation is in ``info["final_obs"]``
(an object array, ``None`` for the games that did not end, marked by
``info["_final_obs"]``), and ``info["final_info"]`` is empty. It steps the
same games as Gymnasium's ``SyncVectorEnv`` of ``TamaEnv`` in that mode
(tests/test_gym.py).

**Copies.** With ``copy=True`` (the default, as in Gymnasium's vector
envs) the observations and masks returned are new arrays. With
``copy=False`` they are ``tama.VecEnv``'s own, overwritten by the next
step: no copy of ``n * 1,280`` bytes of observations and ``n * 32,768``
of masks a step, for speed.
"""

from typing import Any, Dict, Optional, Tuple

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from . import ACTION_SPACE, PLANES, Board, VecEnv

__all__ = ["IDS", "TamaEnv", "TamaVectorEnv", "observation_space"]


def observation_space() -> spaces.Box:
    """The observation space of one game: ``Box(0, 1, (5, 8, 8), float32)``."""
    return spaces.Box(0.0, 1.0, (PLANES, 8, 8), np.float32)


class TamaEnv(gymnasium.Env[npt.NDArray[Any], np.int64]):
    """One game of draughts, self-play (see the module).

    ``rules`` is a rules text (``"turkish"``, ``"armenian"``,
    ``"armenian-orthogonal"`` or a preset with switches), ``fen`` an
    optional start position, ``max_plies`` the ply limit (truncation),
    ``render_mode`` ``None`` or ``"ansi"`` (the text board).
    """

    metadata: Dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 2}

    def __init__(self, rules: str = "turkish", fen: Optional[str] = None,
                 max_plies: int = 400, render_mode: Optional[str] = None) -> None:
        if max_plies < 1:
            raise ValueError(f"max_plies {max_plies}: expected at least 1")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: expected None or 'ansi'")
        self.rules, self.fen, self.max_plies = rules, fen, max_plies
        self.render_mode = render_mode
        self.board = Board(fen, rules=rules)  # checks the rules and position now
        self.observation_space = observation_space()
        self.action_space = spaces.Discrete(ACTION_SPACE)

    def _info(self) -> Dict[str, Any]:
        if self.board.is_game_over():
            return {"action_mask": np.zeros(ACTION_SPACE, np.bool_)}
        return {"action_mask": self.board.legal_action_mask()}

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None
              ) -> Tuple[npt.NDArray[np.float32], Dict[str, Any]]:
        super().reset(seed=seed)
        self.board = Board(self.fen, rules=self.rules)
        return self.board.to_array(), self._info()

    def step(self, action: Any
             ) -> Tuple[npt.NDArray[np.float32], float, bool, bool, Dict[str, Any]]:
        a = int(action)
        if not (0 <= a < ACTION_SPACE and self.board.legal_action_mask()[a]):
            # An illegal action loses the game for the player who chose it.
            info = {"action_mask": np.zeros(ACTION_SPACE, np.bool_), "illegal_action": True}
            return self.board.to_array(), -1.0, True, False, info
        mover = self.board.turn
        self.board.push(self.board.move_from_action(a))
        outcome = self.board.outcome()
        reward = 1.0 if outcome is not None and outcome.winner == mover else 0.0
        truncated = outcome is None and len(self.board.move_stack) >= self.max_plies
        return self.board.to_array(), reward, outcome is not None, truncated, self._info()

    def render(self) -> Optional[str]:
        return str(self.board) if self.render_mode == "ansi" else None


class TamaVectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """``num_envs`` games stepped together in Rust: ``tama.VecEnv`` (the
    attribute ``vec``) as a Gymnasium vector environment (see the module).

    ``threads`` is the number of threads a step may use (0: one per CPU);
    ``copy`` whether the arrays returned are copies (see the module).
    """

    metadata: Dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, num_envs: int, rules: str = "turkish", fen: Optional[str] = None,
                 max_plies: int = 400, threads: int = 0, copy: bool = True) -> None:
        self.vec = VecEnv(num_envs, rules=rules, fen=fen, max_plies=max_plies, threads=threads)
        self.num_envs = num_envs
        self.copy = copy
        self.single_observation_space = observation_space()
        self.single_action_space = spaces.Discrete(ACTION_SPACE)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._all = np.ones(num_envs, np.bool_)

    def _out(self, a: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return a.copy() if self.copy else a

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[npt.NDArray[np.float32], Dict[str, Any]]:
        super().reset(seed=seed)
        obs, mask = self.vec.reset()
        return self._out(obs), {"action_mask": self._out(mask), "_action_mask": self._all.copy()}

    def step(self, actions: Any) -> Tuple[npt.NDArray[np.float32], npt.NDArray[np.float32],
                                          npt.NDArray[np.bool_], npt.NDArray[np.bool_],
                                          Dict[str, Any]]:
        obs, mask, rewards, terminated, truncated = self.vec.step(np.asarray(actions, np.int64))
        info: Dict[str, Any] = {"action_mask": self._out(mask), "_action_mask": self._all.copy()}
        ended = terminated | truncated
        if ended.any():
            indices, final = self.vec.final_observations()
            final_obs = np.full(self.num_envs, None, dtype=object)
            for i, o in zip(indices, final):
                final_obs[i] = o
            info["final_obs"], info["_final_obs"] = final_obs, ended
            info["final_info"], info["_final_info"] = {}, ended.copy()
        return self._out(obs), rewards.copy(), terminated.copy(), truncated.copy(), info

    def close_extras(self, **kwargs: Any) -> None:
        pass


#: The Gymnasium ids registered on import, and the rules of each:
#: ``gymnasium.make("tama/Turkish-v0", max_plies=200)``,
#: ``gymnasium.make_vec("tama/Turkish-v0", num_envs=1024)`` (``TamaVectorEnv``).
IDS = {
    "tama/Armenian-v0": "armenian",
    "tama/Turkish-v0": "turkish",
    "tama/ArmenianOrthogonal-v0": "armenian-orthogonal",
}

for _id, _rules in IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(_id, entry_point="tama.gym:TamaEnv",
                           vector_entry_point="tama.gym:TamaVectorEnv",
                           kwargs={"rules": _rules})
