"""tama: Armenian draughts (Tama) and Turkish draughts, from Rust.

The rules (exact legal move generation for every rule switch), position and
move text, PDN game records and the search engine of the tama toolkit::

    import tama

    board = tama.Board(rules="turkish")
    print(board)                       # the text board
    board.push("c3-c4")                # move text, or a Move from board.legal_moves
    engine = tama.Engine()
    best = engine.analyse(board, depth=8)[0]
    print(best.score, [str(m) for m in best.pv])

    for game in tama.pdn.read("games.pdn"):
        print(game.tags["White"], game.result)

Classes: ``Board``, ``Move``, ``MoveList``, ``Outcome``, ``Engine``, ``Line``, ``Score``;
module ``tama.pdn`` (``read``, ``Game``, ``Node``). Errors are ``ValueError``
subclasses carrying the library's message: ``FenError``, ``MoveTextError``,
``RulesError``, ``IllegalMoveError``, ``PdnError``.

Machine learning: ``Board.to_array()`` gives the position as planes
(``float32``, shape ``(5, 8, 8)``) and ``boards_to_array`` those of many
boards in one array. Actions: ``Board.action(move)`` gives every legal move a
number below ``ACTION_SPACE`` (32768), unique within its position:
``slot * 4096 + from * 64 + to`` with squares ``a1 = 0`` … ``h8 = 63``, where
``slot`` is 0 unless several legal captures share start and end squares (they
then take slots 0, 1, … in the order of their captured squares as a 64-bit
set); ``Board.move_from_action`` is the inverse, ``Board.legal_action_mask()``
and ``legal_action_masks`` the legal actions. ``Move.index()``
(``from * 64 + to``, ``MOVE_SPACE`` = 4096) is the first slot alone: it is
not unique for captures that share their ends (``Board.moves_from_index``
lists them). ``tama.env`` (extra ``[env]``) is a PettingZoo environment,
``VecEnv`` many games stepped in one call in Rust (``tama.vector`` wraps it
as a Gymnasium vector environment) and ``tama.openspiel`` (extra
``[openspiel]``) registers the presets as OpenSpiel games.

The formats are those of the ``tama`` command-line program (docs/NOTATION.md in the repository) and
the rules those of docs/RULES.md.
"""

from . import _tama
from ._tama import (
    ACTION_SPACE,
    MOVE_SPACE,
    PLANES,
    Board,
    Engine,
    FenError,
    IllegalMoveError,
    Line,
    Move,
    MoveList,
    MoveTextError,
    Outcome,
    PdnError,
    RulesError,
    Score,
    VecEnv,
    __version__,
    boards_to_array,
    legal_action_masks,
)
from . import pdn

#: The side to move value of White (``Board.turn``, ``Outcome.winner``).
WHITE = True
#: The side to move value of Black.
BLACK = False

#: The rules presets accepted as ``rules=`` (switches may follow, e.g.
#: ``"armenian,promotion=midway"``).
PRESETS = ("armenian", "turkish", "armenian-orthogonal")

__all__ = [
    "ACTION_SPACE",
    "BLACK",
    "MOVE_SPACE",
    "PLANES",
    "PRESETS",
    "WHITE",
    "Board",
    "Engine",
    "FenError",
    "IllegalMoveError",
    "Line",
    "Move",
    "MoveList",
    "MoveTextError",
    "Outcome",
    "PdnError",
    "RulesError",
    "Score",
    "VecEnv",
    "pdn",
    "__version__",
    "boards_to_array",
    "legal_action_masks",
]

del _tama
