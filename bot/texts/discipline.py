"""Texts of /goller, /kartlar, /fairplay, /ceza and /ayarlar sari_ceza, and the bans named
in the captains' and the group's messages."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.texts.parts import quoted
from bot.usecases import discipline, snapshots
from domain.discipline import Ban, BanReason, FairPlayRow, PlayerCards
from domain.fairplay import Counts
from domain.model import PlannedMatch
from domain.scorers import ScorersTable
from domain.tiebreak import UEFA_DISCIPLINE

CEZA_HOW = (
    "Örnek: /ceza Mehmet Kaya 3 (sonraki 3 maçında oynamaz) · /ceza Mehmet Kaya 0 (ceza kalkar)"
)
# An empty table's last words to a reader who may not record scorers and cards.
BY_ORGANISERS = "Goller ve kartları düzenleyenler yazar."
LIMIT_HOW = "Örnek: /ayarlar sari_ceza 4 (her 4. sarı kart 1 maç ceza) · /ayarlar sari_ceza kapali"
WEIGHTS = (
    f"Puanlar (UEFA): sarı {UEFA_DISCIPLINE.yellow}, iki sarıdan kırmızı"
    f" {UEFA_DISCIPLINE.second_yellow}, direkt kırmızı {UEFA_DISCIPLINE.red}, sarıdan sonra"
    f" direkt kırmızı {UEFA_DISCIPLINE.yellow_red}; en az puan en centilmen."
)
REASONS = {
    BanReason.SECOND_YELLOW: "iki sarıdan kırmızı",
    BanReason.RED: "kırmızı kart",
    BanReason.YELLOW_RED: "kırmızı kart",
    BanReason.YELLOWS: "sarı kart sınırı",
    BanReason.DECISION: "disiplin kararı",
}


def yellow_rule(limit: int | None) -> str:
    """The accumulation rule in words, for /ayarlar."""
    if limit is None:
        return "Sarı kart cezası: kapalı (yalnızca kırmızı kart 1 maç ceza). /ayarlar sari_ceza 4"
    return f"Sarı kart cezası: her {limit}. sarı kart 1 maç ceza; kırmızı kart da 1 maç."


def limit_set(limit: int | None) -> str:
    return "👍 " + yellow_rule(limit)


def misses(ban: Ban) -> str:
    """ "cezalı: 9. maçta oynamaz" (or the matches left)."""
    left = len(ban.ahead)
    if ban.misses is None:
        return "cezalı (takımın sonraki maçı belli olunca)"
    more = f", {left} maç kaldı" if left > 1 else ""
    return f"cezalı: {ban.misses}. maçta oynamaz{more}"


def scorers_table(shown: discipline.Shown) -> str:
    table = shown.scorers
    if not table.rows and not table.own_goals:
        if not shown.records:
            return f"Henüz gol yazılmadı. {BY_ORGANISERS}"
        how = "Kartallar 3-1 Şahinler, altına: goller: Ali 2, Veli - Mehmet"
        return f"Henüz gol yazılmadı. Örnek: {how}"
    lines = ["⚽ Gol krallığı"]
    lines += [f"{r.rank}. {r.player} ({r.team}) {r.goals}" for r in table.rows]
    if table.own_goals:
        own = ", ".join(f"{r.player} ({r.team}) {r.goals}" for r in table.own_goals)
        lines.append(f"Kendi kalesine: {own}")
    return "\n".join(lines)


def cards_table(shown: discipline.Shown) -> str:
    active = {(b.team, b.player): b for b in shown.bans if b.active}
    if not shown.cards and not active:
        how = "Örnek: /kart 7 Veli sarı" if shown.records else BY_ORGANISERS
        return f"Henüz kart yazılmadı. {how}"
    lines = ["🟨🟥 Kartlar"]
    for row in shown.cards:
        line = f"• {row.player} ({row.team}): {card_counts(row.cards)}"
        ban = active.pop((row.team, row.player), None)
        if ban is not None:
            line += f"; {misses(ban)}"
        lines.append(line)
    for ban in active.values():  # a decision with no card behind it
        lines.append(f"• {ban.player} ({ban.team}): {misses(ban)} ({REASONS[ban.reason]})")
    limit = shown.snapshot.tournament.settings.yellow_limit
    lines.append(yellow_rule(limit))
    return "\n".join(lines)


def card_counts(c: Counts) -> str:
    """A player's bookings in words: "2 sarı, 1 iki sarıdan kırmızı"."""
    parts = []
    if c.yellows:
        parts.append(f"{c.yellows} sarı")
    if c.second_yellows:
        parts.append(f"{c.second_yellows} iki sarıdan kırmızı")
    if c.reds + c.yellow_reds:
        parts.append(f"{c.reds + c.yellow_reds} kırmızı")
    return ", ".join(parts)


