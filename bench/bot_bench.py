"""Bot benchmark: Telegram updates handled in-process, with the real handlers and storage.

The Application is the bot's own (the handlers of `bot.app.register`, the post_init of
`bot.app.build`: migrations, `Services` in bot_data, setMyCommands) on a temporary SQLite
file, with the network replaced by a recording request object that answers getMe,
sendMessage, editMessageText, answerCallbackQuery, getChatMember, setMyCommands and
pinChatMessage with canned JSON and records every call. 1,000 tournaments are stored
first through `bot.usecases.setup.create` (16 teams, 4 groups, 4 pitches, 6 December 2026
10:00 Istanbul; team names vary per chat), one group chat each, with its organiser and
one captain. Then updates go through `Application.process_update`, one at a time as the
polling bot runs them:

- the mix: captains' "ne zaman oynuyoruz?" (35 %), ordinary chat "maç güzeldi" (35 %),
  /fikstur (10 %), /puan (10 %) and organisers' results "TeamX 2-1 TeamY" for group
  matches that exist and are unplayed (10 %), spread over random chats; updates/s counts
  the wall time of the whole loop (Update.de_json included), the per-kind rows the time
  of process_update for each kind;
- the question alone: p50/p99 of process_update for "ne zaman oynuyoruz?" from the
  captain of a random chat, with all tournaments stored.

The clock the handlers read (`Services.clock`) is pinned to 6 December 2026 09:30
Istanbul, the morning of the tournaments, so every run answers the same questions.

    .venv/bin/python bench/bot_bench.py [--quick] [--profile 300]

The table's "SQL / tx" column, and the line after it: SQL statements and transactions
per update of each kind of the mix (from its arrival to its reply: the set-up-state
check included, the inbox's bookkeeping not); with the mix's CPU time per update, figures
that move much less than the times when the machine is shared. Issue 20's targets: a
result line at most 5 statements in one transaction, a question 1, /fikstur metin 2
(tests/storage/test_statement_counts.py holds them on both engines).

`--players`: issue 22's figures instead (bench/players_bench.py): a result line with three
scorers and a card against a bare one, and /goller for 64 teams of 15 players.

`--quick`: 100 tournaments and a fifth of the updates. `--profile N`: afterwards, N more
updates of the mix under cProfile, the top functions printed.

Targets, on one core (the process pins itself to CPU 0 where it may): the mix at 500
updates/s or more; the question's p99 at most 20 ms on SQLite.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import itertools
import logging
import os
import pstats
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import canned
from sqlalchemy import event
from telegram import Update
from telegram.ext import Application

from bot.app import build
from bot.runtime import services
from bot.runtime.settings import Settings
from bot.texts import welcome
from bot.usecases import drafts, setup

ZONE = ZoneInfo("Europe/Istanbul")
KICKOFF = datetime(2026, 12, 6, 10, 0, tzinfo=ZONE)
BENCH_NOW = datetime(2026, 12, 6, 9, 30, tzinfo=ZONE).astimezone(UTC)
BOT_ID = 123456
TARGET_PER_S = 500.0
TARGET_P99_MS = 20.0
QUESTION = "ne zaman oynuyoruz?"
CHAT = "maç güzeldi"
# Views in their text form: the pictures (issue 6) are timed on their own below, since a
# picture costs tens of milliseconds of Pillow work that no database change can remove.
MIX = (
    ("question", 35),
    ("chat", 35),
    ("/fikstur metin", 10),
    ("/puan metin", 10),
    ("result", 10),
)
PICTURES = 100  # /fikstur and /puan as PNG, each
RESULTS = 50  # results fed alone after the mix, their bot messages counted
NAMES = (  # 16 of these per chat, a different draw in each
    *("Kartallar", "Şahinler", "Aslanlar", "Kaplanlar", "Kurtlar", "Ayılar", "Boğalar"),
    *("Tilkiler", "Atmacalar", "Doğanlar", "Panterler", "Pumalar", "Jaguarlar", "Martılar"),
    *("Yunuslar", "Akrepler", "Arılar", "Şimşekler", "Yıldızlar", "Fırtınalar", "Kasırgalar"),
    *("Volkanlar", "Korsanlar", "Şövalyeler", "Akıncılar", "Gladyatörler", "Denizciler"),
    *("Dağcılar", "Okçular", "Turnalar", "Leylekler", "Bozkurtlar"),
)
ADMIN_RIGHTS = (
    *("can_manage_chat", "can_delete_messages", "can_manage_video_chats", "can_pin_messages"),
    *("can_restrict_members", "can_promote_members", "can_change_info", "can_invite_users"),
    *("can_post_stories", "can_edit_stories", "can_delete_stories"),
)


# --- the network: a request object that answers from a script and records each call ---


@dataclass
class Call:
    method: str
    seconds: float
    chat_id: Any = None
    text: str | None = None


@dataclass
class Recorder:
    organisers: set[int] = field(default_factory=set)
    calls: list[Call] = field(default_factory=list)
    message_ids: itertools.count = field(default_factory=lambda: itertools.count(1))


class RecordingRequest(canned.CannedRequest):
    """Answers the Bot API methods the bot uses with canned JSON; records (method, time)."""

    def __init__(self, recorder: Recorder) -> None:
        self.recorder = recorder

    def answer(self, name: str, params: dict[str, Any]) -> tuple[int, bytes]:
        began = time.perf_counter()
        result = self._result(name, params)
        answered = (
            canned.ok(result) if result is not None else canned.error(404, f"Not Found: {name}")
        )
        self.recorder.calls.append(
            Call(name, time.perf_counter() - began, params.get("chat_id"), params.get("text"))
        )
        return answered

    def _result(self, name: str, params: dict[str, Any]) -> Any:
        if name == "getMe":
            return {
                "id": BOT_ID,
                "is_bot": True,
                "first_name": "Turnuva Botu",
                "username": "turnuva_bench_bot",
                "can_join_groups": True,
                "can_read_all_group_messages": True,
                "supports_inline_queries": False,
            }
        if name in ("sendMessage", "editMessageText"):
            return self._message(params)
        if name in ("sendPhoto", "sendDocument"):
            sent = self._message(params)
            sent.pop("text")
            sent["caption"] = params.get("caption", "")
            sent["photo" if name == "sendPhoto" else "document"] = (
                [{"file_id": "p", "file_unique_id": "p", "width": 1080, "height": 1080}]
                if name == "sendPhoto"
                else {"file_id": "d", "file_unique_id": "d"}
            )
            return sent
        if name in ("answerCallbackQuery", "setMyCommands", "pinChatMessage", "sendChatAction"):
            return True
        if name == "getChatMember":
            return self._member(int(params["user_id"]))
        return None

    def _message(self, params: dict[str, Any]) -> dict[str, Any]:
        chat_id = int(params.get("chat_id", 0))
        message = {
            "message_id": params.get("message_id") or next(self.recorder.message_ids),
            "date": int(time.time()),
            "chat": {"id": chat_id, "type": "supergroup" if chat_id < 0 else "private"},
            "from": {"id": BOT_ID, "is_bot": True, "first_name": "Turnuva Botu"},
            "text": params.get("text", ""),
        }
        if "reply_markup" in params:
            message["reply_markup"] = params["reply_markup"]
        return message

    def _member(self, user_id: int) -> dict[str, Any]:
        user = {"id": user_id, "is_bot": False, "first_name": f"U{user_id}"}
        if user_id not in self.recorder.organisers:
            return {"status": "member", "user": user}
        rights = dict.fromkeys(ADMIN_RIGHTS, True)
        return {"status": "administrator", "user": user, "can_be_edited": False, **rights} | {
            "is_anonymous": False
        }


# --- the application, as bot.app.build makes it, on the recording request ---


def application(settings: Settings, recorder: Recorder) -> Application:  # type: ignore[type-arg]
    """The bot's own Application (bot.app.build), on the recording request and a fixed clock."""
    return build(settings, request=RecordingRequest(recorder), clock=lambda: BENCH_NOW)


