"""Robustness benchmark (issue 11): chats independent, nothing lost, Telegram's limits kept,
memory given back.

Parts A-C run the real bot (`python -m bot.cli bot`) against the end-to-end tests' Bot API
emulator (tests/e2e/emulator, node; it refuses whatever Telegram refuses), on a temporary
SQLite file; part D runs the bot's Application in-process on bench/bot_bench.py's recording
request.

A. Flood: one group sends 40 messages (past Telegram's 20 a minute into a group, so the
   bot runs with its rate limiter, as in production); meanwhile another chat asks 20
   times, one after the other. p50/p99 of the quiet chat's wait for its answer.
B. SIGKILL: three rounds of a burst of 50 result lines into an 11-team league, the bot
   SIGKILLed after the first 5 answers and started again. Results lost (not stored),
   stored more than once, and not answered, out of 150.
C. Thirteen sizes, leagues of 8 to 40 teams and group days of 16 to 64 teams: the largest
   message (UTF-16 units, Telegram's count; limit 4096) and photo (width + height, limit
   10000) of creation, /fikstur, /fikstur metin, /puan metin and /eleme, and any reply
   Telegram refused.
D. Memory: RSS of the process at start, after 10,000 strangers each began a set-up in
   private and left, and after the hourly pruning ran a day later.
E. A big set-up beside other chats: the Application in-process as in D, 20 stored
   tournaments (bench/bot_bench.py's), their captains asking "ne zaman oynuyoruz?" every
   20 ms while an organiser sends the one-message form of a 32-team league on 8 pitches (a
   31-hour day, so the summary searches formats that would fit one). p50/p99 of the
   question's process_update, alone and during the set-up; how long the summary took.

    .venv/bin/python bench/robust_bench.py [--quick] [--part A|B|C|D|E]

`--quick`: part C on four sizes, part B one round, part D 2,000 strangers, part E 50
questions alone before the set-up (200 without).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import gc
import itertools
import statistics
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "e2e"), str(ROOT / "bench")]

from client import ORGANISER, Emulator, User, private  # noqa: E402
from processes import own_bot  # noqa: E402
from test_e2e_robust import TEAMS, form, stored_results  # noqa: E402

IST = ZoneInfo("Europe/Istanbul")
SIZES = [  # (label, teams, the rest of the form)
    ("8-team league", 8, "lig | 2 saha"),
    ("12-team league", 12, "lig | 3 saha"),
    ("14-team league", 14, "lig | 4 saha"),
    ("16-team league", 16, "lig | 4 saha"),
    ("20-team league", 20, "lig | 4 saha"),
    ("25-team league", 25, "lig | 4 saha"),
    ("26-team league", 26, "lig | 4 saha"),
    ("32-team league", 32, "lig | 8 saha"),
    ("40-team league", 40, "lig | 8 saha"),
    ("16 teams, 4 groups", 16, "4 grup | 4 saha"),
    ("32 teams, 8 groups", 32, "8 grup | 4 saha"),
    ("48 teams, 12 groups", 48, "12 grup | 8 saha"),
    ("64 teams, 16 groups, 8 pitches", 64, "16 grup | 8 saha"),
]
QUICK_SIZES = (
    "14-team league",
    "26-team league",
    "40-team league",
    "64 teams, 16 groups, 8 pitches",
)
APOLOGY = "Bir şeyler ters gitti"


def create(tg: Emulator, chat, text_: str, timeout: float = 180) -> str:
    """The organiser sends the one-message form and presses [Oluştur]; the bot's answer."""
    tg.send(ORGANISER, chat, text_)
    summary = tg.wait_for(
        chat, lambda m: m.has_button("Oluştur") or m.kind == "message", timeout=timeout
    )
    if not summary.has_button("Oluştur"):
        return summary.text
    tg.press(ORGANISER, chat, summary.message_id, summary.button("Oluştur"))
    done = tg.wait_for(chat, lambda m: "kuruldu" in m.text or m.kind == "message", timeout=timeout)
    if "kuruldu" in done.text:
        tg.wait_for(chat, "canlı durum", timeout=30)
    return done.text


# --- A. the flood ---------------------------------------------------------------------


def part_a(home: Path) -> list[tuple[str, str]]:
    with own_bot(home, bot_port=True, rate_limit=True) as (tg, _bot):
        loud = tg.group("Kalabalık")
        for _ in range(40):
            tg.send(ORGANISER, loud, "/yardim")
        tg.wait_for_many(loud, "Turnuva Botu", count=3, timeout=60)
        waits = []
        asker = User(5555, "Sessiz")
        for _ in range(20):
            started = time.monotonic()
            tg.send(asker, private(asker), "/yardim")
            tg.wait_for(private(asker), "Turnuva Botu", timeout=30)
            waits.append(time.monotonic() - started)
        loud_answered = sum("Turnuva Botu" in m.text for m in tg.events(loud))
    waits.sort()
    p99 = waits[min(len(waits) - 1, int(len(waits) * 0.99))]
    return [
        ("quiet chat's reply under a 40-message flood, p50", f"{statistics.median(waits):.3f} s"),
        ("quiet chat's reply under a 40-message flood, p99", f"{p99:.3f} s"),
        ("flooding chat answered meanwhile (paced 20/min)", f"{loud_answered} of 40"),
    ]


