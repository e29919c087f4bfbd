"""Texts of /kaptan, /kaptan_sil, the team buttons and a claim's [Onayla] / [Reddet]."""

from __future__ import annotations

from bot.texts import errors, welcome
from bot.usecases import captains
from bot.usecases.errors import (
    ConversationOpen,
    NoCaptains,
    NotAllowed,
    NotOrganiser,
    StaleCaptainButton,
)
from domain import names
from storage.errors import NoActiveTournament, TooManyCaptains

APPROVE, REJECT = "Onayla", "Reddet"
KAPTAN_SIL_HOW = (
    "Örnek: /kaptan_sil Kartallar (takımın bütün kaptanları) ya da bir kişinin mesajına"
    " yanıt olarak /kaptan_sil (yalnız o kişi)"
)
ASSIGN_HOW = "Bir kişiyi kaptan yapmak için mesajına yanıt olarak yazın: /kaptan Kartallar"
UNKNOWN_BUTTON = "Bu düğmeyi tanımadım. Yeniden deneyin: /kaptan"
STALE_PICKER = "Bu liste eski. Yeniden seçmek için: /kaptan"

# What a refused action was, for the wording of NotOrganiser.
CLAIM, ASSIGN, REMOVE, DECIDE = "claim", "assign", "remove", "decide"


def _only_organisers(action: str, team: str) -> str:
    team = team or "Takım"
    match action:
        case "assign":
            return (
                "Başkasını kaptan yalnızca düzenleyenler yapabilir. Kendiniz için mesajı"
                f" yanıtlamadan yazın: /kaptan {team}"
            )
        case "remove":
            return "Kaptanları yalnızca düzenleyenler kaldırabilir; bir düzenleyene yazın."
        case "decide":
            return "Bu isteği yalnızca düzenleyenler onaylayabilir ya da reddedebilir."
    return "Bunu yalnızca düzenleyenler yapabilir; bir düzenleyene yazın."


def _you(name: str, named: bool) -> str:
    return f"{name}, artık" if named and name else "Artık"


def claimed(claim: captains.Claim, *, named: bool = False) -> str:
    """The claimant's answer in the group; `named` for a button press (the reply goes
    under the picker, not under the claimant's own message)."""
    if claim.outcome is captains.Outcome.ALREADY:
        who = f"{claim.name}, zaten" if named and claim.name else "Zaten"
        return f'{who} {claim.team} kaptanısınız. "ne zaman oynuyoruz?" diye sorabilirsiniz.'
    if claim.outcome is captains.Outcome.WAITS:
        return waiting(claim)
    text = (
        f"👍 {_you(claim.name, named)} {claim.team} kaptanısınız."
        ' "ne zaman oynuyoruz?" diye sorabilirsiniz.'
    )
    if claim.previous:
        text += f" ({claim.previous} kaptanlığınız bitti.)"
    return text


def waiting(claim: captains.Claim) -> str:
    why = (
        "Kaptanlar sonuç girebildiği için her kaptanlığı bir düzenleyen onaylar."
        if claim.results_on
        else f"{claim.team} takımının zaten kaptanı var."
    )
    return (
        f"⏳ {claim.name or 'Bir üye'} {claim.team} kaptanı olmak istiyor. {why}"
        f" Bir düzenleyen {APPROVE} derse kaptan olur; o zamana kadar {claim.team}"
        " takımının kaptanları değişmez."
    )


def claim_buttons(claim: captains.Claim) -> tuple[tuple[tuple[str, str], ...], ...]:
    tail = f"{claim.user_id}:{claim.tournament_id}:{claim.team_index}"
    return (((APPROVE, f"kc:ok:{tail}"), (REJECT, f"kc:no:{tail}")),)


def organiser_notice(claim: captains.Claim) -> str:
    """An organiser's private message about a claim in their tournament."""
    who = claim.name or "Bir üye"
    if claim.outcome is captains.Outcome.WAITS:
        return (
            f"⏳ {claim.tournament_name}: {who} {claim.team} kaptanı olmak istiyor."
            f" Grupta isteğin altındaki {APPROVE} ya da {REJECT} düğmesine basın."
        )
    left = f" ({claim.previous} kaptanlığını bıraktı)" if claim.previous else ""
    return (
        f"👤 {claim.tournament_name}: {who} artık {claim.team} kaptanı{left}. Yanlışsa grupta"
        " kişinin mesajına yanıt olarak /kaptan_sil yazın."
    )


