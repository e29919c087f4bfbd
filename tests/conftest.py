"""Suite-wide rules: with CI=true a skipped test is a failure, never a silent pass."""

from __future__ import annotations

import os

import pytest


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if os.environ.get("CI", "").lower() != "true":
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter else []
    if skipped:
        reporter.write_line(f"CI=true: {len(skipped)} skipped test(s) count as failures.", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
