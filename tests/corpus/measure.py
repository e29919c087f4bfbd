"""The labelled corpus run through the bot's own understanding, and the figures it gets.

Shared by `bench/language_bench.py` (which prints them) and the floors test (which keeps
them from falling). A message goes the way a plain group message goes through the bot's
handlers (bot/app.py `register`):

1. group 2: a forfeit line ("Kartallar hükmen", bot.handlers.forfeits.PLAIN, the team as
   spelled), else `bot.usecases.result_messages.read`, the result-line use case: `Enter` is a result
   (or a captain's own score) handed to the result entry, `Clarify` the bot asking back;
2. group 3: `domain.questions.ask`, then `bot.usecases.questions.respond` on the stored
   tournament and `bot.texts.questions.reply`: a None from either is silence.

What the bot did becomes one of the corpus's labels (`label_of`; README.md lists them);
a message nothing answers is "chatter". For a result the line entered is read back with
`domain.scores.parse_result`, the parse that gives the stored score, and compared with the
label's home, away, score and penalties. Deterministic but for the clock times.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import teams as corpus_teams

import domain.questions
from bot.handlers.forfeits import PLAIN as FORFEIT_LINE
from bot.texts.questions import answer_text
from bot.usecases import drafts, forfeits, questions, result_messages, setup, snapshots
from bot.usecases.runner import Actor, run
from domain import intents, names, result_lines, setupform
from domain.errors import DomainError
from domain.scores import parse_result
from storage import migrate
from storage.uow import Database

HERE = Path(__file__).resolve().parent
PARTS = ("dev", "heldout")
CONTEXTS = ("league", "cup")
CHATTER = "chatter"
# What the bot does when it neither answers a question nor takes a result: asks back.
CLARIFY = "clarify"

# The labels a message may carry (README.md says what each means and what the bot does).
LABELS = (
    "next_match",
    "time",
    "pitch",
    "opponent",
    "fixture",
    "week_match",
    "weeks_left",
    "table",
    "own_standing",
    "knockout",
    "qualify",
    "count",
    "opponents",
    "dates",
    "postponed",
    "top_scorer",
    "banned",
    "goals",
    "squad",
    "match_result",
    "champion",
    "result",
    "own_score",
    "forfeit",
    CHATTER,
)
# Labels with dev lines only, until someone who has not read their rules writes the
# held-out ones: a squad asked in words ("kadromuz", "Kartallar kadrosu"), added with its
# rule (domain.listnames); a played match's result asked ("son maçımız kaç bitti", "kim
# kazandı"), added with its rule (domain.resultquestions). The players' other questions
# (issue 22) got theirs, written without reading the rules.
# The champion asked ("şampiyon kim", "turnuvayı kim kazandı"), added with its rule
# (domain.champion), waits for its held-out lines the same way.
DEV_ONLY: frozenset[str] = frozenset({"squad", "match_result", "champion"})
# Slots that the bench compares for a question when the label has them.
QUESTION_SLOTS = ("week", "stage", "day", "team")

IST = ZoneInfo("Europe/Istanbul")
ORGANISER = 10
SETUP_NOW = datetime(2026, 12, 1, 12, 0, tzinfo=IST)
LEAGUE_FORM = "Pazar Ligi | 8 takım | iki haftada bir pazar 14:00-17:00 | 30+5"
CUP_KICKOFF = datetime(2026, 12, 13, 10, 0, tzinfo=IST)
CHATS = {"league": -3001, "cup": -3002}
CAPTAINS = {"league": 21, "cup": 31}
# The question is asked this long after the asker's first match started: a captain's "3-1
# kazandık" then has a current match.
INTO_THE_MATCH = timedelta(minutes=10)


# --- the corpus -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Message:
    text: str
    intent: str
    context: str
    slots: dict[str, Any] = field(default_factory=dict)
    part: str = ""
    line: int = 0


def load(part: str) -> list[Message]:
    """The messages of `part` ("dev", "heldout" or "all"), in file order."""
    found: list[Message] = []
    for name in PARTS if part == "all" else (part,):
        path = HERE / f"{name}.jsonl"
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not raw.strip():
                continue
            row = json.loads(raw)
            found.append(
                Message(
                    text=row["text"],
                    intent=row["intent"],
                    context=row["context"],
                    slots=row.get("slots", {}),
                    part=name,
                    line=number,
                )
            )
    return found


# --- the tournaments ------------------------------------------------------------------------


@dataclass(frozen=True)
class Context:
    """A stored tournament in its group chat, its captain asking at `now`."""

    name: str
    chat: int
    captain: int
    own: str
    teams: tuple[str, ...]
    now: datetime


def _league_spec() -> drafts.Spec:
    form = setupform.parse_form(LEAGUE_FORM, SETUP_NOW)
    assert form.season is not None
    season = drafts.season_data(form.season)
    data = {
        "name": form.name,
        "teams": list(corpus_teams.LEAGUE),
        "pitches": form.pitches,
        "format": str(form.format),
        "groups": 1,
        "match": form.match_minutes,
        "changeover": form.changeover,
        "third": form.third_place,
        "tiebreak": form.tiebreak,
        "seed": 1,
        "season": season,
        "kickoff": drafts.season_kickoff(season, IST).isoformat(),
    }
    return drafts.spec_of(data)


def _cup_spec() -> drafts.Spec:
    return drafts.Spec(
        name="Kış Kupası",
        teams=corpus_teams.CUP,
        kickoff=CUP_KICKOFF,
        groups=len(corpus_teams.CUP_GROUPS),
        pitches=("Saha 1", "Saha 2"),
        match_minutes=20,
        changeover=5,
        group_lists=corpus_teams.CUP_GROUPS,
    )


async def stored(path: Path) -> tuple[Database, dict[str, Context]]:
    """A migrated SQLite file at `path` holding both tournaments, each in its own chat with
    its own team's captain. The caller disposes of the database."""
    url = f"sqlite+aiosqlite:///{path}"
    await migrate.upgrade_async(url)
    database = Database.from_url(url)
    contexts: dict[str, Context] = {}
    for name, spec in (("league", _league_spec()), ("cup", _cup_spec())):
        own = corpus_teams.OWN[name]
        async with database.unit_of_work() as uow:
            await setup.create(uow, spec, chat_id=CHATS[name], user_id=ORGANISER, now=SETUP_NOW)
            tid = (await uow.tournaments.active_for_chat(CHATS[name])).id
            await uow.teams.add_captain(tid, own, CAPTAINS[name])
            await uow.commit()
        async with database.unit_of_work(read_only=True) as uow:
            snap = await snapshots.active(uow, CHATS[name])
        first = min(m.match.start for m in snap.matches if m.match.involves(own))
        contexts[name] = Context(
            name, CHATS[name], CAPTAINS[name], own, snap.teams, first + INTO_THE_MATCH
        )
    return database, contexts


