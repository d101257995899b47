#!/usr/bin/env bash
# The Python part of CI: builds and installs the tama package into a fresh
# virtual environment the way a user does (`pip install ./crates/tama-py`,
# maturin fetched from PyPI as the build backend) and runs the pytest suite.
# Fails when the build or any test fails. Called by .ci/run after
# `cargo xtask ci`.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
python="${PYTHON:-python3}"
venv="$(mktemp -d)/venv"
trap 'rm -rf "$(dirname "$venv")"' EXIT

echo "== python package (tama-py)"
"$python" --version
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet "$here" pytest numpy
"$venv/bin/python" -c 'import tama; print("tama", tama.__version__, "installed")'
# Run from the tests' folder so `import tama` finds the installed package,
# not the source tree.
cd "$here/tests"
"$venv/bin/python" -m pytest -p no:cacheprovider -q --rootdir "$here/tests" .
