"""Refusals of the chat's use cases and of the storage under them: who may do what,
results that raced, captains, undo, tournaments that changed meanwhile.

Apart from `errors` (the domain's refusals) because these errors come from
`bot.usecases.errors` and `storage.errors`, not from the domain.
"""

from __future__ import annotations

from bot.texts import setup, welcome
from bot.texts.common import duration
from bot.texts.fixture import score_text
from bot.texts.parts import quoted
from bot.texts.refused import only_organisers
from bot.usecases.errors import (
    AlreadyRunning,
    LongPlanUnconfirmed,
    MayNotReplace,
    NeedsPenalties,
    NoMatchBetween,
    NoPenaltiesInGroups,
    NoSuchTournament,
    NotACaptain,
    NotOrganiser,
    Overtaken,
    RunningChanged,
    SameResult,
    SetupRaced,
    SetupTimedOut,
    UnclearAnswer,
    UndatedMatch,
    UndoBlocked,
)
from storage.errors import (
    ActiveTournamentExists,
    AlreadyCaptain,
    DuplicateTeam,
    MatchSidesUnknown,
    NoActiveTournament,
    NothingToUndo,
    ResultAlreadyRecorded,
    ResultConflict,
    TeamNotFound,
    TooManyCaptains,
    UndoConflict,
)


def usecase_refusal(exc: Exception, ex_result: str) -> str:
    """Refusals of the chat's use cases and of storage."""
    match exc:
        case MayNotReplace():
            running = f"«{exc.name}» sürüyor" if exc.name else "süren bir turnuva var"
            return (
                f"Bu sohbette {running}; yerine yenisini yalnızca o turnuvayı düzenleyenler"
                " kurabilir. Süren turnuva için: /fikstur"
            )
        case NotOrganiser():
            return only_organisers(exc.action)
        case SameResult():
            match, stored = exc.match, exc.stored
            return (
                f"{match.home} - {match.away} maçının sonucu zaten {score_text(stored)} olarak"
                " kayıtlı; değişen bir şey yok. Değiştirmek için yeni skoru yazın."
            )
        case UndatedMatch():
            m = exc.match
            return (
                f"{m.no}. maç ({m.home} – {m.away}) ertelendi, tarihi belli değil; sonucu ve"
                f" golleri tarihi verilince girilir: /ertele {m.no} GÜN SAAT (örnek: /ertele"
                f" {m.no} 7 Şubat 15:10). Oynandıysa oynandığı günü yazın: /ertele {m.no}"
                " dün 20:00"
            )
        case NoMatchBetween():
            return (
                f"{exc.home} ile {exc.away} arasında maç yok (farklı gruplarda olabilirler)."
                f" Fikstür için /fikstur. {ex_result}"
            )
        case NeedsPenalties():
            return (
                f"{exc.match.no}. maç eleme maçı, bir kazanan olmalı: penaltıları da yazın."
                f" Örnek: {exc.match.home} 2-2 {exc.match.away} pen 4-3"
            )
        case NoPenaltiesInGroups():
            return f"Grup maçında penaltı yazılmaz. Örnek: {exc.match.home} 2-2 {exc.match.away}"
        case UndoBlocked():
            return (
                f"{exc.match.no}. maçın sonucuna bağlı eleme maçları oynandı; geri alınamaz."
                " Skoru düzeltmek için doğru skoru yeniden yazın."
            )
        case UnclearAnswer():
            return f'"{quoted(exc.text)}" seçeneklerden biri değil. {setup.how(exc.question)}'
        case NotACaptain():
            return "Henüz bir takımın kaptanı değilsiniz. Örnek: /kaptan Kartallar"
        case NoActiveTournament():
            return welcome.no_tournament_here(exc.chat_id)
        case ActiveTournamentExists() | SetupRaced():
            return (
                "Bu arada sohbette başka bir turnuva kuruldu; hiçbir şey değişmedi."
                " Bakmak için: /turnuvalar"
            )
        case Overtaken():
            return (
                "Bu mesaj geç ulaştı: sonra yazılan bir mesaj ondan önce işlendi, bu yüzden"
                " uygulanmadı. Gerekirse yeniden yazın."
            )
        case RunningChanged():
            return "Bu arada süren turnuva değişti; hiçbir şey değişmedi. Bakmak için: /turnuvalar"
        case LongPlanUnconfirmed():
            why = "gece yarısını geçiyor" if exc.midnight else "12 saatten uzun sürüyor"
            return (
                f"Bu program {why} ({duration(exc.minutes)}); böyle kurmak için özetteki"
                " [Yine de Oluştur] düğmesine basın, düzeltmek için [Değiştir]."
            )
        case SetupTimedOut():
            return "Kurulum 30 dakika sessiz kaldığı için iptal edildi. Yeniden: /yeni_turnuva"
        case NoSuchTournament():
            return "Böyle numaralı bir turnuva yok (numaralar: /turnuvalar). Örnek: /geri_yukle 2"
        case AlreadyRunning():
            return f"«{exc.name}» zaten sürüyor. Liste: /turnuvalar"
        case ResultAlreadyRecorded():
            return (
                f"{exc.match_no}. maçın sonucu az önce başka biri tarafından girildi."
                " Değiştirmek için skoru yeniden yazın."
            )
        case ResultConflict():
            return (
                f"{exc.match_no}. maç siz yazarken değişti; hiçbir şey kaydedilmedi."
                " Güncel durumu görüp tekrar deneyin: /fikstur"
            )
        case MatchSidesUnknown():
            return f"{exc.match_no}. maçın takımları henüz belli değil."
        case TooManyCaptains():
            return f"{exc.team} takımının zaten {exc.limit} kaptanı var."
        case AlreadyCaptain():
            return f"Zaten {exc.team} kaptanısınız. Takım değiştirmek için düzenleyene yazın."
        case NothingToUndo():
            return "Geri alınacak bir sonuç girişiniz yok."
        case UndoConflict():
            return (
                f"{exc.match_no}. maçın sonucu sizden sonra değiştirildi; geri alınmadı."
                " Doğru skoru yeniden yazın."
            )
        case DuplicateTeam():
            return "Bu adda bir takım zaten var. Başka bir ad seçin. Örnek: /takim_adi 3 Kartallar"
        case TeamNotFound():
            return "Böyle bir takım yok. Takımlar için /takimlar. Örnek: /kaptan Kartallar"
    return "Bir şeyler ters gitti; girdiğiniz bilgiyi kontrol edip tekrar deneyin."
