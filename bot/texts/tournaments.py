"""A chat's tournaments: ending the running one, the list, bringing one back; refusals."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from bot.texts import errors
from bot.texts.common import day
from bot.usecases.errors import AlreadyRunning, NoSuchTournament, NotOrganiser, NotYourButton
from bot.usecases.tournaments import Ending, Restoring
from storage.errors import ActiveTournamentExists
from storage.repositories.tournaments import Numbered

END = "Evet, bitir"
RESTORE = "Evet, geri yükle"
NO = "Vazgeç"
KEPT = "Vazgeçildi; hiçbir şey değişmedi."
STALE = "Bu düğme artık geçerli değil. Güncel liste için: /turnuvalar"
BAD = "Bu düğme tanınmadı. Güncel liste için: /turnuvalar"
NOT_ASKER = "Bu soru başkasına soruldu; kendiniz için komutu yazın (/turnuva_bitir, /geri_yukle N)."
NOT_ORGANISER = {
    "end": "Turnuvayı yalnızca düzenleyenler bitirebilir (kuran kişi, yöneticiler, /yetkili).",
    "restore": (
        "Bir turnuvayı yalnızca onun ve süren turnuvanın düzenleyenleri geri yükleyebilir"
        " (kuran kişi, yöneticiler, /yetkili)."
    ),
}
HOW = "Örnek: /geri_yukle 2 (numaralar için /turnuvalar)"
EMPTY = "Bu sohbette henüz turnuva yok. Kurmak için: /yeni_turnuva"
SHOWN = 20  # the newest ones listed; older ones are counted


def ask_end(ending: Ending) -> str:
    return (
        f"🏁 «{ending.name}» bitirilsin mi? {ending.played}/{ending.matches} maç oynandı."
        " Hiçbir şey silinmez: sonuçlarıyla arşivde kalır, /geri_yukle ile geri gelir."
    )


def ended(name: str) -> str:
    return (
        f"🏁 «{name}» bitirildi ve sonuçlarıyla arşivlendi."
        " Liste: /turnuvalar · yeni turnuva: /yeni_turnuva"
    )


def _line(item: Numbered) -> str:
    t = item.tournament
    if item.reason is None:
        state = "▶️ sürüyor"
    elif item.reason == "replaced":
        state = "yerine başkası kuruldu"
    else:
        state = "bitti"
    when = ""
    if item.archived_at is not None:
        when = f" ({day(item.archived_at.astimezone(ZoneInfo(t.settings.time_zone)))})"
    return f"{item.number}. {t.name} · {state}{when} · {item.played}/{item.matches} maç oynandı"


def listing(items: list[Numbered]) -> str:
    if not items:
        return EMPTY
    shown = items[-SHOWN:]
    lines = ["🗂 Bu sohbetin turnuvaları:"]
    if len(items) > len(shown):
        lines.append(f"(… {len(items) - len(shown)} eski turnuva daha)")
    lines += [_line(item) for item in shown]
    if any(item.reason is not None for item in items):
        lines += ["", "Birini geri getirmek için (düzenleyenler): /geri_yukle N"]
    return "\n".join(lines)


def ask_restore(restoring: Restoring) -> str:
    target = restoring.target
    text = (
        f"↩️ {target.number}. «{target.tournament.name}» geri yüklensin mi?"
        f" {target.played}/{target.matches} maç oynanmıştı; kaldığı yerden sürer."
    )
    if restoring.running is not None:
        text += (
            f"\nSüren «{restoring.running.tournament.name}» onun yerine arşive kalkar"
            " (sonuçlarıyla, geri getirilebilir)."
        )
    return text


def restored(name: str, replaced: str | None) -> str:
    text = f"↩️ «{name}» geri yüklendi; sonuçları, kaptanları ve hatırlatmalarıyla sürüyor."
    if replaced:
        text += f" «{replaced}» arşivde (/turnuvalar)."
    return text


def refusal(exc: Exception, action: str) -> str:
    """The Turkish line for /turnuva_bitir's, /geri_yukle's (or their buttons') refusal."""
    match exc:
        case NotOrganiser():
            return NOT_ORGANISER[action]
        case NotYourButton(reason="asker"):
            return NOT_ASKER
        case NotYourButton():
            return STALE
        case NoSuchTournament(number=None):
            return f"Hangi turnuva? {HOW}"
        case NoSuchTournament(count=0):
            return f"Bu sohbette geri getirilecek bir turnuva yok. {EMPTY}"
        case NoSuchTournament():
            return f"{exc.number} numaralı turnuva yok (1 ile {exc.count} arası). {HOW}"
        case AlreadyRunning():
            return f"{exc.number}. «{exc.name}» zaten sürüyor. Liste: /turnuvalar"
        case ActiveTournamentExists():
            return "Bu arada sohbette başka bir turnuva başladı; hiçbir şey değişmedi. /turnuvalar"
    return errors.refusal(exc)
