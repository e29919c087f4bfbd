"""Group messages sorted into results, captains' own scores, unclear lines and chat."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies

from domain.model import PlannedMatch, Score, Stage
from domain.names import AmbiguousTeam, UnknownTeam
from domain.result_lines import (
    Attempt,
    Outcome,
    OwnScore,
    Problem,
    Record,
    Unclear,
    may_be_result,
    read_line,
    result_line,
    several_results,
)
from domain.scores import ParsedResult, SameTeam, parse_result

TEAMS = (
    "Kartallar",
    "Şahinler",
    "Dinamo Kadıköy",
    "Boğaziçi Spor",
    "Yıldızspor",
    "Yıldırımspor",
    "1907 Spor",
    "Takım 3",
)


def recorded(text: str) -> ParsedResult:
    reading = read_line(text, TEAMS)
    assert isinstance(reading, Record), (text, reading)
    return reading.result


# --- the lines ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "home", "away", "goals"),
    [
        ("kartallar 3 dinamo kadikoy 1", "Kartallar", "Dinamo Kadıköy", (3, 1)),
        ("Dinamo Kadıköy 3 - Boğaziçi Spor 1", "Dinamo Kadıköy", "Boğaziçi Spor", (3, 1)),
        ("Kartallar 3 1 Şahinler", "Kartallar", "Şahinler", (3, 1)),
        ("Boğaziçi Spor Şahinler 1-0", "Boğaziçi Spor", "Şahinler", (1, 0)),
        ("dinamo 2-2 bogazici", "Dinamo Kadıköy", "Boğaziçi Spor", (2, 2)),
        ("kartallar şahinler 3 1", "Kartallar", "Şahinler", (3, 1)),
        ("Kartallar 3 gol Şahinler 1 gol", "Kartallar", "Şahinler", (3, 1)),
        ("maç sonucu: Kartallar 3 Şahinler 1", "Kartallar", "Şahinler", (3, 1)),
        ("Kartallar 3 Şahinler 1 bitti", "Kartallar", "Şahinler", (3, 1)),
        ("KARTALLAR 3-1 SAHINLER ✅", "Kartallar", "Şahinler", (3, 1)),
        ("Kartallar x Şahinler 3-1", "Kartallar", "Şahinler", (3, 1)),
        ("Kartallar - Şahinler 20:00'de değil 3-1 bitti", None, None, None),
    ],
)
def test_the_result_lines_that_got_no_reply_are_recorded(text, home, away, goals):
    if home is None:
        assert not isinstance(read_line(text, TEAMS), Record | type(None))
        return
    assert recorded(text) == ParsedResult(home, away, Score(*goals))


def test_the_line_to_enter_has_clock_times_and_dates_blanked():
    reading = read_line("Kartallar 3-1 Şahinler 20:00 maçı 6.12", TEAMS)
    assert isinstance(reading, Record)
    assert "20:00" not in reading.line and "6.12" not in reading.line
    assert parse_result(reading.line, TEAMS, fuzzy=False) == reading.result


@pytest.mark.parametrize(
    ("text", "ours", "theirs", "outcome"),
    [
        ("3-1 kazandık", 3, 1, Outcome.WON),
        ("1-3 kazandik", 3, 1, Outcome.WON),
        ("3-1 KAZANDIK 💪", 3, 1, Outcome.WON),
        ("maçı 3-1 aldık", 3, 1, Outcome.WON),
        ("3'e 1 yendik", 3, 1, Outcome.WON),
        ("kazandık 4-2", 4, 2, Outcome.WON),
        ("3-1 kaybettik", 1, 3, Outcome.LOST),
        ("1-3 kaybetdik", 1, 3, Outcome.LOST),
        ("2-0 yenildik", 0, 2, Outcome.LOST),
        ("2-2 berabere", 2, 2, Outcome.DRAW),
        ("1-1 berabere kaldık", 1, 1, Outcome.DRAW),
        ("0 0 berabere", 0, 0, Outcome.DRAW),
    ],
)
def test_a_captains_own_score_forms_are_read_from_his_side(text, ours, theirs, outcome):
    reading = read_line(text, TEAMS)
    assert isinstance(reading, OwnScore), reading
    assert (reading.ours, reading.theirs, reading.outcome) == (ours, theirs, outcome)
    assert reading.named is None


def test_an_own_score_may_name_the_opponent_with_a_case_ending():
    reading = read_line("Şahinler'i 3-1 yendik", TEAMS)
    assert isinstance(reading, OwnScore) and reading.named == "Şahinler"
    reading = read_line("Dinamoya 2-1 yenildik", TEAMS)
    assert isinstance(reading, OwnScore) and reading.named == "Dinamo Kadıköy"
    assert (reading.ours, reading.theirs) == (1, 2)


def test_a_knockout_own_score_carries_the_penalties_from_his_side():
    reading = read_line("2-2 bitti, penaltılarla 4-3 kazandık", TEAMS)
    assert isinstance(reading, OwnScore)
    assert (reading.ours, reading.theirs) == (2, 2)
    assert (reading.our_penalties, reading.their_penalties) == (4, 3)
    reading = read_line("1-1 sonra penaltılarda 4-5 kaybettik", TEAMS)
    assert isinstance(reading, OwnScore)
    assert (reading.our_penalties, reading.their_penalties) == (4, 5)


def test_an_own_score_becomes_the_result_of_the_captains_match_either_side():
    own = read_line("3-1 kazandık", TEAMS)
    assert isinstance(own, OwnScore)
    start = PlannedMatch(1, Stage.GROUP, "A", 1, "Saha 1", None, None, "Şahinler", "Kartallar")  # type: ignore[arg-type]
    assert own.result("Kartallar", start) == ParsedResult("Şahinler", "Kartallar", Score(1, 3))
    assert own.result("Şahinler", start) == ParsedResult("Şahinler", "Kartallar", Score(3, 1))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("3-1 berabere", Problem.DRAW_NOT_LEVEL),
        ("2-2 kazandık", Problem.WON_LEVEL),
        ("2-2 berabere pen 4-3", Problem.WHOSE_PENALTIES),
    ],
)
def test_an_own_score_that_contradicts_itself_is_explained(text, problem):
    reading = read_line(text, TEAMS)
    assert isinstance(reading, Unclear) and reading.problem is problem


# --- never silent on what looks like a result ----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Kartallar 3 Şahinler",
        "Kartallar Şahinler 3",
        "Kartallar 3 4 5 Şahinler",
        "Kartallar 3-1-2 Şahinler 4",
    ],
)
def test_two_teams_and_numbers_without_a_known_shape_get_the_shape_to_type(text):
    reading = read_line(text, TEAMS)
    assert isinstance(reading, Unclear), reading
    assert reading.problem is Problem.NO_SCORE
    assert reading.teams == ("Kartallar", "Şahinler")


@pytest.mark.parametrize(
    "text", ["Kartallar 3-1 bugün iyiydi", "Şahinler 2-1 kazandı", "Dinamo 2-0 önde 😀"]
)
def test_one_team_and_a_score_is_asked_for_the_other_side(text):
    reading = read_line(text, TEAMS)
    assert isinstance(reading, Unclear) and reading.problem is Problem.ONE_TEAM
    assert len(reading.teams) == 1


def test_a_result_that_cannot_be_recorded_is_handed_on_with_its_error():
    same = read_line("Kartallar 3-1 Kartallar", TEAMS)
    assert isinstance(same, Attempt) and isinstance(same.error, SameTeam)
    ambiguous = read_line("Kartallar 3-1 Yıldırspor", TEAMS)
    assert isinstance(ambiguous, Attempt) and isinstance(ambiguous.error, AmbiguousTeam)
    typo = read_line("Kartallar 3-1 Şahinlrr", TEAMS)
    assert typo is not None


def test_an_unknown_side_next_to_a_team_is_handed_on_when_it_resembles_a_team():
    reading = read_line("Kartallar 3-1 Kartalarr", ("Kartallar", "Kartalar FK", "Şahinler"))
    assert reading is not None


# --- ordinary chat stays unanswered -----------------------------------------------------------

ORDINARY = [
    "maç çok güzeldi 2-1 bitti ama",
    "yarın 20:00 sahada olun",
    "Kartallar - Şahinler 20:00",
    "Kartallar Şahinler maçı 10 dk gecikecek",
    "saat 3 te 5 kişi geliyoruz",
    "Galatasaray 3-1 Fenerbahçe, ne maçtı",
    "dün 2-1 yendiler bizi",
    "Kartallar 7 kişi geliyor",
    "maçlar 6.12'de başlıyor",
    "skor 2-1",
    "2-1",
    "3-1 kazandılar",
    "",
    "Kartallar Şahinler 1. maç",
    "Kartallar 5 kişi Şahinler 7 kişi",
    "Kartallar 6 puan Şahinler 4 puan",
    "Kartallar 2nci Şahinler 3üncü",
    "Kartallar 10 dk gecikecek Şahinler 5 dk",
    "Kartallar 2 sarı kart Şahinler 1 kırmızı",
]


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_chat_with_numbers_is_not_taken_for_a_result(text):
    """Also with two teams named: ordinals, people, minutes, points and cards are not goals."""
    reading = read_line(text, TEAMS)
    assert reading is None, reading


CHAT_WORDS = (
    *("maç", "güzeldi", "bitti", "ama", "yarın", "bugün", "saat", "sahada", "olun", "abi"),
    *("hocam", "gol", "attı", "penaltı", "skor", "kaç", "kaçta", "bence", "hakem", "kötü"),
    *("dün", "akşam", "geliyoruz", "kişi", "eksik", "spor", "takım", "lig", "grup", "😀"),
    *("⚽", "!", "?", ",", "-", ":", "vs", "ile", "ve", "de", "oynadık", "bitti.", "🔥"),
    *("Galatasaray", "Fenerbahçe", "Beşiktaş", "Messi", "forma", "top", "kale", "kaleci"),
)
TOKENS = strategies.one_of(
    strategies.sampled_from(CHAT_WORDS),
    strategies.integers(0, 120).map(str),
    strategies.tuples(strategies.integers(0, 12), strategies.integers(0, 12)).map(
        lambda p: f"{p[0]}-{p[1]}"
    ),
    strategies.tuples(strategies.integers(0, 23), strategies.integers(0, 59)).map(
        lambda p: f"{p[0]}:{p[1]:02d}"
    ),
)


@given(strategies.lists(TOKENS, min_size=0, max_size=14).map(" ".join))
def test_no_sentence_naming_no_team_of_the_tournament_is_taken_as_a_result(sentence):
    reading = read_line(sentence, TEAMS)
    assert reading is None or isinstance(reading, OwnScore | Unclear), reading
    if isinstance(reading, Unclear):  # only a captain's own-score form contradicting itself
        assert reading.teams == () and reading.problem is not Problem.NO_SCORE


@given(
    strategies.lists(strategies.sampled_from(TEAMS), min_size=2, max_size=2, unique=True),
    strategies.integers(0, 20),
    strategies.integers(0, 20),
    strategies.one_of(
        strategies.none(),
        strategies.lists(strategies.integers(0, 10), min_size=2, max_size=2, unique=True),
    ),
)
def test_the_line_written_for_a_result_reads_back_as_that_result(pair, hg, ag, pens):
    score = Score(hg, hg, *pens) if pens else Score(hg, ag)
    parsed = ParsedResult(pair[0], pair[1], score)
    assert parse_result(result_line(parsed), TEAMS, fuzzy=False) == parsed


def test_the_cheap_filter_wants_a_digit_and_a_short_message():
    assert may_be_result("3-1 kazandık")
    assert not may_be_result("ne zaman oynuyoruz")
    assert not may_be_result("Kartallar 3-1 Şahinler " * 20)


def test_unknown_team_errors_keep_their_side_for_the_handler():
    reading = read_line("Kartallar 3-1 Şahnlerr", TEAMS)
    if isinstance(reading, Attempt):
        assert isinstance(reading.error, UnknownTeam | AmbiguousTeam)


def test_a_message_of_several_result_lines_reads_each_line():
    text = "Kartallar 3-1 Şahinler\nDinamo 2 Boğaziçi 0\n\n1907 Spor - Takım 3 1-1"
    found = several_results(text, TEAMS)
    assert [r.result for r in found if isinstance(r, Record)] == [
        ParsedResult("Kartallar", "Şahinler", Score(3, 1)),
        ParsedResult("Dinamo Kadıköy", "Boğaziçi Spor", Score(2, 0)),
        ParsedResult("1907 Spor", "Takım 3", Score(1, 1)),
    ]
    assert may_be_result(text + "\n" + "Kartallar 1-0 Şahinler" * 3)


def test_several_lines_are_results_only_when_every_line_with_a_digit_is_one():
    assert several_results("Kartallar 3-1 Şahinler\nyarın 5 kişi geliyoruz", TEAMS) == ()
    assert several_results("Kartallar 3-1 Şahinler", TEAMS) == ()
    assert several_results("Kartallar 3-1 Şahinler\nharika maçtı", TEAMS) == ()
