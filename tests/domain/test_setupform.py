"""The one-message /yeni_turnuva form and the guided set-up's answers, as organisers type them."""

from __future__ import annotations

import itertools
import pickle
import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, strategies

from domain.counts import parse_count, parse_number
from domain.errors import DomainError
from domain.names import key, tr_upper
from domain.setuperrors import (
    BadCount,
    BadName,
    DuplicateTeams,
    FormatConflict,
    FormError,
    KickoffError,
    MissingPart,
    Problem,
    RepeatedPart,
    SlotError,
    TeamCountMismatch,
    TooFewTeams,
    TooManyTeams,
    UnknownPart,
)
from domain.setupform import Form, parse_form
from domain.setupparts import MAX_TEAMS, TEAM_NAME_MAX, Format, Part
from domain.teamlists import cased, default_teams, parse_teams
from domain.when import DateTimeProblem, SlotProblem

IST = ZoneInfo("Europe/Istanbul")
# A Friday in late November: "6 Aralık" is this year's, "yarın" is Saturday.
NOW = datetime(2026, 11, 20, 12, 0, tzinfo=IST)
ISSUE_FORM = "/yeni_turnuva Bahar Kupası | 8 takım | 2 grup | 2 saha | 6 Aralık 10:00 | 24+6"
BAHAR = Form(
    name="Bahar Kupası",
    team_count=8,
    teams=tuple(f"Takım {i}" for i in range(1, 9)),
    groups=2,
    pitches=2,
    kickoff=datetime(2026, 12, 6, 10, 0, tzinfo=IST),
    match_minutes=24,
    changeover=6,
    format=Format.GROUPS,
    third_place=False,
    tiebreak="tff",
)


def refused(text: str) -> FormError:
    with pytest.raises(FormError) as caught:
        parse_form(text, NOW)
    return caught.value


# --- the issue's form ---------------------------------------------------------------


def test_the_issues_form_gives_eight_numbered_teams_in_two_groups_on_two_pitches():
    assert parse_form(ISSUE_FORM, NOW) == BAHAR


def test_the_form_reads_the_same_without_the_command_word_or_with_the_bots_username():
    body = ISSUE_FORM.removeprefix("/yeni_turnuva ")
    assert parse_form(body, NOW) == BAHAR
    assert parse_form(f"/yeni_turnuva@TurnuvaBot {body}", NOW) == BAHAR
    assert parse_form(f"/yeni_turnuva\n{body}", NOW) == BAHAR


def test_the_parts_after_the_name_may_come_in_any_order():
    parts = ["8 takım", "2 grup", "2 saha", "6 Aralık 10:00", "24+6"]
    for order in itertools.permutations(parts):
        assert parse_form(" | ".join(["Bahar Kupası", *order]), NOW) == BAHAR


def test_counts_may_be_words_without_turkish_letters_or_capitals():
    text = "Bahar Kupası | SEKIZ TAKIM | iki grup | iki saha | 6 aralik 10:00 | 24 + 6"
    assert parse_form(text, NOW) == BAHAR


def test_every_optional_part_is_read():
    text = (
        "Kış Kupası | 12 takım | Gruplar + Eleme | 3 grup | tek saha | yarın 20:00 | 26+4"
        " | üçüncülük | UEFA"
    )
    form = parse_form(text, NOW)
    assert form == Form(
        name="Kış Kupası",
        team_count=12,
        teams=default_teams(12),
        groups=3,
        pitches=1,
        kickoff=datetime(2026, 11, 21, 20, 0, tzinfo=IST),
        match_minutes=26,
        changeover=4,
        format=Format.GROUPS,
        third_place=True,
        tiebreak="uefa",
    )


def test_a_form_with_only_a_team_count_is_a_one_pitch_league_with_the_default_slot():
    form = parse_form("Pazar Ligi | 6 takım", NOW)
    assert (form.format, form.groups, form.pitches, form.kickoff) == (Format.LEAGUE, None, 1, None)
    assert (form.match_minutes, form.changeover, form.third_place, form.tiebreak) == (
        24,
        6,
        False,
        "tff",
    )


def test_one_group_without_a_format_word_is_a_league():
    assert parse_form("Kupa | 6 takım | 1 grup", NOW).format is Format.LEAGUE