def decided(decision: captains.Decision, by: str) -> str:
    who = decision.name or "İsteyen"
    if not decision.approved:
        return (
            f"✖️ {who} için {decision.team} kaptanlık isteği reddedildi ({by}); kaptanlar değişmedi."
        )
    text = f"👍 {who} artık {decision.team} kaptanı (onaylayan: {by})."
    if decision.previous:
        text += f" {decision.previous} kaptanlığı bitti."
    return text


def assigned(done: captains.Assigned) -> str:
    if done.already:
        return f"{done.name} zaten {done.team} kaptanı."
    text = f"👍 {done.name} artık {done.team} kaptanı."
    if done.previous:
        text += f" {done.previous} kaptanlığı bitti."
    return text


def removed(done: captains.Removed) -> str:
    if done.name is not None:
        return f"{done.name} artık {done.team} kaptanı değil. Yeni kaptan için: /kaptan {done.team}"
    count = len(done.users)
    return (
        f"{done.team} takımının {count} kaptanı kaldırıldı. Yeni kaptan için: /kaptan {done.team}"
    )


def removed_notice(done: captains.Removed) -> str:
    return (
        f"{done.tournament_name}: {done.team} kaptanlığınız bir düzenleyen tarafından"
        " kaldırıldı. Yanlışlık varsa düzenleyene yazın."
    )


def refusal(exc: Exception, action: str = CLAIM, team: str = "") -> str:
    """The Turkish line for a refused captains' action (or a button's toast); `team`:
    what the command named, for the line to type instead."""
    match exc:
        case NotOrganiser():
            return _only_organisers(action, team)
        case NotAllowed():  # a private chat's own tournament: captains are a group's
            return "Kaptanlar turnuvanın grubunda belirlenir; bunu grupta yazın."
        case StaleCaptainButton(what="picker"):
            return STALE_PICKER
        case StaleCaptainButton(what="claim"):
            return "Bu istek artık geçerli değil: karar verilmiş ya da istek geri çekilmiş."
        case StaleCaptainButton():
            return (
                "Bu turnuvada artık kaptan değilsiniz ya da turnuva bitti."
                " Turnuva grubunda /kaptan Takım yazın."
            )
        case ConversationOpen():
            return (
                "Bu sohbette yarım kalmış bir işleminiz var. Önce onu bitirin ya da /iptal"
                f" yazın, sonra yeniden: /kaptan {exc.team}"
            )
        case NoCaptains(team=str() as team):
            return f"{team} takımının kaptanı yok. Kaptan olmak için: /kaptan {team}"
        case NoCaptains():
            return f"{exc.name or 'Bu kişi'} bu turnuvada bir takımın kaptanı değil."
        case TooManyCaptains():
            return (
                f"{exc.team} takımının zaten {exc.limit} kaptanı var. Yer açmak için:"
                f" /kaptan_sil {exc.team} ya da bir kaptanın mesajına yanıt olarak /kaptan_sil"
            )
        case NoActiveTournament():
            return welcome.no_tournament_here(exc.chat_id)
        case names.UnknownTeam():
            near = f" En yakın: {', '.join(exc.candidates[:3])}." if exc.candidates else ""
            return f'"{exc.text}" adında bir takım yok.{near} Takımlar: /takimlar · {_HOW[action]}'
        case names.AmbiguousTeam():
            return (
                f'"{exc.text}" birden çok takıma benziyor: {", ".join(exc.candidates)}.'
                f" Takımın tam adını yazın. {_HOW[action]}"
            )
    return errors.refusal(exc)


_HOW = {
    CLAIM: "Örnek: /kaptan Kartallar",
    ASSIGN: "Örnek: /kaptan Kartallar (kişinin mesajına yanıt olarak)",
    REMOVE: "Örnek: /kaptan_sil Kartallar",
    DECIDE: "Örnek: /kaptan Kartallar",
}


def pick_team() -> str:
    return "Hangi takımın kaptanısınız? Takımınızı seçin:"


def captain_set(team: str) -> str:
    return f'👍 Artık {team} kaptanısınız. "ne zaman oynuyoruz?" diye sorabilirsiniz.'


def no_captaincy() -> str:
    return "Henüz bir takımın kaptanı değilsiniz. Turnuva grubunda /kaptan TakımAdı yazın."


def which_tournament() -> str:
    return "Birden çok turnuvada kaptansınız. Hangisi?"


def captaincy_label(c) -> str:  # noqa: ANN001 - storage.records.Captaincy
    return f"{c.chat_title or c.tournament_name} · {c.team}"


def captain_assigned(name: str, team: str) -> str:
    return f"👍 {name} artık {team} kaptanı."
