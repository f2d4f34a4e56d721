"""README.md stays true: its "Not yet implemented" table lists exactly the API
functions that are still generated stubs, and its two commands are the ones CI runs."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_not_yet_implemented_table_is_true():
    p = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_stubs.py"), "--root", str(ROOT), "--check-readme",
                        str(ROOT / "README.md")], capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    assert "pip install '.[test]' && pytest tests" in readme
    assert "pip install '.[test]'" in ci and "pytest tests" in ci
