"""The bracket picture with long Turkish names: every name whole (smaller type, then two
lines), never run into its score, the champion's line whole, and a legend of its marks."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import ImageDraw

from bot.render import bracket, sample
from bot.texts.files import BRACKET_LEGEND
from domain.model import Score, Stage

LONG = (
    "Dinamo Kadıköy Gençlik ve Spor Kulübü",
    "Yıldızspor",
    "Şahinler Amatör Spor Kulübü Derneği",
    "Ağrı Dağı Doğanspor",
    "Üsküdar Çengelköy İdman Yurdu Gençlik",
    "Işıklar",
    "Gölcük Değirmendere Gençlerbirliği",
    "Öz Çağlayan",
)
LONGEST = "Kuzey Kıbrıs Türk Cumhuriyeti Gençlik ve Spor Kulübü"[:50]  # a name at its limit


def _filled(snap):
    """Knockout sides written onto the matches as the use cases store them."""
    sides = snap.knockout_sides()
    out = []
    for s in snap.matches:
        m = s.match
        if m.key in sides:
            home, away = sides[m.key]
            m = replace(m, home=m.home or home, away=m.away or away)
        out.append(replace(s, match=m))
    return replace(snap, matches=tuple(out))


def played(teams=LONG):
    """The 8-team day played out: the better-listed team wins each group match, the
    semi-finals 2-0, the third place by forfeit, the final on penalties."""
    snap = sample.snapshot(teams)
    for s in snap.matches:
        m = s.match
        if not m.stage.is_knockout:
            good = teams.index(m.home) < teams.index(m.away)
            snap = sample.with_result(snap, m.no, Score(2, 1) if good else Score(0, 3))
    scores = {
        Stage.SEMI: Score(2, 0),
        Stage.THIRD: Score(3, 0, forfeit="away"),
        Stage.FINAL: Score(1, 1, 4, 2),
    }
    for stage, score in scores.items():
        snap = _filled(snap)
        for s in snap.matches:
            if s.match.stage is stage:
                snap = sample.with_result(snap, s.match.no, score)
    return snap


@pytest.fixture
def drawn(monkeypatch):
    """Every text the picture draws, with the box it takes in pixels."""
    seen: list[tuple[str, tuple[float, float, float, float]]] = []
    original = ImageDraw.ImageDraw.text

    def text(self, xy, text, fill=None, font=None, anchor=None, *args, **kwargs):
        seen.append((text, self.textbbox(xy, text, font=font, anchor=anchor)))
        return original(self, xy, text, fill, font, anchor, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    return seen


def render(snap):
    rows = [(s.match, s.result) for s in snap.matches]
    return bracket.bracket(snap.tournament.name, rows, snap.knockout_sides())


def _whole(name, texts):
    """`name` drawn in one piece, or as consecutive lines that join back into it."""
    if name in texts:
        return True
    return any(" ".join(texts[i : i + 2]) == name for i in range(len(texts) - 1))


@pytest.mark.parametrize("teams", [LONG, (LONGEST, *LONG[1:])])
def test_long_names_are_drawn_whole_and_never_run_into_the_score(drawn, teams):
    snap = played(teams)
    assert snap.champion() == teams[0]
    render(snap)
    texts = [t for t, _ in drawn]
    assert not any("…" in t for t in texts), [t for t in texts if "…" in t]
    knockout = {
        t for s in snap.matches if s.match.stage.is_knockout for t in (s.match.home, s.match.away)
    }
    for name in knockout:
        assert _whole(name, texts), name
    scores = [(t, box) for t, box in drawn if t[:1].isdigit() and ("pen." in t or len(t) <= 6)]
    assert any("(pen. 4)" in t for t, _ in scores) and any("(H)" in t for t, _ in scores)
    for t, box in drawn:
        if t in knockout or any(t in name for name in knockout if " " in t):
            for _, score in scores:
                same_box = box[1] < score[3] and score[1] < box[3] and box[0] < score[0]
                same_box = same_box and score[0] - box[0] < bracket.WIDEST
                assert not same_box or box[2] < score[0], (t, box, score)


def test_the_champion_line_is_whole(drawn):
    snap = played((LONGEST, *LONG[1:]))
    render(snap)
    texts = [t for t, _ in drawn]
    assert _whole(f"★ Şampiyon: {LONGEST}", texts), texts


def test_the_bracket_has_a_legend_of_its_marks(drawn):
    render(played())
    legend = " ".join(t for t, _ in drawn if t and t in BRACKET_LEGEND)
    assert legend == BRACKET_LEGEND
    assert "pen." in legend and "(H)" in legend and "Kalın" in legend


def test_unknown_sides_are_said_in_words_and_the_boxes_name_what_they_point_to(drawn):
    snap = sample.snapshot(LONG)
    render(snap)
    texts = [t for t, _ in drawn]
    assert "A Grubu 1.si" in texts and "B Grubu 2.si" in texts
    assert "1. yarı finalin galibi" in texts and "2. yarı finalin kaybedeni" in texts
    assert any(t.startswith("1. yarı final · ") for t in texts)
