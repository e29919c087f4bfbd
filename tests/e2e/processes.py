"""The end-to-end tests' processes: the Bot API emulator (node) and `turnuva bot`.

A module of its own, not conftest.py: test modules import these by name, and `from conftest
import ...` resolves to whichever conftest pytest imported first (tests/cli has one too).
Modules that need their own processes (a clock moved ahead, webhook mode, PostgreSQL) use
`running_emulator()` for an emulator of their own (two pollers on one emulator would steal
each other's updates) and `BotProcess` with `clock_offset` and `webhook_port`; their logs go
to `show_logs()` so a failing test prints them. `own_bot()` is the usual pair of both: an
emulator of its own and a bot (or a subclass) polling it on SQLite, their logs shown.
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
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from client import Emulator

ROOT = Path(__file__).resolve().parents[2]
LAUNCHER = ROOT / "tests" / "e2e" / "emulator" / "launcher.js"
PACKAGE = ROOT / "node_modules" / "telegram-test-api" / "package.json"
TOKEN = "123456:TEST"
START_TIMEOUT = 30.0
STOP_TIMEOUT = 15.0

# What a failing test shows: name -> (log file, the module it belongs to, or None for the
# session's "bot" and "emulator", shown for tests that use `tg`).
logs_of_failures: dict[str, tuple[Path, str | None]] = {}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tail(path: Path, lines: int = 60) -> str:
    text = path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""
    return "\n".join(text.splitlines()[-lines:]) or "(empty)"


def show_logs(module: str, **logs: Path) -> None:
    """A failing test of `module` shows the last lines of these logs (name=path)."""
    for name, path in logs.items():
        logs_of_failures[name] = (path, module)


def install_emulator() -> None:
    """`npm ci` once when node_modules lacks the emulator (a fresh clone): the README's test
    command then runs the end-to-end tests too. Without npm, or when it fails, they skip
    with the reason (a failure under CI=true)."""
    if PACKAGE.exists():
        return
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("end-to-end tests need telegram-test-api, and npm is not on PATH to install it")
    command = [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    if done.returncode != 0 or not PACKAGE.exists():
        pytest.skip(f"`npm ci` could not install telegram-test-api:\n{done.stderr[-2000:]}")


@contextlib.contextmanager
def running_emulator(log: Path, *, bot_port: int | None = None) -> Iterator[str]:
    """A Bot API emulator of its own on a free port, its output in `log`; yields its URL.

    `bot_port`: the emulator also serves the Bot API on this port, the one the bot is given
    (`http://127.0.0.1:<bot_port>`); an outage (`Emulator.outage`) closes only that one."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("end-to-end tests need node (Node.js 20) on PATH")
    install_emulator()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [node, str(LAUNCHER), str(port)] + ([str(bot_port)] if bot_port else [])
    with log.open("wb") as out:
        proc = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=out)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            with contextlib.suppress(httpx.TransportError):
                urls = [url] + ([f"http://127.0.0.1:{bot_port}"] if bot_port else [])
                if all(httpx.get(f"{u}/test/ready", timeout=1).status_code == 200 for u in urls):
                    break
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the emulator did not start:\n{tail(log)}")
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=0.05)  # a short pause that also notices an early exit
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=STOP_TIMEOUT)


def offset_to(moment: datetime) -> float:
    """The --clock-offset that makes a bot launched now read `moment` (aware) as the time."""
    return (moment - datetime.now(UTC)).total_seconds()


