"""The `turnuva` command: plan a fixture, compute a table, advise a format.

Bad input never shows a traceback: one Turkish line on standard error with an example,
exit status 2, and nothing on standard output.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from bot.texts import advice as advice_text
from bot.texts import plan as plan_text
from bot.texts import table as table_text
from bot.texts.common import EXAMPLES
from bot.texts.errors import refusal
from domain import draw, forfeits, names, scores, setupform, standings, tiebreak, when
from domain.advice import advise, advise_season
from domain.errors import DomainError
from domain.forfeits import WithdrawalRule
from domain.formats import Options, groups_then_knockout, league, pure_knockout
from domain.matchdays import Calendar, CalendarError
from domain.model import Group, Pairing, Result
from domain.planner import Pitch, TeamWindow, TimeRules, plan
from domain.season import BadSeason, PitchHours, RoundDoesNotFit, SeasonRules, season

DEFAULT_ZONE = "Europe/Istanbul"


class Refused(Exception):
    """A command-line problem; the message is already the Turkish line."""


ARGPARSE_WORDS = (
    ("the following arguments are required:", "eksik seçenek:"),
    ("one of the arguments", "şu seçeneklerden biri gerekli:"),
    (" is required", ""),
    ("unrecognized arguments:", "tanınmayan seçenek:"),
    ("invalid int value:", "sayı bekleniyordu, verilen:"),
    ("invalid float value:", "sayı bekleniyordu, verilen:"),
    ("invalid choice:", "geçersiz seçim:"),
    ("choose from", "seçenekler:"),
    ("expected one argument", "bir değer bekleniyordu"),
    ("not allowed with argument", "şu seçenekle birlikte kullanılamaz:"),
    ("argument ", ""),
)


class _Parser(argparse.ArgumentParser):
    """argparse, but its complaints come out as one Turkish line."""

    def error(self, message: str) -> None:  # type: ignore[override]
        if "required: command" in message:
            message = "komut eksik: bot, plan, puan, oner ya da db"
        for english, turkish in ARGPARSE_WORDS:
            message = message.replace(english, turkish)
        raise Refused(
            f"Komut anlaşılamadı ({message.strip()}). Örnek ve yardım için: {self.prog} --help"
        )


def build_parser() -> argparse.ArgumentParser:
    root = _Parser(prog="turnuva", description="Turnuva Botu: fikstür, puan durumu, öneri.")
    sub = root.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("plan", help="fikstürü planla")
    who = p.add_mutually_exclusive_group(required=True)
    who.add_argument("--teams", help='takımlar, virgülle: "Kartallar,Şahinler,..."')
    who.add_argument("--team-count", type=int, help="takım sayısı (Takım 1, Takım 2, ...)")
    p.add_argument("--groups", help='grup sayısı ya da "A1,A2 / B1,B2" (elle kura)')
    p.add_argument("--draw", choices=draw.METHODS, help="kura: order (yılan), random, pots")
    p.add_argument("--pot-size", type=int)
    p.add_argument("--format", choices=("league", "groups", "knockout"))
    p.add_argument("--pitches", default="1", help='saha sayısı ya da adları: "Saha A,Saha B"')
    p.add_argument("--start", help='ilk maç: "2026-12-06 10:00", "6 Aralık 10:00"')
    p.add_argument("--tz", default=DEFAULT_ZONE)
    p.add_argument("--match", type=int, default=26, help="maç süresi, devre arası dahil (dk)")
    p.add_argument("--half-time", type=int, default=2)
    p.add_argument("--changeover", type=int, default=4, help="maçlar arası değişim (dk)")
    p.add_argument("--break", dest="ko_break", type=int, default=30, help="elemeden önce ara")
    p.add_argument("--group-rest", type=int, default=0, help="grupta en az dinlenme (dk)")
    p.add_argument("--knockout-rest", type=int, default=15, help="elemede en az dinlenme (dk)")
    p.add_argument("--final-not-last", action="store_true", help="final tek başına son olmasın")
    p.add_argument(
        "--pitch-hours", action="append", default=[], help='saha saatleri: "Saha 2=12:00-16:00"'
    )
    p.add_argument(
        "--team-hours",
        action="append",
        default=[],
        help='takımın saatleri: "Kartallar=11:00-" (11:00\'den önce değil), "Şahinler=-13:00"',
    )
    p.add_argument(
        "--knockout", default="none", choices=("none", "final", "semi", "quarter", "round_of_16")
    )
    p.add_argument("--third-place", action="store_true", help="üçüncülük maçı")
    p.add_argument("--double", action="store_true", help="çift devreli")
    p.add_argument("--system", default="circle", choices=("circle", "berger"))
    p.add_argument("--balance", action="store_true", help="iç saha/deplasman dengesi")
    p.add_argument("--seed", type=int, help="kura için tekrar üretilebilir sayı")
    p.add_argument("--players", type=int, default=7, help="sahadaki oyuncu (7x7 için 7)")
    season = p.add_argument_group("sezon ligi (haftalara yayılan lig)")
    season.add_argument(
        "--every", type=int, help="maç günleri kaç günde bir: 7 haftalık, 14 iki haftada bir"
    )
    season.add_argument("--until", help="maç gününün sahası kaçta kapanır: 17:00")
    season.add_argument("--skip", default="", help="atlanacak tarihler: 2027-02-07,2027-03-21")
    season.add_argument("--dates", help="maç günleri elle: 2027-01-10,2027-01-24,...")
    season.add_argument("--rounds-per-day", type=int, default=1, help="bir maç gününde kaç tur")
    season.add_argument(
        "--days-per-round", type=int, default=1, help="bir tur kaç maç gününe bölünür"
    )
    season.add_argument("--spare", type=int, default=0, help="kapanıştan önce boş kalacak dk")
    p.add_argument("--json", action="store_true")

    t = sub.add_parser("puan", help="sonuçları (stdin) oku, puan durumunu yaz")
    t.add_argument("--teams", required=True)
    t.add_argument("--groups", help='"A1,A2,A3,A4 / B1,B2,B3,B4"')
    t.add_argument("--tiebreak", default="tff", help="tff, uefa, fifa, makale ya da liste")
    t.add_argument("--double", action="store_true", help="çift devreli: her eşleşme iki kez")
    t.add_argument(
        "--forfeit-deduction",
        action="store_true",
        help="hükmen kaybeden bir galibiyetin puanını da kaybeder (TFF FMT Madde 24)",
    )
    t.add_argument("--withdrawn", action="append", default=[], help="ligden çekilen takım")
    t.add_argument(
        "--withdrawal",
        default="award",
        choices=[r.value for r in WithdrawalRule],
        help="çekilen takım: award (kalan maçları 3-0 rakibe, TFF), annul (sonuçları silinir),"
        " annul_under_half (yarıdan az oynadıysa silinir)",
    )
    t.add_argument("--json", action="store_true")

    b = sub.add_parser("bot", help="Telegram botunu çalıştır")
    b.add_argument("--token", help="bot anahtarı (varsayılan: TELEGRAM_BOT_TOKEN)")
    b.add_argument("--db", help="veritabanı adresi (varsayılan: TURNUVA_DB_URL ya da SQLite)")
    b.add_argument("--api-url", help="kendi Bot API sunucunuz ya da test sunucusu")
    b.add_argument("--webhook-url", help="webhook ile çalış (üretim); yolsuz adrese rastgele yol")
    b.add_argument(
        "--webhook-secret",
        help="Telegram'ın her istekte göndereceği gizli anahtar (varsayılan:"
        " TURNUVA_WEBHOOK_SECRET ya da her açılışta yeni); birden çok süreç aynısını kullanır",
    )
    b.add_argument(
        "--listen", help="HTTP sunucusunun dinlediği adres (varsayılan: TURNUVA_LISTEN, 127.0.0.1)"
    )
    b.add_argument(
        "--web-port",
        "--port",
        dest="web_port",
        type=int,
        help="webhook ve canlı sayfaların portu (varsayılan: TURNUVA_WEB_PORT ya da 8080)",
    )
    b.add_argument(
        "--public-url",
        help="canlı sayfaların herkese açık adresi, ör. https://turnuva.example.org"
        " (varsayılan: TURNUVA_PUBLIC_URL; yoksa yalnız bu bilgisayardan açılır)",
    )
    b.add_argument("--no-rate-limit", action="store_true", help=argparse.SUPPRESS)
    b.add_argument(
        "--clock-offset",
        type=float,
        help="saati bu kadar saniye ileri/geri al (yalnız testler ve provalar için;"
        " varsayılan: TURNUVA_CLOCK_OFFSET ya da 0)",
    )

    d = sub.add_parser("db", help="veritabanı: şemayı güncelle")
    d.add_argument("action", choices=("upgrade", "current"))
    d.add_argument("--db", help="veritabanı adresi (varsayılan: TURNUVA_DB_URL ya da SQLite)")

    o = sub.add_parser("oner", help="takım sayısına göre usul öner")
    o.add_argument("--teams", type=int, required=True)
    o.add_argument("--pitches", type=int, default=1)
    o.add_argument("--slot", type=int, default=30, help="dilim: maç + değişim (dk)")
    o.add_argument("--changeover", type=int, default=4)
    o.add_argument("--hours", type=float, default=5)
    o.add_argument("--every", type=int, help="sezon ligi: maç günleri kaç günde bir (7, 14)")
    o.add_argument("--json", action="store_true")
    return root


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        out = COMMANDS[args.command](args)
    except Refused as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except DomainError as exc:
        print(refusal(exc, cli=True), file=sys.stderr)
        return 2
    try:
        print(out)
    except BrokenPipeError:  # `turnuva plan ... | head` is fine
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115
    return 0


def team_list(text: str) -> list[str]:
    raw = text.replace("\n", ",").split(",")
    teams = [" ".join(t.split()) for t in raw if t.strip()]
    if len(teams) < 2:
        raise Refused(f"En az 2 takım gerekli. Örnek: {EXAMPLES['teams']}")
    for first, second in names.duplicates(teams):
        raise Refused(
            f'"{first}" ve "{second}" aynı takım sayılır (büyük/küçük harf farkı).'
            f" Her takıma farklı ad verin. Örnek: {EXAMPLES['teams']}"
        )
    return teams


def explicit_groups(spec: str, teams: Sequence[str]) -> tuple[Group, ...]:
    """'A1,A2 / B1,B2' (or ';'): groups as the organiser drew them."""
    parts = [p for p in spec.replace(";", "/").split("/") if p.strip()]
    labels = draw.group_labels(len(parts))
    groups = tuple(Group(lbl, tuple(team_list(p))) for lbl, p in zip(labels, parts, strict=True))
    listed = [names.resolve(t, teams) for g in groups for t in g.teams]
    if sorted(listed) != sorted(teams):
        missing = [t for t in teams if t not in listed]
        raise Refused(
            f"Gruplar takım listesiyle uyuşmuyor (eksik: {', '.join(missing) or 'yok'})."
            f" Örnek: {EXAMPLES['groups']}"
        )
    return tuple(Group(g.label, tuple(names.resolve(t, teams) for t in g.teams)) for g in groups)


def _groups(args: argparse.Namespace, teams: list[str]) -> tuple[Group, ...] | None:
    if not args.groups:
        return None
    if not setupform.ascii_digits(args.groups.strip()):
        return explicit_groups(args.groups, teams)
    k = int(args.groups)
    if k < 1:
        raise Refused(f"Grup sayısı en az 1 olmalı. Örnek: {EXAMPLES['groups']}")
    method = args.draw or ("random" if args.seed is not None else "order")
    return draw.draw_groups(teams, k, method=method, seed=args.seed, pot_size=args.pot_size)


def _pitches(text: str) -> tuple[Pitch, ...]:
    if setupform.ascii_digits(text.strip().lstrip("-")):
        count = int(text)
        if count < 1:
            raise Refused(f"Saha sayısı en az 1 olmalı. Örnek: {EXAMPLES['pitches']}")
        return tuple(Pitch(f"Saha {i}") for i in range(1, count + 1))
    named = [" ".join(p.split()) for p in text.split(",") if p.strip()]
    if not named:
        raise Refused(f"Saha sayısı en az 1 olmalı. Örnek: {EXAMPLES['pitches']}")
    return tuple(Pitch(n) for n in named)


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (KeyError, ValueError) as exc:
        raise Refused(f'"{name}" bir saat dilimi değil. Örnek: --tz Europe/Istanbul') from exc


def _start(text: str | None, zone: ZoneInfo) -> datetime:
    """The first kick-off; a past one is fine (a fixture reprinted), one more than
    when.MAX_DAYS_AHEAD days ahead is a typo that must never reach the planner."""
    now = datetime.now(zone)
    try:
        moment = when.parse_kickoff(text or "yarın 10:00", now)
    except when.BadDateTime as exc:
        why = {
            "missing_time": "saat eksik",
            "missing_date": "gün eksik",
            "bad_date": "böyle bir tarih yok",
            "bad_time": "böyle bir saat yok",
        }.get(str(exc.reason), "anlaşılamadı")
        raise Refused(f'Başlangıç zamanı "{exc.text}": {why}. Örnek: {EXAMPLES["start"]}') from None
    if moment.date() > now.date() + timedelta(days=when.MAX_DAYS_AHEAD):
        raise Refused(
            f'"{text}" {when.MAX_DAYS_AHEAD} günden daha ileride; yılı kontrol edin.'
            f" Örnek: {EXAMPLES['start']}"
        )
    return moment


def _minutes(args: argparse.Namespace) -> None:
    if args.match < 1 or args.changeover < 0 or not 0 <= args.half_time < args.match:
        raise Refused(f"Süreler geçersiz. Örnek: {EXAMPLES['minutes']}")
    for value in (args.ko_break, args.group_rest, args.knockout_rest):
        if value < 0:
            raise Refused(f"Ara ve dinlenme süreleri negatif olamaz. Örnek: {EXAMPLES['minutes']}")


def _window(text: str, start: datetime) -> tuple[str, datetime | None, datetime | None]:
    """'Name=HH:MM-HH:MM' (either side may be empty) on the tournament's day."""
    example = 'Örnek: --team-hours "Kartallar=11:00-" ya da --pitch-hours "Saha 2=12:00-16:00"'
    name, sep, span = text.rpartition("=")
    lo_text, dash, hi_text = span.partition("-")
    if not sep or not name.strip() or not dash:
        raise Refused(f'"{text}" saat aralığı olarak okunamadı. {example}')

    def moment(clock: str) -> datetime | None:
        if not clock.strip():
            return None
        hour, colon, minute = clock.strip().replace(".", ":").partition(":")
        if not (setupform.ascii_digits(hour) and (not colon or setupform.ascii_digits(minute))):
            raise Refused(f'"{clock}" bir saat değil. {example}')
        if int(hour) > 23 or int(minute or 0) > 59:
            raise Refused(f'"{clock}" bir saat değil. {example}')
        return start.replace(hour=int(hour), minute=int(minute or 0))

    return " ".join(name.split()), moment(lo_text), moment(hi_text)


