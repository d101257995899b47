"""tama.openspiel: the presets as OpenSpiel games, checked by OpenSpiel itself."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
import tama  # noqa: E402
import tama.openspiel  # noqa: E402,F401  (registers the games)

NAMES = ["tama_armenian", "tama_turkish", "tama_armenian_orthogonal"]


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_consistency_checks(name):
    # OpenSpiel's own checks of a game: random games with clones, undo,
    # observation and information-state tensors and strings, and
    # serialisation round trips of the game and every state.
    game = pyspiel.load_game(name + "(max_plies=120)")
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_game_facts(name):
    game = pyspiel.load_game(name)
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_distinct_actions() == tama.ACTION_SPACE
    assert game.max_game_length() == tama.openspiel.MAX_PLIES
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.observation_tensor_shape() == [5, 8, 8]
    assert game.information_state_tensor_shape() == [6, 8, 8]
    assert pyspiel.load_game(name + "(max_plies=50)").max_game_length() == 50


def test_actions_are_those_of_the_board_and_the_environment():
    game = pyspiel.load_game("tama_turkish")
    state = game.new_initial_state()
    board = tama.Board(rules="turkish")
    rng = np.random.default_rng(2)
    for _ in range(40):
        if state.is_terminal():
            break
        assert state.legal_actions() == sorted(board.legal_actions())
        assert np.array_equal(state.observation_tensor(0), board.to_array().reshape(-1))
        assert state.observation_string(1) == board.fen
        action = int(rng.choice(state.legal_actions()))
        assert state.action_to_string(action) == str(board.move_from_action(action))
        state.apply_action(action)
        board.push(board.move_from_action(action))
    assert state.information_state_string(0).endswith(
        " ".join(str(m) for m in board.move_stack))


def test_game_ends_with_the_winner_and_at_the_ply_limit():
    game = pyspiel.load_game("tama_turkish")
    state = game.new_initial_state()
    state.board = tama.Board("W:Wa2,d4:Bd5", rules="turkish")
    state.apply_action(state.board.action("d4xd6"))
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    short = pyspiel.load_game("tama_armenian(max_plies=3)").new_initial_state()
    for _ in range(3):
        short.apply_action(short.legal_actions()[0])
    assert short.is_terminal() and short.returns() == [0.0, 0.0]


def test_mcts_and_engine_bots_play_a_game():
    from open_spiel.python.algorithms import evaluate_bots, mcts

    game = pyspiel.load_game("tama_turkish(max_plies=30)")
    rng = np.random.RandomState(1)
    mcts_bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4,
                            evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    engine_bot = tama.openspiel.EngineBot(1, depth=2)
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [mcts_bot, engine_bot], rng)
    assert returns[0] == -returns[1] and returns[0] in (-1.0, 0.0, 1.0)