class BotProcess:
    """`turnuva bot` against the emulator, its output in a log file.

    `clock_offset` (seconds, --clock-offset) runs the bot's clock ahead of real time; a test
    moves time by restarting with a larger one. `webhook_port` runs it in webhook mode
    (--webhook-url http://127.0.0.1:<port>/<path> --port <port>) instead of polling.
    `bot_api_url`: the emulator's bot port (see `running_emulator`); `rate_limit`: with
    Telegram's rate limits (AIORateLimiter), which the other tests turn off."""

    def __init__(
        self,
        api_url: str,
        db_url: str,
        log: Path,
        *,
        clock_offset: float = 0.0,
        webhook_port: int | None = None,
        bot_api_url: str | None = None,
        rate_limit: bool = False,
    ) -> None:
        self.api_url, self.db_url, self.log = api_url, db_url, log
        # The URL the bot is given (an emulator's bot port, which an outage closes); the
        # test's own calls keep using `api_url`.
        self.bot_api_url = bot_api_url or api_url
        self.rate_limit = rate_limit
        self.clock_offset = clock_offset
        self.webhook_port = webhook_port
        self.proc: subprocess.Popen[bytes] | None = None
        self.emulator = Emulator(api_url)
        self.starts = 0
        self.log_mark = 0  # where the current start's output begins in the log

    @property
    def webhook_url(self) -> str | None:
        if self.webhook_port is None:
            return None
        return f"http://127.0.0.1:{self.webhook_port}/hook{self.webhook_port}"

    def launch(self) -> dict[str, Any]:
        """Start the process and return at once (with the emulator's state before it):
        `wait_ready` then waits for it. `start` does both."""
        before = self.emulator.state()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("TURNUVA_", "TELEGRAM_"))}
        command = [sys.executable, "-m", "bot.cli", "bot", "--token", TOKEN]
        command += ["--api-url", self.bot_api_url, "--db", self.db_url]
        command += [] if self.rate_limit else ["--no-rate-limit"]
        if self.clock_offset:
            command += ["--clock-offset", f"{self.clock_offset:.3f}"]
        if self.webhook_url:
            command += ["--webhook-url", self.webhook_url, "--port", str(self.webhook_port)]
        with self.log.open("ab") as out:
            self.log_mark = out.tell()
            out.write(f"--- start {self.starts + 1}: {' '.join(command)}\n".encode())
            out.flush()
            env |= {"PYTHONUNBUFFERED": "1"}
            self.proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=out)
        self.starts += 1
        return before

    def wait_ready(self, before: dict[str, Any]) -> None:
        """Polling: a getUpdates from this process is being held by the emulator (PTB calls
        getMe and the bot's post_init, setMyCommands, before it polls). Webhook mode: the
        emulator has seen this process's setWebhook (PTB sets it after post_init, once its
        webhook server listens)."""
        assert self.proc is not None
        polls_before = before["calls"].get("getUpdates", 0)
        hooks_before = before.get("webhooks", []).count(self.webhook_url)

        def ready(state: dict[str, Any]) -> bool:
            if self.webhook_url:
                return state.get("webhooks", []).count(self.webhook_url) > hooks_before
            return state["calls"].get("getUpdates", 0) > polls_before and state["pollers"] > 0

        deadline = time.monotonic() + START_TIMEOUT
        state = before
        while not ready(state):
            if self.proc.poll() is not None:
                pytest.fail(f"the bot exited with {self.proc.returncode}:\n{tail(self.log)}")
            if time.monotonic() > deadline:
                pytest.fail(f"the bot did not start in {START_TIMEOUT:.0f} s:\n{tail(self.log)}")
            state = self.emulator.state(after=state["version"], wait=1.0)

    def start(self) -> None:
        self.wait_ready(self.launch())

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
            pytest.fail(f"the bot ignored SIGTERM for {STOP_TIMEOUT:.0f} s:\n{tail(self.log)}")

    def clock(self) -> datetime:
        """What the bot's clock reads now (real time plus its offset)."""
        return datetime.now(UTC) + timedelta(seconds=self.clock_offset)

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs (no lock released, no connection closed politely)."""
        assert self.proc is not None and self.proc.poll() is None, "the bot is not running"
        self.proc.kill()
        self.proc.wait(timeout=STOP_TIMEOUT)

    def restart(self, clock_at: datetime | None = None) -> None:
        """SIGTERM, wait for the clean exit, start again; with `clock_at`, the new process's
        clock reads that moment as it is launched (the offset is taken after the stop)."""
        status = self.stop()
        assert status == 0, f"the bot exited with {status} on SIGTERM:\n{tail(self.log)}"
        if clock_at is not None:
            self.clock_offset = offset_to(clock_at)
        self.start()

    def output(self, current: bool = False) -> str:
        """The whole log, or only what the current (last) start wrote."""
        with self.log.open("rb") as f:
            f.seek(self.log_mark if current else 0)
            return f.read().decode("utf-8", errors="replace")

    def wait_for_log(self, text: str, timeout: float = START_TIMEOUT) -> None:
        """Until the current start's output contains `text` (bounded; fails on an exit):
        what is awaited comes during or soon after a start, so as long as a start may take."""
        deadline = time.monotonic() + timeout
        while text not in self.output(current=True):
            if self.proc is None or self.proc.poll() is not None:
                pytest.fail(f"the bot exited before logging {text!r}:\n{tail(self.log)}")
            if time.monotonic() > deadline:
                pytest.fail(f"the bot did not log {text!r} in {timeout:.0f} s:\n{tail(self.log)}")
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=0.05)  # a short pause that also notices an exit


@contextlib.contextmanager
def own_bot(
    home: Path,
    module: str | None = None,
    *,
    process: type[BotProcess] = BotProcess,
    bot_port: bool = False,
    clock_at: datetime | None = None,
    **options: Any,
) -> Iterator[tuple[Emulator, BotProcess]]:
    """An emulator of its own (log `home`/emu.log) and a `process` (`options` go to it)
    polling it on SQLite in `home` (log `home`/bot.log), started; stopped on leaving.

    `module`: a failing test of that module shows both logs. `bot_port`: the bot talks to
    an emulator port of its own, which `Emulator.outage` closes. `clock_at`: the bot's clock
    reads that moment as it starts (the offset taken once the emulator is up)."""
    if module is not None:
        name = module.removeprefix("test_e2e_")
        show_logs(module, **{f"{name} bot": home / "bot.log", f"{name} emulator": home / "emu.log"})
    port = free_port() if bot_port else None
    with running_emulator(home / "emu.log", bot_port=port) as url:
        if port is not None:
            options["bot_api_url"] = f"http://127.0.0.1:{port}"
        db_url = f"sqlite+aiosqlite:///{home / 'bot.sqlite3'}"
        bot = process(url, db_url, home / "bot.log", **options)
        tg = Emulator(url)
        try:
            if clock_at is not None:
                bot.clock_offset = offset_to(clock_at)
            bot.start()
            yield tg, bot
        finally:
            bot.stop()
            tg.close()
            bot.emulator.close()
