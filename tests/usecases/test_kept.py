"""The stored reply's typed JSON (bot/usecases/kept.py, issue 30 item 6): what the use cases
return comes back equal through JSON, and anything else read back, whatever its shape, is
Malformed, never another exception and never a class outside the bot's own packages."""

from __future__ import annotations

import contextlib
import json
import math
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.usecases import kept
from bot.usecases.runner import Effects, Outcome, Outgoing
from domain.eventlines import Carried
from domain.intents import Intent
from domain.model import Score
from domain.names import UnknownTeam

IST = ZoneInfo("Europe/Istanbul")


def _through_json(value: object) -> object:
    return kept.load(json.loads(json.dumps(kept.dump(value))))


def test_the_kinds_an_outcome_holds_come_back_equal_and_of_their_class():
    value = {
        "when": datetime(2027, 1, 10, 21, 0, tzinfo=IST),
        "utc": datetime(2027, 1, 10, 18, 0, tzinfo=UTC),
        "day": date(2027, 1, 10),
        "at": time(21, 30),
        "length": timedelta(minutes=26),
        "intent": Intent.FIXTURE,  # a StrEnum stays one, not its text
        "score": Score(3, 1),
        "carried": Carried("A1 2-1 A2", "Ali", False),  # a named tuple stays one
        "sets": (frozenset({1, 2}), {3}),
        7: ["a", None, True, 1.5],
    }
    outcome = Outcome(value, Effects(live=(-1001,), messages=(Outgoing(5, "Kaydedildi"),)))
    back = _through_json(outcome)
    assert back == outcome
    assert type(back.value["intent"]) is Intent and type(back.value["carried"]) is Carried
    assert back.value["when"].tzinfo == IST


def test_a_refusal_comes_back_with_its_words_and_a_nan_as_a_nan():
    refusal = UnknownTeam("Kartalar", ["Kartallar"], side="home")
    back = _through_json((refusal, math.nan))
    assert type(back[0]) is UnknownTeam and str(back[0]) == str(refusal)
    assert back[0].candidates == refusal.candidates and math.isnan(back[1])


def test_a_value_not_of_the_bots_own_classes_is_not_kept():
    with pytest.raises(kept.Unkeepable):
        kept.dump(Outcome(lambda: None))
    with pytest.raises(kept.Unkeepable):
        kept.dump(Outcome(ZoneInfo))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "t",
                    "l",
                    "s",
                    "fs",
                    "d",
                    "dt",
                    "td",
                    "tz",
                    "e",
                    "v",
                    "c",
                    "f",
                    "x",
                    "a",
                    "n",
                    "fl",
                    "o",
                    "z",
                ]
            )
            | st.text(max_size=4),
            inner,
            max_size=3,
        )
    ),
    max_leaves=20,
)
NAMES = st.sampled_from(
    [
        "bot.usecases.runner.Outcome",
        "bot.usecases.runner.Outgoing",
        "domain.model.Score",
        "domain.intents.Intent",
        "domain.names.UnknownTeam",
        "domain.eventlines.Carried",
        "os.system",
        "bot.usecases.kept.load",
        "bot.__main__",
        "domain",
    ]
)


@st.composite
def stored(draw: st.DrawFn) -> object:
    """Rows as anything might have written them: near-misses of a real one, and noise."""
    name = draw(NAMES)
    body = draw(
        st.sampled_from(
            [
                {"c": name, "f": draw(JSON)},
                {"e": name, "v": draw(JSON)},
                {"x": name, "a": draw(JSON), "f": draw(JSON)},
                {"n": name, "f": draw(JSON)},
                {"c": name, "f": {"home_goals": draw(JSON), "away_goals": draw(JSON)}},
                draw(JSON),
            ]
        )
    )
    return draw(st.sampled_from([{"v": 1, "o": body}, body, {"v": draw(JSON), "o": body}]))


@settings(max_examples=400, deadline=None)
@given(data=stored())
def test_whatever_a_row_holds_is_read_or_malformed_and_nothing_else(data):
    with contextlib.suppress(kept.Malformed):
        kept.load(data)