# --- one message ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Understood:
    """What the bot made of a message: a label, its slots, its answer's words if any."""

    label: str
    slots: dict[str, Any]
    answer: str | None = None
    twice: bool = False  # both the result lines and the questions answered it


def label_of(question: domain.questions.Question) -> str:
    """The corpus label for a recognised question. An intent whose value is a label keeps
    it (so an intent added later under a label's name is counted at once); a question
    naming a match week is "week_match"; the table for a team or the asker is
    "own_standing", the table asked for without either "table"."""
    intent = question.intent
    if question.week is not None and intent is not intents.Intent.WEEKS_LEFT:
        return "week_match"
    if intent is intents.Intent.STANDING:
        return "own_standing" if question.personal or question.team_hint else "table"
    return intent.value


def _hinted_team(hint: str | None, teams: tuple[str, ...]) -> str | None:
    for form in domain.questions.hint_forms(hint) if hint else ():
        try:
            return names.resolve(form, teams)
        except DomainError:
            continue
    return None


def _question_slots(question: domain.questions.Question, teams: tuple[str, ...]) -> dict[str, Any]:
    slots: dict[str, Any] = {}
    if question.week is not None and question.intent is not intents.Intent.WEEKS_LEFT:
        slots["week"] = question.week
    if question.stage is not None:
        slots["stage"] = question.stage.value
    if question.day is not None:
        slots["day"] = question.day.value
    team = _hinted_team(question.team_hint, teams)
    if team is not None:
        slots["team"] = team
    return slots


