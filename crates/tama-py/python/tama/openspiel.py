"""The three presets as OpenSpiel games: ``import tama.openspiel`` registers them.

Install OpenSpiel beside tama (``pip install "./crates/tama-py[openspiel]"``,
or ``pip install open_spiel``); it is never a dependency of the base
package. Importing this module registers, through ``pyspiel.register_game``
(no change to OpenSpiel itself):

- ``tama_armenian``, ``tama_turkish``, ``tama_armenian_orthogonal``.

::

    import pyspiel
    import tama.openspiel

    game = pyspiel.load_game("tama_turkish")            # or "tama_turkish(max_plies=200)"
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())

The games are sequential, deterministic, perfect-information and zero-sum,
with two players: player 0 is White (moves first), player 1 Black. Rewards
come at the end: +1 the winner, -1 the loser, 0 each for a draw (threefold
repetition, one piece each under ``draw-one-each``) and for a game cut at
``max_plies`` plies (the game's parameter, 400 by default: OpenSpiel needs a
maximum game length and draughts has none). Actions are those of
``Board.action`` and the PettingZoo environment: ``slot * 4096 + from * 64 +
to`` below ``tama.ACTION_SPACE`` (32,768), unique within a position.

Observations: the tensor is ``Board.to_array()`` (``float32``, ``(5, 8, 8)``:
white men, white kings, black men, black kings, side to move), the string
the position text (FEN). The information state (perfect recall) adds the
history: its string is the start position and the moves played, its tensor
the observation's planes plus a plane holding how many times the current
position has occurred (0.5 for twice: threefold repetition ends the game).

``EngineBot`` plays tama's search engine as an OpenSpiel bot.
"""

from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import numpy.typing as npt
import pyspiel  # type: ignore[import-not-found]

from . import ACTION_SPACE, PLANES, Board, Engine, IllegalMoveError

__all__ = ["EngineBot", "GAMES", "MAX_PLIES", "TamaGame", "TamaState", "action_string"]

#: The default ply limit of a game (the parameter ``max_plies``).
MAX_PLIES = 400

#: The registered short names and the tama rules of each.
GAMES = {
    "tama_armenian": "armenian",
    "tama_turkish": "turkish",
    "tama_armenian_orthogonal": "armenian-orthogonal",
}

_LONG_NAMES = {
    "armenian": "Armenian draughts (Tama)",
    "turkish": "Turkish draughts (Dama)",
    "armenian-orthogonal": "Armenian draughts, orthogonal captures only",
}


def _game_type(short_name: str, rules: str) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=_LONG_NAMES[rules],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"max_plies": MAX_PLIES},
    )


def _square(i: int) -> str:
    return "abcdefgh"[i % 8] + str(i // 8 + 1)


def action_string(action: int) -> str:
    """An action as text without a position: ``c3>c4`` (slot 0) or
    ``c1>g1/2`` (slot 2)."""
    slot, rest = divmod(int(action), 4096)
    text = f"{_square(rest // 64)}>{_square(rest % 64)}"
    return f"{text}/{slot}" if slot else text


class TamaGame(pyspiel.Game):  # type: ignore[misc]
    """One preset as an OpenSpiel game (made by ``pyspiel.load_game``)."""

    rules: str

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        # The subclasses below fix the rules; ``params`` may set max_plies.
        params = dict(params or {})
        max_plies = int(params.get("max_plies", MAX_PLIES))
        if max_plies < 1:
            raise ValueError(f"max_plies {max_plies}: expected at least 1")
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTION_SPACE,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_plies,
        )
        super().__init__(self._type, info, {"max_plies": max_plies})

    _type: Any = None

    @property
    def max_plies(self) -> int:
        """The ply limit, from the game's parameters (a game unpickled in
        another process, as OpenSpiel's AlphaZero actors get it, is rebuilt
        from them without ``__init__``)."""
        return int(self.get_parameters()["max_plies"])

    def new_initial_state(self) -> "TamaState":
        return TamaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "Observer":
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(recall)