@pytest.mark.parametrize(
    ("word", "fmt"),
    [
        ("lig", Format.LEAGUE),
        ("Tek devreli lig", Format.LEAGUE),
        ("çift devreli", Format.DOUBLE),
        ("Çift Devreli Lig", Format.DOUBLE),
        ("rövanşlı", Format.DOUBLE),
        ("eleme", Format.KNOCKOUT),
        ("Eleme usulü", Format.KNOCKOUT),
    ],
)
def test_format_words_are_read_without_case_or_diacritics(word, fmt):
    assert parse_form(f"Kupa | 8 takım | {word}", NOW).format is fmt


@pytest.mark.parametrize("word", ["gruplar + eleme", "Grup ve eleme", "gruplar&eleme", "gruplu"])
def test_groups_then_knockout_is_read_in_its_spellings(word):
    assert parse_form(f"Kupa | 8 takım | 2 grup | {word}", NOW).format is Format.GROUPS


@pytest.mark.parametrize(
    ("word", "preset"),
    [
        ("tff", "tff"),
        ("UEFA", "uefa"),
        ("fifa", "fifa"),
        ("makale", "makale"),
        ("TFF averajı", "tff"),
    ],
)
def test_a_tie_break_preset_is_read(word, preset):
    assert parse_form(f"Kupa | 8 takım | {word}", NOW).tiebreak == preset


def test_uclunculuk_yok_says_no_third_place_match_explicitly():
    assert parse_form("Kupa | 8 takım | eleme | Üçüncülük yok", NOW).third_place is False
    assert parse_form("Kupa | 8 takım | eleme | üçüncülük maçı", NOW).third_place is True


def test_a_name_that_reads_like_a_weekday_or_a_number_stays_the_name():
    assert parse_form("Pazar Ligi 2026 | 4 takım", NOW).name == "Pazar Ligi 2026"
    assert parse_form("Halısaha  Kupası | 4 takım", NOW).name == "Halısaha Kupası"


# --- team names in the same message ----------------------------------------------------


def test_team_names_on_the_next_lines_replace_the_numbered_teams():
    text = "Bahar Kupası | 4 takım | 24+6\nKartallar\nŞahinler\nAslanlar\nKaplanlar"
    form = parse_form(text, NOW)
    assert form.teams == ("Kartallar", "Şahinler", "Aslanlar", "Kaplanlar")
    assert form.team_count == 4


def test_team_names_alone_give_the_team_count():
    form = parse_form("Bahar Kupası | 2 saha\nKartallar, Şahinler\nAslanlar, Kaplanlar", NOW)
    assert (form.team_count, form.teams[-1]) == (4, "Kaplanlar")


def test_a_team_count_that_disagrees_with_the_names_is_refused_with_both_numbers():
    error = refused("Bahar Kupası | 8 takım\nKartallar\nŞahinler\nAslanlar")
    assert isinstance(error, TeamCountMismatch)
    assert (error.said, error.named, error.text, error.part) == (8, 3, "8 takım", Part.TEAMS)


def test_duplicate_names_in_the_form_are_refused_like_in_the_guided_step():
    error = refused("Bahar Kupası\nIşıkspor\nIŞIKSPOR\nKartallar")
    assert isinstance(error, DuplicateTeams)
    assert (error.first, error.second) == ("Işıkspor", "IŞIKSPOR")


# --- refused forms ---------------------------------------------------------------------


def test_a_form_without_a_name_is_refused_even_when_it_starts_with_a_part():
    for text in ["8 takım | 2 grup", "| 8 takım", "", "/yeni_turnuva"]:
        error = refused(text)
        assert isinstance(error, MissingPart)
        assert error.part is Part.NAME


def test_a_form_without_teams_or_a_team_count_is_refused():
    error = refused("Bahar Kupası | 2 grup | 2 saha")
    assert isinstance(error, MissingPart)
    assert (error.part, error.text) == (Part.TEAMS, "Bahar Kupası | 2 grup | 2 saha")


def test_groups_then_knockout_without_a_group_count_is_refused():
    error = refused("Bahar Kupası | 8 takım | gruplar + eleme")
    assert isinstance(error, MissingPart)
    assert error.part is Part.GROUPS