def _result_slots(line: str, teams: tuple[str, ...]) -> dict[str, Any]:
    """The result the entry would store for `line`, named first; {} if it is refused."""
    try:
        parsed = parse_result(line, teams)
    except DomainError:
        return {}
    score = parsed.score
    slots: dict[str, Any] = {
        "home": parsed.home,
        "away": parsed.away,
        "score": f"{score.home_goals}-{score.away_goals}",
    }
    if score.home_penalties is not None:
        slots["pens"] = f"{score.home_penalties}-{score.away_penalties}"
    return slots


def same_result(wanted: dict[str, Any], got: dict[str, Any]) -> bool:
    """Whether two results' slots give each team the same goals and penalties, whichever
    side is named first: "Demirspor 0-1 Sarıyer Gençlik" is "Sarıyer Gençlik 1-0 Demirspor"."""

    def sides(slots: dict[str, Any]) -> frozenset[tuple[str, str, str]] | None:
        if not {"home", "away", "score"} <= set(slots):
            return None
        goals = slots["score"].split("-")
        pens = slots.get("pens", "-").split("-")
        return frozenset({(slots["home"], goals[0], pens[0]), (slots["away"], goals[1], pens[1])})

    return sides(wanted) is not None and sides(wanted) == sides(got)


def _own_slots(line: str, ctx: Context) -> dict[str, Any]:
    """A captain's own score as the entry stores it, from his side: ours-theirs."""
    found = _result_slots(line, ctx.teams)
    if not found:
        return {}
    ours_first = found["home"] == ctx.own
    goals = found["score"].split("-")
    slots = {"score": "-".join(goals if ours_first else goals[::-1])}
    if "pens" in found:
        pens = found["pens"].split("-")
        slots["pens"] = "-".join(pens if ours_first else pens[::-1])
    slots["opponent"] = found["away"] if ours_first else found["home"]
    return slots


async def _group_two(db: Database, ctx: Context, text: str) -> Understood | None:
    """The forfeit line or the result line handler's verdict; None: it lets it pass."""
    forfeit = FORFEIT_LINE.match(text)
    if forfeit is not None:
        try:
            _, team, _ = forfeits.parse(forfeit.group("team"), ctx.teams, fuzzy=False)
        except DomainError:
            return None
        return Understood("forfeit", {"team": team})
    if not result_messages.may_be_result(text):
        return None
    reader = Actor(ctx.captain, ctx.chat, ctx.now)
    told = (await run(db, result_messages.read, result_messages.Message(text), reader)).value
    match told:
        case result_messages.Enter(line=line):
            if isinstance(result_lines.read_line(text, ctx.teams), result_lines.OwnScore):
                return Understood("own_score", _own_slots(line, ctx))
            return Understood("result", _result_slots(line, ctx.teams))
        case result_messages.Clarify():
            return Understood(CLARIFY, {})
    return None


async def _group_three(db: Database, ctx: Context, text: str) -> Understood | None:
    question = domain.questions.ask(text)
    if question is None:
        return None
    try:
        asker = Actor(ctx.captain, ctx.chat, ctx.now)
        response = (await run(db, questions.respond, questions.Ask(question), asker)).value
    except DomainError as exc:  # an ambiguous team: the bot's refusal names the candidates
        return Understood(label_of(question), _question_slots(question, ctx.teams), str(exc))
    if response is None:
        return None
    words = answer_text(question, response, ctx.now)
    return Understood(label_of(question), _question_slots(question, ctx.teams), words)


async def understand(db: Database, ctx: Context, text: str) -> Understood:
    """What the bot does with `text` typed in `ctx`'s group by its captain."""
    first = await _group_two(db, ctx, text)
    then = await _group_three(db, ctx, text)
    if first is not None:
        return Understood(first.label, first.slots, first.answer, twice=then is not None)
    return then or Understood(CHATTER, {})


