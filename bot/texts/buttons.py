"""What a button's presser is told when the button is not theirs, or no longer stands:
always a toast (answerCallbackQuery), never a message the whole group sees."""

from __future__ import annotations

from bot.texts import errors
from bot.texts.fixture import score_text
from bot.usecases.errors import NotOrganiser, NotYourButton
from domain.model import PlannedMatch, Score

STALE = "Bu düğme artık geçerli değil."
REASONS = {
    "stale": STALE,
    "owner": "Bu düğme size ait değil; yalnızca onu açan kişi kullanabilir.",
    "asker": "Bu düğme size ait değil; yalnızca onu açan kişi kullanabilir.",
    "other_captain": "Bu onayı yalnızca rakip takımın kaptanı verebilir.",
    "organiser": "Bunu yalnızca turnuvanın düzenleyenleri onaylayabilir.",
}
TOAST_LIMIT = 200  # Telegram cuts answerCallbackQuery texts at 200 characters


def refusal(exc: Exception) -> str:
    if isinstance(exc, NotYourButton):
        return REASONS.get(exc.reason, STALE)
    if isinstance(exc, NotOrganiser):
        return REASONS["organiser"]
    text = errors.refusal(exc)
    return text if len(text) <= TOAST_LIMIT else text[: TOAST_LIMIT - 1] + "…"


def captain_result_rejected(match: PlannedMatch, score: Score) -> str:
    return (
        f"❌ {match.home} {score_text(score)} {match.away}: rakip kaptan bu sonucu reddetti;"
        " hiçbir şey kaydedilmedi. Düzenleyen doğru skoru girebilir."
    )
