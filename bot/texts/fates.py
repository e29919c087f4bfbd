"""Each team's fate once its group is over (domain.fates), as the group hears it after the
last result and as a captain hears it asking "gruptan çıktık mı?"."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.texts import moments
from bot.texts.common import side
from bot.texts.moments import zone_of
from domain.fates import Fate, TeamFate
from domain.model import Stage
from domain.sidewords import PLACE_WORDS, code_words

# "yarı finalde": where a qualified team plays next.
IN_STAGE = {
    Stage.ROUND_OF_16: "son 16 turunda",
    Stage.QUARTER: "çeyrek finalde",
    Stage.SEMI: "yarı finalde",
    Stage.THIRD: "üçüncülük maçında",
    Stage.FINAL: "finalde",
}


def _place_word(place: int) -> str:
    return PLACE_WORDS.get(place, f"{place}.")


def _from(word: str) -> str:
    """The ablative after a place word: ikinciden, üçüncüden, altıncıdan, dokuzuncudan."""
    return word + ("dan" if word[-1] in "aıou" else "den")


def best_of_words(place: int, slots: int) -> str:
    """ "en iyi ikinci", or with several places "en iyi 2 üçüncüden biri"."""
    word = _place_word(place)
    return f"en iyi {word}" if slots == 1 else f"en iyi {slots} {_from(word)} biri"


def _next(fate: TeamFate, now: datetime) -> str:
    """ "yarı finalde; rakip en iyi ikinci, Saha 1, bugün 13:30"."""
    m = fate.match
    if m is None:
        return "eleme turunda"
    opponent = side(m, not fate.home)
    when = moments.kickoff(m.start, now, zone_of(m.start))
    return f"{IN_STAGE[m.stage]}; rakip {opponent}, {m.pitch}, {when}"


def _groups(labels: Sequence[str]) -> str:
    names = list(labels)
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " ve " + names[-1]
    return f"{joined} {'grubu' if len(names) == 1 else 'grupları'}"


def fate_line(fate: TeamFate, now: datetime, *, own_group: bool = True) -> str:
    """One team's fate; `own_group`: said under its group's heading ("(2.)"), else with
    its group named ("(A Grubu 2.si)")."""
    where = f"{fate.rank}." if own_group else code_words(f"{fate.rank}{fate.group}")
    who = f"{fate.team} ({where})"
    best = best_of_words(fate.rank, fate.best_of) if fate.best_of else ""
    match fate.fate:
        case Fate.THROUGH if fate.best_of:
            return f"✅ {who}: {best} olarak {_next(fate, now)}."
        case Fate.THROUGH:
            return f"✅ {who}: {_next(fate, now)}."
        case Fate.OUT if fate.best_of:
            return f"❌ {who}: {best} olamadı, elendi."
        case Fate.OUT:
            return f"❌ {who}: elendi."
        case Fate.WAITING if fate.tied:
            return f"⏳ {who}: {', '.join(fate.tied)} ile eşitlik bozulunca sıranız belli olacak."
        case _:
            stage = f" {IN_STAGE[fate.match.stage]}" if fate.match else ""
            return f"⏳ {who}: {best} olursa{stage}; {_groups(fate.groups)} bitince belli olacak."


def group_fates(label: str, told: Sequence[TeamFate], now: datetime) -> str:
    """After a group's last result: the group is over, and what it means for each team;
    then the teams of other groups that waited for this one (best n-th places)."""
    own = [f for f in told if f.group == label]
    others = [f for f in told if f.group != label]
    lines = [f"🏁 {label} Grubu tamamlandı."]
    out = [f for f in own if f.fate is Fate.OUT and not f.best_of]
    lines += [fate_line(f, now) for f in own if f not in out]
    if out:
        lines.append("❌ Elenen: " + ", ".join(f"{f.team} ({f.rank}.)" for f in out) + ".")
    lines += [fate_line(f, now, own_group=False) for f in others]
    return "\n".join(lines)