def test_a_part_given_twice_is_refused_naming_both():
    error = refused("Bahar Kupası | 8 takım | 2 grup | 3 grup")
    assert isinstance(error, RepeatedPart)
    assert (error.part, error.text, error.first) == (Part.GROUPS, "3 grup", "2 grup")


def test_an_unrecognised_part_is_refused_with_its_text():
    error = refused("Bahar Kupası | 8 takım | hızlı olsun")
    assert isinstance(error, UnknownPart)
    assert (error.part, error.text, error.reason) == (None, "hızlı olsun", Problem.UNRECOGNISED)


@pytest.mark.parametrize(
    ("part", "problem"),
    [
        ("6 Aralık", DateTimeProblem.MISSING_TIME),
        ("10:00", DateTimeProblem.MISSING_DATE),
        ("31 Şubat 10:00", DateTimeProblem.BAD_DATE),
        ("6 Aralık 25:00", DateTimeProblem.BAD_TIME),
        ("6 Arlık 10:00", DateTimeProblem.UNPARSED),
    ],
)
def test_a_kickoff_that_cannot_be_read_says_why(part, problem):
    error = refused(f"Bahar Kupası | 8 takım | {part}")
    assert isinstance(error, KickoffError)
    assert (error.part, error.text, error.problem) == (Part.KICKOFF, part, problem)


@pytest.mark.parametrize(
    ("part", "problem"), [("24+", SlotProblem.UNPARSED), ("200+60", SlotProblem.BAD_MINUTES)]
)
def test_a_slot_that_cannot_be_read_says_why(part, problem):
    error = refused(f"Bahar Kupası | 8 takım | {part}")
    assert isinstance(error, SlotError)
    assert (error.part, error.text, error.problem) == (Part.SLOT, part, problem)


def test_more_groups_than_pairs_of_teams_is_refused_with_the_largest_allowed():
    error = refused("Bahar Kupası | 8 takım | 5 grup")
    assert isinstance(error, BadCount)
    assert (error.part, error.value, error.lo, error.hi) == (Part.GROUPS, 5, 1, 4)


@pytest.mark.parametrize(
    ("text", "part", "reason", "lo", "hi", "value"),
    [
        ("Kupa | 1 takım", Part.TEAMS, Problem.OUT_OF_RANGE, 2, 64, 1),
        ("Kupa | 65 takım", Part.TEAMS, Problem.OUT_OF_RANGE, 2, 64, 65),
        ("Kupa | 8 takım | 0 saha", Part.PITCHES, Problem.OUT_OF_RANGE, 1, 16, 0),
        ("Kupa | 8 takım | çok saha", Part.PITCHES, Problem.NOT_A_NUMBER, 1, 16, None),
    ],
)
def test_counts_out_of_bounds_are_refused_with_the_bounds(text, part, reason, lo, hi, value):
    error = refused(text)
    assert isinstance(error, BadCount)
    assert (error.part, error.reason, error.lo, error.hi, error.value) == (
        part,
        reason,
        lo,
        hi,
        value,
    )


@pytest.mark.parametrize(
    ("text", "part", "fmt"),
    [
        ("Kupa | 8 takım | lig | 2 grup", Part.GROUPS, Format.LEAGUE),
        ("Kupa | 8 takım | eleme | 2 grup", Part.GROUPS, Format.KNOCKOUT),
        ("Kupa | 8 takım | gruplar + eleme | 1 grup", Part.GROUPS, Format.GROUPS),
        ("Kupa | 8 takım | çift devreli | üçüncülük", Part.THIRD_PLACE, Format.DOUBLE),
    ],
)
def test_parts_that_contradict_the_format_are_refused(text, part, fmt):
    error = refused(text)
    assert isinstance(error, FormatConflict)
    assert (error.part, error.format, error.reason) == (part, fmt, Problem.CONFLICT)


def test_a_tournament_name_too_long_for_a_summary_is_refused():
    error = refused(f"{'Uzun ' * 20}Kupa | 8 takım")
    assert isinstance(error, BadName)
    assert (error.part, error.reason, error.maximum) == (Part.NAME, Problem.TOO_LONG, 80)


# --- the guided step: teams ---------------------------------------------------------


def test_teams_come_one_per_line_or_comma_separated_with_whitespace_collapsed():
    text = "  Kartallar \n\nŞahinler,Aslanlar ,  Anadolu   Kartalları\n,\n1907 Spor\n"
    assert parse_teams(text) == (
        "Kartallar",
        "Şahinler",
        "Aslanlar",
        "Anadolu Kartalları",
        "1907 Spor",
    )