class TamaState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: a ``tama.Board`` (``state.board``)."""

    def __init__(self, game: TamaGame) -> None:
        super().__init__(game)
        self.board = Board(rules=game.rules)
        self._max_plies = game.max_plies
        self._returns = [0.0, 0.0]
        self._over = False

    def current_player(self) -> int:
        if self._over:
            return int(pyspiel.PlayerId.TERMINAL)
        return 0 if self.board.turn else 1

    def _legal_actions(self, player: int) -> List[int]:
        if self._over or player != self.current_player():
            return []
        return sorted(self.board.legal_actions())

    def _apply_action(self, action: int) -> None:
        self.board.push(self.board.move_from_action(int(action)))
        outcome = self.board.outcome()
        if outcome is not None:
            self._over = True
            if outcome.winner is not None:
                self._returns = [1.0, -1.0] if outcome.winner else [-1.0, 1.0]
        elif len(self.board.move_stack) >= self._max_plies:
            self._over = True

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return str(self.board.move_from_action(int(action)))
        except (IllegalMoveError, ValueError):
            return action_string(action)

    def is_terminal(self) -> bool:
        return self._over

    def returns(self) -> List[float]:
        return list(self._returns)

    def __str__(self) -> str:
        return self.board.fen


class Observer:
    """Observations (``perfect_recall=False``) or information states
    (``True``), after OpenSpiel's PyObserver interface: ``tensor``,
    ``dict``, ``set_from`` and ``string_from``."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        planes = PLANES + (1 if perfect_recall else 0)
        self.tensor: npt.NDArray[np.float32] = np.zeros(planes * 64, np.float32)
        name = "info_state" if perfect_recall else "observation"
        self.dict = {name: self.tensor.reshape(planes, 8, 8)}

    def set_from(self, state: TamaState, player: int) -> None:
        planes = state.board.to_array().reshape(PLANES * 64)
        self.tensor[: PLANES * 64] = planes
        if self.perfect_recall:
            self.tensor[PLANES * 64:] = (state.board.repetitions() - 1) / 2

    def string_from(self, state: TamaState, player: int) -> str:
        if not self.perfect_recall:
            return state.board.fen
        moves = " ".join(str(m) for m in state.board.move_stack)
        return f"{state.board.starting_fen} {state.board.rules_text}: {moves}".rstrip()


class EngineBot(pyspiel.Bot):  # type: ignore[misc]
    """tama's search engine as an OpenSpiel bot for the tama games.

    ``EngineBot(player_id, movetime=0.1)`` (seconds), or ``depth=`` or
    ``nodes=``; ``engine`` is a ``tama.Engine`` to use (a new one with
    ``hash_mib=16, threads=1`` by default).
    """

    def __init__(self, player_id: int, *, engine: Optional[Engine] = None,
                 movetime: Optional[float] = None, depth: Optional[int] = None,
                 nodes: Optional[int] = None) -> None:
        pyspiel.Bot.__init__(self)
        if movetime is None and depth is None and nodes is None:
            movetime = 0.1
        self._player_id = player_id
        self.engine = engine if engine is not None else Engine(hash_mib=16, threads=1)
        self.movetime, self.depth, self.nodes = movetime, depth, nodes

    def player_id(self) -> int:
        return self._player_id

    def restart_at(self, state: Any) -> None:
        pass

    def provides_policy(self) -> bool:
        return False

    def step(self, state: Any) -> int:
        board = _board_of(state)
        move = self.engine.play(board, movetime=self.movetime, depth=self.depth,
                                nodes=self.nodes)
        if move is None:
            return int(pyspiel.INVALID_ACTION)
        return board.action(move)

    def step_with_policy(self, state: Any) -> Tuple[List[Tuple[int, float]], int]:
        action = self.step(state)
        return [(action, 1.0)], action


def _board_of(state: Any) -> Board:
    """The board of an OpenSpiel state of a tama game: its own, or the
    game replayed from its actions."""
    board = getattr(state, "board", None)
    if isinstance(board, Board):
        return board
    rules = GAMES[state.get_game().get_type().short_name]
    board = Board(rules=rules)
    for action in state.history():
        board.push(board.move_from_action(action))
    return board


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for short_name, rules in GAMES.items():
        game_type = _game_type(short_name, rules)
        cls = type(
            "TamaGame_" + short_name,
            (TamaGame,),
            {"rules": rules, "_type": game_type,
             "__module__": __name__,
             "__doc__": f"The {rules} preset as the OpenSpiel game ``{short_name}``."},
        )
        globals()[cls.__name__] = cls
        if short_name not in registered:
            pyspiel.register_game(game_type, cls)


_register()
