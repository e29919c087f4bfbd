"""Format advice as a ranked list an organiser can choose from."""

from __future__ import annotations

from bot.texts.common import duration
from domain.advice import Candidate


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
    candidates: list[Candidate], teams: int, pitches: int, slot: int, hours: float, top: int = 6
) -> str:
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
        lines += ["", "Hiçbir usul bu süreye sığmıyor: saha ekleyin ya da maçları kısaltın."]
    return "\n".join(lines)