def _pitch_windows(
    pitches: tuple[Pitch, ...], specs: list[str], start: datetime
) -> tuple[Pitch, ...]:
    by_name = {names.key(p.name): p for p in pitches}
    for spec in specs:
        name, opens, closes = _window(spec, start)
        pitch = by_name.get(names.key(name))
        if pitch is None:
            known = ", ".join(p.name for p in pitches)
            raise Refused(f'"{name}" adında saha yok (sahalar: {known}).')
        by_name[names.key(name)] = Pitch(pitch.name, opens, closes)
    return tuple(by_name[names.key(p.name)] for p in pitches)


def _team_windows(teams: list[str], specs: list[str], start: datetime) -> dict[str, TeamWindow]:
    windows = {}
    for spec in specs:
        name, lo, hi = _window(spec, start)
        windows[names.resolve(name, teams)] = TeamWindow(lo, hi)
    return windows


def _iso_dates(text: str, flag: str) -> list[date]:
    out = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        try:
            out.append(date.fromisoformat(part))
        except ValueError:
            raise Refused(
                f'"{part}" bir tarih değil (YYYY-AA-GG). Örnek: {flag} 2027-02-07,2027-03-21'
            ) from None
    return out


def _clock(text: str, flag: str) -> time:
    hour, colon, minute = text.strip().replace(".", ":").partition(":")
    if not (
        hour.isascii() and hour.isdigit() and (not colon or (minute.isascii() and minute.isdigit()))
    ):
        raise Refused(f'"{text}" bir saat değil. Örnek: {flag} 17:00')
    if int(hour) > 23 or int(minute or 0) > 59:
        raise Refused(f'"{text}" bir saat değil. Örnek: {flag} 17:00')
    return time(int(hour), int(minute or 0))


