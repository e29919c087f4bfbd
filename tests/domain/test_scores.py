"""Result lines as captains type them, resolved against the tournament's teams."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, strategies

from domain.errors import DomainError
from domain.model import Result, Score
from domain.names import AmbiguousTeam, UnknownTeam, tr_lower, tr_upper
from domain.scores import (
    MAX_LINE_LENGTH,
    AmbiguousResult,
    BadScore,
    BadScoreReason,
    NotAResult,
    ParsedResult,
    SameTeam,
    looks_like_result,
    parse_result,
)

TEAMS = [
    "Kartallar",
    "Şahinler",
    "Aslanlar",
    "Kaplanlar",
    "Yıldızspor",
    "Yıldırımspor",
    "Işıkspor",
    "İzmir Gençlik",
    "Anadolu Kartalları",
    "1907 Spor",
    "Ankara-Gücü",
    *(f"Takım {i}" for i in range(1, 13)),
    *(f"A{i}" for i in range(1, 5)),
    *(f"B{i}" for i in range(1, 5)),
]


def result(home: str, away: str, *numbers: int) -> ParsedResult:
    return ParsedResult(home, away, Score(*numbers))


# --- plain results --------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Kartallar 3-1 Şahinler",
        "kartallar 3 - 1 şahinler",
        "KARTALLAR 3-1 ŞAHİNLER",
        "Kartallar 3:1 Şahinler",
        "Kartallar 3–1 Şahinler",
        "Kartallar 3 — 1 Şahinler",
        "  Kartallar   3-1    Şahinler  ",
        "Kartallar 3-1 Şahinler!",
        "Kartallar 3-1 Şahinler.",
        "Kartallar 3-1 Şahinler !!!",
        "Kartallar: 3-1 Şahinler",
        "Kartalar 3-1 Sahinler",
    ],
)
def test_a_plain_result_line_parses_in_its_usual_spellings(text):
    assert parse_result(text, TEAMS) == result("Kartallar", "Şahinler", 3, 1)


def test_a_draw_without_penalties_is_a_level_score():
    assert parse_result("Aslanlar 0-0 Kaplanlar", TEAMS) == result("Aslanlar", "Kaplanlar", 0, 0)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A1 3-1 A4", result("A1", "A4", 3, 1)),
        ("a4 0-2 a1", result("A4", "A1", 0, 2)),
        ("Takım 12 0-5 Takım 1", result("Takım 12", "Takım 1", 0, 5)),
        ("Takım 1 1-0 Takım 11", result("Takım 1", "Takım 11", 1, 0)),
        ("Takım 1 12 - 3 Takım 2", result("Takım 1", "Takım 2", 12, 3)),
        ("1907 Spor 2-1 Ankara-Gücü", result("1907 Spor", "Ankara-Gücü", 2, 1)),
        ("Ankara-Gücü 4-4 1907 Spor", result("Ankara-Gücü", "1907 Spor", 4, 4)),
        (
            "İzmir Gençlik 2 - 0 Anadolu Kartalları",
            result("İzmir Gençlik", "Anadolu Kartalları", 2, 0),
        ),
        ("B2 10-0 B3", result("B2", "B3", 10, 0)),
    ],
)
def test_names_with_digits_spaces_and_hyphens_split_where_both_sides_are_teams(text, expected):
    assert parse_result(text, TEAMS) == expected


@pytest.mark.parametrize(
    "text",
    ["Kartallar - Şahinler 3-1", "Kartallar-Şahinler 3-1", "Kartallar vs Şahinler 3-1"],
)
def test_names_first_then_score_is_accepted(text):
    assert parse_result(text, TEAMS) == result("Kartallar", "Şahinler", 3, 1)


def test_parsed_result_converts_to_the_shared_result_type():
    parsed = parse_result("Kartallar 3-1 Şahinler", TEAMS)
    assert parsed.to_result() == Result("Kartallar", "Şahinler", Score(3, 1))


# --- penalties -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Kartallar 2-2 Şahinler (pen 4-3)",
        "Kartallar 2-2 Şahinler (Pen. 4-3)",
        "Kartallar 2-2 Şahinler (p 4-3)",
        "Kartallar 2-2 Şahinler (4-3 pen)",
        "Kartallar 2-2 Şahinler (4-3 pen.)",
        "Kartallar 2-2 Şahinler (4-3)",
        "Kartallar 2-2 Şahinler (penaltılar 4-3)",
        "Kartallar 2-2 Şahinler penaltılar 4-3",
        "Kartallar 2-2 Şahinler PENALTILAR 4-3",
        "Kartallar 2-2 Şahinler penaltilar 4-3",
        "Kartallar 2-2 Şahinler penaltı 4-3",
        "Kartallar 2-2 Şahinler penaltılarla 4-3",
        "Kartallar 2-2 Şahinler pen. 4-3",
        "Kartallar 2-2 Şahinler, pen 4-3",
        "Kartallar 2-2 Şahinler 4-3 pen",
        "Kartallar 2-2 pen 4-3 Şahinler",
        "Kartallar 2-2 (pen 4-3) Şahinler",
        "kartallar 2 – 2 şahinler (pen 4 – 3)!",
    ],
)
def test_penalties_parse_in_every_usual_spelling(text):
    assert parse_result(text, TEAMS) == result("Kartallar", "Şahinler", 2, 2, 4, 3)


def test_penalties_work_with_names_ending_in_digits():
    assert parse_result("A1 1-1 A2 (pen 5-4)", TEAMS) == result("A1", "A2", 1, 1, 5, 4)


def test_penalties_after_a_decided_score_are_refused():
    with pytest.raises(BadScore) as caught:
        parse_result("Kartallar 3-1 Şahinler (pen 4-3)", TEAMS)
    assert caught.value.reason == BadScoreReason.PENALTIES_NOT_LEVEL == "penalties_not_level"


def test_level_penalties_are_refused():
    with pytest.raises(BadScore) as caught:
        parse_result("Kartallar 2-2 Şahinler (pen 4-4)", TEAMS)
    assert caught.value.reason == BadScoreReason.PENALTIES_EQUAL


# --- errors ----------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["maç güzeldi", "", "Kartallar Şahinler", "3-1", "3-1 yendik"])
def test_a_line_without_a_score_between_texts_is_not_a_result(text):
    with pytest.raises(NotAResult) as caught:
        parse_result(text, TEAMS)
    assert caught.value.text == text


def test_more_than_99_goals_is_a_bad_score():
    with pytest.raises(BadScore) as caught:
        parse_result("Kartallar 100-0 Şahinler", TEAMS)
    assert caught.value.reason == BadScoreReason.TOO_MANY_GOALS


def test_99_goals_is_still_accepted():
    assert parse_result("Kartallar 99-0 Şahinler", TEAMS).score == Score(99, 0)


def test_a_team_playing_itself_is_refused():
    with pytest.raises(SameTeam) as caught:
        parse_result("Kartallar 3-1 KARTALLAR", TEAMS)
    assert caught.value.name == "Kartallar"


def test_a_typo_resolving_to_the_other_side_is_a_team_playing_itself():
    with pytest.raises(SameTeam):
        parse_result("Kartallar 3-1 Kartalar", TEAMS)


def test_an_unknown_away_team_is_reported_with_its_side():
    with pytest.raises(UnknownTeam) as caught:
        parse_result("Kartallar 3-1 Galatasaray", TEAMS)
    assert (caught.value.text, caught.value.side) == ("Galatasaray", "away")


def test_an_unknown_home_team_is_reported_with_its_side_and_suggestions():
    with pytest.raises(UnknownTeam) as caught:
        parse_result("Takım 13 3-1 Takım 2", TEAMS)
    assert caught.value.side == "home"
    assert caught.value.text == "Takım 13"
    assert "Takım 1" in caught.value.candidates


def test_an_unknown_team_next_to_penalties_is_reported_without_the_penalty_clause():
    with pytest.raises(UnknownTeam) as caught:
        parse_result("Kartallar 2-2 Galatasaray (pen 4-3)", TEAMS)
    assert (caught.value.text, caught.value.side) == ("Galatasaray", "away")


def test_an_ambiguous_team_is_reported_with_its_side_and_candidates():
    with pytest.raises(AmbiguousTeam) as caught:
        parse_result("Aslanlar 1-0 Yıldırspor", TEAMS)
    assert caught.value.side == "away"
    assert caught.value.candidates == ("Yıldızspor", "Yıldırımspor")


def test_a_line_readable_as_two_different_results_is_refused():
    teams = ["Spor", "Spor 1", "3 Temmuz", "Temmuz"]
    with pytest.raises(AmbiguousResult) as caught:
        parse_result("Spor 1-2-3 Temmuz", teams)
    assert caught.value.readings == (
        result("Spor", "3 Temmuz", 1, 2),
        result("Spor 1", "Temmuz", 2, 3),
    )


def test_result_errors_are_domain_errors_with_english_text_that_survive_pickling():
    errors = [
        NotAResult("maç güzeldi"),
        SameTeam("Kartallar"),
        BadScore("K 100-0 Ş", BadScoreReason.TOO_MANY_GOALS),
        AmbiguousResult("x", [result("A1", "A2", 1, 0)]),
    ]
    for error in errors:
        assert isinstance(error, DomainError)
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is type(error)
        assert str(copy) == str(error)
    assert str(errors[2]) == "bad score in 'K 100-0 Ş': too_many_goals"


# --- looks_like_result --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Kartallar 3-1 Şahinler",
        "Kartallar 3:1 Şahinler",
        "A1 3-1 A4",
        "bugün 3-1 yendik",
        "Kartallar - Şahinler 3-1",
        "Kartallar 2-2 Şahinler (pen 4-3)",
    ],
)
def test_a_score_with_text_around_it_looks_like_a_result(text):
    assert looks_like_result(text)


@pytest.mark.parametrize(
    "text",
    [
        "maç güzeldi",
        "yarın 20:00 sahada olun",
        "maç saat 19:30'da",
        "skor 2-1",
        "2-1",
        "2026-12-06 maç var",
        "",
    ],
)
def test_chat_without_a_score_between_words_does_not_look_like_a_result(text):
    assert not looks_like_result(text)


def test_a_colon_score_shaped_like_a_clock_time_still_parses_when_asked():
    assert not looks_like_result("Takım 1 0:10 A1")
    assert parse_result("Takım 1 0:10 A1", TEAMS) == result("Takım 1", "A1", 0, 10)


# --- properties ------------------------------------------------------------------------------


PENALTY_CLAUSES = ["(pen {}-{})", "pen. {}-{}", "({}-{} pen)", "penaltılar {}-{}", "(p {}-{})"]


def random_casing(text: str, flips: list[bool]) -> str:
    return "".join(tr_upper(c) if up else tr_lower(c) for c, up in zip(text, flips, strict=True))


@strategies.composite
def result_lines(draw: strategies.DrawFn) -> tuple[str, ParsedResult]:
    home, away = draw(
        strategies.lists(strategies.sampled_from(TEAMS), min_size=2, max_size=2, unique=True)
    )
    h, a = draw(strategies.integers(0, 30)), draw(strategies.integers(0, 30))
    cased = [
        random_casing(
            name,
            draw(strategies.lists(strategies.booleans(), min_size=len(name), max_size=len(name))),
        )
        for name in (home, away)
    ]
    # "0:10" is a clock time to the cheap filter; colons only with one-digit away goals.
    dash = draw(strategies.sampled_from(["-", " - ", "–"] + ([":"] if a < 10 else [])))
    score = Score(h, a)
    line = f"{cased[0]} {h}{dash}{a} {cased[1]}"
    if h == a and draw(strategies.booleans()):
        hp, ap = draw(
            strategies.lists(strategies.integers(0, 20), min_size=2, max_size=2, unique=True).map(
                tuple
            )
        )
        clause = draw(strategies.sampled_from(PENALTY_CLAUSES))
        line = f"{line} {clause.format(hp, ap)}"
        score = Score(h, a, hp, ap)
    return line, ParsedResult(home, away, score)


@given(result_lines())
def test_any_formatted_result_in_any_turkish_casing_parses_back(case):
    line, expected = case
    assert looks_like_result(line)
    assert parse_result(line, TEAMS) == expected


def test_a_long_chat_message_is_not_a_result_line():
    chat = "dün akşam " + "Kartallar 3-1 Şahinler, " * 10 + "ne maçtı ama"
    assert len(chat) > MAX_LINE_LENGTH
    assert not looks_like_result(chat)
    with pytest.raises(NotAResult):
        parse_result(chat, TEAMS)


# --- the shapes of issue 13 ------------------------------------------------------------

CHAT_TEAMS = [*TEAMS, "Dinamo Kadıköy", "Boğaziçi Spor"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("kartallar 3 dinamo kadikoy 1", result("Kartallar", "Dinamo Kadıköy", 3, 1)),
        ("Dinamo Kadıköy 3 - Boğaziçi Spor 1", result("Dinamo Kadıköy", "Boğaziçi Spor", 3, 1)),
        ("Kartallar 3 1 Şahinler", result("Kartallar", "Şahinler", 3, 1)),
        ("Boğaziçi Spor Şahinler 1-0", result("Boğaziçi Spor", "Şahinler", 1, 0)),
        ("Kartallar 3, Şahinler 1", result("Kartallar", "Şahinler", 3, 1)),
        ("Kartallar: 3 Şahinler: 1", result("Kartallar", "Şahinler", 3, 1)),
        ("Kartallar, Şahinler 3-1", result("Kartallar", "Şahinler", 3, 1)),
        ("Kartallar ile Şahinler 2-1", result("Kartallar", "Şahinler", 2, 1)),
        ("Dinamo 2-0 Boğaziçi", result("Dinamo Kadıköy", "Boğaziçi Spor", 2, 0)),
        ("Dinamo'nun 3-1 Kartallar", result("Dinamo Kadıköy", "Kartallar", 3, 1)),
        ("⚽ Kartallar 3-1 Şahinler 🔥", result("Kartallar", "Şahinler", 3, 1)),
        ("Kartallar - Şahinler: 3-1 🎉", result("Kartallar", "Şahinler", 3, 1)),
        ("Kartallar (3) - (1) Şahinler", result("Kartallar", "Şahinler", 3, 1)),
        ("Takım 12 3 Takım 4 1", result("Takım 12", "Takım 4", 3, 1)),
        ("Kartallar 3 1907 Spor 1", result("Kartallar", "1907 Spor", 3, 1)),
        ("Kartal\u200blar 3-1 Şahinler", result("Kartallar", "Şahinler", 3, 1)),
        ("Dinamo 2 Boğaziçi 2 pen 4-3", result("Dinamo Kadıköy", "Boğaziçi Spor", 2, 2, 4, 3)),
    ],
)
def test_the_shapes_people_write_in_group_chats_parse(text, expected):
    assert parse_result(text, CHAT_TEAMS) == expected


SHAPES = [
    "{h} {hg}-{ag} {a}",  # A 3-1 B
    "{h} {hg} - {a} {ag}",  # A 3 - B 1
    "{h} {hg} {a} {ag}",  # A 3 B 1
    "{h} {hg} {ag} {a}",  # A 3 1 B
    "{h} - {a} {hg}-{ag}",  # A - B 3-1
    "{h} {a} {hg}-{ag}",  # A B 3-1
]
# Names of letters only: "Takım 1 2 Takım 3 4" has no single reading, by design refused.
LETTER_TEAMS = [t for t in CHAT_TEAMS if not any(c.isdigit() for c in t)]


@given(
    strategies.lists(strategies.sampled_from(LETTER_TEAMS), min_size=2, max_size=2, unique=True),
    strategies.integers(0, 30),
    strategies.integers(0, 30),
    strategies.sampled_from(SHAPES),
    strategies.data(),
)
def test_every_accepted_shape_round_trips_home_away_and_score(pair, hg, ag, shape, data):
    home, away = (
        random_casing(
            n, data.draw(strategies.lists(strategies.booleans(), min_size=len(n), max_size=len(n)))
        )
        for n in pair
    )
    line = shape.format(h=home, a=away, hg=hg, ag=ag)
    assert parse_result(line, CHAT_TEAMS) == result(pair[0], pair[1], hg, ag), line
