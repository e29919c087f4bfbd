"""Texts of /kadro and /kadro_sil."""

from __future__ import annotations

from bot.texts import errors
from bot.texts.parts import quoted
from bot.usecases import squads
from bot.usecases.errors import NotAllowed, NotOrganiser
from domain import names
from domain.squads import MAX_NAME, MAX_PLAYERS, BadSquad
from storage.records import StoredPlayer

KADRO_HOW = (
    "Örnek: /kadro Kartallar (kadroyu gösterir) · /kadro Kartallar: Ali Yılmaz, 10 Veli Demir"
    " (virgülle ya da her satıra bir oyuncu)"
)
KADRO_SIL_HOW = "Örnek: /kadro_sil Kartallar Veli Demir (golleri ve kartları kalır)"


def player_line(p: StoredPlayer) -> str:
    return f"{p.number}. {p.name}" if p.number is not None else p.name


def squad(team: str, players: tuple[StoredPlayer, ...]) -> str:
    if not players:
        how = f"/kadro {team}: Ali Yılmaz, Veli Demir"
        return f"{team} kadrosunda henüz oyuncu yok. Eklemek için: {how}"
    lines = [f"{team} kadrosu ({len(players)} oyuncu):"]
    lines += [f"• {player_line(p)}" for p in players]
    return "\n".join(lines)


def added(done: squads.Added) -> str:
    p = done.placement
    lines = []
    if p.added:
        who = ", ".join(x.name for x in p.added)
        lines.append(f"👍 {done.team} kadrosuna eklendi ({len(p.added)}): {who}")
    if p.already:
        lines.append(f"Zaten kadroda: {', '.join(p.already)}")
    for player, team in p.elsewhere:
        lines.append(
            f"{player} {team} kadrosunda; bir oyuncu tek takımda oynar, eklenmedi. Başka"
            f" biriyse soyadıyla yazın: /kadro {done.team}: {player} Soyadı"
        )
    new = {x.key for x in p.added}
    for player, number, holder in done.clashes:
        how = "numarasız eklendi" if names.key(player) in new else "numarası değişmedi"
        lines.append(f"⚠ {number} numaralı forma kadroda zaten var ({holder}); {player} {how}.")
    lines.append(f"Kadroda şimdi {len(done.squad)} oyuncu var: /kadro {done.team}")
    return "\n".join(lines)


def removed(done: squads.Removed) -> str:
    return f"👍 {done.player} {done.team} kadrosundan çıkarıldı; golleri ve kartları kalır."


def refusal(exc: Exception) -> str:
    match exc:
        case NotOrganiser() | NotAllowed():
            return (
                "Kadroyu yalnızca o takımın kaptanı ya da düzenleyenler değiştirebilir."
                " Kaptan olmak için: /kaptan Takım"
            )
        case BadSquad() if exc.reason == "no_team":
            return f"Takımın adı eksik. {KADRO_HOW}"
        case BadSquad() if exc.reason == "no_players":
            return f"İki noktadan sonra oyuncuları yazın. {KADRO_HOW}"
        case BadSquad() if exc.reason == "too_many":
            return f"Bir listede en fazla {MAX_PLAYERS} oyuncu olur ({exc.name} yazıldı)."
        case BadSquad() if exc.reason == "bad_number":
            return f'"{quoted(exc.name)}": forma numarası 1 ile 99 arası olur. {KADRO_HOW}'
        case BadSquad():
            return (
                f'"{quoted(exc.name)}" bir oyuncu adı olarak okunamadı (harf içermeli, en'
                f" fazla {MAX_NAME} karakter). {KADRO_HOW}"
            )
        case squads.NoSuchPlayer() if not exc.name:
            someone = exc.squad[0] if exc.squad else "Veli Demir"
            known = f" Kadroda: {', '.join(exc.squad[:12])}." if exc.squad else ""
            return (
                f"{exc.team} kadrosundan kimi çıkaralım? Adını da yazın:"
                f" /kadro_sil {exc.team} {someone}.{known}"
            )
        case squads.NoColon():
            return (
                f"Oyuncu eklemek için takımın adından sonra iki nokta koyun:"
                f" /kadro {exc.team}: {exc.rest} · Kadroyu görmek için: /kadro {exc.team}"
            )
        case names.UnknownTeam():
            near = f" En yakın: {', '.join(exc.candidates[:3])}." if exc.candidates else ""
            return (
                f'"{quoted(exc.text)}" adında bir takım yok.{near} Takımlar: /takimlar'
                f" · {KADRO_HOW}"
            )
        case names.AmbiguousTeam():
            return (
                f'"{quoted(exc.text)}" birden çok takıma benziyor: {", ".join(exc.candidates)}.'
                f" Takımın tam adını yazın. {KADRO_HOW}"
            )
        case squads.NoSuchPlayer():
            known = f" Kadroda: {', '.join(exc.squad[:12])}." if exc.squad else ""
            return f'"{quoted(exc.name)}" {exc.team} kadrosunda yok.{known} {KADRO_SIL_HOW}'
        case squads.NoTeamNamed():
            return f'"{quoted(exc.text)}" bir takım adıyla başlamıyor. {KADRO_SIL_HOW}'
    return errors.refusal(exc)
