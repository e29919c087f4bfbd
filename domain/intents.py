"""What a captain's question can ask for (Intent, in INTENT_PRIORITY order) and which day
it names (Day).

Both the vocabulary (domain.questionwords: which word signals what) and the recogniser
(domain.questions) speak in these terms, and the bot answers by them, so they sit below
both.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["INTENT_PRIORITY", "Day", "Intent"]


class Intent(StrEnum):
    """What the captain wants to know; the bot answers from the team's next match or table."""

    NEXT_MATCH = "next_match"
    OPPONENT = "opponent"
    PITCH = "pitch"
    TIME = "time"
    STANDING = "standing"
    FIXTURE = "fixture"
    KNOCKOUT = "knockout"  # "final ne zaman", "yarı final kaçta": a stage's matches
    QUALIFY = "qualify"  # "gruptan çıkıyor muyuz": what the team needs to go through
    WEEKS_LEFT = "weeks_left"  # "kaç hafta kaldı": a season league's match weeks to come
    # About the tournament as a whole (domain.topics): "bugün kaç maç var", "lig ne zaman
    # bitiyor", "ertelenen maç ne zaman", "gruptaki rakiplerimiz kimler".
    COUNT = "count"
    DATES = "dates"
    POSTPONED = "postponed"
    OPPONENTS = "opponents"
    # About the players (domain.playerquestions, issue 22): "gol kralı kim", "kimler
    # cezalı", "cezalımız var mı", "kaç golümüz var".
    TOP_SCORER = "top_scorer"
    BANNED = "banned"
    GOALS = "goals"
    CARDS = "cards"  # "kaç kartımız var", "en çok kart gören kim"
    FAIR_PLAY = "fair_play"  # "en centilmen takım hangisi"
    SQUAD = "squad"  # "kadromuz", "Kartallar kadrosu", "kadroda kim var"
    # A played match's result (domain.resultquestions): "son maçımız kaç bitti", "kim
    # kazandı", "Şahinler Kurtlar maçı kaç kaç bitti".
    MATCH_RESULT = "match_result"
    CHAMPION = "champion"  # "şampiyon kim", "turnuvayı kim kazandı" (domain.champion)


INTENT_PRIORITY: tuple[Intent, ...] = (
    Intent.CHAMPION,
    Intent.TOP_SCORER,
    Intent.BANNED,
    Intent.GOALS,
    Intent.CARDS,
    Intent.FAIR_PLAY,
    Intent.SQUAD,
    Intent.MATCH_RESULT,
    Intent.POSTPONED,
    Intent.COUNT,
    Intent.DATES,
    Intent.OPPONENTS,
    Intent.WEEKS_LEFT,
    Intent.QUALIFY,
    Intent.KNOCKOUT,
    Intent.PITCH,
    Intent.STANDING,
    Intent.FIXTURE,
    Intent.OPPONENT,
    Intent.TIME,
    Intent.NEXT_MATCH,
)


class Day(StrEnum):
    """A day the question names: "bugün maç var mı", "yarın kaçta oynuyoruz"."""

    TODAY = "today"
    TOMORROW = "tomorrow"
    # A weekday ("pazar maç var mı"): the coming one, today included.
    MONDAY, TUESDAY, WEDNESDAY = "monday", "tuesday", "wednesday"
    THURSDAY, FRIDAY, SATURDAY, SUNDAY = "thursday", "friday", "saturday", "sunday"
