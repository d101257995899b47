"""berserk, the lichess Python client from PyPI, plays a whole game against
`tama serve` with only its base URL changed (issue 42). Test-only: run by
crates/tama-online/berserk.sh in a virtual environment of its own.

Usage: python play_berserk.py TAMA_BINARY
"""

import subprocess
import sys
import tempfile
import threading

import berserk
import requests


def main(tama: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [tama, "serve", "--port", "0", "--threads", "1", "--hash", "1",
             "--database", f"sqlite://{tmp}/online.sqlite?mode=rwc"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            line = server.stdout.readline().strip()
            assert line.startswith("tama serve: http://"), line
            play(line.removeprefix("tama serve: ").rstrip("/"))
        finally:
            server.kill()
            server.wait()


def play(base: str) -> None:
    guests = [requests.post(f"{base}/api/guest", timeout=10).json() for _ in range(2)]
    clients = [berserk.Client(session=berserk.TokenSession(g["token"]), base_url=base)
               for g in guests]
    ids = [g["id"] for g in guests]
    # The account, as lichess's.
    assert clients[0].account.get()["id"] == ids[0]

    # An open challenge (lichess's fields), accepted by the other player.
    challenge = clients[0].challenges.create_open(
        clock_limit=300, clock_increment=2, variant="armenian")
    game_id = challenge["id"]
    events = clients[1].board.stream_incoming_events()
    clients[1].challenges.accept(game_id)
    start = next(e for e in events if e.get("type") == "gameStart")
    assert start["game"]["gameId"] == game_id, start

    stream = clients[0].board.stream_game_state(game_id)
    full = next(stream)
    assert full["type"] == "gameFull", full
    by_color = {full["white"]["id"]: None, full["black"]["id"]: None}
    assert set(by_color) == set(ids), full
    players = [clients[ids.index(full["white"]["id"])],
               clients[ids.index(full["black"]["id"])]]

    state = full["state"]
    plies = 0
    while state["status"] == "started":
        moves = state["moves"].split()
        if len(moves) == plies:
            plies = len(moves)
            if plies >= 300:
                players[plies % 2].board.resign_game(game_id)
            else:
                # The server's own move list chooses a legal move.
                legal = requests.post(f"{base}/api/moves", timeout=10, json={
                    "rules": "armenian", "moves": moves}).json()["moves"]
                players[plies % 2].board.make_move(game_id, legal[0]["move"])
            plies += 1
        state = next(s for s in stream if s.get("type") == "gameState")
    print(f"berserk: game {game_id} over after {len(state['moves'].split())} moves: "
          f"{state['status']}, winner {state.get('winner')}")
    assert state["status"] in ("mate", "draw", "resign"), state

    # An out-of-turn move is refused with lichess's error shape.
    try:
        players[0].board.make_move(game_id, "a3-b4")
        raise AssertionError("a move after the end was accepted")
    except berserk.exceptions.ResponseError as e:
        assert e.status_code == 400, e

    pdn = requests.get(f"{base}/game/export/{game_id}", timeout=10).text
    assert '[TimeControl "300+2"]' in pdn, pdn
    print("berserk: 1 passed, 0 failed")


if __name__ == "__main__":
    threading.excepthook = lambda args: sys.exit(1)
    main(sys.argv[1])