def test_bullets_are_dropped_and_numbering_only_when_every_line_is_numbered():
    assert parse_teams("- Kartallar\n• Şahinler\n* Aslanlar") == (
        "Kartallar",
        "Şahinler",
        "Aslanlar",
    )
    assert parse_teams("1. Kartallar\n2) Şahinler") == ("Kartallar", "Şahinler")
    assert parse_teams("1. Lig Gençlik\nKartallar") == ("1. Lig Gençlik", "Kartallar")


@pytest.mark.parametrize(("text", "count"), [("Kartallar", 1), ("", 0), (" ,\n , ", 0)])
def test_fewer_than_two_teams_is_refused_with_the_count(text, count):
    with pytest.raises(TooFewTeams) as caught:
        parse_teams(text)
    assert (caught.value.count, caught.value.minimum, caught.value.part) == (count, 2, Part.TEAMS)


def test_more_than_sixty_four_teams_is_refused_with_the_count():
    with pytest.raises(TooManyTeams) as caught:
        parse_teams("\n".join(f"Takım {i}" for i in range(1, MAX_TEAMS + 2)))
    assert (caught.value.count, caught.value.maximum) == (65, 64)
    assert len(parse_teams("\n".join(default_teams(MAX_TEAMS)))) == MAX_TEAMS


def test_names_equal_under_turkish_casing_are_refused_naming_both_spellings():
    with pytest.raises(DuplicateTeams) as caught:
        parse_teams("İzmir Gençlik\nKartallar\nizmir  gençlik\nKARTALLAR")
    error = caught.value
    assert (error.first, error.second) == ("İzmir Gençlik", "izmir gençlik")
    assert error.pairs == (("İzmir Gençlik", "izmir gençlik"), ("Kartallar", "KARTALLAR"))


def test_dotted_and_dotless_i_are_different_letters_so_these_are_two_teams():
    assert parse_teams("Işık\nIsık") == ("Işık", "Isık")


def test_a_team_name_too_long_or_without_letters_is_refused():
    with pytest.raises(BadName) as long_name:
        parse_teams(f"Kartallar\n{'A' * (TEAM_NAME_MAX + 1)}")
    assert (long_name.value.reason, long_name.value.maximum) == (Problem.TOO_LONG, TEAM_NAME_MAX)
    with pytest.raises(BadName) as no_letters:
        parse_teams("Kartallar\n???")
    assert (no_letters.value.reason, no_letters.value.text) == (Problem.NO_LETTERS, "???")


_LETTERS = "abcçdefgğhıijklmnoöprsştuüvyzABCÇDEFGĞHIİJKLMNOÖPRSŞTUÜVYZ0123456789 '-."
# A team name as parse_teams keeps it: starting with a letter or digit, not "1. " numbered.
_NAME = (
    strategies.text(alphabet=_LETTERS, min_size=1, max_size=TEAM_NAME_MAX)
    .map(lambda s: " ".join(s.split()))
    .filter(lambda s: s[:1].isalnum() and not re.match(r"[0-9]{1,2}\s*[.)]\s", s))
)
_TEAM_LISTS = strategies.lists(_NAME, min_size=2, max_size=MAX_TEAMS, unique_by=key)


@given(_TEAM_LISTS, strategies.sampled_from(["\n", ", ", ",", "\n\n  "]))
def test_distinct_names_joined_by_lines_or_commas_come_back_unchanged(teams, separator):
    assert parse_teams(separator.join(teams)) == tuple(cased(t) for t in teams)


@given(_TEAM_LISTS, strategies.sampled_from(["- ", "• ", "{i}. ", "{i}) "]))
def test_distinct_names_in_a_bulleted_or_numbered_list_come_back_unchanged(teams, marker):
    text = "\n".join(marker.format(i=i) + team for i, team in enumerate(teams, start=1))
    assert parse_teams(text) == tuple(cased(t) for t in teams)


