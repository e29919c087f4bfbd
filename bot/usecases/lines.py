"""A plain group message that may be a result: enter it, explain it, or leave it alone.

The handler of plain group messages asks `read(...)` before anything else; see
`domain.lines` for the sorting. The outcome is one of:

* `Enter(line, more)`: hand `line` (then each of `more`, for a message of several result
  lines) to `results.enter` as if it had been typed (it records the result, or raises the
  error whose refusal says what to type; a typo gets its buttons). For a captain's "3-1
  kazandık" the line is built from his current match.
* `Clarify(unclear)`: answer with `bot.texts.chat.unclear_result(unclear)`.
* None: ordinary chat, or no tournament in this chat: say nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.usecases import state
from domain import lines
from domain.lines import may_be_result
from domain.model import PlannedMatch
from storage import UnitOfWork

__all__ = ["EARLY_START", "Clarify", "Enter", "current_match", "may_be_result", "own_score", "read"]

# A captain may write "3-1 kazandık" a little before the planned start has passed on the
# bot's clock (a match started early); later than that, his next match is not "current".
EARLY_START = timedelta(minutes=15)


@dataclass(frozen=True)
class Enter:
    """Enter `line`, then each of `more` (a message of several result lines)."""

    line: str
    more: tuple[str, ...] = ()


@dataclass(frozen=True)
class Clarify:
    unclear: lines.Unclear


async def read(
    uow: UnitOfWork, chat_id: int, user_id: int, text: str, now: datetime
) -> Enter | Clarify | None:
    """What to do with `text`, written by `user_id` in the group `chat_id` at `now`."""
    if not may_be_result(text):
        return None
    # One read: the tournament with its teams and matches (a captain's own score needs
    # his current match).
    snap = await state.running(uow, chat_id)
    if snap is None:
        return None
    teams = snap.teams
    several = lines.several_results(text, teams)
    if several:
        return Enter(several[0].line, tuple(r.line for r in several[1:]))
    reading = lines.read_line(text, teams)
    match reading:
        case None:
            return None
        case lines.Record(line=line) | lines.Attempt(line=line):
            return Enter(line)
        case lines.Unclear():
            if not reading.teams and await uow.teams.captain_of(snap.id, user_id) is None:
                return None  # "2-2 kazandık" by someone who captains no team: chat
            return Clarify(reading)
        case lines.OwnScore():
            team = await uow.teams.captain_of(snap.id, user_id)
            if team is None:
                return None  # "3-1 kazandık" from a supporter: chat
            return own_score(snap, team, reading, now)
    return None


def own_score(
    snap: state.Snapshot, team: str, own: lines.OwnScore, now: datetime
) -> Enter | Clarify:
    """A captain's own score as the result of his current match (pure, for tests)."""
    match = current_match(snap, team, now)
    if match is None:
        return Clarify(lines.Unclear(own.text, lines.Problem.NO_CURRENT_MATCH, (team,)))
    if own.named not in (None, team, match.home, match.away):
        named = (team, own.named)
        return Clarify(lines.Unclear(own.text, lines.Problem.NOT_YOUR_MATCH, named))
    return Enter(lines.result_line(own.result(team, match)))


def current_match(snap: state.Snapshot, team: str, now: datetime) -> PlannedMatch | None:
    """The team's match without a result that started last (by `now`, give or take
    EARLY_START), both sides known: the one a captain's "3-1 kazandık" is about."""
    started = [
        m.match
        for m in snap.matches
        if m.result is None
        and m.match.involves(team)
        and m.match.home is not None
        and m.match.away is not None
        and m.match.start <= now + EARLY_START
    ]
    return max(started, key=lambda m: m.start, default=None)
