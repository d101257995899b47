"""Type stubs of the Rust extension module behind ``tama`` (re-exported there)."""

import os
from typing import (
    Any,
    Callable,
    ClassVar,
    Dict,
    Iterable,
    Iterator,
    List,
    Optional,
    Sequence,
    Tuple,
    Union,
    final,
    overload,
)

import numpy as np
import numpy.typing as npt

__version__: str
#: Number of move indices: ``from * 64 + to``, squares ``a1 = 0`` … ``h8 = 63``.
MOVE_SPACE: int
#: Number of planes of ``Board.to_array``.
PLANES: int
#: Number of actions: ``slot * 4096 + from * 64 + to``, ``slot`` 0 to 7.
ACTION_SPACE: int

def boards_to_array(boards: Iterable["Board"]) -> npt.NDArray[np.float32]:
    """``(n, 5, 8, 8)`` planes of many boards, row ``i`` = ``boards[i].to_array()``."""

def legal_action_masks(boards: Iterable["Board"]) -> npt.NDArray[np.bool_]:
    """``(n, ACTION_SPACE)`` masks, row ``i`` = ``boards[i].legal_action_mask()``."""

class FenError(ValueError):
    """A position text (FEN) that cannot be read."""

    column: int

class MoveTextError(ValueError):
    """A text that is not move text."""

    column: int

class RulesError(ValueError):
    """A rules text that cannot be read."""

    column: int

class IllegalMoveError(ValueError):
    """A move that is not legal (or is ambiguous) in the position."""

class PdnError(ValueError):
    """A PDN game that cannot be read (``line``/``column`` 1-based, 0 without text)."""

    line: int
    column: int

@final
class Move:
    """A move, identified by its effect; ``str()`` is the canonical move text."""

    @property
    def path(self) -> List[str]:
        """The start square, then every landing square."""
    @property
    def captures(self) -> List[str]:
        """Captured squares in the order the path jumps them."""
    @property
    def promotes(self) -> bool: ...
    @property
    def is_capture(self) -> bool: ...
    @property
    def from_square(self) -> str: ...
    @property
    def to_square(self) -> str: ...
    def index(self) -> int:
        """``from * 64 + to`` (``0 <= index < MOVE_SPACE``); not unique for
        captures sharing start and end squares: see ``action``."""
    def action(self) -> int:
        """The move's action in its position (``0 <= action < ACTION_SPACE``), unique."""
    def to_json(self) -> Dict[str, Any]:
        """``{"move", "from", "to", "path", "captures", "promotes"}``."""
    def __reduce__(self) -> Any: ...
    @staticmethod
    def _restore(fen: str, rules: str, text: str) -> "Move": ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class MoveList:
    """The legal moves of a position: a read-only sequence of ``Move``."""

    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    @overload
    def __getitem__(self, key: int, /) -> Move: ...
    @overload
    def __getitem__(self, key: slice, /) -> List[Move]: ...
    def __iter__(self) -> Iterator[Move]: ...
    def __contains__(self, value: object, /) -> bool: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __reduce__(self) -> Any: ...
    def actions(self) -> List[int]:
        """The action of each move (``-1`` for a move without one)."""
    def mask(self) -> npt.NDArray[np.bool_]:
        """``(ACTION_SPACE,)`` bools, ``True`` at each move's action."""

@final
class Outcome:
    """How a game ended."""

    #: ``"no_legal_moves"``, ``"repetition"``, ``"one_piece_each"``, ``"resignation"``,
    #: ``"agreement"``, ``"adjudication"``, ``"time_forfeit"``.
    termination: str
    #: ``True`` White won, ``False`` Black won, ``None`` a draw.
    winner: Optional[bool]
    def result(self) -> str:
        """``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``."""