def _season(args: argparse.Namespace, teams: list[str], start: datetime) -> str:
    """`plan --every N` (or `--dates`): the league over match days."""
    if args.format not in (None, "league") or args.groups or args.knockout != "none":
        raise Refused(
            "Sezon ligi tek grup, elemesiz bir lig: --groups ve --knockout kullanılmaz."
            " Örnek: --format league --every 14 --until 17:00"
        )
    if args.every is not None and args.every < 1:
        raise Refused("--every en az 1 gün olmalı. Örnek: --every 7 (haftalık), --every 14")
    if args.rounds_per_day < 1 or args.days_per_round < 1 or args.spare < 0:
        raise Refused("Maç günü seçenekleri geçersiz. Örnek: --rounds-per-day 1 --spare 30")
    skip = _iso_dates(args.skip, "--skip")
    if args.dates:
        calendar = Calendar.listed(_iso_dates(args.dates, "--dates"))
        calendar = Calendar(dates=calendar.dates, skip=frozenset(skip))
    else:
        calendar = Calendar.every(start.date(), args.every, skip)
    closes = _clock(args.until, "--until") if args.until else None
    if closes is not None and closes <= start.timetz().replace(tzinfo=None):
        raise Refused(
            f"Kapanış ({args.until}) ilk maçtan ({start:%H:%M}) sonra olmalı. Örnek: --until 17:00"
        )
    pitches = _pitches(args.pitches)
    rules = SeasonRules(
        calendar=calendar,
        pitches=tuple(PitchHours(p.name, start.time(), closes) for p in pitches),
        zone=start.tzinfo or ZoneInfo(DEFAULT_ZONE),
        match_minutes=args.match,
        half_time=args.half_time,
        changeover=args.changeover,
        spare=args.spare,
        rounds_per_day=args.rounds_per_day,
        days_per_round=args.days_per_round,
    )
    balance = True if args.balance else None
    try:
        result = season(teams, rules, double=args.double, system=args.system, balance=balance)
    except (RoundDoesNotFit, CalendarError, BadSeason) as exc:
        raise Refused(plan_text.season_refusal(exc)) from None
    if args.json:
        return json.dumps(plan_text.season_json(result), ensure_ascii=False, indent=2)
    return plan_text.season_fixture(result)


