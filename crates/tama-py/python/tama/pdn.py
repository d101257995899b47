"""PDN game records: read them (streaming, with per-game errors) and write them.

::

    import tama

    for game in tama.pdn.read("games.pdn"):             # a path, or PDN text
        print(game.tags.get("White"), game.result, len(game.moves))
        board = game.board()                            # the end of the main line

    for item in tama.pdn.read(text, errors="yield"):    # bad games as PdnError values
        if isinstance(item, tama.PdnError):
            print("skipped:", item)                     # "line 5, column 7: ..."

    game = tama.pdn.Game.from_board(board, {"White": "me", "Black": "tama"})
    open("out.pdn", "w").write(game.to_pdn())
"""

import os
from typing import Iterator, Union

from ._tama import Game, Node, PdnError
from ._tama import Reader as _Reader

__all__ = ["Game", "Node", "PdnError", "read", "read_game"]

_ERRORS = ("raise", "yield", "skip")


def _reader(source: Union[str, bytes, "os.PathLike[str]"]) -> _Reader:
    if isinstance(source, bytes):
        return _Reader.from_text(source.decode("utf-8", errors="replace"))
    if isinstance(source, os.PathLike):
        return _Reader.from_file(os.fspath(source))
    if isinstance(source, str):
        # A path is one line naming an existing file, or ending in `.pdn`
        # (a missing file then raises FileNotFoundError rather than being
        # read as PDN text); anything else is PDN text.
        one_line = "\n" not in source and "[" not in source
        if one_line and (os.path.isfile(source) or source.lower().endswith(".pdn")):
            return _Reader.from_file(source)
        return _Reader.from_text(source)
    raise TypeError(
        "expected PDN text, bytes or a path, got " + type(source).__name__
    )


def read(
    source: Union[str, bytes, "os.PathLike[str]"], errors: str = "raise"
) -> Iterator[Union[Game, PdnError]]:
    """Reads the games of a PDN file or text one at a time.

    ``source`` is a path (a ``PathLike``, or a one-line ``str`` naming an
    existing file or ending in ``.pdn``) or PDN text (any other ``str``, or
    UTF-8 ``bytes``). Files are streamed: only the game
    being read is in memory.

    A game that cannot be read gives a ``PdnError`` whose message says where
    (``line 12, column 7: illegal move c3-c5: ...``; also ``.line`` and
    ``.column``), and the reader goes on with the next game. With
    ``errors="raise"`` (the default) the error is raised from ``next()``: a
    caller that catches it can keep calling ``next()``. With
    ``errors="yield"`` it is yielded in place of the game; with
    ``errors="skip"`` bad games are left out.

    Raises ``OSError`` when a path cannot be opened, ``ValueError`` for an
    unknown ``errors`` value.
    """
    if errors not in _ERRORS:
        raise ValueError(
            "errors must be one of " + ", ".join(_ERRORS) + ", got " + repr(errors)
        )
    return _Games(_reader(source), errors)


class _Games:
    """The iterator ``read`` returns; it survives a raised ``PdnError``."""

    def __init__(self, reader: _Reader, errors: str) -> None:
        self._reader = reader
        self._errors = errors

    def __iter__(self) -> "_Games":
        return self

    def __next__(self) -> Union[Game, PdnError]:
        while True:
            item = next(self._reader)
            if isinstance(item, PdnError):
                if self._errors == "raise":
                    raise item
                if self._errors == "skip":
                    continue
            return item


def read_game(text: str) -> Game:
    """Reads a PDN text that holds exactly one game.

    Raises ``PdnError`` when the game cannot be read or the text holds no
    game or several.
    """
    games = []
    for item in _Reader.from_text(text):
        if isinstance(item, PdnError):
            raise item
        games.append(item)
    if len(games) != 1:
        raise PdnError(f"expected exactly one game, found {len(games)}")
    return games[0]