# --- B. SIGKILL in a burst ------------------------------------------------------------


def part_b(home: Path, rounds: int) -> list[tuple[str, str]]:
    answered = 0
    with own_bot(home, bot_port=True) as (tg, bot):
        for r in range(rounds):
            chat = tg.group(f"Kış Ligi {r + 1}")
            create(tg, chat, form(f"Kış Ligi {r + 1}", 11, "lig | 2 saha", tuple(TEAMS)))
            start = tg.mark
            for home_, away in list(itertools.combinations(TEAMS, 2))[:50]:
                tg.send(ORGANISER, chat, f"{home_} 1-0 {away}")
            tg.wait_for_many(chat, "Kaydedildi", count=5, timeout=60, since=start)
            bot.kill()
            bot.start()
            with contextlib.suppress(AssertionError):
                tg.wait_for_many(chat, "Kaydedildi", count=50, timeout=120, since=start)
            lines = Counter(
                m.text.splitlines()[0] for m in tg.events(chat, start) if "Kaydedildi" in m.text
            )
            answered += len(lines)
        results, writes = stored_results(bot.db_url)
    total = 50 * rounds
    return [
        (f"results lost under SIGKILL (of {total})", str(total - results)),
        (f"results stored twice (of {total})", str(writes - results)),
        (f"results not answered (of {total})", str(total - answered)),
    ]


# --- C. Telegram's limits at thirteen sizes ------------------------------------------


def part_c(home: Path, sizes: list[tuple[str, int, str]]) -> list[tuple[str, str]]:
    rows = []
    with own_bot(home, bot_port=True) as (tg, bot):
        for label, teams, rest in sizes:
            chat = tg.group(label)
            began = time.monotonic()
            outcome = create(tg, chat, form(label[:40], teams, rest))
            made = "kuruldu" in outcome
            if made:
                for command in ("/fikstur", "/fikstur metin", "/puan metin", "/eleme"):
                    tg.send(ORGANISER, chat, command)
                    tg.silence(chat)
            sent = [m for m in tg.events(chat) if m.kind in ("message", "photo", "document")]
            longest = max(len(m.text.encode("utf-16-le")) // 2 for m in sent)
            photos = [m.event for m in sent if m.kind == "photo"]
            widest = max(photos, key=lambda e: e["width"] + e["height"], default=None)
            photo = f"{widest['width']}x{widest['height']}" if widest else "-"
            apologies = sum(APOLOGY in m.text for m in sent)
            what = "created" if made else f"refused: {outcome[:60]}"
            rows.append(
                (
                    label,
                    f"{what}; longest message {longest}, largest photo {photo},"
                    f" apologies {apologies}, {time.monotonic() - began:.0f} s",
                )
            )
        refused = [line for line in bot.output().splitlines() if "Bad Request" in line]
    rows.append(("replies Telegram refused (emulator: 400)", str(len(refused))))
    return rows


# --- D. memory after abandoned set-ups --------------------------------------------------


def rss_mb() -> float:
    gc.collect()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)  # give freed heap back to the system
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * 4096 / 2**20


async def part_d(home: Path, strangers: int) -> list[tuple[str, str]]:
    import bot_bench
    from telegram import Update

    from bot.app import build
    from bot.runtime import hygiene, services
    from bot.runtime.settings import Settings

    now = [datetime(2026, 12, 6, 7, 0, tzinfo=UTC)]
    settings = Settings(token="123456:BENCH", db_url=f"sqlite+aiosqlite:///{home / 'd.sqlite3'}")
    recorder = bot_bench.Recorder()
    app = build(settings, request=bot_bench.RecordingRequest(recorder), clock=lambda: now[0])
    await app.initialize()
    await app.post_init(app)  # type: ignore[misc]
    found = services.of(app)
    start = rss_mb()
    for i in range(strangers):
        user = {"id": 70_000_000 + i, "is_bot": False, "first_name": f"Yabancı {i}"}
        message = {
            "message_id": 1,
            "date": int(now[0].timestamp()),
            "chat": {"id": user["id"], "type": "private", "first_name": user["first_name"]},
            "from": user,
            "text": "/yeni_turnuva",
            "entities": [{"type": "bot_command", "offset": 0, "length": 13}],
        }
        await app.process_update(Update.de_json({"update_id": i + 1, "message": message}, app.bot))
    full = rss_mb()
    index = len(found.conversations or ())
    now[0] += timedelta(days=1, hours=1)
    pruned = await hygiene.prune(found)
    after = rss_mb()
    await app.post_stop(app)  # type: ignore[misc]
    await app.shutdown()
    await app.post_shutdown(app)  # type: ignore[misc]
    return [
        ("RSS at start", f"{start:.1f} MB"),
        (f"RSS after {strangers:,} abandoned set-ups", f"{full:.1f} MB (index {index:,} keys)"),
        (
            "RSS after pruning a day later",
            f"{after:.1f} MB ({after - start:+.1f} MB; {pruned.setups:,} set-ups,"
            f" {pruned.index:,} index keys dropped)",
        ),
    ]


