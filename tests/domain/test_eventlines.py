"""Scorers and cards lines as organisers type them on a phone, and /gol, /kart arguments."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.eventitems import reserved
from domain.eventlines import read_card_args, read_event_line, read_goal_args
from domain.eventnotes import (
    CardNote,
    EventNotes,
    EventProblem,
    GoalNote,
    SideConflict,
    UnreadableEvents,
    credited_side,
    event_lines,
    goals_fit,
    place,
)
from domain.names import AmbiguousTeam, UnknownTeam, loose_key
from domain.tiebreak import CardKind


def goals(line: str) -> list[tuple[str, str | None, int, bool]]:
    notes = read_event_line(line)
    assert notes is not None, line
    return [(g.player, g.side, g.count, g.own_goal) for g in notes.goals]


def cards(line: str) -> list[tuple[str, CardKind]]:
    notes = read_event_line(line)
    assert notes is not None, line
    return [(c.player, c.kind) for c in notes.cards]


# --- goals lines --------------------------------------------------------------------

ALI2_VELI_MEHMET = [
    ("Ali", "home", 2, False),
    ("Veli", "home", 1, False),
    ("Mehmet", "away", 1, False),
]


@pytest.mark.parametrize(
    "line",
    [
        "goller: Ali 2, Veli - Mehmet",
        "Goller: Ali 2, Veli - Mehmet",
        "GOLLER : Ali 2 , Veli  -  Mehmet",
        "goller:Ali 2,Veli - Mehmet",
        "goller: Ali x2, Veli; Mehmet",
        "goller: Ali 2x, Veli / Mehmet",
        "goller: Ali (2), Veli | Mehmet",
        "goller: Ali 2 gol, Veli – Mehmet",
        "goller: Ali, Ali, Veli - Mehmet",
        "goller: Ali ×2 ve Veli - Mehmet",
        "goller: Ali 12' 56', Veli 70' - Mehmet 88'",
        "goller: Ali 2 (pen), Veli - Mehmet penaltı",
        "goller: Ali 2, Veli pen. - Mehmet",
        "gol: Ali 2, Veli - Mehmet",
        "golcüler: Ali 2, Veli - Mehmet",
        "gol atanlar: Ali 2, Veli - Mehmet",
        "⚽ Ali 2, Veli - Mehmet",
        "⚽️: Ali 2, Veli - Mehmet",
        "- goller: Ali 2, Veli - Mehmet",
        "goller Ali 2, Veli - Mehmet",
        "goller = Ali iki gol, Veli - Mehmet",
    ],
)
def test_a_goals_line_reads_the_same_however_it_is_typed(line: str):
    assert goals(line) == ALI2_VELI_MEHMET


def test_without_diacritics_and_in_any_case_the_letters_stay_as_typed():
    assert goals("GOLLER: ALİ 2, IŞIK - ŞÜKRÜ") == [
        ("ALİ", "home", 2, False),
        ("IŞIK", "home", 1, False),
        ("ŞÜKRÜ", "away", 1, False),
    ]
    assert goals("goller: isik 2 - sukru") == [
        ("isik", "home", 2, False),
        ("sukru", "away", 1, False),
    ]


@pytest.mark.parametrize("mark", ["kk", "KK", "(kk)", "k.k.", "kendi kalesine", "(kendi kalesine)"])
def test_an_own_goal_is_listed_under_the_scorers_side_and_counts_for_the_other(mark: str):
    notes = read_event_line(f"goller: Ali - Mehmet {mark}")
    assert notes is not None
    mehmet = notes.goals[1]
    assert (mehmet.player, mehmet.side, mehmet.own_goal) == ("Mehmet", "away", True)
    assert credited_side(mehmet) == "home"


def test_one_side_may_be_empty():
    assert goals("goller: - Mehmet") == [("Mehmet", "away", 1, False)]
    assert goals("goller: Ali 3 -") == [("Ali", "home", 3, False)]


def test_without_a_separator_no_side_is_told():
    assert goals("goller: Ali 2, Veli") == [("Ali", None, 2, False), ("Veli", None, 1, False)]


def test_teams_in_parentheses_are_hints_in_any_order():
    notes = read_event_line("gol: Mehmet (Şahinler), Ali (Kartallar) 2")
    assert notes is not None
    assert [(g.player, g.team_hint, g.count) for g in notes.goals] == [
        ("Mehmet", "Şahinler", 1),
        ("Ali", "Kartallar", 2),
    ]
    placed = place(notes, "Kartallar", "Şahinler")
    assert [g.side for g in placed.goals] == ["away", "home"]


def test_a_side_may_start_with_its_team():
    notes = read_event_line("goller: Kartallar: Ali 2 - Şahinler: Mehmet")
    assert notes is not None
    assert [(g.player, g.side, g.team_hint) for g in notes.goals] == [
        ("Ali", "home", "Kartallar"),
        ("Mehmet", "away", "Şahinler"),
    ]


def test_a_team_and_a_colon_list_that_teams_scorers_when_the_teams_are_known():
    teams = ("Kartallar", "Doğanlar")
    notes = read_event_line("Kartallar: Ali 2, Veli", teams=teams)
    assert notes is not None
    assert [(g.player, g.team_hint, g.count) for g in notes.goals] == [
        ("Ali", "Kartallar", 2),
        ("Veli", "Kartallar", 1),
    ]
    assert read_event_line("Kartallar: Ali 2, Veli") is None  # no teams given
    assert read_event_line("Kartallar: bugün 5 kişiyiz", teams=teams) is None
    assert read_event_line("Kartallar: geliyor musunuz?", teams=teams) is None


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("goller: Ali'nin 2", "Ali'nin"),
        ("goller: M. Ali Yılmaz 2", "M. Ali Yılmaz"),
        ("goller: Ali-Can 2", "Ali-Can"),
        ("goller: Ali Rıza hat-trick", "Ali Rıza"),
        ("goller: Şeyma’nın 2", "Şeyma’nın"),
    ],
)
def test_names_keep_their_apostrophes_initials_and_hyphens(line: str, name: str):
    (found,) = goals(line)
    assert found[0] == name
    assert found[2] in (2, 3)


def test_a_number_before_the_name_is_his_shirt():
    notes = read_event_line("goller: 10 Ali 2, 7 Veli")
    assert notes is not None
    assert [(g.shirt, g.player, g.count) for g in notes.goals] == [(10, "Ali", 2), (7, "Veli", 1)]


# --- cards lines --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("sarı: Veli", [("Veli", CardKind.YELLOW)]),
        ("sari: Veli, Ali", [("Veli", CardKind.YELLOW), ("Ali", CardKind.YELLOW)]),
        ("Sarı kart: Veli", [("Veli", CardKind.YELLOW)]),
        ("sarılar Veli, Ali", [("Veli", CardKind.YELLOW), ("Ali", CardKind.YELLOW)]),
        ("kırmızı: Mehmet (Şahinler)", [("Mehmet", CardKind.RED)]),
        ("KIRMIZI: Mehmet", [("Mehmet", CardKind.RED)]),
        ("kirmizi: Mehmet", [("Mehmet", CardKind.RED)]),
        ("kart: Veli sarı, Mehmet kırmızı", [("Veli", CardKind.YELLOW), ("Mehmet", CardKind.RED)]),
        (
            "kartlar: Veli sari, Mehmet kirmizi",
            [("Veli", CardKind.YELLOW), ("Mehmet", CardKind.RED)],
        ),
        ("kart: Hasan 2 sarı", [("Hasan", CardKind.SECOND_YELLOW)]),
        ("kart: Hasan çift sarı", [("Hasan", CardKind.SECOND_YELLOW)]),
        ("kart: Hasan ikinci sarıdan kırmızı", [("Hasan", CardKind.SECOND_YELLOW)]),
        ("kart: Hasan sarıdan kırmızı", [("Hasan", CardKind.SECOND_YELLOW)]),
        ("kart: Hasan sarı x2", [("Hasan", CardKind.SECOND_YELLOW)]),
        ("sarı: Hasan 2", [("Hasan", CardKind.SECOND_YELLOW)]),
        ("sarı: Hasan, Hasan", [("Hasan", CardKind.SECOND_YELLOW)]),
        ("kırmızı: Hasan (2 sarı)", [("Hasan", CardKind.SECOND_YELLOW)]),
        ("kart: Ege sarı kırmızı", [("Ege", CardKind.YELLOW_RED)]),
        ("kart: Ege sarı + kırmızı", [("Ege", CardKind.YELLOW_RED)]),
        ("kart: Ege sarı ve direkt kırmızı", [("Ege", CardKind.YELLOW_RED)]),
        ("kart: Ege direkt kırmızı", [("Ege", CardKind.RED)]),
        ("sarı: Ege kırmızı: Ege", [("Ege", CardKind.YELLOW_RED)]),
        ("sarı: Veli kırmızı: Mehmet", [("Veli", CardKind.YELLOW), ("Mehmet", CardKind.RED)]),
        ("🟨 Veli, Hasan 🟨🟨", [("Veli", CardKind.YELLOW), ("Hasan", CardKind.SECOND_YELLOW)]),
        ("🟥 Mehmet", [("Mehmet", CardKind.RED)]),
        ("kart: Veli 🟨, Mehmet 🟥", [("Veli", CardKind.YELLOW), ("Mehmet", CardKind.RED)]),
        (
            "kart: Veli sarı 34', Mehmet kırmızı 80'",
            [("Veli", CardKind.YELLOW), ("Mehmet", CardKind.RED)],
        ),
    ],
)
def test_a_cards_line_reads_every_way_a_card_is_named(
    line: str, expected: list[tuple[str, CardKind]]
):
    assert cards(line) == expected


def test_cards_may_be_listed_per_side():
    notes = read_event_line("sarı: Veli - Mehmet, Can")
    assert notes is not None
    assert [(c.player, c.side) for c in notes.cards] == [
        ("Veli", "home"),
        ("Mehmet", "away"),
        ("Can", "away"),
    ]


def test_two_yellows_are_a_red_card_in_the_note():
    (hasan,) = read_card_args("7 Hasan 2 sarı")[1].cards
    assert (hasan.colour, hasan.yellows, hasan.sent_off) == ("red", 2, True)
    (veli,) = read_card_args("7 Veli sarı")[1].cards
    assert (veli.colour, veli.yellows, veli.sent_off) == ("yellow", 1, False)


# --- not an events line ---------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Kartallar 3-1 Doğanlar",
        "Sarıyer 2-1 Kartal",
        "gol kralı kim",
        "goller harikaydı",
        "goller çok güzeldi",
        "kart kimde?",
        "sarı kart gören var mı?",
        "Golcük 2-0 Kartepe",
        "kırmızı bir gün",
        "",
        "tebrikler",
    ],
)
def test_chat_and_other_result_lines_are_not_events_lines(line: str):
    assert read_event_line(line) is None


@pytest.mark.parametrize(
    "line", ["goller: -", "gol: yok", "goller: yok - yok", "kart: yok", "sarı: hiç", "goller yok"]
)
def test_nobody_said_in_words_or_a_dash_is_an_events_line_naming_no_one(line: str):
    assert read_event_line(line) == EventNotes()


# --- refusals ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("goller:", EventProblem.EMPTY),
        ("goller: 2", EventProblem.NO_NAME),
        ("goller: Ali - Veli - Mehmet", EventProblem.TOO_MANY_SIDES),
        ("goller: Ali 0", EventProblem.BAD_COUNT),
        ("goller: Ali 120", EventProblem.BAD_COUNT),
        ("goller: Ali 2 3", EventProblem.BAD_COUNT),
        ("kart: Veli", EventProblem.NO_COLOUR),
        ("kart: Veli 3 sarı", EventProblem.TOO_MANY_YELLOWS),
        ("sarı: Veli 3", EventProblem.TOO_MANY_YELLOWS),
        ("sarı: Veli, Veli, Veli", EventProblem.TOO_MANY_YELLOWS),
        ("kırmızı: Hasan 2", EventProblem.BAD_COUNT),
        ("kart: sarı", EventProblem.NO_NAME),
        ("goller: Ali ((2)", EventProblem.NO_NAME),
        ("goller: " + "Ali Veli " * 60, EventProblem.TOO_LONG),
    ],
)
def test_a_line_that_starts_like_an_events_line_but_cannot_be_read_is_refused(
    line: str, problem: EventProblem
):
    with pytest.raises(UnreadableEvents) as caught:
        read_event_line(line)
    assert caught.value.problem is problem


def test_the_refusal_names_the_piece_it_could_not_read():
    with pytest.raises(UnreadableEvents) as caught:
        read_event_line("goller: Ali 2, 0 - Mehmet")
    assert caught.value.part  # the piece, for the reply to quote


# --- /gol and /kart -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "number", ["7", "#7", "M7", "m7", "maç 7", "mac 7:", "7. maç", "7 nolu maç"]
)
def test_the_match_number_comes_first_in_any_usual_form(number: str):
    match_no, notes = read_goal_args(f"{number} Ali 2, Veli; Mehmet")
    assert match_no == 7
    assert [(g.player, g.side, g.count) for g in notes.goals] == [
        ("Ali", "home", 2),
        ("Veli", "home", 1),
        ("Mehmet", "away", 1),
    ]


def test_gol_and_kart_refuse_a_missing_match_number_or_nothing_after_it():
    for read in (read_goal_args, read_card_args):
        with pytest.raises(UnreadableEvents) as caught:
            read("Ali 2")
        assert caught.value.problem is EventProblem.NO_MATCH_NUMBER
        with pytest.raises(UnreadableEvents) as caught:
            read("7")
        assert caught.value.problem is EventProblem.EMPTY


def test_kart_reads_each_name_with_its_colour():
    match_no, notes = read_card_args("12 Veli sarı, Mehmet kırmızı, Hasan 2 sarı")
    assert match_no == 12
    assert [(c.player, c.kind) for c in notes.cards] == [
        ("Veli", CardKind.YELLOW),
        ("Mehmet", CardKind.RED),
        ("Hasan", CardKind.SECOND_YELLOW),
    ]
    with pytest.raises(UnreadableEvents) as caught:
        read_card_args("7 Veli")
    assert caught.value.problem is EventProblem.NO_COLOUR


def test_the_arguments_may_be_a_labelled_line():
    assert read_goal_args("7 goller: Ali - Mehmet")[1].goals[1].side == "away"
    assert read_card_args("7 sarı: Veli")[1].cards[0].kind is CardKind.YELLOW


def test_kart_reads_the_colour_before_the_name_too():
    (card,) = read_card_args("7 sarı Veli")[1].cards
    assert (card.player, card.kind) == ("Veli", CardKind.YELLOW)


# --- place and goals_fit ------------------------------------------------------------------


def test_a_hint_against_the_side_it_was_listed_under_is_a_conflict():
    notes = read_event_line("goller: Ali (Şahinler) - Mehmet")
    assert notes is not None
    with pytest.raises(SideConflict):
        place(notes, "Kartallar", "Şahinler")


def test_a_hint_naming_neither_team_is_the_team_refusal():
    notes = read_event_line("gol: Ali (Aslanlar)")
    assert notes is not None
    with pytest.raises((UnknownTeam, AmbiguousTeam)):
        place(notes, "Kartallar", "Şahinler")


def test_goals_fit_counts_own_goals_for_the_other_side():
    notes = read_event_line("goller: Ali 2, Veli - Mehmet kk")
    assert notes is not None
    assert goals_fit(notes.goals, 4, 0) is None
    assert goals_fit(notes.goals, 3, 1) == (4, 0)
    assert goals_fit(notes.goals, 5, 0) is None  # fewer is fine


def test_goals_without_a_side_count_against_the_total():
    notes = read_event_line("goller: Ali 2, Veli")
    assert notes is not None
    assert goals_fit(notes.goals, 2, 1) is None
    assert goals_fit(notes.goals, 1, 1) == (0, 0)


# --- properties ----------------------------------------------------------------------------

LETTERS = "abcçdefgğhıijklmnoöprsştuüvyz"
WORD = st.text(LETTERS, min_size=3, max_size=8).filter(lambda w: not reserved(w))
NAME = st.lists(WORD.map(str.capitalize), min_size=1, max_size=3).map(" ".join)
SIDE = st.sampled_from(["home", "away"])


@st.composite
def goal_notes(draw: st.DrawFn) -> tuple[GoalNote, ...]:
    names = draw(st.lists(NAME, min_size=1, max_size=6, unique_by=loose_key))
    sided = draw(st.booleans())
    hints = draw(st.lists(st.none() | NAME, min_size=len(names), max_size=len(names)))
    return tuple(
        GoalNote(
            name,
            draw(SIDE) if sided else None,
            hint,
            draw(st.integers(1, 12)),
            draw(st.booleans()),
            draw(st.none() | st.integers(1, 99)),
        )
        for name, hint in zip(names, hints, strict=True)
    )


@st.composite
def card_notes(draw: st.DrawFn) -> tuple[CardNote, ...]:
    names = draw(st.lists(NAME, min_size=1, max_size=6, unique_by=loose_key))
    sided = draw(st.booleans())
    shapes = st.sampled_from([("yellow", 1), ("red", 2), ("red", 1), ("red", 0)])
    notes = []
    for name in names:
        colour, yellows = draw(shapes)
        side = draw(SIDE) if sided else None
        notes.append(CardNote(name, side, draw(st.none() | NAME), colour, yellows))
    return tuple(notes)


def _in_side_order(notes: tuple, sided: bool) -> tuple:
    if not sided:
        return notes
    return tuple(n for n in notes if n.side == "home") + tuple(n for n in notes if n.side == "away")


@settings(max_examples=200)
@given(goal_notes(), card_notes())
def test_written_lines_read_back_as_what_was_written(goal_list, card_list):
    written = EventNotes(goal_list, card_list)
    read = EventNotes()
    for line in event_lines(written):
        found = read_event_line(line)
        assert found is not None, line
        read += found
    assert read.goals == _in_side_order(goal_list, goal_list[0].side is not None)
    assert read.cards == _in_side_order(card_list, card_list[0].side is not None)


COUNT_FORMS = ["{n}", "x{n}", "{n}x", "({n})", "{n} gol", "×{n}"]


@settings(max_examples=200)
@given(
    st.lists(
        st.tuples(NAME, st.integers(1, 9), st.sampled_from(COUNT_FORMS)), min_size=1, max_size=5
    ),
    st.lists(st.tuples(NAME, st.integers(1, 9), st.sampled_from(COUNT_FORMS)), max_size=5),
)
def test_goals_per_side_never_exceed_what_was_typed(home, away):
    def typed(items) -> str:
        return ", ".join(f"{name} {form.format(n=n)}" if n > 1 else name for name, n, form in items)

    notes = read_event_line(f"goller: {typed(home)} - {typed(away)}")
    assert notes is not None
    per_side = {"home": 0, "away": 0}
    for g in notes.goals:
        per_side[str(g.side)] += g.count
    assert per_side == {"home": sum(n for _, n, _ in home), "away": sum(n for _, n, _ in away)}


@settings(max_examples=200)
@given(goal_notes(), st.integers(0, 15), st.integers(0, 15))
def test_goals_fit_never_accepts_more_goals_for_a_side_than_its_score(notes, home, away):
    credited = {"home": 0, "away": 0, None: 0}
    for g in notes:
        credited[credited_side(g)] += g.count
    verdict = goals_fit(notes, home, away)
    fits = credited["home"] <= home and credited["away"] <= away
    fits = fits and sum(credited.values()) <= home + away
    assert (verdict is None) == fits
    if verdict is not None:
        assert verdict == (credited["home"], credited["away"])


@settings(max_examples=300)
@given(st.text(min_size=0, max_size=80))
def test_any_text_reads_or_refuses_with_an_events_error(text: str):
    """Nothing but UnreadableEvents escapes, and what is read is names with counts."""
    found: list[EventNotes] = []
    for line in (text, f"goller: {text}", f"kart: {text}"):
        with contextlib.suppress(UnreadableEvents):
            found.append(read_event_line(line) or EventNotes())
    for read in (read_goal_args, read_card_args):
        with contextlib.suppress(UnreadableEvents):
            found.append(read(f"7 {text}")[1])
    for notes in found:
        for note in (*notes.goals, *notes.cards):
            assert any(c.isalpha() for c in note.player)
        assert all(1 <= g.count <= 99 for g in notes.goals)
        assert all(0 <= c.yellows <= 2 for c in notes.cards)