@given(_TEAM_LISTS)
def test_a_name_comes_back_as_typed_or_with_its_capitals_and_the_same_identity(teams):
    for typed, stored in zip(teams, parse_teams("\n".join(teams)), strict=True):
        assert key(stored) == key(typed)
        first = next((c for c in typed if c.isalpha()), "")
        if not first.islower():
            assert stored == typed
            continue
        for t, w in zip(typed.split(" "), stored.split(" "), strict=True):
            capital = tr_upper(t[:1]) if t[:1].isalpha() else t[:1]
            assert w == (capital if len(capital) == 1 else t[:1]) + t[1:]


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("şahinler", "Şahinler"),
        ("ısparta", "Isparta"),
        ("istanbul gençlik", "İstanbul Gençlik"),
        ("iğdır idman yurdu", "İğdır İdman Yurdu"),
        ("Şahinler", "Şahinler"),
        ("FC kartal", "FC kartal"),
        ("1907 ünye", "1907 Ünye"),
    ],
)
def test_team_names_typed_in_lower_case_get_turkish_capitals(typed, stored):
    assert parse_teams(f"{typed}\nKartallar") == (stored, "Kartallar")


# --- the guided step: counts ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "what", "value"),
    [
        ("2", "groups", 2),
        ("2 grup", "groups", 2),
        ("iki", "groups", 2),
        ("İKİ GRUP", "groups", 2),
        ("4 gruplu", "groups", 4),
        ("tek saha", "pitches", 1),
        ("üç", "pitches", 3),
        ("on", "teams", 10),
        ("on iki takım", "teams", 12),
        ("oniki", "teams", 12),
        ("yirmi dört", "teams", 24),
        ("16 tane", "teams", 16),
        (" 8 ", Part.TEAMS, 8),
    ],
)
def test_a_count_is_read_from_digits_or_turkish_words_with_or_without_its_unit(text, what, value):
    assert parse_count(text, what, 1, 64) == value


@pytest.mark.parametrize(
    ("text", "reason", "value"),
    [
        ("5", Problem.OUT_OF_RANGE, 5),
        ("bir", Problem.OUT_OF_RANGE, 1),
        ("sıfır", Problem.OUT_OF_RANGE, 0),
        ("2 saha", Problem.NOT_A_NUMBER, None),
        ("birkaç", Problem.NOT_A_NUMBER, None),
        ("-1", Problem.NOT_A_NUMBER, None),
        ("", Problem.NOT_A_NUMBER, None),
    ],
)
def test_a_count_that_is_no_number_or_out_of_bounds_is_refused_with_the_bounds(text, reason, value):
    with pytest.raises(BadCount) as caught:
        parse_count(text, "groups", 2, 4)
    error = caught.value
    assert (error.part, error.text, error.reason, error.lo, error.hi, error.value) == (
        Part.GROUPS,
        text,
        reason,
        2,
        4,
        value,
    )


@pytest.mark.parametrize(
    ("text", "value"),
    [("bir", 1), ("dokuz", 9), ("on", 10), ("on bir", 11), ("otuz iki", 32), ("altmışdört", 64)],
)
def test_turkish_number_words_from_one_to_sixty_four(text, value):
    assert parse_number(text) == value


@pytest.mark.parametrize("text", ["on tek", "iki on", "on iki üç", "bir buçuk", "٣"])
def test_what_is_no_number_reads_as_none(text):
    assert parse_number(text) is None


# --- errors ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "error",
    [
        UnknownPart("hızlı"),
        RepeatedPart(Part.GROUPS, "3 grup", "2 grup"),
        MissingPart(Part.NAME, "8 takım"),
        BadCount(Part.GROUPS, "5", 2, 4, 5),
        TooFewTeams("Kartallar", 1),
        TooManyTeams("...", 65),
        DuplicateTeams("a\nA", (("a", "A"),)),
        BadName(Part.TEAMS, "???", Problem.NO_LETTERS, TEAM_NAME_MAX),
        TeamCountMismatch("8 takım", 8, 3),
        FormatConflict(Part.GROUPS, "2 grup", Format.LEAGUE, 2),
        KickoffError("6 Aralık", DateTimeProblem.MISSING_TIME),
        SlotError("24+", SlotProblem.UNPARSED),
    ],
    ids=lambda e: type(e).__name__,
)
def test_every_form_error_is_a_domain_error_that_survives_pickling(error):
    assert isinstance(error, DomainError)
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert vars(copy) == vars(error)
    assert str(copy) == str(error)


