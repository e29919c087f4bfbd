"""The words for a played match's result asked in the chat (`bot.usecases.result_questions`):
"Kartallar 3-1 Şahinler (7. maç, A Grubu)", or that the match has no result yet and when
it is or was."""

from __future__ import annotations

from datetime import datetime

from bot.texts import moments, waiting
from bot.texts.common import hm, pairing, stage_label
from bot.texts.fixture import score_text
from bot.texts.moments import zone_of
from bot.usecases.result_questions import ResultAnswer
from domain.model import PlannedMatch, Score

__all__ = ["result_answer", "result_line"]


def result_line(match: PlannedMatch, score: Score | None, now: datetime) -> str:
    """ "Kartallar 3-1 Şahinler (7. maç, A Grubu)"; without a score, that it has none yet
    and when the match is, was or waits for a date."""
    where = f"({match.no}. maç, {stage_label(match)})"
    if score is not None:
        return f"{match.home} {score_text(score)} {match.away} {where}"
    head, zone = f"{pairing(match)} {where}", zone_of(match.start)
    if match.end <= now:
        return f"{head}: sonucu henüz girilmedi (maç {moments.kickoff(match.start, now, zone)})"
    if match.start <= now:
        began = hm(match.start.astimezone(zone))
        return f"{head}: henüz sonuç yok, maç şimdi oynanıyor (başlama {began})"
    return (
        f"{head}: henüz oynanmadı; {match.pitch}, {moments.when(match.start, now, zone, match.end)}"
    )


def result_answer(answer: ResultAnswer, now: datetime) -> str:
    if answer.undated and answer.rows:
        match = answer.rows[0][0]
        return f"⏸ {pairing(match)} ({match.no}. maç): henüz oynanmadı, {waiting.UNDATED}."
    if not answer.rows and answer.pair is not None:
        one, other = answer.pair
        return f"{one} ile {other} arasında planlanmış bir maç yok. Fikstür: /fikstur metin"
    if not answer.rows and answer.team is not None:
        return f"{answer.team}: planlanmış maç yok. Fikstür: /fikstur metin"
    if not answer.rows:
        return "Henüz biten maç yok. Fikstür: /fikstur metin"
    lines = [result_line(m, score, now) for m, score in answer.rows]
    if len(lines) == 1:
        return f"⚽ {lines[0]}."
    return "⚽ Son sonuçlar:\n" + "\n".join(f"• {line}" for line in lines)
