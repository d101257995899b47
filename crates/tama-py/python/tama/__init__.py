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

Classes: ``Board``, ``Move``, ``Outcome``, ``Engine``, ``Line``, ``Score``;
module ``tama.pdn`` (``read``, ``Game``, ``Node``). Errors are ``ValueError``
subclasses carrying the library's message: ``FenError``, ``MoveTextError``,
``RulesError``, ``IllegalMoveError``, ``PdnError``.

Machine learning: ``Board.to_array()`` gives the position as planes
(``float32``, shape ``(5, 8, 8)``), ``Move.index()`` a move's place in a fixed
space of ``MOVE_SPACE`` (4096) entries, ``Board.move_from_index`` the inverse
and ``Board.legal_move_mask()`` the legal indices.

The formats are those of the ``tama`` command-line program (docs/NOTATION.md in the repository) and
the rules those of docs/RULES.md.
"""

from . import _tama
from ._tama import (
    MOVE_SPACE,
    PLANES,
    Board,
    Engine,
    FenError,
    IllegalMoveError,
    Line,
    Move,
    MoveTextError,
    Outcome,
    PdnError,
    RulesError,
    Score,
    __version__,
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
    "MoveTextError",
    "Outcome",
    "PdnError",
    "RulesError",
    "Score",
    "pdn",
    "__version__",
]

del _tama