# --- a league over match weeks (issue 12) ------------------------------------------------

from datetime import date, time, timedelta  # noqa: E402

from bot.texts.errors import refusal  # noqa: E402
from domain.formseason import Season  # noqa: E402
from domain.season import season  # noqa: E402
from domain.setuperrors import (  # noqa: E402
    KnockoutConflict,
    OutOfRange,
    RhythmPartError,
    TooManyGroups,
)
from domain.setupform import season_rules  # noqa: E402

LEAGUE = "/yeni_turnuva Kış Ligi | 8 takım | "
# NOW is Friday 20 November 2026: the next Sunday is the 22nd, the next Tuesday the 24th.
NEXT_SUNDAY = date(2026, 11, 22)


@pytest.mark.parametrize(
    ("rhythm", "every", "weekday", "opens", "closes"),
    [
        ("her pazar 14:00-17:00", 7, 6, time(14), time(17)),
        ("iki haftada bir pazar 14:00-17:00", 14, 6, time(14), time(17)),
        ("her 2 haftada bir pazar 14:00-17:00", 14, 6, time(14), time(17)),
        ("Her Salı 21:00-23:00", 7, 1, time(21), time(23)),
        ("IKI HAFTADA BIR PAZAR 14.00–17.00", 14, 6, time(14), time(17)),
        ("pazarları 14-17", 7, 6, time(14), time(17)),
    ],
)
def test_a_rhythm_makes_the_form_a_league_over_match_weeks(rhythm, every, weekday, opens, closes):
    form = parse_form(LEAGUE + rhythm, NOW)
    assert form.is_season and form.format is Format.LEAGUE and form.kickoff is None
    assert form.season is not None
    assert (form.season.every_days, form.season.weekday) == (every, weekday)
    assert (form.season.opens, form.season.closes) == (opens, closes)
    first = form.season.first_day
    assert first.weekday() == weekday and NOW.date() <= first < NOW.date() + timedelta(days=7)


def test_without_a_first_day_the_next_such_weekday_is_the_first_match_day():
    form = parse_form(LEAGUE + "iki haftada bir pazar 14:00-17:00", NOW)
    assert form.season is not None and form.season.first_day == NEXT_SUNDAY
    # On a Sunday after the window opened, the first match day is next week's.
    sunday_evening = datetime(2026, 11, 22, 15, 0, tzinfo=IST)
    later = parse_form(LEAGUE + "her pazar 14:00-17:00", sunday_evening)
    assert later.season is not None and later.season.first_day == date(2026, 11, 29)


def test_from_a_date_on_and_dates_skipped_are_read_in_turkish():
    form = parse_form(
        LEAGUE + "iki haftada bir pazar 14:00-17:00 | 15 Ocak'tan itibaren | 14 Şubat hariç"
        " | çift devreli",
        NOW,
    )
    assert form.format is Format.DOUBLE
    # 15 January 2027 is a Friday: the first Sunday from then on is the 17th.
    assert form.season == Season(14, 6, time(14), time(17), date(2027, 1, 17), (date(2027, 2, 14),))
    plan = season(form.teams, season_rules(form, ("Saha 1",), IST), double=True)
    assert plan.weeks == 14 and date(2027, 2, 14) not in [d.date for d in plan.days]
    assert plan.days[2].date == date(2027, 2, 28)
    assert sum(plan.breaks().values()) == 18


def test_several_dates_may_be_skipped_in_one_part():
    form = parse_form(LEAGUE + "her pazar 14:00-17:00 | 7 Şubat, 14 Şubat ve 21 Mart hariç", NOW)
    assert form.season is not None
    assert form.season.skip == (date(2027, 2, 7), date(2027, 2, 14), date(2027, 3, 21))


def test_a_skipped_date_that_is_no_match_day_is_refused_naming_it():
    error = refused(LEAGUE + "her pazar 14:00-17:00 | 1 Şubat hariç")
    assert isinstance(error, RhythmPartError) and error.day == date(2027, 2, 1)
    assert "1 Şubat 2027 Pazartesi bir maç günü değil" in refusal(error)


