"""End-to-end fixtures: the Bot API emulator (node) and the bot itself, as separate processes.

`tg` is the test's client (tests/e2e/client.py); `bot` is the running bot process with its log;
`restart_bot()` stops it with SIGTERM and starts it again on the same database. Without node or
`npm ci` the tests are skipped with the reason printed (a failure under CI=true).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from client import GROUP, ORGANISER, Emulator

ROOT = Path(__file__).resolve().parents[2]
LAUNCHER = ROOT / "tests" / "e2e" / "emulator" / "launcher.js"
PACKAGE = ROOT / "node_modules" / "telegram-test-api" / "package.json"
TOKEN = "123456:TEST"
START_TIMEOUT = 30.0
STOP_TIMEOUT = 15.0

_logs: dict[str, Path] = {}  # what a failing test shows: "bot" and "emulator" logs


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _tail(path: Path, lines: int = 60) -> str:
    text = path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""
    return "\n".join(text.splitlines()[-lines:]) or "(empty)"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if report.failed and "tg" in getattr(item, "fixturenames", ()):
        for name, path in _logs.items():
            report.sections.append((f"{name} log (last lines)", _tail(path)))


@pytest.fixture(scope="session")
def emulator_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("end-to-end tests need node (Node.js 20) on PATH")
    if not PACKAGE.exists():
        pytest.skip("end-to-end tests need telegram-test-api: run `npm ci` in the repository root")
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    log = tmp_path_factory.mktemp("emulator") / "emulator.log"
    _logs["emulator"] = log
    with log.open("wb") as out:
        proc = subprocess.Popen([node, str(LAUNCHER), str(port)], cwd=ROOT, stdout=out, stderr=out)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"{url}/test/ready", timeout=1).status_code == 200:
                    break
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the emulator did not start:\n{_tail(log)}")
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=0.05)  # a short pause that also notices an early exit
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=STOP_TIMEOUT)


class BotProcess:
    """`turnuva bot` against the emulator, on its own SQLite file, its output in a log file."""

    def __init__(self, api_url: str, db_url: str, log: Path) -> None:
        self.api_url, self.db_url, self.log = api_url, db_url, log
        self.proc: subprocess.Popen[bytes] | None = None
        self.emulator = Emulator(api_url)
        self.starts = 0

    def start(self) -> None:
        before = self.emulator.state()
        polls_before = before["calls"].get("getUpdates", 0)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("TURNUVA_", "TELEGRAM_"))}
        command = [sys.executable, "-m", "bot.cli", "bot", "--token", TOKEN]
        command += ["--api-url", self.api_url, "--db", self.db_url, "--no-rate-limit"]
        with self.log.open("ab") as out:
            out.write(f"--- start {self.starts + 1}: {' '.join(command)}\n".encode())
            out.flush()
            env |= {"PYTHONUNBUFFERED": "1"}
            self.proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=out)
        self.starts += 1
        # Polling means: a getUpdates from this process is being held by the emulator
        # (PTB calls getMe and the bot's post_init, setMyCommands, before it polls).
        deadline = time.monotonic() + START_TIMEOUT
        state = before
        while not (state["calls"].get("getUpdates", 0) > polls_before and state["pollers"] > 0):
            if self.proc.poll() is not None:
                pytest.fail(f"the bot exited with {self.proc.returncode}:\n{_tail(self.log)}")
            if time.monotonic() > deadline:
                pytest.fail(
                    f"the bot did not start polling in {START_TIMEOUT:.0f} s:\n{_tail(self.log)}"
                )
            state = self.emulator.state(after=state["version"], wait=1.0)

    def stop(self) -> int:
        """SIGTERM and wait for a clean exit; returns the exit status."""
        if self.proc is None or self.proc.poll() is not None:
            return self.proc.returncode if self.proc else 0
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            pytest.fail(f"the bot ignored SIGTERM for {STOP_TIMEOUT:.0f} s:\n{_tail(self.log)}")

    def restart(self) -> None:
        status = self.stop()
        assert status == 0, f"the bot exited with {status} on SIGTERM:\n{_tail(self.log)}"
        self.start()

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


@pytest.fixture(scope="session")
def bot(emulator_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[BotProcess]:
    home = tmp_path_factory.mktemp("bot")
    process = BotProcess(
        emulator_url, f"sqlite+aiosqlite:///{home / 't.sqlite3'}", home / "bot.log"
    )
    _logs["bot"] = process.log
    process.emulator.configure(GROUP, admins=[ORGANISER], owner=ORGANISER)
    try:
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
