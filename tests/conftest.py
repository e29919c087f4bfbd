"""Suite-wide rules: with CI=true a skipped test is a failure, never a silent pass.

Property tests have no time limit per example (speed is bench/'s to measure, and a shared
machine's pause made a 200 ms deadline fail at random); with CI=true their examples are
derived from each test's name, so CI runs the same ones every time, while a developer's
runs keep exploring new ones.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("suite", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI", "").lower() == "true" else "suite")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if os.environ.get("CI", "").lower() != "true":
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter else []
    if skipped:
        reporter.write_line(f"CI=true: {len(skipped)} skipped test(s) count as failures.", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
