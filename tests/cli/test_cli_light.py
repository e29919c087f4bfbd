"""`turnuva --help` reads the parser alone: no planner, no solver, no database library.

A fresh interpreter, since this test process has long imported them all.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("ortools", "fpdf", "PIL", "sqlalchemy", "telegram", "domain.planner")


def test_the_help_imports_none_of_what_the_subcommands_need():
    script = f"""
import json, sys
from bot.cli import main
try:
    main(["--help"])
except SystemExit:
    pass
print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))
"""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-c", script]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "turnuva" in done.stdout
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []
