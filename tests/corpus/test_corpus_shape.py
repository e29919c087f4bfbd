"""The corpus is what tests/corpus/README.md says: its format, its size, its two parts."""

from __future__ import annotations

import json
import re
from collections import Counter

import measure
import pytest
import teams

from domain.names import fold

SLOTS = {
    "result": {"home", "away", "score", "pens"},
    "own_score": {"score", "pens"},
    "forfeit": {"team"},
    "week_match": {"week", "team"},
    "knockout": {"stage"},
    "count": {"count"},
    "dates": {"date"},
    "postponed": {"team", "week"},
}
QUESTION_SLOTS = {"team", "day"}
WEEKS = {"this", "next", "last"}
STAGES = {"final", "semi", "quarter", "third"}
COUNTS = {"today", "left", "total", "group", "played", "teams"}
DATES = {"start", "end", "last_match"}
SCORE = re.compile(r"[0-9]{1,2}-[0-9]{1,2}")


@pytest.fixture(scope="module")
def parts():
    return {part: measure.load(part) for part in measure.PARTS}


def test_every_line_is_one_json_object_with_the_four_keys():
    for part in measure.PARTS:
        for line in (measure.HERE / f"{part}.jsonl").read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            assert set(row) == {"text", "intent", "slots", "context"}, line
            assert row["text"] == row["text"].strip() and row["text"], line


def test_labels_contexts_and_slots_are_the_documented_ones(parts):
    for message in parts["dev"] + parts["heldout"]:
        where = f"{message.part}:{message.line} {message.text!r}"
        assert message.intent in measure.LABELS, where
        assert message.context in measure.CONTEXTS, where
        allowed = SLOTS.get(message.intent, QUESTION_SLOTS)
        if message.intent not in ("result", "own_score", "forfeit", "chatter"):
            allowed = allowed | QUESTION_SLOTS
        if message.intent == "chatter":
            allowed = set()
        assert set(message.slots) <= allowed, where
        names = teams.TEAMS[message.context]
        for key in ("team", "home", "away"):
            if key in message.slots:
                assert message.slots[key] in names, where
        week = message.slots.get("week")
        assert week is None or week in WEEKS or (isinstance(week, int) and 0 < week < 8), where
        assert message.slots.get("stage", "final") in STAGES, where
        assert message.slots.get("day", "today") in ("today", "tomorrow"), where
        assert message.slots.get("count", "today") in COUNTS, where
        assert message.slots.get("date", "end") in DATES, where
        for key in ("score", "pens"):
            assert SCORE.fullmatch(message.slots.get(key, "0-0")), where


def test_results_name_both_teams_and_the_score_and_counts_have_what_they_count(parts):
    for message in parts["dev"] + parts["heldout"]:
        required = {
            "result": {"home", "away", "score"},
            "own_score": {"score"},
            "forfeit": {"team"},
            "week_match": {"week"},
            "count": {"count"},
            "dates": {"date"},
        }.get(message.intent, set())
        assert required <= set(message.slots), f"{message.part}:{message.line} {message.text}"
        if "pens" in message.slots:
            home, away = message.slots["score"].split("-")
            assert home == away, message.text


def test_at_least_800_messages_and_200_chatter_split_about_60_40(parts):
    dev, heldout = len(parts["dev"]), len(parts["heldout"])
    assert dev + heldout >= 800
    chatter = sum(1 for p in parts.values() for m in p if m.intent == measure.CHATTER)
    assert chatter >= 200
    assert 0.35 <= heldout / (dev + heldout) <= 0.45


def test_every_label_is_in_both_parts(parts):
    for part, messages in parts.items():
        found = Counter(m.intent for m in messages)
        wanted = set(measure.LABELS) - (measure.DEV_ONLY if part == "heldout" else set())
        assert set(found) - (measure.DEV_ONLY if part == "heldout" else set()) == wanted, part
        assert all(n >= 5 for n in found.values()), (part, found)


def test_no_message_twice_in_a_part_or_in_both():
    seen: dict[str, str] = {}
    for message in measure.load("all"):
        key = " ".join(fold(message.text).split())
        assert key not in seen, f"{message.text!r} in {message.part} and {seen[key]}"
        seen[key] = message.part