@final
class Board:
    """A game in progress: rules, start position, moves played."""

    def __new__(cls, fen: Optional[str] = None, rules: str = "armenian") -> "Board": ...
    @property
    def fen(self) -> str: ...
    @property
    def rules_text(self) -> str: ...
    @property
    def turn(self) -> bool:
        """``True`` when White is to move (``tama.WHITE``)."""
    @property
    def legal_moves(self) -> MoveList: ...
    @property
    def move_stack(self) -> List[Move]: ...
    @property
    def starting_fen(self) -> str: ...
    def parse_move(self, text: str) -> Move: ...
    def push(self, move: Union[Move, str]) -> Move: ...
    def pop(self) -> Move: ...
    def outcome(self) -> Optional[Outcome]: ...
    def is_game_over(self) -> bool: ...
    def resign(self, color: bool) -> Outcome: ...
    def agree_draw(self) -> Outcome: ...
    def adjudicate(self, winner: Optional[bool] = None) -> Outcome: ...
    def lose_on_time(self, color: bool) -> Outcome: ...
    def reopen(self) -> Optional[Outcome]: ...
    def repetitions(self) -> int: ...
    def copy(self) -> "Board": ...
    def __reduce__(self) -> Any: ...
    @staticmethod
    def _restore(
        fen: str,
        rules: str,
        moves: List[str],
        ended: Optional[Tuple[str, Optional[bool]]] = None,
    ) -> "Board": ...
    def __copy__(self) -> "Board": ...
    def __deepcopy__(self, memo: Any) -> "Board": ...
    def perft(self, depth: int, threads: int = 1) -> int: ...
    def perft_divide(self, depth: int, threads: int = 1) -> Dict[Move, int]: ...
    def piece_at(self, square: str) -> Optional[str]:
        """``"w"``, ``"W"``, ``"b"``, ``"B"`` or ``None``."""
    def to_array(self) -> npt.NDArray[np.float32]:
        """Planes ``(5, 8, 8)`` ``[plane, rank, file]``, a1 at ``[:, 0, 0]``:
        white men, white kings, black men, black kings, side to move (1.0 = White)."""
    def move_from_index(self, index: int) -> Move: ...
    def moves_from_index(self, index: int) -> List[Move]: ...
    def legal_move_mask(self) -> npt.NDArray[np.bool_]:
        """``(MOVE_SPACE,)`` bools, ``True`` at each legal move's index."""
    def action(self, move: Union[Move, str]) -> int:
        """The legal move's action: unique in the position, below ``ACTION_SPACE``."""
    def move_from_action(self, action: int) -> Move: ...
    def legal_actions(self) -> List[int]: ...
    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """``(ACTION_SPACE,)`` bools, ``True`` at each legal move's action."""
    def svg(self, flipped: bool = False, lastmove: Optional[Move] = None) -> str: ...
    def _repr_svg_(self) -> str: ...
    def to_json(self) -> Dict[str, Any]: ...
    def __eq__(self, other: object, /) -> bool:
        """Same position (pieces, side to move) under the same rules."""
    #: Boards change: they are not hashable.
    __hash__: ClassVar[None]  # type: ignore[assignment]

