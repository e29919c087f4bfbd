"""A process that runs for months gives back what it no longer needs, once an hour.

- processed update ids, handled inbox rows and unsent replies older than 48 h (Telegram
  resends an update for at most a day, so older ids can never come back);
- guided set-ups untouched for a day (abandoned: a stranger who typed /yeni_turnuva and
  left), and with them the in-memory index of who has a conversation, which is also
  rebuilt from the database so keys left behind by /iptal or a finished set-up go too.

The index is rebuilt as a new set: a Python set never shrinks its table when entries are
discarded, so only a new one gives the memory back.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta

from bot.runtime import services
from bot.runtime.intake import KEEP

log = logging.getLogger(__name__)

EVERY = 3600.0  # seconds between two prunings
SETUP_AGE = timedelta(days=1)


@dataclass(frozen=True)
class Pruned:
    updates: int
    inbox: int
    setups: int
    index: int  # keys dropped from the in-memory conversation index


async def prune(found: services.Services) -> Pruned:
    now = found.clock()
    async with found.db.unit_of_work() as uow:
        updates = await uow.updates.forget_before(now - KEEP)
        inbox = await uow.inbox.forget_before(now - KEEP)
        await uow.replies.forget_before(now - KEEP)  # never sent: too old to send now
        setups = await uow.setups.forget_before(now - SETUP_AGE)
        await uow.commit()
    dropped = 0
    if found.conversations is not None:
        before = set(found.conversations)
        async with found.db.unit_of_work(read_only=True) as uow:
            stored = await uow.setups.keys()
        # Keys added while the database was read are kept (they are not in `before`).
        kept = {k for k in found.conversations if k in stored or k not in before}
        dropped = len(found.conversations) - len(kept)
        found.conversations = kept
    done = Pruned(updates, inbox, setups, dropped)
    if updates or inbox or setups or dropped:
        log.info(
            "pruned %d update ids, %d inbox rows, %d abandoned set-ups (%d index keys)",
            updates,
            inbox,
            setups,
            dropped,
        )
    return done
