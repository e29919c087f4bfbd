"""A season league over match weeks ("maç haftası"), in the chat's words: the set-up's
rhythm question and summary, the created message, the answers with the week."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, timedelta

from bot.texts import waiting
from bot.texts.common import MONTHS, WEEKDAYS, hm, roster, side, tie_rule_name
from bot.texts.fixture import score_text
from bot.usecases import setup_steps
from domain.model import PlannedMatch

ASK_KIND = (
    "Tek gün mü, haftalara yayılan lig mi?\n"
    'Tek gün: İlk maç ne zaman? (Örnek: "6 Aralık 10:00", "yarın 20:00")\n'
    'Haftalara yayılan lig: düğmeye basın ya da gün ve saatleri yazın: "her pazar 14:00-17:00"'
)
SEASON_BUTTON = ("season", "Haftalara yayılan lig")
ASK_RHYTHM = (
    "Hangi gün ve saatlerde oynanacak? Düğmeye basın ya da yazın.\n"
    'Örnek: "her pazar 14:00-17:00", "iki haftada bir pazar 14:00-17:00",'
    ' "her salı 21:00-23:00"; başlangıç ve tatil de eklenebilir:'
    ' "her pazar 14:00-17:00 | 15 Ocak\'tan itibaren | 1 Şubat hariç"'
)
FORMAT_HOW = "Haftalara yayılan lig tek tablodur: Lig ya da Çift devreli lig seçin."
NO_SKIP = ("yok", "Yok, atlanan gün yok")  # the skip question's button: (value, label)


def _day_words(day: date) -> str:
    return f"{day.day} {MONTHS[day.month - 1]}"


def first_choices(season: dict) -> tuple[date, date]:
    """The first match day the rhythm gives, and the one after: the first-day buttons."""
    first = date.fromisoformat(season["first"])
    return first, first + timedelta(days=int(season["every_days"]))


def ask_first(season: dict) -> str:
    """ "İlk maç günü hangi gün?", with the rhythm it must fall on."""
    return (
        f"İlk maç günü hangi gün? Maçlar {rhythm(season)}. Düğmeye basın ya da tarihi"
        f' yazın (örnek: "{first_example(season)}").'
    )


def first_example(season: dict) -> str:
    """A first match day the question accepts: the rhythm's next match day."""
    return _day_words(first_choices(season)[1])


def skip_example(season: dict) -> str:
    """Two match days of the season, as the skip question accepts them."""
    first, every = date.fromisoformat(season["first"]), int(season["every_days"])
    days = [first + timedelta(days=every * k) for k in (3, 6)]
    return ", ".join(_day_words(d) for d in days)


def ask_skip(season: dict) -> str:
    """ "Atlanacak maç günü var mı?": dates on the rhythm, or "yok"."""
    return (
        f"Atlanacak maç günü var mı (bayram, tatil, saha kapalı)? İlk maç günü"
        f" {long_date(date.fromisoformat(season['first']))}. Tarihleri yazın ya da"
        f' "yok" deyin (örnek: "{skip_example(season)}").'
    )


RHYTHMS = setup_steps.RHYTHMS  # the rhythm buttons' labels: the rhythms they stand for
EVERY = {7: "her hafta", 14: "iki haftada bir"}


def short_date(day: date) -> str:
    """ "14 Şub": the summary's span."""
    return f"{day.day} {MONTHS[day.month - 1][:3]}"


def long_date(day: date) -> str:
    """ "24 Ocak Pazar"."""
    return f"{day.day} {MONTHS[day.month - 1]} {WEEKDAYS[day.weekday()]}"


def every_words(days: int) -> str:
    return EVERY.get(days, f"her {days // 7} haftada bir" if days % 7 == 0 else f"{days} günde bir")


def rhythm(season: dict) -> str:
    """ "iki haftada bir Pazar 14:00-17:00"."""
    weekday = WEEKDAYS[int(season["weekday"])]
    every = int(season["every_days"])
    head = "her" if every == 7 else every_words(every)
    return f"{head} {weekday} {season['opens']}-{season['closes']}"


def weeks_of(matches: Sequence[PlannedMatch]) -> dict[int, list[PlannedMatch]]:
    found: dict[int, list[PlannedMatch]] = {}
    for m in sorted(matches, key=lambda m: (m.start, m.no)):
        if m.week is not None:
            found.setdefault(m.week, []).append(m)
    return found