def cmd_plan(args: argparse.Namespace) -> str:
    if args.team_count is not None and args.team_count < 2:
        raise Refused(f"En az 2 takım gerekli. Örnek: --team-count 8 ya da {EXAMPLES['teams']}")
    teams = (
        team_list(args.teams)
        if args.teams
        else [f"Takım {i}" for i in range(1, args.team_count + 1)]
    )
    _minutes(args)
    pitches = _pitches(args.pitches)
    zone = _zone(args.tz)
    start = _start(args.start, zone)
    if args.every is not None or args.dates:
        return _season(args, teams, start)
    if args.until or args.skip or args.rounds_per_day != 1 or args.days_per_round != 1:
        raise Refused(
            "--until, --skip, --rounds-per-day ve --days-per-round sezon ligi içindir:"
            " maç günlerini de verin. Örnek: --every 14 --until 17:00"
        )
    options = Options(
        double=args.double,
        system=args.system,
        balance=args.balance,
        third_place=args.third_place,
        knockout=args.knockout,
    )
    groups = _groups(args, teams)
    fmt = args.format or ("groups" if groups and len(groups) > 1 else "league")
    if fmt == "knockout":
        draft = pure_knockout(teams, options)
    elif fmt == "groups" and groups:
        draft = groups_then_knockout(groups, options)
    else:
        draft = league(teams, options)
    rules = TimeRules(
        start=start,
        pitches=_pitch_windows(pitches, args.pitch_hours, start),
        team_windows=_team_windows(teams, args.team_hours, start),
        match_minutes=args.match,
        half_time=args.half_time,
        changeover=args.changeover,
        knockout_break=args.ko_break,
        group_rest=args.group_rest,
        knockout_rest=args.knockout_rest,
        final_alone=not args.final_not_last,
    )
    result = plan(draft, rules)
    if args.json:
        return json.dumps(plan_text.as_json(result), ensure_ascii=False, indent=2)
    return plan_text.fixture(result, players=args.players, breaks=args.balance)


