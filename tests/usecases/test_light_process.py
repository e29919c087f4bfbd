"""The bot process stays light: OR-Tools, fpdf2 and Pillow load in the worker processes only,
and the one-day planner and the format advice at the first plan, not at start-up.

Each check runs a fresh interpreter, since this test process has long imported them all.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from storage import migrate

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("ortools", "fpdf", "PIL")
# What a set-up's plan needs and starting the bot does not (bot.usecases.planning).
PLANNER = ("bot.usecases.drafts", "domain.planner", "domain.advice", "domain.slots")


def loaded_after(script: str, modules: tuple[str, ...] = HEAVY) -> list[str]:
    """Which of `modules` a fresh interpreter has imported once `script` ran."""
    report = f"import json, sys\nprint(json.dumps([m for m in {modules!r} if m in sys.modules]))"
    check = f"{script}\n{report}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-c", check]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_importing_the_bot_loads_neither_the_solver_nor_the_renderers():
    assert loaded_after("import bot.app") == []


def test_importing_the_bot_loads_no_planner():
    assert loaded_after("import bot.app", PLANNER) == []


def test_importing_the_bot_loads_no_command_line_client_of_httpx():
    # click is installed (uvicorn needs it) and pygments is (pytest does): httpx would load
    # both at every start for its own command-line client.
    assert loaded_after("import bot.app", ("click", "pygments", "rich")) == []
    assert loaded_after("import bot.app; import httpx; assert callable(httpx.main)") == []


async def test_a_start_on_a_current_sqlite_file_loads_neither_alembic_nor_postgresql(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'turnuva.db'}"
    await migrate.upgrade_async(url)  # here: the fresh interpreter finds it current
    script = f"""
import asyncio
from bot.app import build
from bot.runtime.settings import Settings
from storage import Database, revision
async def start():
    assert not await revision.bring_up_to_date({url!r})
    db = Database.from_url({url!r})
    async with db.unit_of_work(read_only=True) as uow:
        await uow.inbox.pending_chats()
    await db.dispose()
build(Settings(token="1:TEST", db_url={url!r}))
asyncio.run(start())
"""
    assert loaded_after(script, ("alembic", "sqlalchemy.dialects.postgresql")) == []


def test_a_plan_its_warning_and_a_picture_are_made_in_workers_and_load_nothing_here():
    script = """
import asyncio
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import bot.app
from bot.runtime import offload
from bot.render import jobs
from bot.usecases import drafts, planning, setup

IST = ZoneInfo("Europe/Istanbul")


async def main():
    offload.preload(bot.app.WORKER_IMPORTS)
    kickoff = datetime(2026, 12, 6, 9, 0, tzinfo=IST)
    data = {
        "name": "Uzun Gün",
        "teams": [f"Takım {i}" for i in range(1, 17)],
        "pitches": 1,
        "format": "league",
        "kickoff": kickoff.isoformat(),
    }
    _, planned = await planning.build_off_loop(drafts.spec_of(data))
    warned = await planning.warning_off_loop(data, planned, kickoff - timedelta(days=1), IST)
    assert warned is not None and warned.alternatives, warned
    rows = [(m, None) for m in planned.matches]
    picture = await asyncio.to_thread(
        offload.in_worker(jobs.fixture, "Uzun Gün", rows, None, now=kickoff, budget=60)
    )
    assert picture.startswith(b"\\x89PNG")
    offload.shutdown()


asyncio.run(main())
"""
    assert loaded_after(script) == []
