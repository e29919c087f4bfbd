"""Typed order across connections (several processes, bot/runtime/shared.py).

Telegram may deliver a chat's update n+1 (to one process) before update n (to another):
a balancer reorders them, and Telegram's own connections do too. Update ids of one bot are
consecutive across all its chats, so before a chat's worker hands over its oldest update
not done, it asks the inbox (`InboxRepository.next_in_order`) whether an id between the
chat's previous stored update and this one is missing (not stored at all: it may be this
chat's, still on its way, or another chat's). If one is, the update is held back for up
to WINDOW s, looked at again every GAP_POLL s (and at once on news of the chat): the
missing update, once stored, is taken first. Nothing is held back when no id is missing,
which is the rule, since every process stores what it receives before it answers 200.

The cost: an id that never comes (a delivery Telegram gave up, an update of a kind this
bot does not store) delays the update after it once by WINDOW. Waiting only when the
chat's previous update is very recent would not catch an undo typed right after a result
in a chat quiet before; counting the ids actually missing does, and costs a chat nothing
while no delivery is in flight.

An update that comes after a later one of its chat was handled (slower than WINDOW) is
`late`: its change is refused and the chat told so (bot.usecases.errors.Overtaken); a
question is still answered.
"""

from __future__ import annotations

import logging
import time

from storage.repositories.bookkeeping import Next

log = logging.getLogger(__name__)

WINDOW = 0.3  # seconds an update waits for a missing predecessor
GAP_POLL = 0.05  # seconds between two looks for it meanwhile
SPAN = 64  # ids before an update looked at for a missing predecessor


class Reorder:
    """One chat's updates held back, and since when."""

    def __init__(self) -> None:
        self._since: dict[int, float] = {}  # update id -> when first held back

    def holds_back(self, found: Next) -> bool:
        """Whether `found` waits for a predecessor that may be on its way: some id before
        it is missing and it has waited less than WINDOW s."""
        if not found.missing:
            return False
        since = self._since.setdefault(found.update_id, time.monotonic())
        if time.monotonic() - since < WINDOW:
            return True
        log.info(
            "update %s handled without %d update(s) before it, not stored after %.1f s",
            found.update_id,
            found.missing,
            time.monotonic() - since,
        )
        return False

    def taken(self, update_id: int) -> None:
        self._since.pop(update_id, None)