@final
class VecEnv:
    """``n`` games stepped together in Rust, one ply per game and step
    (self-play); the arrays are the environment's own, overwritten by the
    next ``reset``/``step``; a game that ends starts again at once."""

    def __new__(
        cls,
        n: int,
        rules: str = "turkish",
        fen: Optional[str] = None,
        max_plies: int = 400,
        threads: int = 0,
        obs_dtype: str = "float32",
    ) -> "VecEnv": ...
    @property
    def num_envs(self) -> int: ...
    @property
    def max_plies(self) -> int: ...
    def __len__(self) -> int: ...
    def reset(self) -> Tuple[npt.NDArray[Any], npt.NDArray[np.bool_]]:
        """``(observations (n, 5, 8, 8), masks (n, ACTION_SPACE))``."""
    def step(
        self, actions: Union[Sequence[int], npt.NDArray[np.integer[Any]]]
    ) -> Tuple[
        npt.NDArray[Any],
        npt.NDArray[np.bool_],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
    ]:
        """``(observations, masks, rewards (of the mover), terminated, truncated)``."""
    def random_actions(self, u: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
        """Game ``i`` plays its legal move ``floor(u[i] * len)``."""
    def final_observations(self) -> Tuple[npt.NDArray[np.int64], npt.NDArray[Any]]:
        """The games that ended on the last step and their final observations."""
    @property
    def turns(self) -> npt.NDArray[np.bool_]: ...
    @property
    def plies(self) -> npt.NDArray[np.int64]: ...
    def board(self, i: int) -> Board: ...

@final
class Score:
    """Centi-men (``cm``) or a forced ``win``/``loss`` in plies, side to move's view."""

    @property
    def cm(self) -> Optional[int]: ...
    @property
    def win(self) -> Optional[int]: ...
    @property
    def loss(self) -> Optional[int]: ...
    @property
    def raw(self) -> int: ...
    def to_json(self) -> Dict[str, int]: ...
    def __lt__(self, other: "Score", /) -> bool: ...
    def __le__(self, other: "Score", /) -> bool: ...
    def __gt__(self, other: "Score", /) -> bool: ...
    def __ge__(self, other: "Score", /) -> bool: ...

@final
class Line:
    """One analysed line."""

    move: Move
    score: Score
    pv: List[Move]
    #: The iteration the line comes from (0: a forced move, no search).
    depth: int
    #: Whether iteration ``depth`` was stopped before it completed.
    partial: bool
    seldepth: int
    nodes: int
    #: Seconds the search took.
    time: float
    multipv: int

@final
class Engine:
    """The search engine (``hash_mib`` 1–65536, ``threads`` 1–256)."""

    def __new__(
        cls, hash_mib: int = 16, threads: int = 1, **options: Union[bool, int, float, str, os.PathLike[str]]
    ) -> "Engine": ...
    def set_option(self, name: str, value: Union[bool, int, float, str, os.PathLike[str]]) -> None: ...
    def option(self, name: str) -> Union[bool, int, float]: ...
    @staticmethod
    def options() -> List[Dict[str, Any]]:
        """The engine's option registry: name, aliases, group, type, min, max, default, description."""
    def analyse(
        self,
        board: Board,
        *,
        depth: Optional[int] = None,
        movetime: Optional[float] = None,
        nodes: Optional[int] = None,
        multipv: int = 1,
        info: Optional[Callable[[Line], Any]] = None,
    ) -> List[Line]:
        """Best lines (``movetime`` in seconds); ``[]`` when the game is over.
        ``info`` is called with each line of each completed iteration."""
    def play(
        self,
        board: Board,
        *,
        depth: Optional[int] = None,
        movetime: Optional[float] = None,
        nodes: Optional[int] = None,
    ) -> Optional[Move]: ...
    def stop(self) -> None: ...
    def clear(self) -> None: ...
    def evaluate(self, board: Board) -> Score: ...

@final
class Node:
    """One move of a game record with its comments, NAGs and variations."""

    move: Move
    comments_before: List[str]
    comments_after: List[str]
    nags: List[int]
    annotation: Optional[str]
    variations: List[List["Node"]]

@final
class Game:
    """A PDN game record."""

    @property
    def tags(self) -> Dict[str, str]: ...
    def tag(self, name: str) -> Optional[str]: ...
    @property
    def rules(self) -> str: ...
    @property
    def fen(self) -> str: ...
    @property
    def result(self) -> str: ...
    @property
    def comments(self) -> List[str]: ...
    @property
    def mainline(self) -> List[Node]: ...
    @property
    def moves(self) -> List[Move]: ...
    def board(self) -> Board: ...
    def to_pdn(self) -> str: ...
    def to_json(self) -> Dict[str, Any]: ...
    @staticmethod
    def from_json(value: Union[str, Dict[str, Any]]) -> "Game": ...
    @staticmethod
    def from_board(
        board: Board, tags: Optional[Dict[str, Any]] = None, result: Optional[str] = None
    ) -> "Game": ...

@final
class Reader:
    """Streaming PDN reader; use ``tama.pdn.read``."""

    @staticmethod
    def from_text(text: str) -> "Reader": ...
    @staticmethod
    def from_bytes(data: bytes) -> "Reader": ...
    @staticmethod
    def from_file(path: str) -> "Reader": ...
    def __iter__(self) -> Iterator[Union[Game, PdnError]]: ...
    def __next__(self) -> Union[Game, PdnError]: ...
