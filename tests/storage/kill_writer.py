"""Subprocess for the SIGKILL test: records results in a loop, one unit of work each.

Usage: python kill_writer.py URL TOURNAMENT_ID FIRST_UPDATE_ID. After each commit it prints
"committed N" and flushes, so the parent knows exactly which writes were acknowledged. It
runs until killed: first entries for every match, then corrections, round after round.
"""

from __future__ import annotations

import asyncio
import sys
from datetime import UTC, datetime
from itertools import count

from domain.model import Score
from storage.records import RecordResult
from storage.uow import Database


async def main(url: str, tournament_id: int, first_update: int) -> None:
    db = Database.from_url(url)
    async with db.unit_of_work(read_only=True) as uow:
        numbers = [m.match.no for m in await uow.matches.plan(tournament_id) if m.match.home]
    update_ids = count(first_update)
    for round_ in count():
        for no in numbers:
            async with db.unit_of_work() as uow:
                stored = await uow.matches.get(tournament_id, no)
                step = (
                    uow.results.record_first
                    if stored and stored.result is None
                    else uow.results.correct
                )
                cmd = RecordResult(
                    tournament_id=tournament_id,
                    match_no=no,
                    score=Score(round_ % 10, no % 7),
                    entered_by=99,
                    at=datetime.now(UTC),
                    update_id=next(update_ids),
                )
                await step(cmd)
                await uow.commit()
            print(f"committed {cmd.update_id}", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
