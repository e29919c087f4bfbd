"""Vocabulary shared by every text: dates, stages, criteria, examples."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, time

from domain.model import PlannedMatch, Stage
from domain.sidewords import code_words
from domain.tiebreak import TieBreak

MONTHS = [
    "Ocak",
    "Şubat",
    "Mart",
    "Nisan",
    "Mayıs",
    "Haziran",
    "Temmuz",
    "Ağustos",
    "Eylül",
    "Ekim",
    "Kasım",
    "Aralık",
]
WEEKDAYS = ["Pazartesi", "Salı", "Çarşamba", "Perşembe", "Cuma", "Cumartesi", "Pazar"]

STAGES = {
    Stage.LEAGUE: "Lig",
    Stage.GROUP: "Grup",
    Stage.ROUND_OF_16: "Son 16",
    Stage.QUARTER: "Çeyrek final",
    Stage.SEMI: "Yarı final",
    Stage.THIRD: "Üçüncülük maçı",
    Stage.FINAL: "Final",
}

CRITERIA = {
    "points": "puan",
    "goal_difference": "averaj",
    "goals_for": "atılan gol",
    "wins": "galibiyet sayısı",
    "h2h_points": "ikili puan",
    "h2h_goal_difference": "ikili averaj",
    "h2h_goals_for": "ikili maçlarda atılan gol",
    "disciplinary": "fair play (kart puanı az olan)",
    "forfeit_losses": "hükmen mağlubiyeti olmayan",
}

EXAMPLES = {
    "teams": '--teams "Kartallar,Şahinler,Aslanlar,Kaplanlar"',
    "pitches": '--pitches 2  (ya da --pitches "Saha A,Saha B")',
    "start": '--start "2026-12-06 10:00"  (ya da "6 Aralık 10:00", "yarın 20:00")',
    "groups": '--groups 2  (ya da --groups "A1,A2,A3,A4 / B1,B2,B3,B4")',
    "result": "Kartallar 3-1 Şahinler  (eleme maçında beraberlik: Kartallar 2-2 Şahinler pen 4-3)",
    "minutes": "--match 26 --changeover 4",
    "tiebreak": "--tiebreak tff  (tff, uefa, fifa, makale ya da averaj,atılan gol,ikili puan)",
}


ROSTER_CHARS = 300  # a summary's team line: a glance on a phone, far below Telegram's 4096


def roster(teams: Sequence[str]) -> str:
    """The team names on one line, so an organiser sees how a typed list was split; a large
    league's line cut short with how many more, keeping the message within Telegram's limit."""
    shown: list[str] = []
    for name in teams:
        if shown and len(", ".join([*shown, name])) > ROSTER_CHARS:
            break
        shown.append(name)
    rest = len(teams) - len(shown)
    return ", ".join(shown) + (f"… ve {rest} takım daha" if rest else "")


def day(moment: datetime) -> str:
    return f"{moment.day} {MONTHS[moment.month - 1]} {moment.year} {WEEKDAYS[moment.weekday()]}"


def hm(moment: datetime | time) -> str:
    return moment.strftime("%H:%M")


# Turkish locative after a number as it is read aloud: 10:30'da, 11:20'de, 12:15'te.
_UNITS = {1: "de", 2: "de", 3: "te", 4: "te", 5: "te", 6: "da", 7: "de", 8: "de", 9: "da"}
_TENS = {1: "da", 2: "de", 3: "da", 4: "ta", 5: "de"}


def _locative(number: int) -> str:
    if number % 10:
        return _UNITS[number % 10]
    if number % 100:
        return _TENS[number // 10 % 10]
    return "da"  # sıfır, yüz


def at(moment: datetime | time) -> str:
    """The time with its locative suffix (11:30'da, 20:00'de), as Turkish speakers read it."""
    suffix = _locative(moment.minute) if moment.minute else _locative(moment.hour)
    return f"{hm(moment)}'{suffix}"


def since(moment: datetime | time) -> str:
    """The time with its ablative suffix (14:00'ten, 10:00'dan): the locative's and "n"."""
    return f"{at(moment)}n"


def duration(minutes: int) -> str:
    hours, rest = divmod(minutes, 60)
    if not hours:
        return f"{rest} dk"
    return f"{hours} sa {rest} dk" if rest else f"{hours} sa"


def number(value: float) -> str:
    """Turkish decimal comma, no trailing zeros: 50,4 and 84."""
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return text.replace(".", ",")


def goal_difference(value: int) -> str:
    """The AV column: +3, -1 and a bare 0."""
    return f"{value:+d}" if value else "0"


def side(match: PlannedMatch, home: bool) -> str:
    """The side's team, or while unknown what decides it, in words: "A Grubu 1.si",
    "en iyi ikinci", "1. yarı finalin galibi" (domain.sidewords)."""
    team = match.home if home else match.away
    if team is not None:
        return team
    said = match.home_words if home else match.away_words
    return said or code_words(match.home_from if home else match.away_from)


def pairing(match: PlannedMatch) -> str:
    """ "Kartallar – Şahinler"; an unknown knockout side in words ("A Grubu 1.si")."""
    return f"{side(match, True)} – {side(match, False)}"


def stage_label(match: PlannedMatch) -> str:
    if match.stage is Stage.GROUP:
        return f"{match.group} Grubu"
    if match.stage is Stage.LEAGUE:  # a season league counts match weeks, a day rounds
        return f"{match.week}. hafta" if match.week is not None else f"{match.round}. tur"
    return STAGES[match.stage]


def yes(flag: bool) -> str:
    return "✓" if flag else "✗"


# The presets as the set-up's buttons name them: "makale" is the article's rule, goal
# difference first, a word no organiser knows it by.
TIE_RULE_NAMES = {"tff": "TFF", "uefa": "UEFA", "fifa": "FIFA", "makale": "Averaj önce"}
TIE_RULE_NAMES |= {"halisaha": "Halı saha"}


def tie_rule_name(name: str) -> str:
    """A preset's name as the set-up's summary and the tables say it ("Averaj önce")."""
    return TIE_RULE_NAMES.get(name, "Özel")


def tie_rule(rule: TieBreak) -> str:
    """The tie-break order in words, printed under every table."""
    label = tie_rule_name(rule.name)
    words = [CRITERIA.get(c.value, c.value) for c in rule.criteria]
    last = "ayrı bir maç (play-off)" if rule.decider == "playoff" else "kura"
    return f"Eşitlikte ({label}): " + " → ".join(words) + f" → {last}"
