"""A PettingZoo environment for tama: two agents play one game of any preset.

Install with the extra: ``pip install "./crates/tama-py[env]"`` (it brings
PettingZoo and Gymnasium). The environment follows PettingZoo's classic
games (chess, connect four)::

    from tama.env import env

    e = env(rules="turkish", max_plies=300)
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
        else:
            action = e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

- Agents: ``"player_0"`` plays White (moves first), ``"player_1"`` Black.
- Actions: ``Discrete(ACTION_SPACE)``, the action numbers of ``Board.action``
  (unique for every legal move of a position).
- Observations: a dict with ``"observation"`` (``float32``, shape
  ``(8, 8, 5)``: ``Board.to_array()`` with the planes last, ``[rank, file,
  plane]``, from White's side) and ``"action_mask"`` (``int8``, shape
  ``(ACTION_SPACE,)``, 1 at each legal action of the agent to move; all 0
  for the other agent).
- Rewards only at the end: +1 the winner, -1 the loser, 0 each for a draw
  (threefold repetition, one piece each under ``draw-one-each``).
- Truncation after ``max_plies`` plies (both agents truncated, reward 0).
- ``render_mode``: ``"ansi"`` (the text board), ``"human"`` (printed) or
  ``"rgb_array"`` (a ``uint8`` image of shape ``(256, 256, 3)``).

``env()`` wraps ``raw_env`` in PettingZoo's usual wrappers (an illegal
action ends the game with -1 for the agent that chose it).
"""

from typing import Any, Dict, List, Optional

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from . import ACTION_SPACE, Board

__all__ = ["env", "raw_env"]

#: Square size of the RGB rendering, in pixels.
SQUARE_PX = 32
_LIGHT = np.array([240, 217, 181], np.uint8)
_DARK = np.array([181, 136, 99], np.uint8)
_WHITE_PIECE = np.array([250, 250, 250], np.uint8)
_BLACK_PIECE = np.array([30, 30, 30], np.uint8)
_KING_MARK = np.array([200, 40, 40], np.uint8)


def _disc_masks(size: int) -> "tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]":
    """A piece's disc and a king's inner mark within one square."""
    c = (size - 1) / 2
    y, x = np.mgrid[0:size, 0:size]
    r = np.hypot(x - c, y - c)
    return r <= size * 0.40, r <= size * 0.16


_DISC, _MARK = _disc_masks(SQUARE_PX)


def render_rgb(board: Board) -> npt.NDArray[np.uint8]:
    """The board as an RGB image, ``uint8`` ``(8 * SQUARE_PX, 8 * SQUARE_PX, 3)``,
    White at the bottom."""
    planes = board.to_array()
    n = SQUARE_PX
    img = np.empty((8 * n, 8 * n, 3), np.uint8)
    for rank in range(8):
        row = 7 - rank
        for file in range(8):
            cell = img[row * n:(row + 1) * n, file * n:(file + 1) * n]
            cell[:] = _DARK if (rank + file) % 2 == 0 else _LIGHT
            for plane, colour, king in ((0, _WHITE_PIECE, False), (1, _WHITE_PIECE, True),
                                        (2, _BLACK_PIECE, False), (3, _BLACK_PIECE, True)):
                if planes[plane, rank, file]:
                    cell[_DISC] = colour
                    if king:
                        cell[_MARK] = _KING_MARK
    return img


def env(**kwargs: Any) -> AECEnv:
    """``raw_env(**kwargs)`` in PettingZoo's standard wrappers for classic games."""
    e: AECEnv = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 (PettingZoo's naming)
    """One game of draughts between ``player_0`` (White) and ``player_1`` (Black).

    ``rules`` is a rules text (``"armenian"``, ``"turkish"``,
    ``"armenian-orthogonal"``, or a preset with switches), ``fen`` an
    optional start position, ``max_plies`` the ply limit (truncation).
    """

    metadata: Dict[str, Any] = {
        "render_modes": ["human", "ansi", "rgb_array"],
        "name": "tama_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(self, rules: str = "turkish", fen: Optional[str] = None,
                 max_plies: int = 400, render_mode: Optional[str] = None) -> None:
        super().__init__()
        if max_plies < 1:
            raise ValueError(f"max_plies {max_plies}: expected at least 1")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: expected one of "
                             f"{self.metadata['render_modes']}")
        self.rules = rules
        self.fen = fen
        self.max_plies = max_plies
        self.render_mode = render_mode
        self.board = Board(fen, rules=rules)  # checks the rules and position now
        self.possible_agents = ["player_0", "player_1"]
        self.agents = self.possible_agents[:]
        self.action_spaces = {a: spaces.Discrete(ACTION_SPACE) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (8, 8, 5), np.float32),
                "action_mask": spaces.Box(0, 1, (ACTION_SPACE,), np.int8),
            })
            for a in self.possible_agents
        }
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._agent_to_move()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _agent_to_move(self) -> str:
        return self.possible_agents[0 if self.board.turn else 1]

    def observe(self, agent: str) -> Dict[str, npt.NDArray[Any]]:
        planes = np.ascontiguousarray(self.board.to_array().transpose(1, 2, 0))
        if agent == self.agent_selection and not self.board.is_game_over():
            mask = self.board.legal_action_mask().astype(np.int8)
        else:
            mask = np.zeros(ACTION_SPACE, np.int8)
        return {"observation": planes, "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        self.board = Board(self.fen, rules=self.rules)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._agent_to_move()

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: expected an action, got None")
        self._cumulative_rewards[agent] = 0.0
        self.board.push(self.board.move_from_action(int(action)))
        outcome = self.board.outcome()
        self.rewards = {a: 0.0 for a in self.agents}
        if outcome is not None:
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = {"termination": outcome.termination, "result": outcome.result()}
            if outcome.winner is not None:
                winner = self.possible_agents[0 if outcome.winner else 1]
                for a in self.agents:
                    self.rewards[a] = 1.0 if a == winner else -1.0
        elif len(self.board.move_stack) >= self.max_plies:
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a] = {"termination": "ply_limit", "result": "*"}
        self.agent_selection = self._agent_to_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Any:
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return render_rgb(self.board)
        text = str(self.board)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def legal_moves_of(self, agent: str) -> List[int]:
        """The legal actions of ``agent`` (empty unless it is to move)."""
        if agent != self.agent_selection or self.board.is_game_over():
            return []
        return self.board.legal_actions()
