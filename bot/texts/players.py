"""Texts of scorers and cards: what a result's events line, /gol and /kart stored, and
their refusals (bot.texts.errors.refusal asks `refusal` first)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.texts.discipline import ban_refusal, was_banned
from bot.texts.parts import quoted
from bot.usecases import event_messages, events, match_events
from bot.usecases.errors import NotAllowed, NotOrganiser
from domain.eventnotes import (
    CardNote,
    EventProblem,
    GoalNote,
    NotInMatch,
    SideConflict,
    UnreadableEvents,
    example_line,
    item,
)
from domain.model import PlannedMatch, Score

GOL_HOW = (
    "Örnek: /gol 7 Ali 2, Veli - Mehmet (önce ev sahibinin golcüleri, tireden sonra"
    " rakibin; kendi kalesine: Mehmet kk) ya da /gol 7 Ali (Kartallar)"
)
KART_HOW = "Örnek: /kart 7 Veli sarı · /kart 7 Mehmet kırmızı · /kart 7 Hasan 2 sarı"
GOL_SIL_HOW = "Örnek: /gol_sil 7 Ali (Ali'nin 7. maçtaki bir golünü siler)"
KART_SIL_HOW = "Örnek: /kart_sil 7 Veli (Veli'nin 7. maçtaki kartını siler)"
EVENTS_HOW = "Örnek: goller: Ali 2, Veli - Mehmet · kart: Veli sarı, Mehmet kırmızı"
# An own goal: the player who put it in his own goal, with "kk", on his own team's side.
OWN_GOAL_HOW = (
    "Topu kendi kalesine atan oyuncuyu adıyla, kendi takımının tarafına yazın (gol rakibe"
    " sayılır)."
    " Örnek: goller: Ali 3, Veli - Mehmet kk"
)

CARD_WORDS = {
    "yellow": "sarı kart",
    "second_yellow": "iki sarıdan kırmızı",
    "red": "kırmızı kart",
    "yellow_red": "sarı, sonra kırmızı",
}
CARD_MARKS = {"yellow": "🟨", "second_yellow": "🟨🟥", "red": "🟥", "yellow_red": "🟨🟥"}


def booked(done: events.Recorded) -> list[str]:
    """The lines under "Kaydedildi": goals per team, cards, players added to a squad."""
    lines = []
    goals = [b for b in done.booked if b.kind in ("goal", "own_goal")]
    if goals:
        by_team: dict[str, list[str]] = {}
        for b in goals:
            item = b.player + (f" {b.count}" if b.count > 1 else "")
            item += " (kendi kalesine)" if b.kind == "own_goal" else ""
            by_team.setdefault(b.team, []).append(item)
        lines.append("⚽ " + " · ".join(f"{t}: {', '.join(i)}" for t, i in by_team.items()))
    for b in done.booked:
        if b.kind in CARD_WORDS:
            lines.append(f"{CARD_MARKS[b.kind]} {b.player} ({b.team}): {CARD_WORDS[b.kind]}")
    if done.added:
        by_team = {}
        for team, name in done.added:
            by_team.setdefault(team, []).append(name)
        added = "; ".join(f"{t}: {', '.join(n)}" for t, n in by_team.items())
        lines.append(f"Kadrosu olmayan takıma yazıldığı gibi eklendi: {added}")
    lines += [was_banned(player, team, done.match.no) for player, team in done.banned]
    return lines


def recorded(done: events.Recorded) -> str:
    m = done.match
    head = f"✅ {m.no}. maç ({m.home} - {m.away}) kaydedildi:"
    return "\n".join([head, *booked(done)])


def refusal(exc: Exception) -> str | None:
    """The Turkish line for a refusal of scorers or cards; None for any other error."""
    nothing = "Mesajın hiçbir şeyi kaydedilmedi."
    match exc:
        case event_messages.OtherSidesPlayers():
            return (
                f"Kaptan yalnızca kendi takımının golcülerini ve kartlarını yazar;"
                f" {', '.join(exc.names)} {exc.other} oyuncusu. {nothing}"
                f" Sonucu kendi oyuncularınızla yeniden yazın; {exc.other} için düzenleyenler"
                " yazar: /gol"
            )
        case events.SentOff():
            return (
                f"{exc.player} ({exc.team}) {exc.no}. maçta zaten oyundan atıldı; ona yeni kart"
                f" yazılmaz. {nothing} Yanlış yazılan kart için: /kart_sil {exc.no} {exc.player}"
            )
        case events.TooManyGoals(forfeit=Score() as score):
            home, away = score.home_goals, score.away_goals
            lost = exc.team == (exc.match.home if score.forfeit == "home" else exc.match.away)
            why = "hükmen verilen goller kimsenin golü değildir"
            if lost:
                why = f"hükmen kaybeden takımın ({exc.team}) golleri sayılmaz"
            return (
                f"{exc.match.no}. maç hükmen {home}-{away} sonuçlandı; {why}. {nothing}"
                f" Kartlar yine yazılır, örneğin: /kart {exc.match.no} Veli sarı"
            )
        case events.TooManyGoals():
            return (
                f"{exc.match.no}. maçta {exc.team} {exc.scored} gol attı ama {exc.counted} gol"
                f" yazıldı. {nothing} Golleri skora göre yazın. {EVENTS_HOW}"
            )
        case events.UnknownPlayer() if exc.own_goal:
            return (
                f'"{quoted(exc.typed)}" {exc.team} kadrosunda yok. {nothing} Kendi kalesine'
                f" atan, kendi takımının golcüleriyle yazılır (gol rakibe sayılır), örneğin:"
                f" goller: Ali - {exc.typed} kk; ya da takımıyla: {exc.typed} (Takım) kk"
            )
        case events.UnknownPlayer():
            near = f" En yakın: {', '.join(exc.candidates)}." if exc.candidates else ""
            return (
                f'"{quoted(exc.typed)}" {exc.team} kadrosunda yok.{near} {nothing} Yeni'
                f" oyuncuyu önce ekleyin: /kadro {exc.team}: {exc.typed}"
            )
        case events.AmbiguousPlayer() if exc.typo:
            return (
                f'"{quoted(exc.typed)}" kadroda yok; en yakın: {exc.candidates[0][0]}. {nothing}'
                " Oyuncunun tam adını yazın."
            )
        case events.AmbiguousPlayer():
            who = ", ".join(f"{name} ({team})" for name, team in exc.candidates[:5])
            names = [name for name, _ in exc.candidates]
            if len(set(names)) < len(names):  # namesakes of two teams
                name, team = next((n, t) for n, t in exc.candidates if names.count(n) > 1)
                how = f"Oyuncuyu takımıyla yazın, örneğin: {name} ({team})"
            else:
                how = "Oyuncunun tam adını yazın."
            return f'"{quoted(exc.typed)}" birden çok oyuncuya uyuyor: {who}. {nothing} {how}'

        case events.WhichTeam():
            return (
                f'"{quoted(exc.typed)}" hangi takımdan ({exc.home} ya da {exc.away})? {nothing}'
                f" Takımıyla yazın, örneğin: {_which_example(exc)}"
            )
        case NotInMatch():
            return (
                f"{exc.team} bu maçta oynamıyor ({exc.home} - {exc.away}). {nothing}"
                f' "{quoted(exc.player)}" bu iki takımdan hangisindeyse onu yazın, örneğin:'
                f" {exc.example}"
            )
        case events.NoResultYet():
            m = exc.match
            return (
                f"{m.no}. maçın ({m.home} - {m.away}) sonucu henüz yok; önce sonucu girin."
                f" Örnek: {m.home} 2-1 {m.away}"
            )
        case SideConflict():
            return (
                f"{exc.player} bir takımın golcüleri arasında yazılmış ama yanında"
                f" {exc.team_hint} var. {nothing} {EVENTS_HOW}"
            )
        case UnreadableEvents():
            return _unreadable(exc)
    return more_refusal(exc)


def _which_example(exc: events.WhichTeam) -> str:
    """The example of a WhichTeam refusal: the name with the first side, of its own kind
    (a card's colour), as a command when one was typed."""
    if exc.note is None:
        return f"gol: {exc.typed} ({exc.home})"
    if exc.command:
        return f"{exc.command} {item(exc.note, exc.home)}"
    return example_line(exc.note, exc.home)


def unplaced(match: PlannedMatch, notes: Sequence[GoalNote | CardNote]) -> str:
    """Under "Kaydedildi": goals and cards typed with the result whose team no squad nor
    the line tells, not stored, and the commands that store them."""
    lines = []
    for kind, command, one, many in (
        (GoalNote, "/gol", "gol", "goller"),
        (CardNote, "/kart", "kart", "kartlar"),
    ):
        mine = [n for n in notes if isinstance(n, kind)]
        if not mine:
            continue
        word = many if len(mine) > 1 else one
        what = ", ".join(item(n) for n in mine)
        first = f"{command} {match.no} {item(mine[0], str(match.home))}"
        if len(mine) == 1:
            other = f"{command} {match.no} {item(mine[0], str(match.away))}"
            how = f"Takımıyla yazın: {first} ya da {other}"
        else:
            how = f"Her birini takımıyla yazın, örneğin: {first}"
        lines.append(f"⚠ Takımı belli olmayan {word} kaydedilmedi: {what}. {how}")
    return "\n".join(lines)


def _unreadable(exc: UnreadableEvents) -> str:
    why = {
        EventProblem.EMPTY: "oyuncu yazılmamış",
        EventProblem.NO_NAME: "bir sayının ya da kartın yanında oyuncu adı yok",
        EventProblem.OWN_GOAL_NO_NAME: "kendi kalesine gol işaretinin yanında oyuncu adı yok",
        EventProblem.TOO_MANY_SIDES: "en fazla iki taraf olur (tireyle ayrılır)",
        EventProblem.NO_COLOUR: "kartın rengi yok (sarı mı, kırmızı mı?)",
        EventProblem.BAD_COUNT: "gol sayısı okunamadı",
        EventProblem.TOO_MANY_YELLOWS: "bir maçta ikinci sarı kırmızıdır: 2 sarı yazın",
        EventProblem.NO_MATCH_NUMBER: "maç numarası eksik",
        EventProblem.TOO_LONG: "satır çok uzun",
    }.get(exc.problem, "okunamadı")
    part = f' ("{quoted(exc.part)}")' if exc.part else ""
    if exc.problem is EventProblem.OWN_GOAL_NO_NAME:
        return f"Goller/kartlar satırı: {why}{part}. Hiçbir şey kaydedilmedi. {OWN_GOAL_HOW}"
    return f"Goller/kartlar satırı: {why}{part}. Hiçbir şey kaydedilmedi. {EVENTS_HOW}"


def not_allowed(exc: NotOrganiser | NotAllowed) -> str:
    return (
        "Golleri ve kartları yalnızca düzenleyenler girebilir. Düzenleyen eklemek için"
        " bir düzenleyen, kişinin mesajına /yetkili diye yanıt versin."
    )


def deleted(done: match_events.Deleted) -> str:
    e = done.event
    what = "golü" if e.kind in match_events.GOAL_KINDS else f"{CARD_WORDS[e.kind]} kaydı"
    return f"👍 {e.player} ({e.team}) için {done.match_no}. maçtaki bir {what} silindi."


def more_refusal(exc: Exception) -> str | None:
    match exc:
        case match_events.NoMatchNumber():
            command = "/gol" if exc.kind == "goal" else "/kart"
            rest = exc.rest or ("Ali" if exc.kind == "goal" else "Veli sarı")
            if exc.match is None:
                how = GOL_HOW if exc.kind == "goal" else KART_HOW
                return f"Hangi maç? Maç numarasını da yazın. {how}"
            m = exc.match
            return (
                f"Hangi maç? Maç numarasını da yazın: {command} {m.no} {rest}"
                f" ({exc.team} takımının son maçı {m.no}. maç: {m.home} – {m.away})."
                " Maç numaraları: /fikstur"
            )
        case match_events.NoSuchMatch():
            return f"{exc.no} numaralı maç yok. Maç numaraları: /fikstur"
        case match_events.NoSuchEvent():
            what = "golü" if exc.kind == "goal" else "kartı"
            had = f" Bu maçta {what} olanlar: {', '.join(exc.named)}." if exc.named else ""
            how = GOL_SIL_HOW if exc.kind == "goal" else KART_SIL_HOW
            return f'{exc.no}. maçta "{quoted(exc.typed)}" adlı birinin {what} yok.{had} {how}'
        case match_events.DeleteHow():
            how = GOL_SIL_HOW if exc.kind == "goal" else KART_SIL_HOW
            if exc.no is None:
                return f"Maç numarası eksik. {how}"
            goal = exc.kind == "goal"
            what, command = ("golü", "/gol_sil") if goal else ("kartı", "/kart_sil")
            if not exc.named:
                return f"{exc.no}. maçta yazılı {'gol' if goal else 'kart'} yok."
            return (
                f"Kimin {what} silinsin? Adını da yazın: {command} {exc.no} {exc.named[0]}"
                f" · Bu maçta {what} olanlar: {', '.join(exc.named)}"
            )
        case match_events.UnclearEvent():
            what = "golü" if exc.kind == "goal" else "kartı"
            command = "/gol_sil" if exc.kind == "goal" else "/kart_sil"
            typed, who = quoted(exc.typed), exc.candidates[0]
            if exc.typo:
                return (
                    f'{exc.no}. maçta "{typed}" adlı birinin {what} yok. Bunu mu demek'
                    f" istediniz: {who}? Öyleyse yazın: {command} {exc.no} {who}"
                )
            return (
                f'"{typed}" {exc.no}. maçta {what} olan birden çok oyuncuya uyuyor:'
                f" {', '.join(exc.candidates)}. Hangisi? Tam adını yazın, örneğin:"
                f" {command} {exc.no} {who}"
            )
    return ban_refusal(exc)


def events_undone(count: int) -> str:
    return f"Bu maçın {count} gol/kart kaydı da geri alındı."


def which_player(typed: str, typo: bool) -> str:
    """The question above a name's buttons (bot.usecases.player_choices)."""
    if typo:
        return f'"{quoted(typed)}" kadroda yok. Bunu mu demek istediniz? Mesaj seçince kaydedilir.'
    return f'"{quoted(typed)}" birden çok oyuncuya uyuyor. Hangisi? Mesaj seçince kaydedilir.'


def player_label(player: str, team: str) -> str:
    return f"{player} ({team})"


def player_chosen(player: str, team: str) -> str:
    return f"👍 {player} ({team})"


def waiting_events(lines: str) -> str:
    """Under a captain's result awaiting the other captain: his side's events with it."""
    return f"Onaylanınca bunlar da kaydedilir:\n{lines}"
