"""Shared helpers of the tama Python tests."""

import random

import pytest

import tama


def random_boards(rules: str, games: int, plies: int, seed: int):
    """Boards along seeded random games (each position once)."""
    rng = random.Random(seed)
    for _ in range(games):
        board = tama.Board(rules=rules)
        for _ in range(plies):
            yield board
            moves = board.legal_moves
            if not moves or board.is_game_over():
                break
            board.push(rng.choice(moves))


@pytest.fixture(params=["armenian", "turkish", "armenian-orthogonal"])
def rules(request):
    return request.param
