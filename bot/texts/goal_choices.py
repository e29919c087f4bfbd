"""Texts of the question a corrected score asks when a side has more goals recorded than
it now scored and its scorers differ (bot.usecases.goal_choices)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.texts.fixture import score_text
from bot.usecases.goal_choices import Question, Scorer, Taken
from storage.records import StoredEvent


def question(q: Question) -> str:
    """ "7. maç (A1 - A4): skor 2-1 oldu; A1 için 3 gol yazılı. Hangi golü silelim?" """
    m = q.match
    head = (
        f"⚽ {m.no}. maç ({m.home} - {m.away}): skor {score_text(q.score)} oldu;"
        f" {q.team} için {q.recorded} gol yazılı."
    )
    if q.extra == 1:
        return f"{head} Hangi golü silelim?"
    return f"{head} Hangi {q.extra} golü silelim? Her düğme bir gol siler."


def scorer_label(s: Scorer) -> str:
    """A button: the scorer and his goals recorded for that side, "Ali (2)"."""
    own = ", kk" if s.own_goal else ""
    return f"{s.player}{own} ({s.goals})"


def latest_label(extra: int) -> str:
    """The button that takes back the side's latest goals above its score."""
    return "Son yazılanı sil" if extra == 1 else f"Son yazılan {extra} golü sil"


def goals_of(gone: Sequence[StoredEvent]) -> str:
    """ "Ali (A1) 2, Mehmet (A4, kk)": the goals taken back, one item per scorer."""
    counts: dict[tuple[str, str, str], int] = {}
    for e in gone:
        key = (e.player, e.team, e.kind)
        counts[key] = counts.get(key, 0) + 1
    items = []
    for (player, team, kind), n in counts.items():
        side = f"{team}, kk" if kind == "own_goal" else team
        items.append(f"{player} ({side})" + (f" {n}" if n > 1 else ""))
    return ", ".join(items)


def dropped(gone: Sequence[StoredEvent]) -> str:
    """A corrected (or undone to an earlier) score's goals that plainly no longer fit it:
    the side's goals were one player's, or it scored none."""
    return f"⚠ Yeni skora sığmayan {len(gone)} gol geri alındı: {goals_of(gone)}."


def taken(t: Taken) -> str:
    """The question's message once pressed: what went (and what then plainly did not fit,
    the side's goals left being one player's), then the question again while a side has
    more goals than it scored, else that the goals fit."""
    parts = [f"Silindi: {goals_of(t.removed)}."] if t.removed else []
    if t.dropped:
        parts.append(dropped(t.dropped))
    if t.asked is not None:
        return "\n".join([*parts, question(t.asked)])
    parts.append(f"👍 {t.match.no}. maçın golleri artık skora uyuyor.")
    return "\n".join(parts)
