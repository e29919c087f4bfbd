"""Format advice as a ranked list an organiser can choose from."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.texts.common import duration
from bot.texts.plan import months_text, rhythm
from domain.matchdays import months, season_days

if TYPE_CHECKING:  # for annotations only: domain.advice is the planner's side
    from domain.advice import Candidate, SeasonCandidate


def describe(c: Candidate) -> str:
    if c.kind == "league":
        return "Tek grup, lig usulü (herkes herkesle bir kez)"
    if c.kind == "double":
        return "Çift devreli lig (herkes herkesle iki kez)"
    if c.kind == "knockout":
        extra = " + üçüncülük maçı" if c.third_place else ""
        return f"Eleme usulü (kaybeden elenir){extra}"
    sizes = "+".join(str(s) for s in c.groups)
    ko = {
        "final": "final",
        "semi": "yarı final + final",
        "quarter": "çeyrek final + yarı final + final",
    }
    extra = " + üçüncülük maçı" if c.third_place else ""
    return f"{len(c.groups)} grup ({sizes}) + {ko[c.knockout]}{extra}"


def advice(
    candidates: list[Candidate],
    teams: int,
    pitches: int,
    slot: int,
    hours: float,
    top: int = 6,
    season: SeasonCandidate | None = None,
) -> str:
    """The day formats ranked; when none fits, the season league a match day holds."""
    hours_text = f"{hours:g}".replace(".", ",")
    lines = [f"{teams} takım · {pitches} saha · {slot} dk'lık dilim · {hours_text} saat", ""]
    for i, c in enumerate(candidates[:top], 1):
        per_team = f"{c.fewest}" if c.fewest == c.most else f"{c.fewest}-{c.most}"
        fit = "sığar" if c.fits else "sığmaz"
        lines.append(
            f"{i}. {describe(c)}: {c.matches} maç, takım başına {per_team} maç,"
            f" {duration(c.minutes)} ({fit})"
        )
    if candidates and not candidates[0].fits:
        if season is not None and season.fits:
            lines += ["", season_line(season)]
        else:
            lines += ["", "Hiçbir usul bu süreye sığmıyor: saha ekleyin ya da maçları kısaltın."]
    return "\n".join(lines)


def _season_kind(c: SeasonCandidate) -> str:
    legs = "Çift devreli" if c.kind == "double" else "Tek devreli"
    per_day = f", maç gününde {c.rounds_per_day} tur" if c.rounds_per_day > 1 else ""
    return f"{legs} sezon ligi{per_day}"


def season_line(c: SeasonCandidate) -> str:
    """What the organiser reads when no format fits one day."""
    weekly = months_text(months(season_days(c.weeks, 7)))
    fortnightly = months_text(months(season_days(c.weeks, 14)))
    return (
        f"Tek güne sığmıyor; haftalara yayılan lig: {c.weeks} maç haftası,"
        f" her hafta {c.per_week} maç, haftada bir {weekly}, iki haftada bir {fortnightly}"
    )


def season_advice(
    candidates: list[SeasonCandidate],
    teams: int,
    pitches: int,
    slot: int,
    hours: float,
    every_days: int,
) -> str:
    """Season formats ranked: those a match day holds first, then the shortest season."""
    hours_text = f"{hours:g}".replace(".", ",")
    lines = [
        f"{teams} takım · {pitches} saha · {slot} dk'lık dilim · maç günü {hours_text} saat"
        f" · {rhythm(every_days)}",
        "",
    ]
    for i, c in enumerate(candidates, 1):
        fit = "sığar" if c.fits else "sığmaz"
        length = months_text(months(c.season_days)) if c.season_days else ""
        lines.append(
            f"{i}. {_season_kind(c)}: {c.weeks} maç haftası, her hafta {c.per_week} maç,"
            f" takım başına {c.per_team} maç, maç günü {duration(c.day_minutes)},"
            f" {length} ({fit})"
        )
    if candidates and not candidates[0].fits:
        lines += ["", "Bir maç günü bir tura yetmiyor: saha ekleyin ya da maçları kısaltın."]
    return "\n".join(lines)
