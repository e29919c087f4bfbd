"""Players benchmark (issue 22), run by `bench/bot_bench.py --players` or on its own: the
bot's own Application in-process on a temporary SQLite file (bot_bench's recording
request and fixed clock).

1. A result line with three scorers and a card ("H 3-1 A" then "goller: Ali 2, Veli -
   Mehmet" and "sarı: Mehmet"; teams without squads, so the players are added too)
   against a bare result line ("H 2-1 A"), one of each per chat over 100 tournaments of
   16 teams: statements, transactions and ms per update. Target: at most 2 statements
   more.
2. /goller for one tournament of 64 teams (16 groups of 4) with 15 players each and
   every group match played with its scorers: ms per update (target <= 50 ms).

    .venv/bin/python bench/players_bench.py [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot_bench import (
    BENCH_NOW,
    KICKOFF,
    Chat,
    Recorder,
    Statements,
    Updates,
    bench_app,
    chat_of,
    feed,
    pin_to_one_core,
    seed,
)

from bot.runtime import services
from bot.usecases import drafts, setup, snapshots
from domain.model import Score
from storage.records import RecordResult
from storage.repositories.players import NewEvent, NewPlayer

EVENTS = "\ngoller: Ali 2, Veli - Mehmet\nsarı: Mehmet"
GOLLER_TARGET_MS = 50.0
EXTRA_TARGET = 2


def ms(xs: list[float]) -> str:
    xs = sorted(xs)
    p99 = xs[min(len(xs) - 1, int(len(xs) * 0.99))]
    mean, p50 = statistics.fmean(xs) * 1e3, statistics.median(xs) * 1e3
    return f"mean {mean:.2f} ms, p50 {p50:.2f}, p99 {p99 * 1e3:.2f}"


async def result_lines(app, chats: list[Chat]) -> None:
    updates = Updates()
    batch = []
    for chat in chats:
        (h1, a1), (h2, a2) = chat.open_matches[0], chat.open_matches[1]
        batch.append(("bare", chat, updates.message(chat, chat.organiser, f"{h1} 2-1 {a1}")))
        line = f"{h2} 3-1 {a2}{EVENTS}"
        batch.append(("scorers", chat, updates.message(chat, chat.organiser, line)))
    await feed(app, batch[:20])  # warm-up: ten chats
    statements = Statements()
    statements.attach(app)
    _, latencies = await feed(app, batch[20:], statements)
    statements.detach(app)
    n = len(chats) - 10
    per = {k: statements.counts[k] / n for k in ("bare", "scorers")}
    tx = {k: statements.transactions[k] / n for k in ("bare", "scorers")}
    print(f"\n1. result line, {n} of each kind")
    for kind in ("bare", "scorers"):
        print(f"  {kind:8} {per[kind]:.1f} statements, {tx[kind]:.1f} tx, {ms(latencies[kind])}")
    extra = per["scorers"] - per["bare"]
    verdict = "ok" if extra <= EXTRA_TARGET else "MISSED"
    print(
        f"  three scorers and a card: {extra:+.1f} statements (target <= +{EXTRA_TARGET}) {verdict}"
    )


async def big_tournament(app) -> Chat:
    """64 teams in 16 groups, 15 players each, every group match played with scorers."""
    db = services.of(app).db
    chat = chat_of(9_999)
    teams = tuple(f"Takım {n}" for n in range(1, 65))
    spec = drafts.Spec(
        name="Büyük Kupa",
        teams=teams,
        kickoff=KICKOFF,
        format="groups",
        groups=16,
        pitches=tuple(f"Saha {n}" for n in range(1, 9)),
        seed=1,
    )
    rng = random.Random(22)
    async with db.unit_of_work() as uow:
        created = await setup.create(
            uow, spec, chat_id=chat.id, user_id=chat.organiser, now=BENCH_NOW
        )
        tid = created.tournament_id
        snap = await snapshots.load(uow, tid)
        new = [NewPlayer(t, f"Oyuncu {t} {n}", n) for t in teams for n in range(1, 16)]
        players = await uow.players.add(
            tid, dict(snap.team_ids), new, by=chat.organiser, at=BENCH_NOW, update_id=None
        )
        squad = {t: [p for p in players if p.team == t] for t in teams}
        rows = []
        for m in snap.matches:
            if m.match.stage.is_knockout or not m.match.home or not m.match.away:
                continue
            home, away = rng.randrange(5), rng.randrange(5)
            cmd = RecordResult(tid, m.match.no, Score(home, away), chat.organiser, BENCH_NOW)
            await uow.results.record_first(cmd)
            for team, goals in ((m.match.home, home), (m.match.away, away)):
                rows += [
                    NewEvent(m.id, rng.choice(squad[team]).id, team, "goal") for _ in range(goals)
                ]
        await uow.players.add_events(
            tid, dict(snap.team_ids), rows, by=chat.organiser, at=BENCH_NOW, update_id=None
        )
        await uow.commit()
    print(f"\n2. /goller: 64 teams, {len(players)} players, {len(rows)} goals stored")
    return chat


async def goller(app, chat: Chat, repeats: int) -> None:
    updates = Updates()
    batch = [
        ("goller", chat, updates.message(chat, chat.bystander, "/goller")) for _ in range(repeats)
    ]
    await feed(app, batch[:3])
    statements = Statements()
    statements.attach(app)
    _, latencies = await feed(app, batch[3:], statements)
    statements.detach(app)
    lat = latencies["goller"]
    p50 = statistics.median(lat) * 1e3
    verdict = "ok" if p50 <= GOLLER_TARGET_MS else "MISSED"
    per = statements.counts["goller"] / len(lat)
    print(
        f"  /goller {per:.1f} statements, {ms(lat)}"
        f" (target p50 <= {GOLLER_TARGET_MS:g} ms) {verdict}"
    )


async def run(tournaments: int, repeats: int) -> None:
    print(pin_to_one_core())
    recorder = Recorder()
    async with bench_app("players_bench.sqlite3", recorder) as app:
        chats, _ = await seed(app, tournaments)
        recorder.organisers.update(c.organiser for c in chats)
        await result_lines(app, chats)
        big = await big_tournament(app)
        await goller(app, big, repeats)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="30 tournaments, 20 /goller")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    asyncio.run(run(30, 20) if args.quick else run(100, 50))


if __name__ == "__main__":
    main()