@pytest.mark.parametrize(
    ("part", "problem"),
    [
        ("her hafta 14:00-17:00", "no_weekday"),
        ("her pazar", "no_hours"),
        ("her pazar 17:00-14:00", "bad_hours"),
        ("her 9 haftada bir pazar 14:00-17:00", "bad_every"),
    ],
)
def test_a_rhythm_said_wrongly_is_refused_with_a_chat_example(part, problem):
    error = refused(LEAGUE + part)
    assert isinstance(error, RhythmPartError) and error.problem == problem
    line = refusal(error)
    assert "Örnek:" in line and "--" not in line


def test_a_rhythm_does_not_mix_with_groups_a_knockout_or_a_kick_off():
    for extra in ("2 grup", "gruplar + eleme | 2 grup", "yarı final", "6 Aralık 10:00"):
        error = refused(LEAGUE + "her pazar 14:00-17:00 | " + extra)
        assert isinstance(error, FormatConflict | MissingPart), extra
        assert "--" not in refusal(error)
    assert isinstance(refused(LEAGUE + "15 Ocak'tan itibaren"), MissingPart)


def test_a_one_day_form_is_no_season():
    assert parse_form(ISSUE_FORM, NOW).season is None


# --- knockout size and places per group (issue 13) ---------------------------------------

KUPA = "/yeni_turnuva Kupa | 12 takım | 3 grup | "


@pytest.mark.parametrize(
    ("groups", "part", "stage"),
    [
        (3, "çeyrek final", "quarter"),
        (3, "Yarı Final", "semi"),
        (2, "sadece final", "final"),
        (3, "eleme yok", "none"),
    ],
)
def test_the_knockout_size_is_read(groups, part, stage):
    form = parse_form(f"/yeni_turnuva Kupa | 12 takım | {groups} grup | {part}", NOW)
    assert (form.knockout, form.advance) == (stage, None)


def test_gruptan_iki_cikar_gives_the_smallest_bracket_filled_by_best_thirds():
    form = parse_form(KUPA + "gruptan 2 çıkar", NOW)
    assert (form.knockout, form.advance) == ("quarter", 2)  # 6 + the 2 best thirds
    assert parse_form(KUPA + "gruptan iki takım çıkar | çeyrek final", NOW).advance == 2


def test_a_knockout_the_groups_cannot_feed_is_refused_in_words():
    error = refused(KUPA + "gruptan 2 çıkar | yarı final")
    assert isinstance(error, KnockoutConflict)
    line = refusal(error)
    assert "3 gruptan" in line and "gruptan 2 çıkar" in line and "--" not in line
    assert isinstance(
        refused("/yeni_turnuva K | 8 takım | 4 grup | sadece final"), KnockoutConflict
    )


def test_group_limits_are_explained_in_words():
    error = refused("/yeni_turnuva Üçlü | 3 takım | 2 grup")
    assert isinstance(error, TooManyGroups)
    assert refusal(error).startswith("3 takımla en fazla 1 grup kurulur")


def test_chat_refusals_show_chat_syntax_never_a_command_line_flag():
    for text in (
        "/yeni_turnuva K | 8 takım | 6 Aralık 25:00",
        "/yeni_turnuva K | 8 takım | 1 Kasım 2026 10:00",
        "/yeni_turnuva K | 8 takım | 31.12.9999 23:00",
        "/yeni_turnuva K | 99 takım",
        "/yeni_turnuva K | 8 takım | 0 saha",
    ):
        line = refusal(refused(text))
        assert "--" not in line and "Örnek:" in line, line


def test_a_kick_off_already_past_or_over_400_days_ahead_is_refused():
    past = refused("/yeni_turnuva K | 8 takım | 1 Kasım 2026 10:00")
    assert isinstance(past, OutOfRange) and past.reason is Problem.PAST
    assert "geçmişte" in refusal(past) and "yarın 10:00" in refusal(past)
    far = refused("/yeni_turnuva K | 8 takım | 31.12.9999 23:00")
    assert isinstance(far, OutOfRange) and far.reason is Problem.TOO_FAR
    assert "400 günden" in refusal(far)
    assert parse_form("/yeni_turnuva K | 8 takım | 20.12.2027 10:00", NOW).kickoff is not None


@pytest.mark.parametrize("text", ["² takım", "8² takım", "١٢ takım", "²"])
def test_counts_are_ascii_decimals_only(text):
    error = refused(f"/yeni_turnuva K | {text}")
    assert isinstance(error, BadCount | UnknownPart | MissingPart)