@asynccontextmanager
async def bench_app(name: str, recorder: Recorder) -> AsyncIterator[Application]:  # type: ignore[type-arg]
    """The bot on a new SQLite file `name` in a temporary folder, initialised (its
    post_init migrates), its Bot API calls into `recorder`; shut down on leaving."""
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / name}"
        app = application(Settings(token=f"{BOT_ID}:BENCH", db_url=url, rate_limit=False), recorder)
        await app.initialize()
        await app.post_init(app)  # type: ignore[misc]
        try:
            yield app
        finally:
            await app.shutdown()
            await app.post_shutdown(app)  # type: ignore[misc]


# --- the stored tournaments and the chats they live in ---


@dataclass
class Chat:
    index: int
    id: int
    title: str
    organiser: int
    captain: int
    bystander: int
    open_matches: list[tuple[str, str]]  # unplayed group matches, in plan order


def chat_of(t: int) -> Chat:
    return Chat(
        index=t,
        id=-1_001_000_000_000 - t,
        title=f"Kupa {t}",
        organiser=1_000_000 + t,
        captain=2_000_000 + t,
        bystander=3_000_000 + t,
        open_matches=[],
    )


async def seed(app: Application, count: int) -> tuple[list[Chat], float]:  # type: ignore[type-arg]
    db = services.of(app).db
    chats = []
    began = time.perf_counter()
    for t in range(count):
        chat = chat_of(t)
        teams = tuple(random.Random(t).sample(NAMES, 16))
        spec = drafts.Spec(
            name=chat.title,
            teams=teams,
            kickoff=KICKOFF,
            format="groups",
            groups=4,
            pitches=tuple(f"Saha {n}" for n in range(1, 5)),
            seed=t,
        )
        async with db.unit_of_work() as uow:
            created = await setup.create(
                uow, spec, chat_id=chat.id, user_id=chat.organiser, now=BENCH_NOW, chat_title=None
            )
            await uow.teams.add_captain(created.tournament_id, teams[t % 16], chat.captain)
            await uow.commit()
        chat.open_matches = [
            (m.home, m.away)
            for m in created.plan.matches
            if not m.stage.is_knockout and m.home and m.away
        ]
        chats.append(chat)
    return chats, time.perf_counter() - began