def cmd_puan(args: argparse.Namespace) -> str:
    teams = team_list(args.teams)
    groups = explicit_groups(args.groups, teams) if args.groups else (Group("A", tuple(teams)),)
    rule = _tiebreak(args.tiebreak)
    group_of = {t: g.label for g in groups for t in g.teams}
    legs = 2 if args.double else 1
    played: dict[frozenset[str], int] = {}
    results: dict[str, list[Result]] = {g.label: [] for g in groups}
    for line in sys.stdin.read().splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        line, forfeited = _forfeit_mark(line)
        parsed = scores.parse_result(line, teams)
        pair = frozenset((parsed.home, parsed.away))
        if group_of[parsed.home] != group_of[parsed.away]:
            raise Refused(
                f"{parsed.home} ({group_of[parsed.home]} Grubu) ile {parsed.away}"
                f" ({group_of[parsed.away]} Grubu) aynı grupta değil: aralarında grup maçı yok."
                f" Her satıra aynı gruptan iki takım yazın. Örnek: {EXAMPLES['result']}"
            )
        played[pair] = played.get(pair, 0) + 1
        if played[pair] > legs:
            raise Refused(
                f"{parsed.home} ile {parsed.away} arasında oynanacak maç kalmadı"
                f" ({legs} kez oynadılar). Skoru düzeltmek için eski satırı değiştirin,"
                f" yeni satır eklemeyin. Örnek: {parsed.home} 2-1 {parsed.away}"
            )
        result = parsed.to_result()
        if forfeited:
            result = _forfeit(result, line)
        results[group_of[parsed.home]].append(result)
    points = standings.PointsRule(forfeit_deduction=args.forfeit_deduction)
    members = {g.label: tuple(g.teams) for g in groups}
    for name in args.withdrawn:
        team = names.resolve(name, teams)
        label = group_of[team]
        gone = forfeits.withdraw(
            team,
            members[label],
            results[label],
            _unplayed(members[label], results[label], legs),
            WithdrawalRule(args.withdrawal),
        )
        members[label], results[label] = gone.teams, list(gone.results)
    tables = [
        (g, standings.standings(members[g.label], results[g.label], points=points, tiebreak=rule))
        for g in groups
    ]
    if args.json:
        rows = [row for g, tab in tables for row in table_text.rows_json(tab, g.label)]
        return json.dumps(rows, ensure_ascii=False, indent=2)
    titled = len(groups) > 1
    return "\n\n".join(
        table_text.table(
            tab, rule, title=f"{g.label} Grubu puan durumu" if titled else "Puan durumu"
        )
        for g, tab in tables
    )