async def part_e(home: Path, asked_alone: int) -> list[tuple[str, str]]:
    import bot_bench
    from telegram import Update

    from bot.runtime import offload
    from bot.runtime.settings import Settings

    settings = Settings(
        token=f"{bot_bench.BOT_ID}:BENCH",
        db_url=f"sqlite+aiosqlite:///{home / 'e.sqlite3'}",
        rate_limit=False,
    )
    recorder = bot_bench.Recorder()
    app = bot_bench.application(settings, recorder)
    await app.initialize()
    await app.post_init(app)  # type: ignore[misc]
    chats, _ = await bot_bench.seed(app, 20)
    updates = bot_bench.Updates()
    organiser = 9_000_001
    recorder.organisers.update({organiser, *(c.organiser for c in chats)})
    big = bot_bench.chat_of(999)
    await offload.run(pow, 2, 10, budget=120)  # the workers up, as 30 s after a start

    async def ask(i: int) -> float:
        chat = chats[i % len(chats)]
        update = Update.de_json(updates.message(chat, chat.captain, bot_bench.QUESTION), app.bot)
        began = time.perf_counter()
        await app.process_update(update)
        return time.perf_counter() - began

    alone = [await ask(i) for i in range(asked_alone)]
    kickoff = (bot_bench.BENCH_NOW + timedelta(days=2)).astimezone(IST)
    when = kickoff.replace(hour=10, minute=0).strftime("%d.%m.%Y %H:%M")
    line = f"/yeni_turnuva Büyük Lig | 32 takım | lig | 8 saha | {when} | 24+6"
    mark = len(recorder.calls)
    began = time.perf_counter()
    setting_up = asyncio.ensure_future(
        app.process_update(Update.de_json(updates.message(big, organiser, line), app.bot))
    )
    during: list[float] = []
    while not setting_up.done():
        during.append(await ask(len(during)))
        await asyncio.sleep(0.02)  # the captains' pace, not a synchronisation
    await setting_up
    took = time.perf_counter() - began
    said = [c.text or "" for c in recorder.calls[mark:] if c.chat_id == big.id]
    summary = next((t for t in said if "Büyük Lig" in t), "(no summary)")
    if "aranırken süre doldu" in summary:
        shown = "without alternatives, with the note that their search ran out of time"
    elif "Öneri" in summary:
        shown = "with alternatives"
    else:
        shown = "without alternatives"
    await app.post_stop(app)  # type: ignore[misc]
    await app.shutdown()
    await app.post_shutdown(app)  # type: ignore[misc]

    def ms(values: list[float], q: float) -> str:
        ordered = sorted(values)
        return f"{ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000:.1f} ms"

    return [
        ("other chats' question alone, p50", ms(alone, 0.5)),
        ("other chats' question alone, p99", ms(alone, 0.99)),
        ("other chats' question during a 32-team set-up, p50", ms(during, 0.5)),
        (
            "other chats' question during a 32-team set-up, p99",
            f"{ms(during, 0.99)} ({len(during)} asked)",
        ),
        ("32-team league's summary", f"{took:.1f} s, {shown}"),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--part", choices="ABCDE", action="append")
    args = parser.parse_args()
    parts = args.part or list("ABCDE")
    sizes = [s for s in SIZES if not args.quick or s[0] in QUICK_SIZES]
    rows: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        for part in parts:
            began = time.monotonic()
            where = home / part
            where.mkdir()
            if part == "A":
                rows += part_a(where)
            elif part == "B":
                rows += part_b(where, 1 if args.quick else 3)
            elif part == "C":
                rows += part_c(where, sizes)
            elif part == "D":
                rows += asyncio.run(part_d(where, 2_000 if args.quick else 10_000))
            else:
                rows += asyncio.run(part_e(where, 50 if args.quick else 200))
            print(f"(part {part}: {time.monotonic() - began:.0f} s)", file=sys.stderr)
    width = max(len(k) for k, _ in rows)
    print(f"| {'measure':<{width}} | value |")
    print(f"|{'-' * (width + 2)}|-------|")
    for key, value in rows:
        print(f"| {key:<{width}} | {value} |")


if __name__ == "__main__":
    main()