# --- updates ---


class Updates:
    def __init__(self) -> None:
        self.ids = itertools.count(1)
        self.message_ids = itertools.count(1_000_000)

    def message(self, chat: Chat, user: int, text: str) -> dict[str, Any]:
        message: dict[str, Any] = {
            "message_id": next(self.message_ids),
            "date": int(time.time()),
            "chat": {"id": chat.id, "type": "supergroup", "title": chat.title},
            "from": {"id": user, "is_bot": False, "first_name": f"U{user}"},
            "text": text,
        }
        if text.startswith("/"):
            length = len(text.split()[0])
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": length}]
        return {"update_id": next(self.ids), "message": message}

    def of_kind(self, kind: str, chat: Chat, rng: random.Random) -> dict[str, Any] | None:
        if kind == "question":
            return self.message(chat, chat.captain, QUESTION)
        if kind == "chat":
            return self.message(chat, chat.bystander, CHAT)
        if kind.startswith("/"):
            return self.message(chat, chat.organiser, kind)
        if not chat.open_matches:
            return None
        home, away = chat.open_matches.pop(0)
        line = f"{home} {rng.randrange(5)}-{rng.randrange(5)} {away}"
        return self.message(chat, chat.organiser, line)


Batch = list[tuple[str, Chat, dict[str, Any]]]  # (kind, chat, update JSON)


def draw_mix(chats: list[Chat], updates: Updates, count: int, rng: random.Random) -> Batch:
    """`count` updates of the mix, from random chats (results only where a match is open)."""
    kinds = [k for k, _ in MIX]
    weights = [w for _, w in MIX]
    out: Batch = []
    while len(out) < count:
        kind = rng.choices(kinds, weights)[0]
        chat = rng.choice(chats)
        data = updates.of_kind(kind, chat, rng)
        if data is not None:
            out.append((kind, chat, data))
    return out


# --- measuring ---


@dataclass
class Row:
    scenario: str
    updates: int
    seconds: float
    latencies: list[float]
    target: str = ""
    ok: bool | None = None
    sql: str = ""  # SQL statements and transactions per update, "8.00 / 2.00"

    @property
    def per_second(self) -> float:
        return self.updates / self.seconds if self.seconds else 0.0

    def p(self, q: float) -> float:
        lat = sorted(self.latencies)
        if q == 0.5:
            return statistics.median(lat) * 1000
        return lat[min(len(lat) - 1, int(len(lat) * q))] * 1000

    def cells(self) -> list[str]:
        verdict = "" if self.ok is None else ("ok" if self.ok else "MISSED")
        return [
            self.scenario,
            f"{self.updates:,}",
            f"{self.seconds:.2f}",
            f"{self.per_second:,.0f}",
            f"{self.p(0.5):.2f}",
            f"{self.p(0.99):.2f}",
            self.sql,
            self.target,
            verdict,
        ]