def fair_play_table(shown: discipline.Shown) -> str:
    lines = ["🤝 Fair play (en az puan en üstte)"]
    lines += [f"{r.rank}. {r.team} {r.points} puan" for r in shown.fair_play]
    lines.append(WEIGHTS)
    return "\n".join(lines)


def banned_names(bans: Iterable[Ban]) -> str | None:
    """ "Cezalı: Veli Demir, Mehmet Kaya" for a captain's or the group's message."""
    found = list(dict.fromkeys(b.player for b in bans))
    return f"Cezalı: {', '.join(found)}" if found else None


def banned_of(bans: Iterable[Ban], matches: Iterable[PlannedMatch]) -> str | None:
    """ "Cezalı: Veli (A1), Mehmet (A4)": the players who miss one of `matches` (the
    group's reminder of a slot)."""
    numbers = {m.no for m in matches}
    found = dict.fromkeys(f"{b.player} ({b.team})" for b in bans if numbers & set(b.ahead))
    return f"Cezalı: {', '.join(found)}" if found else None


def ban_set(done: discipline.BanSet) -> str:
    p = done.player
    if done.matches == 0:
        return f"👍 {p.name} ({p.team}) için ceza kaldırıldı."
    head = f"👍 {p.name} ({p.team}): {done.matches} maç ceza."
    return f"{head} {misses(done.ban).capitalize()}." if done.ban is not None else head


def was_banned(player: str, team: str, match_no: int) -> str:
    return (
        f"⚠ {player} ({team}) cezalıydı ama {match_no}. maçta adı geçiyor. Kayıt yapıldı;"
        f" TFF kuralına göre cezalı oyuncu oynatan takım hükmen yenik sayılabilir: /hukmen {team}"
    )


BAN_ORGANISERS = "Cezayı yalnızca düzenleyenler verebilir ya da kaldırabilir."


def _n(matches: int | None) -> str:
    return "N" if matches is None else str(matches)


def ban_refusal(exc: Exception) -> str | None:
    match exc:
        case discipline.BadBan() if exc.too_long:
            return f"Ceza en fazla {discipline.MAX_BAN} maç olur. {CEZA_HOW}"
        case discipline.BadBan():
            return f"Oyuncunun adından sonra kaç maç ceza olduğunu rakamla yazın. {CEZA_HOW}"
        case discipline.UnknownBooked() if exc.typo and exc.candidates:
            meant = exc.candidates[0]
            return (
                f'"{quoted(exc.typed)}" adında bir oyuncu yok. Bunu mu demek istediniz: {meant}?'
                f" Öyleyse yazın: /ceza {meant} {_n(exc.matches)}"
            )
        case discipline.UnknownBooked() if exc.several:
            who = ", ".join(exc.candidates)
            return (
                f'"{quoted(exc.typed)}" birden çok oyuncuya uyuyor: {who}. Hangisi? Tam adını'
                f" yazın, örneğin: /ceza {exc.candidates[0]} {_n(exc.matches)}"
            )
        case discipline.UnknownBooked():
            near = f" En yakın: {', '.join(exc.candidates)}." if exc.candidates else ""
            return f'"{quoted(exc.typed)}" adında bir oyuncu yok.{near} {CEZA_HOW}'
        case discipline.BadLimit():
            return f"Sarı kart sınırı 2 ile {discipline.MAX_LIMIT} arası bir sayı olur. {LIMIT_HOW}"
    return None


def awards(shown: discipline.Shown) -> str | None:
    """The champion's message's other two awards: the top scorer(s), all tied, and the
    fair-play team(s); None when no goal or card was entered."""
    return prizes(shown.scorers, shown.cards, shown.fair_play)


def prizes(
    table: ScorersTable, cards: Sequence[PlayerCards], fair_play: Sequence[FairPlayRow]
) -> str | None:
    lines = []
    top = table.top
    if top:
        who = ", ".join(f"{r.player} ({r.team})" for r in top)
        label = "Gol kralı" if len(top) == 1 else "Gol kralları"
        lines.append(f"⚽ {label}: {who}, {top[0].goals} gol")
    if cards:
        best = [r for r in fair_play if r.rank == 1]
        lines.append(
            f"🤝 En centilmen takım: {', '.join(r.team for r in best)} ({best[0].points} puan)"
        )
    return "\n".join(lines) or None


def with_banned(text: str, snap: snapshots.Snapshot | None, team: str, match_no: int) -> str:
    """A next-match text with "Cezalı: Veli Demir" under it while the team's players are
    banned for that match (the captain's answer, his reminder, the group's)."""
    if snap is None or (not snap.events and not snap.bans):
        return text
    named = banned_names(b for b in discipline.bans(snap) if b.team == team and match_no in b.ahead)
    return f"{text}\n{named}" if named else text
