"""A newcomer's first run: what the log says, and one clear line when the bot cannot start;
a second polling process on the same database waits for the first (polling is one process)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from client import ORGANISER, Emulator, private
from processes import ROOT, BotProcess, free_port, running_emulator, show_logs


def _start(api_url: str, token: str, home: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "bot.cli", "bot", "--token", token, "--api-url", api_url]
    command += ["--db", f"sqlite+aiosqlite:///{home / 'x.sqlite3'}"]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_the_log_says_which_bot_where_its_data_is_and_little_else(tmp_path: Path) -> None:
    show_logs(__name__, **{"startup bot": tmp_path / "bot.log"})
    with running_emulator(tmp_path / "emu.log") as url:
        bot = BotProcess(
            url, f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}", tmp_path / "bot.log"
        )
        bot.start()
        try:
            bot.wait_for_log("started")
            log = bot.output()
        finally:
            bot.stop()
            bot.emulator.close()
    started = next(line for line in log.splitlines() if "started" in line)
    assert "@TurnuvaTestBot" in started and str(tmp_path / "bot.sqlite3") in started
    assert "polling mode" in started
    assert "apscheduler" not in log and "fontTools" not in log and "httpx" not in log


def test_an_unreachable_api_at_start_up_is_one_line_and_status_1(tmp_path: Path) -> None:
    done = _start(f"http://127.0.0.1:{free_port()}", "123456:TEST", tmp_path)
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    assert done.returncode == 1
    assert len(lines) == 1 and "cannot reach the Bot API" in lines[0], lines


def test_a_wrong_token_is_one_line_and_status_1(tmp_path: Path) -> None:
    with running_emulator(tmp_path / "emu.log") as url:
        done = _start(url, "0:WRONG", tmp_path)
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    assert done.returncode == 1
    assert len(lines) == 1 and "refused the bot token" in lines[0], lines


def test_a_second_poller_on_the_database_says_so_and_takes_over_when_the_first_stops(
    tmp_path: Path,
) -> None:
    show_logs(__name__, **{"first poller": tmp_path / "a.log", "second poller": tmp_path / "b.log"})
    with running_emulator(tmp_path / "emu.log") as url:
        db = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
        first, second = (
            BotProcess(url, db, tmp_path / "a.log"),
            BotProcess(url, db, tmp_path / "b.log"),
        )
        tg = Emulator(url)
        try:
            first.start()
            before = second.launch()
            second.wait_for_log("another process polls this bot on this database")
            assert first.stop() == 0
            second.wait_ready(before)  # it polls now
            second.wait_for_log("this one polls now")
            chat = private(ORGANISER)
            tg.send(ORGANISER, chat, "/yardim")
            assert tg.wait_for(chat, "Turnuva Botu")
            assert second.stop() == 0
        finally:
            first.stop()
            second.stop()
            tg.close()
            first.emulator.close()
            second.emulator.close()
    assert second.output().count("another process polls") == 1  # said once