_FORFEIT_MARKS = ("(h)", "hükmen", "hukmen")


def _forfeit_mark(line: str) -> tuple[str, bool]:
    """ "Kartallar 3-0 Şahinler (H)" or "... hükmen": the line and whether it is a forfeit."""
    stripped = line.rstrip()
    lowered = stripped.lower()
    for mark in _FORFEIT_MARKS:
        if lowered.endswith(mark):
            return stripped[: -len(mark)].rstrip(), True
    return line, False


def _forfeit(result: Result, line: str) -> Result:
    """The side with fewer goals lost hükmen; its goals go, the winner's above 3 stand."""
    score = result.score
    if score.home_goals == score.away_goals:
        raise Refused(
            f'"{line}": hükmen maçta bir kazanan olmalı (kaybeden hükmen kaybeder).'
            f" Örnek: {result.home} 3-0 {result.away} (H)"
        )
    loser = result.away if score.home_goals > score.away_goals else result.home
    return forfeits.forfeit(result.home, result.away, loser, score)


def _unplayed(teams: Sequence[str], results: Sequence[Result], legs: int) -> list[Pairing]:
    """The pairings of a group still to play, each pair `legs` times in all."""
    played: dict[frozenset[str], int] = {}
    for r in results:
        pair = frozenset((r.home, r.away))
        played[pair] = played.get(pair, 0) + 1
    out = []
    for i, home in enumerate(teams):
        for away in teams[i + 1 :]:
            for _ in range(legs - played.get(frozenset((home, away)), 0)):
                out.append(Pairing(home, away))
    return out


