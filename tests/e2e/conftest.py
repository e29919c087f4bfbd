"""End-to-end fixtures: the Bot API emulator (node) and the bot itself, as separate processes
(tests/e2e/processes.py).

`tg` is the test's client (tests/e2e/client.py); `bot` is the running bot process with its log,
its clock starting at days.SESSION_START;
`restart_bot()` stops it with SIGTERM and starts it again on the same database. Without node or
`npm ci` the tests are skipped with the reason printed (a failure under CI=true).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from client import GROUP, ORGANISER, Emulator
from days import SESSION_START
from processes import BotProcess, logs_of_failures, offset_to, running_emulator, tail


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if not report.failed:
        return
    uses_tg = "tg" in getattr(item, "fixturenames", ())
    module = getattr(getattr(item, "module", None), "__name__", None)
    for name, (path, owner) in list(logs_of_failures.items()):
        if (owner is None and uses_tg) or (owner is not None and owner == module):
            report.sections.append((f"{name} log (last lines)", tail(path)))


@pytest.fixture(scope="session")
def emulator_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    log = tmp_path_factory.mktemp("emulator") / "emulator.log"
    logs_of_failures["emulator"] = (log, None)
    with running_emulator(log) as url:
        yield url


@pytest.fixture(scope="session")
def bot(emulator_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[BotProcess]:
    home = tmp_path_factory.mktemp("bot")
    process = BotProcess(
        emulator_url, f"sqlite+aiosqlite:///{home / 't.sqlite3'}", home / "bot.log"
    )
    logs_of_failures["bot"] = (process.log, None)
    process.emulator.configure(GROUP, admins=[ORGANISER], owner=ORGANISER)
    try:
        process.clock_offset = offset_to(SESSION_START)  # the same calendar on every run
        process.start()
        yield process
    finally:
        process.stop()
        process.emulator.close()


@pytest.fixture
def tg(bot: BotProcess) -> Iterator[Emulator]:
    """The test's own client: its mark starts at the end of what the bot has done so far."""
    client = Emulator(bot.api_url)
    yield client
    client.close()


@pytest.fixture
def restart_bot(bot: BotProcess) -> Callable[[], None]:
    """SIGTERM the bot, wait for its exit (status 0), start it again on the same database."""
    return bot.restart
