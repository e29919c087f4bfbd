"""The guided set-up's free answers read (domain.setupwords, domain.timewords): counts,
formats, tie rules, yes or no, match length and break, the first kick-off, a rhythm."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.names import strip_diacritics
from domain.setuperrors import BadCount
from domain.setupwords import read_count, read_field, read_format, read_tiebreak, read_yes_no
from domain.teamlists import parse_teams
from domain.timewords import read_kickoff, read_slot, rhythm_text
from domain.weekly import parse_rhythm
from domain.when import BadDateTime, BadSlot

IST = ZoneInfo("Europe/Istanbul")
NOW = datetime(2026, 12, 1, 22, 0, tzinfo=IST)
WORDS = {1: "bir", 2: "iki", 3: "üç", 4: "dört", 5: "beş", 6: "altı", 7: "yedi", 8: "sekiz"}
SPELLINGS = st.sampled_from([lambda s: s, strip_diacritics, str.upper, str.capitalize])


@given(
    n=st.integers(1, 8),
    as_word=st.booleans(),
    tail=st.sampled_from(["saha var", "sahamız var", "saha", "sahamız var abi", "tane saha"]),
    spell=SPELLINGS,
)
def test_a_pitch_count_is_read_with_or_without_diacritics(n, as_word, tail, spell):
    typed = spell(f"{WORDS[n] if as_word else n} {tail}")
    assert read_count(typed, "pitches", 1, 16) == n


@given(n=st.integers(2, 8), as_word=st.booleans(), tail=st.sampled_from(["grup", "grup olsun"]))
def test_a_group_count_is_read(n, as_word, tail):
    assert read_count(f"{WORDS[n] if as_word else n} {tail}", "groups", 2, 8) == n


@pytest.mark.parametrize(
    ("typed", "count"),
    [
        ("1 saha var", 1),
        ("2 sahamız var", 2),
        ("iki saha", 2),
        ("tek sahada oynuyoruz", 1),
        ("3 tane saha var ya", 3),
        ("on iki saha", 12),
    ],
)
def test_pitches_as_people_say_them(typed, count):
    assert read_count(typed, "pitches", 1, 16) == count


@pytest.mark.parametrize("typed", ["2 grup", "saha yok", "2 ya da 3 saha", "bilmiyorum", ""])
def test_no_pitch_count(typed):
    with pytest.raises(BadCount):
        read_count(typed, "pitches", 1, 16)


def test_a_count_out_of_bounds_says_its_value():
    with pytest.raises(BadCount) as refused:
        read_count("20 saha var", "pitches", 1, 16)
    assert refused.value.value == 20


@pytest.mark.parametrize(
    ("typed", "groups"), [("üç grup", 3), ("4 gruba bölelim", 4), ("ikiye bölelim", 2)]
)
def test_groups_as_people_say_them(typed, groups):
    assert read_count(typed, "groups", 2, 8) == groups


@pytest.mark.parametrize(
    ("typed", "fmt"),
    [
        ("lig usulü", "league"),
        ("lig usulu abi", "league"),
        ("eleme yok, lig", "league"),
        ("tek devre", "league"),
        ("gruplar + eleme", "groups"),
        ("gruplar+eleme", "groups"),
        ("grup usulü sonra eleme", "groups"),
        ("gruplu olsun", "groups"),
        ("çift devreli", "double"),
        ("rovansli lig", "double"),
        ("direkt eleme", "knockout"),
        ("kupa usulü", "knockout"),
    ],
)
def test_formats_as_people_say_them(typed, fmt):
    assert read_format(typed) == fmt


@pytest.mark.parametrize("typed", ["lig sonra eleme", "bilmem", "lig olmasın", ""])
def test_no_format(typed):
    assert read_format(typed) is None


@pytest.mark.parametrize(
    ("typed", "rule"),
    [
        ("tff olsun", "tff"),
        ("TFF kuralı olsun abi", "tff"),
        ("ikili averaj", "tff"),
        ("farketmez", "tff"),
        ("averaj olsun", "makale"),
        ("averaj önce", "makale"),
        ("halı saha kuralı", "halisaha"),
        ("hali saha kurali", "halisaha"),
        ("uefa", "uefa"),
    ],
)
def test_tie_rules_as_people_say_them(typed, rule):
    assert read_tiebreak(typed) == rule


def test_two_rules_are_none():
    assert read_tiebreak("tff ya da uefa") is None


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        *[("olsun", True), ("evet olsun", True), ("oynansın", True), ("gerek yok", False)],
        *[("hayır", False), ("olmasın abi", False), ("yok", False), ("bilmem", None)],
    ],
)
def test_yes_or_no(typed, said):
    assert read_yes_no(typed) is said


@given(m=st.integers(1, 90), c=st.integers(0, 20), dk=st.sampled_from(["dk", "dakika", "dk."]))
def test_a_slot_phrase_reads_match_and_break(m, c, dk):
    assert read_slot(f"{m} {dk} maç {c} {dk} ara") == (m, c)
    assert read_slot(f"maç {m} {dk} ara {c} {dk}") == (m, c)
    assert read_slot(strip_diacritics(f"{m} {dk} maç {c} {dk} arası")) == (m, c)


@pytest.mark.parametrize(
    ("typed", "slot"),
    [
        ("30 dk maç 5 dk ara", (30, 5)),
        ("yarım saat maç", (30, 6)),
        ("maçlar 25 dakika", (25, 6)),
        ("otuz dakika maç beş dakika arası", (30, 5)),
        ("30 dakikalık maçlar 5 dakika mola", (30, 5)),
        ("25 dk arasız", (25, 0)),
        ("24+6", (24, 6)),
    ],
)
def test_slots_as_people_say_them(typed, slot):
    assert read_slot(typed) == slot


@pytest.mark.parametrize("typed", ["uzun olsun", "30 dk ara", "200 dk maç 60 dk ara", "1 2 3"])
def test_no_slot(typed):
    with pytest.raises(BadSlot):
        read_slot(typed)


@pytest.mark.parametrize(
    ("typed", "moment"),
    [
        ("17 ocakta başlıyoruz", datetime(2027, 1, 17, 10, 0, tzinfo=IST)),
        ("17 ocakta basliyoruz abi", datetime(2027, 1, 17, 10, 0, tzinfo=IST)),
        ("17 ocak saat 11de başlarız", datetime(2027, 1, 17, 11, 0, tzinfo=IST)),
        ("cumartesi sabah 10", datetime(2026, 12, 5, 10, 0, tzinfo=IST)),
        ("yarın akşam 8de", datetime(2026, 12, 2, 20, 0, tzinfo=IST)),
        ("6 Aralık 10:00", datetime(2026, 12, 6, 10, 0, tzinfo=IST)),
    ],
)
def test_kickoffs_as_people_say_them(typed, moment):
    assert read_kickoff(typed, NOW) == moment


def test_no_kickoff_keeps_the_text_as_typed():
    with pytest.raises(BadDateTime) as refused:
        read_kickoff("bilmiyoruz daha", NOW)
    assert refused.value.text == "bilmiyoruz daha"


@pytest.mark.parametrize(
    ("typed", "every", "weekday", "hours"),
    [
        ("iki haftada bir pazar 14-17", 14, 6, ("14:00", "17:00")),
        ("pazar günleri 14 ile 17 arası", 7, 6, ("14:00", "17:00")),
        ("her hafta cumartesi 10-13", 7, 5, ("10:00", "13:00")),
        ("her cumartesi 10'dan 13'e kadar", 7, 5, ("10:00", "13:00")),
        ("14 günde bir pazar 14-17", 14, 6, ("14:00", "17:00")),
    ],
)
def test_rhythms_as_people_say_them(typed, every, weekday, hours):
    rhythm = parse_rhythm(rhythm_text(typed))
    assert (rhythm.every_days, rhythm.weekday) == (every, weekday)
    assert (f"{rhythm.opens:%H:%M}", f"{rhythm.closes:%H:%M}") == hours


def test_a_rhythm_keeps_its_other_parts():
    assert rhythm_text("pazar 14 ile 17 arası | 15 Ocak'tan itibaren").endswith(
        "| 15 Ocak'tan itibaren"
    )


@pytest.mark.parametrize(
    ("typed", "fmt"),
    [("grplar eleme", "groups"), ("herkes herkesle", "league"), ("puan usulü", "league")],
)
def test_formats_with_a_typo_or_in_other_words(typed, fmt):
    assert read_format(typed) == fmt


@pytest.mark.parametrize(
    ("typed", "slot"),
    [
        ("her maç 20 dakika arası 5", (20, 5)),
        ("maçlar 25 dakika 5 dakika ara", (25, 5)),
        ("2x15", (30, 6)),
        ("iki yarı 15er dakika", (30, 6)),
        ("2 devre 20şer dakika 5 dk ara", (40, 5)),
    ],
)
def test_slots_said_other_ways(typed, slot):
    assert read_slot(typed) == slot


def test_a_month_before_its_day():
    assert read_kickoff("ocak 17de başlıyoruz", NOW) == datetime(2027, 1, 17, 10, 0, tzinfo=IST)


@pytest.mark.parametrize(
    ("typed", "field"),
    [
        ("sahayı değiştir", "pitches"),
        ("süreyi", "slot"),
        ("maç süresi", "slot"),
        ("takımları düzelt", "teams"),
        ("ilk maç saatini", "kickoff"),
        ("adını değiştirelim", "name"),
        ("eşitlik kuralı", "tiebreak"),
        ("grup sayısı", "groups"),
    ],
)
def test_which_answer_to_change(typed, field):
    assert read_field(typed) == field


def test_no_answer_to_change():
    assert read_field("adana") is None


@pytest.mark.parametrize(
    ("typed", "moment"),
    [
        ("17 ocakta 10 da başlıyoruz", datetime(2027, 1, 17, 10, 0, tzinfo=IST)),
        ("17 ocak 10'da", datetime(2027, 1, 17, 10, 0, tzinfo=IST)),
        ("17 ocak akşam 7 de", datetime(2027, 1, 17, 19, 0, tzinfo=IST)),
        ("sabah 10da cumartesi", datetime(2026, 12, 5, 10, 0, tzinfo=IST)),
    ],
)
def test_an_hour_with_its_ending(typed, moment):
    assert read_kickoff(typed, NOW) == moment


def test_a_rhythms_hours_without_a_dash():
    rhythm = parse_rhythm(rhythm_text("her pazar 14:00 17:00"))
    assert (rhythm.weekday, f"{rhythm.opens:%H:%M}", f"{rhythm.closes:%H:%M}") == (
        6,
        "14:00",
        "17:00",
    )


def test_a_team_lists_label_is_no_team():
    assert parse_teams("Takımlar: Kartallar, Şahinler, Aslanlar") == (
        "Kartallar",
        "Şahinler",
        "Aslanlar",
    )
    assert parse_teams("takimlarimiz:\nKartallar\nŞahinler") == ("Kartallar", "Şahinler")
