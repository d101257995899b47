"""A short AlphaZero run on a tama game with OpenSpiel's own AlphaZero
(open_spiel.python.algorithms.alpha_zero: JAX, Flax and Optax).

    pip install "./crates/tama-py[alphazero]"
    python crates/tama-py/examples/alphazero.py --steps 2 --simulations 4

OpenSpiel runs its actors and evaluators as separate processes started with
"spawn": they import this script again, and the import below registers the
tama games with pyspiel in each of them. The learner writes its log
(learner.jsonl: one line per step with the loss and the evaluation) and
checkpoints under --path.
"""

import argparse
import json
import os
import tempfile

import tama.openspiel  # noqa: F401  (registers tama_turkish & co. in every process)


def main() -> None:
    from open_spiel.python.algorithms.alpha_zero import alpha_zero
    from open_spiel.python.utils import spawn

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="tama_turkish(max_plies=30)")
    ap.add_argument("--steps", type=int, default=2, help="learner steps")
    ap.add_argument("--simulations", type=int, default=4, help="MCTS simulations a move")
    ap.add_argument("--actors", type=int, default=1)
    ap.add_argument("--width", type=int, default=32)
    ap.add_argument("--buffer", type=int, default=64,
                    help="replay buffer size: the states collected before each learner step")
    ap.add_argument("--path", default=None)
    args = ap.parse_args()
    path = args.path or tempfile.mkdtemp(prefix="tama-az-")
    config = alpha_zero.Config(
        game=args.game, path=path, learning_rate=1e-3, weight_decay=1e-4,
        decouple_weight_decay=False, train_batch_size=16, replay_buffer_size=args.buffer,
        replay_buffer_reuse=1, max_steps=args.steps, checkpoint_freq=1000,
        actors=args.actors, evaluators=1, evaluation_window=4, eval_levels=2,
        uct_c=1.4, max_simulations=args.simulations, policy_alpha=1.0,
        policy_epsilon=0.25, temperature=1.0, temperature_drop=10,
        nn_model="mlp", nn_width=args.width, nn_depth=1, observation_shape=None,
        output_size=None, verbose=False, quiet=True, nn_api_version="linen",
    )
    with spawn.main_handler():
        alpha_zero.alpha_zero(config)
    with open(os.path.join(path, "learner.jsonl")) as f:
        steps = [json.loads(line) for line in f]
    print(f"{len(steps)} learner steps logged in {path}")


if __name__ == "__main__":
    main()
