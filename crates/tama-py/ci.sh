#!/usr/bin/env bash
# The Python part of CI: builds and installs the tama package into a fresh
# virtual environment the way a user does (`pip install "./crates/tama-py[env]"`,
# maturin fetched from PyPI as the build backend) and runs the pytest suite.
# The test-only packages come from PyPI too: pytest, mypy, pydraughts (the
# Hub client of tests/test_hub_pydraughts.py, GPL-3, never a dependency of
# tama). That test drives the `tama` binary, built here in release mode and
# passed as TAMA_BIN. Fails when the build or any test fails. Called by
# .ci/run after `cargo xtask ci`.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
python="${PYTHON:-python3}"
venv="$(mktemp -d)/venv"
trap 'rm -rf "$(dirname "$venv")"' EXIT

echo "== python package (tama-py)"
"$python" --version
"$python" -m venv "$venv"
root="$(cd "$here/../.." && pwd)"
cargo build --release --quiet -p tama-cli --manifest-path "$root/Cargo.toml"
export TAMA_BIN="${CARGO_TARGET_DIR:-$root/target}/release/tama"
# open_spiel (the [openspiel] extra, tests/test_openspiel.py; a 16 MB wheel
# for CPython 3.11+, about 10 s to install) is skipped on older Pythons,
# where that test is skipped too.
"$venv/bin/python" -m pip install --quiet "$here[env,gym,openspiel]" pytest numpy "mypy==2.4.1" pydraughts
"$venv/bin/python" -c 'import tama; print("tama", tama.__version__, "installed")'
# The type stubs: consistent (mypy --strict) and matching the compiled
# module (stubtest; PEP 800 disjoint bases are not marked in the stubs).
# Run in the temporary folder, so its cache goes with it and `tama` is the
# installed package.
(
    cd "$(dirname "$venv")"
    "$venv/bin/python" -m mypy --strict -p tama
    "$venv/bin/python" -m mypy.stubtest tama._tama --ignore-disjoint-bases \
        --allowlist "$here/stubtest-allowlist.txt"
)
# Run from the tests' folder so `import tama` finds the installed package,
# not the source tree.
cd "$here/tests"
"$venv/bin/python" -m pytest -p no:cacheprovider -q --rootdir "$here/tests" .