def _tiebreak(text: str) -> tiebreak.TieBreak:
    if "," in text:
        return tiebreak.custom([c for c in text.split(",") if c.strip()])
    try:
        return tiebreak.preset(text)
    except tiebreak.UnknownPreset:
        return tiebreak.custom([text])


def cmd_oner(args: argparse.Namespace) -> str:
    if args.teams < 2:
        raise Refused("En az 2 takım gerekli. Örnek: turnuva oner --teams 8 --pitches 2")
    if args.pitches < 1:
        raise Refused(f"Saha sayısı en az 1 olmalı. Örnek: {EXAMPLES['pitches']}")
    if args.slot <= args.changeover or args.hours <= 0:
        raise Refused("Dilim maçtan uzun, süre pozitif olmalı. Örnek: --slot 30 --hours 5")
    shape = (args.teams, args.pitches, args.slot, args.hours)
    if args.every is not None:
        if args.every < 1:
            raise Refused("--every en az 1 gün olmalı. Örnek: --every 7 (haftalık), --every 14")
        seasons = advise_season(*shape, changeover=args.changeover, every_days=args.every)
        if args.json:
            return json.dumps([c.__dict__ for c in seasons], ensure_ascii=False, indent=2)
        return advice_text.season_advice(seasons, *shape, args.every)
    found = advise(*shape, changeover=args.changeover)
    if args.json:
        return json.dumps([c.__dict__ for c in found], ensure_ascii=False, indent=2)
    league = None
    if found and not found[0].fits:
        league = next(
            (c for c in advise_season(*shape, changeover=args.changeover) if c.kind == "league"),
            None,
        )
    return advice_text.advice(found, *shape, season=league)


def cmd_db(args: argparse.Namespace) -> str:
    """Schema migrations; imported lazily so plan/puan/oner need no database driver."""
    from storage import migrate

    if args.action == "upgrade":
        migrate.upgrade(args.db)
    return f"Veritabanı şeması: {migrate.current(args.db) or 'boş'}"


def cmd_bot(args: argparse.Namespace) -> str:
    """Runs until SIGTERM/SIGINT; imported lazily so the CLI starts fast without Telegram."""
    from bot.app import run
    from bot.settings import Settings

    settings = Settings.from_env(
        token=args.token,
        db_url=args.db,
        api_url=args.api_url,
        webhook_url=args.webhook_url,
        webhook_secret=args.webhook_secret,
        listen=args.listen,
        web_port=args.web_port,
        public_url=args.public_url,
        rate_limit=False if args.no_rate_limit else None,
        clock_offset=args.clock_offset,
    )
    if not settings.token:
        raise Refused(
            "Bot anahtarı yok. BotFather'dan aldığınız anahtarı verin."
            " Örnek: TELEGRAM_BOT_TOKEN=123456:ABC turnuva bot"
        )
    run(settings)
    return "Bot durdu."


COMMANDS = {"plan": cmd_plan, "puan": cmd_puan, "oner": cmd_oner, "db": cmd_db, "bot": cmd_bot}

if __name__ == "__main__":
    raise SystemExit(main())
