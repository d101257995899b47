#!/usr/bin/env bash
# berserk (the lichess Python client, from PyPI; test-only, never a
# dependency of tama) plays a whole game against `tama serve` with only its
# base URL changed (issue 42). Creates its own virtual environment, installs
# berserk there, and runs crates/tama-online/berserk/play_berserk.py on the
# `tama` binary: $TAMA_BIN, else the release build (built when missing).
# Called by .ci/run.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
python="${PYTHON:-python3}"
venv="$(mktemp -d)/venv"
trap 'rm -rf "$(dirname "$venv")"' EXIT

echo "== berserk against tama serve"
if [ -z "${TAMA_BIN:-}" ]; then
    cargo build --release --quiet -p tama-cli --manifest-path "$root/Cargo.toml"
    TAMA_BIN="${CARGO_TARGET_DIR:-$root/target}/release/tama"
fi
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet "berserk==0.14.0"
timeout 300 "$venv/bin/python" "$here/berserk/play_berserk.py" "$TAMA_BIN"