class Statements:
    """SQL statements the storage executes and transactions it begins, counted for the
    kind of update being handled (background jobs, such as the live message's edit, count
    with the update they run during). A count does not move with the machine's load,
    unlike the times. BEGIN, COMMIT and ROLLBACK go to the driver directly: a transaction
    counts once, as SQLAlchemy's "begin" event, not as a statement."""

    def __init__(self) -> None:
        self.kind = ""
        self.counts: Counter[str] = Counter()
        self.transactions: Counter[str] = Counter()

    def __call__(self, *_: Any) -> None:
        self.counts[self.kind] += 1

    def _begin(self, *_: Any) -> None:
        self.transactions[self.kind] += 1

    def attach(self, app: Application) -> None:  # type: ignore[type-arg]
        for engine in self._engines(app):
            event.listen(engine, "before_cursor_execute", self)
            event.listen(engine, "begin", self._begin)

    def detach(self, app: Application) -> None:  # type: ignore[type-arg]
        for engine in self._engines(app):
            event.remove(engine, "before_cursor_execute", self)
            event.remove(engine, "begin", self._begin)

    @staticmethod
    def _engines(app: Application) -> set[Any]:  # type: ignore[type-arg]
        db = services.of(app).db
        return {db.engine.sync_engine, db.write_engine.sync_engine}


async def feed(
    app: Application,  # type: ignore[type-arg]
    batch: Batch,
    statements: Statements | None = None,
) -> tuple[float, dict[str, list[float]]]:
    """process_update for each update in turn; the wall time and each update's latency."""
    latencies: dict[str, list[float]] = defaultdict(list)
    counted = statements or Statements()
    began = time.perf_counter()
    for kind, _chat, data in batch:
        update = Update.de_json(data, app.bot)
        counted.kind = kind
        t = time.perf_counter()
        await app.process_update(update)
        latencies[kind].append(time.perf_counter() - t)
    return time.perf_counter() - began, latencies


def replies(recorder: Recorder, since: int) -> tuple[int, int]:
    """Messages the bot sent since call `since`, and how many were the error apology."""
    said = [c.text for c in recorder.calls[since:] if c.method == "sendMessage"]
    return len(said), said.count(welcome.ERROR)


def pin_to_one_core() -> str:
    try:
        os.sched_setaffinity(0, {0})
    except (AttributeError, OSError) as exc:
        return f"not pinned ({exc.__class__.__name__}); {os.cpu_count()} CPUs visible"
    return "pinned to CPU 0"


def print_table(rows: list[Row]) -> None:
    header = ["scenario", "updates", "seconds", "updates/s", "p50 ms", "p99 ms", "SQL / tx"]
    header.append("target")
    header.append("ok/MISSED")
    table = [header, *(row.cells() for row in rows)]
    widths = [max(len(line[i]) for line in table) for i in range(len(header))]
    for n, line in enumerate(table):
        cells = [
            cell.rjust(width) if 0 < i < 7 else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(line, widths, strict=True))
        ]
        print("  ".join(cells).rstrip())
        if n == 0:
            print("  ".join("-" * width for width in widths))


