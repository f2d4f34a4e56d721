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


def _readme_block(after):
    text = (ROOT / "README.md").read_text()
    i = text.index(after)
    start = text.index("```sh\n", i) + len("```sh\n")
    return text[start:text.index("```", start)].strip()


def test_first_command_runs_verbatim_from_the_clone_root(tmp_path):
    """The README's install-and-run command, as written, from the repository
    root, in a fresh virtual environment (the source folder pyopenvx/ must not
    shadow the installed package)."""
    cmd = _readme_block("Install and run")
    assert cmd == "pip install . && pyopenvx info", cmd
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env = dict(__import__("os").environ)
    env["PATH"] = str(venv / "bin") + ":" + env.get("PATH", "")
    env.pop("PYTHONPATH", None)
    p = subprocess.run(["bash", "-c", cmd], cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert p.returncode == 0, (p.stdout[-3000:], p.stderr[-3000:])
    assert "OpenVX" in p.stdout and "vx_khr_swap_move" in p.stdout, p.stdout[-3000:]
