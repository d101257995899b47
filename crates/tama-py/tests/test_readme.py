"""Every Python example of the package's README runs as written, from a
fresh folder (it used to read a games.pdn a new user lacks)."""

import pathlib
import re
import subprocess
import sys

README = pathlib.Path(__file__).resolve().parent.parent / "README.md"


def examples():
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_readme_has_examples():
    assert examples()


def test_readme_examples_run_from_a_fresh_folder(tmp_path):
    for i, code in enumerate(examples()):
        run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path,
                             capture_output=True, text=True)
        assert run.returncode == 0, f"README example {i}:\n{code}\n{run.stderr}"