def span(matches: Sequence[PlannedMatch]) -> str:
    """ "7 maç haftası · 14 Şub – 9 May · her hafta 4 maç"."""
    weeks = weeks_of(matches)
    if not weeks:
        return "maç yok"
    first = min(m.start for m in matches).date()
    last = max(m.start for m in matches).date()
    sizes = sorted({len(day) for day in weeks.values()})
    per = f"her hafta {sizes[0]} maç" if len(sizes) == 1 else f"haftada {sizes[0]}-{sizes[-1]} maç"
    return f"{len(weeks)} maç haftası · {short_date(first)} – {short_date(last)} · {per}"


def summary(
    name: str,
    teams: Sequence[str],
    format_label: str,
    pitches: int,
    season: dict,
    match: int,
    changeover: int,
    tiebreak: str,
    matches: Sequence[PlannedMatch],
    replaces: str | None = None,
) -> str:
    """The season's summary before [Oluştur]; `replaces` as in texts.setup.summary."""
    lines = [f"⚠️ Bu turnuva süren «{replaces}» turnuvasının yerine kurulur."] if replaces else []
    skip = season.get("skip") or []
    skipped = ""
    if skip:
        skipped = " · hariç: " + ", ".join(short_date(date.fromisoformat(d)) for d in skip)
    last = max((m.end for m in matches), default=None)
    lines += [
        f"📋 {name}",
        f"• {len(teams)} takım · {format_label} · haftalara yayılan lig",
        f"• Takımlar: {roster(teams)}",
        f"• {span(matches)}",
        f"• {rhythm(season)} · {pitches} saha{skipped}",
        f"• Maç {match} dk + {changeover} dk değişim · eşitlik: {tie_rule_name(tiebreak)}",
        f"• Toplam {len(matches)} maç" + (f", son maç {long_date(last.date())}" if last else ""),
        "",
        (
            f"«{replaces}» bitmiş sayılır, sonuçlarıyla arşivde kalır (/geri_yukle)."
            " Yerine kurulsun mu?"
            if replaces
            else "Her şey doğru mu?"
        ),
    ]
    return "\n".join(lines)


def created(name: str, matches: Sequence[PlannedMatch]) -> str:
    """After [Oluştur]: the season's shape and the first match week."""
    weeks = weeks_of(matches)
    parts = [f"✅ {name} kuruldu: {len(matches)} maç, {span(matches)}."]
    if weeks:
        number = min(weeks)
        day = weeks[number]
        lines = [f"{number}. hafta ({long_date(day[0].start.date())}):"]
        lines += [f"{hm(m.start)} {m.pitch}: {side(m, True)} - {side(m, False)}" for m in day]
        parts.append("\n".join(lines))
    parts.append("Bu hafta: /fikstur · bir hafta: /fikstur hafta 3 · tümü: /fikstur tümü")
    parts.append(
        'Kaptanlar /kaptan TakımAdı yazsın; sonra "ne zaman oynuyoruz?" diye sorabilirler.'
    )
    return "\n\n".join(parts)


def next_match(
    team: str, match: PlannedMatch, now: datetime, missing: str | None = None, yours: bool = True
) -> str:
    """ "⚽ Kartallar: 3. hafta · 24 Ocak Pazar 14:35 · Saha 1 · rakip Şahinler". `missing`:
    the day asked ("Cumartesi", "yarın") when the match is not on it, said first."""
    opponent = match.away if match.home == team else match.home
    start = match.start
    said = ""
    if missing is not None:
        day = f"{missing} günü" if missing[0].isupper() else missing
        said = f"{day} maç{'ınız' if yours else 'ı'} yok; sıradaki: "
    text = (
        f"⚽ {team}: {said}{match.week}. hafta · {long_date(start.date())} {hm(start)}"
        f" · {match.pitch} · rakip {opponent or '?'}"
    )
    if start <= now < match.end:
        text += " (şimdi oynanıyor)"
    return text


def weeks_asked(total: bool, answer, now: datetime) -> str:  # noqa: ANN001 - facts.WeekAnswer
    """ "sezon kaç hafta" (`total`): the season's match weeks; "kaçıncı haftadayız": this
    week's match week, else the coming one, with its day."""
    if total:
        left = f", {answer.left} hafta kaldı" if 0 < answer.left < answer.weeks else ""
        return f"📅 Sezon {answer.weeks} maç haftası{left}."
    if answer.next_week is None:
        return "🏁 Sezonun bütün maç haftaları oynandı."
    day = answer.next_day
    zone = answer.matches[0].start.tzinfo if answer.matches else None
    today = now.astimezone(zone).date()
    if day is not None and 0 <= (day - today).days <= 6 - today.weekday():
        return f"📅 {answer.next_week}. haftadayız: {long_date(day)}."
    when = f": {long_date(day)}" if day else ""
    return f"📅 Bu hafta maç yok; sıradaki maç haftası {answer.next_week}. hafta{when}."