# --- the figures ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    message: Message
    got: Understood
    seconds: float


@dataclass(frozen=True)
class Figures:
    outcomes: tuple[Outcome, ...]

    @property
    def labels(self) -> tuple[str, ...]:
        seen = {o.message.intent for o in self.outcomes} | {o.got.label for o in self.outcomes}
        known = [label for label in LABELS if label in seen]
        return (*known, *sorted(seen - set(LABELS)))

    def support(self, label: str) -> int:
        return sum(1 for o in self.outcomes if o.message.intent == label)

    def predicted(self, label: str) -> int:
        return sum(1 for o in self.outcomes if o.got.label == label)

    def hits(self, label: str) -> int:
        return sum(1 for o in self.outcomes if o.message.intent == label == o.got.label)

    def recall(self, label: str) -> float:
        support = self.support(label)
        return self.hits(label) / support if support else 0.0

    def precision(self, label: str) -> float:
        predicted = self.predicted(label)
        return self.hits(label) / predicted if predicted else 0.0

    def answer_precision(self) -> float:
        """Of the messages the bot answered, the share that should have been answered: the
        "chatter precision" the floors keep (1 - how often chatter gets an answer)."""
        answered = [o for o in self.outcomes if o.got.label != CHATTER]
        if not answered:
            return 1.0
        return sum(1 for o in answered if o.message.intent != CHATTER) / len(answered)

    def answer_recall(self) -> float:
        """Of the messages that should have been answered, the share that got an answer."""
        meant = [o for o in self.outcomes if o.message.intent != CHATTER]
        if not meant:
            return 1.0
        return sum(1 for o in meant if o.got.label != CHATTER) / len(meant)

    def confusion(self) -> Counter[tuple[str, str]]:
        return Counter((o.message.intent, o.got.label) for o in self.outcomes)

    def twice(self) -> int:
        return sum(1 for o in self.outcomes if o.got.twice)

    def slot_accuracy(self, label: str, keys: Sequence[str]) -> tuple[int, int]:
        """(right, labelled): messages of `label` whose slots `keys` (those the label has)
        the bot got all right; a message the bot gave another label is not right."""
        right = total = 0
        for o in self.outcomes:
            if o.message.intent != label:
                continue
            wanted = {k: o.message.slots[k] for k in keys if k in o.message.slots}
            if not wanted:
                continue
            total += 1
            got = o.got.slots if o.got.label == label else {}
            right += all(got.get(k) == v for k, v in wanted.items())
        return right, total

    def results_stored(self) -> tuple[int, int]:
        """(right, labelled): result lines whose entry would store the labelled result, each
        team with its goals and penalties (the entry may put the fixture's home side first)."""
        wanted = [o for o in self.outcomes if o.message.intent == "result"]
        right = sum(
            1
            for o in wanted
            if o.got.label == "result" and same_result(o.message.slots, o.got.slots)
        )
        return right, len(wanted)

    def seconds(self, q: float) -> float:
        """The `q` quantile of the time per message (0.5: the median)."""
        return quantile([o.seconds for o in self.outcomes], q)

    def misses(self, label: str | None = None) -> list[Outcome]:
        return [
            o
            for o in self.outcomes
            if o.message.intent != o.got.label and label in (None, o.message.intent)
        ]


def quantile(times: Sequence[float], q: float) -> float:
    """The `q` quantile of `times`, nearest rank; 0.0 for none."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


async def measure(messages: Iterable[Message], folder: Path) -> Figures:
    """Every message of `messages` through the bot, against a fresh database in `folder`."""
    db, contexts = await stored(folder / "corpus.sqlite3")
    outcomes: list[Outcome] = []
    try:
        for ctx in contexts.values():  # warm up: the first query of a connection is slow
            await understand(db, ctx, "maç kaçta")
        for message in messages:
            ctx = contexts[message.context]
            began = time.perf_counter()
            got = await understand(db, ctx, message.text)
            outcomes.append(Outcome(message, got, time.perf_counter() - began))
    finally:
        await db.dispose()
    return Figures(tuple(outcomes))