async def run(tournaments: int, mix_size: int, questions: int, profile: int) -> None:
    where = pin_to_one_core()
    recorder = Recorder()
    async with bench_app("bot_bench.sqlite3", recorder) as app:
        chats, seeded = await seed(app, tournaments)
        recorder.organisers.update(c.organiser for c in chats)
        print(
            f"{where}; {tournaments:,} tournaments stored in {seeded:.1f} s"
            f" ({sum(len(c.open_matches) for c in chats):,} group matches)"
        )
        rng = random.Random(2026)
        updates = Updates()
        await feed(app, draw_mix(chats, updates, min(200, mix_size // 5), rng))  # warm-up

        rows = []
        batch = draw_mix(chats, updates, mix_size, rng)
        mark = len(recorder.calls)
        statements = Statements()
        statements.attach(app)
        cpu = time.process_time()  # all threads of the process: aiosqlite's too
        wall, latencies = await feed(app, batch, statements)
        cpu = time.process_time() - cpu
        statements.detach(app)
        sent, errors = replies(recorder, mark)
        everything = [x for lat in latencies.values() for x in lat]
        rows.append(
            Row(
                "mix (all kinds)",
                len(batch),
                wall,
                everything,
                f">= {TARGET_PER_S:g} updates/s",
                len(batch) / wall >= TARGET_PER_S,
            )
        )
        for kind, _ in MIX:
            lat = latencies[kind]
            row = Row(f"  mix: {kind}", len(lat), sum(lat), lat)
            if lat:
                sql, tx = statements.counts[kind], statements.transactions[kind]
                row.sql = f"{sql / len(lat):.2f} / {tx / len(lat):.2f}"
            rows.append(row)
        asked = [
            ("question", chat, updates.message(chat, chat.captain, QUESTION))
            for chat in (rng.choice(chats) for _ in range(questions))
        ]
        mark_q = len(recorder.calls)
        wall, lat_q = await feed(app, asked)
        answers, q_errors = replies(recorder, mark_q)
        row = Row(f'question "{QUESTION}"', len(asked), wall, lat_q["question"])
        row.target, row.ok = f"p99 <= {TARGET_P99_MS:g} ms", row.p(0.99) <= TARGET_P99_MS
        rows.append(row)
        for view in ("/fikstur", "/puan"):
            shown = [
                (view, chat, updates.message(chat, chat.organiser, view))
                for chat in (rng.choice(chats) for _ in range(PICTURES))
            ]
            wall, lat_p = await feed(app, shown)
            rows.append(Row(f"picture {view} (PNG)", len(shown), wall, lat_p[view]))
        # Bot messages per result: results fed one at a time after the mix (which is
        # unchanged), each one's send* calls counted (a phone sees these many messages).
        per_result: list[int] = []
        for chat in (rng.choice(chats) for _ in range(RESULTS)):
            data = updates.of_kind("result", chat, rng)
            if data is None:
                continue
            before = len(recorder.calls)
            await feed(app, [("result", chat, data)])
            sends = [c for c in recorder.calls[before:] if c.method.startswith("send")]
            per_result.append(len(sends))
        print()
        print_table(rows)
        per_kind = ", ".join(
            f"{kind} {statements.counts[kind] / len(latencies[kind]):.2f}"
            f" in {statements.transactions[kind] / len(latencies[kind]):.2f}"
            for kind, _ in MIX
            if latencies[kind]
        )
        print(
            f"\nthe mix: {cpu / len(batch) * 1000:.2f} ms of CPU per update (this process,"
            f" all threads); SQL statements in transactions per update: {per_kind}"
        )
        if per_result:
            print(
                f"bot messages per result: {statistics.mean(per_result):.2f} on average"
                f" (min {min(per_result)}, max {max(per_result)}) over {len(per_result)}"
                " results"
            )
        calls = Counter(c.method for c in recorder.calls)
        spent = sum(c.seconds for c in recorder.calls)
        print(
            f"replies in the mix: {sent:,} sendMessage for {len(batch):,} updates"
            f" ({errors} apologies for errors); question run: {answers:,} answers to"
            f" {len(asked):,} ({q_errors} errors)"
        )
        print(
            "Bot API calls recorded: "
            + ", ".join(f"{m} {n:,}" for m, n in calls.most_common())
            + f"; {spent * 1000:.0f} ms in the recording request object in all"
        )
        if profile:
            await run_profile(app, draw_mix(chats, updates, profile, rng))


async def run_profile(app: Application, batch: Batch) -> None:  # type: ignore[type-arg]
    profiler = cProfile.Profile()
    profiler.enable()
    wall, _ = await feed(app, batch)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(25)
    stats.sort_stats("cumulative").print_stats(40)
    print(f"\ncProfile over {len(batch):,} updates of the mix ({wall:.2f} s under the profiler)")
    print(out.getvalue())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="100 tournaments, fewer updates")
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="cProfile N updates")
    parser.add_argument(
        "--players", action="store_true", help="issue 22's figures only (bench/players_bench.py)"
    )
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.players:  # scorers and cards against a bare result line; /goller at 64 teams
        # Its own process: players_bench builds on this module's recorder and feeds, so an
        # import of it from here would tie the two modules in a circle.
        script = Path(__file__).with_name("players_bench.py")
        command = [sys.executable, str(script), *(["--quick"] if args.quick else [])]
        raise SystemExit(subprocess.run(command, check=False).returncode)
    if args.quick:
        asyncio.run(run(100, 1_000, 400, args.profile))
    else:
        asyncio.run(run(1_000, 5_000, 2_000, args.profile))


if __name__ == "__main__":
    main()