def week_line(week: int, matches: Sequence[PlannedMatch]) -> str:
    """ "3. hafta · 24 Ocak Pazar · 14:00-16:16"."""
    first = min(matches, key=lambda m: m.start)
    last = max(matches, key=lambda m: m.end)
    return f"{week}. hafta · {long_date(first.start.date())} · {hm(first.start)}-{hm(last.end)}"


def weeks_left(
    left: int, next_week: int | None, matches_left: int, undated: Sequence[PlannedMatch] = ()
) -> str:
    """ "kaç hafta kaldı"; `undated`: matches still to play without a date."""
    if left == 0 and undated:
        return (
            f"📅 Planlanan maç haftaları oynandı; {waiting.count(undated)} kaldı:"
            f" {waiting.listed(undated)}. {waiting.TOLD}"
        )
    if left == 0:
        return "🏁 Sezonun bütün maç haftaları oynandı."
    text = f"📅 {left} maç haftası kaldı ({matches_left} maç); sıradaki: {next_week}. hafta."
    if undated:
        text += f"\n{waiting.line(undated)}"
    return text


def week_answer(left_asked: bool, answer, *, mine: bool = True) -> str:  # noqa: ANN001 - bot.usecases.questions.WeekAnswer
    """ "3. hafta ne zaman", "bu hafta kiminle", "haftaya kiminle oynuyoruz", "kaç hafta
    kaldı": the week's date and the asker's match in it, or every match of it; a match
    of it waiting for a date is said so (`mine`: to the team's captain, "maçınız")."""
    if left_asked:
        return weeks_left(answer.left, answer.next_week, answer.left_matches, answer.waiting)
    if answer.week is None:
        asked = answer.asked
        what = (
            f"{asked}. hafta yok: sezon {answer.weeks} maç haftası"
            if isinstance(asked, int)
            else ("Bu hafta maç yok" if asked == "this" else "Haftaya maç yok")
        )
        if answer.next_week is None:
            return f"📅 {what}; sezonun bütün maçları oynandı."
        day = f" ({long_date(answer.next_day)})" if answer.next_day else ""
        return (
            f"📅 {what}; sıradaki maç haftası {answer.next_week}. hafta{day}. Tümü: /fikstur tümü"
        )
    decided = answer.score(answer.match) if answer.match is not None else None
    if answer.team is not None and answer.match is not None and decided is None:
        return next_match(answer.team, answer.match, answer.match.start - timedelta(days=1))
    if answer.team is not None and answer.postponed is not None:
        return waiting.yours(answer.team, answer.postponed, mine=mine) + f" {waiting.TOLD}"
    if not answer.matches:  # every match of the week waits for a date
        return f"📅 {answer.week}. hafta\n{waiting.line(answer.undated)}"
    lines = [f"📅 {week_line(answer.week, answer.matches)}"]
    if answer.team is not None and answer.match is None:
        lines[0] += f" · {answer.team} bu hafta bay"
    elif answer.team is not None and decided is not None:
        how = " (hükmen, oynanmayacak)" if decided.forfeit else ""
        lines[0] += f" · {answer.team} maçının sonucu belli{how}"
    for m in answer.matches:
        score = answer.score(m)
        said = f"  {score_text(score)}" if score is not None else ""
        lines.append(f"{hm(m.start)} {m.pitch}: {side(m, True)} - {side(m, False)}{said}")
    if answer.undated:
        lines.append(waiting.line(answer.undated))
    return "\n".join(lines)


def live_week(week: int, matches: Sequence[PlannedMatch], now: datetime) -> list[str]:
    """The live message's coming match week: its date and its matches still to play."""
    first = min(matches, key=lambda m: (m.start, m.no))
    under_way = any(m.start <= now < m.end for m in matches)
    label = "Şimdi oynanıyor" if under_way else "Sıradaki"
    lines = [f"{label}: {week}. hafta · {long_date(first.start.date())}"]
    ordered = sorted(matches, key=lambda m: (m.start, m.pitch))
    lines += [f"• {hm(m.start)} {m.pitch}: {side(m, True)} - {side(m, False)}" for m in ordered]
    return lines


def week_label(week: int) -> str:
    """A season match's stage, in /takvim and the like: "3. hafta"."""
    return f"{week}. hafta"
