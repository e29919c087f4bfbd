"""Suite-wide rules: with CI=true a skipped test is a failure, never a silent pass.

Property tests have no time limit per example (speed is bench/'s to measure, and a shared
machine's pause made a 200 ms deadline fail at random); with CI=true their examples are
derived from each test's name, so CI runs the same ones every time, while a developer's
runs keep exploring new ones.
"""

from __future__ import annotations

import compileall
import os
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("suite", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI", "").lower() == "true" else "suite")


def pytest_sessionstart(session: pytest.Session) -> None:
    """Write the bytecode of our packages once. The suite starts the bot, the command line
    and workers as processes of their own; where PYTHONDONTWRITEBYTECODE is set (CI's
    machine, slim images) each of them would otherwise compile every module from source
    again, about a second apiece. py_compile writes even then."""
    root = Path(__file__).resolve().parents[1]
    for package in ("domain", "storage", "bot"):
        compileall.compile_dir(root / package, quiet=1, workers=1)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if os.environ.get("CI", "").lower() != "true":
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter else []
    if skipped:
        reporter.write_line(f"CI=true: {len(skipped)} skipped test(s) count as failures.", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
