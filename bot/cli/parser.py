"""The command line's arguments, and argparse's complaints as one Turkish line.

Apart from the subcommands so that `turnuva --help` and every flag read in one place.
"""

from __future__ import annotations

import argparse

from bot.cli.refused import Refused
from domain import draw
from domain.forfeits import WithdrawalRule

DEFAULT_ZONE = "Europe/Istanbul"

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


class Parser(argparse.ArgumentParser):
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
    root = Parser(prog="turnuva", description="Turnuva Botu: fikstür, puan durumu, öneri.")
    sub = root.add_subparsers(dest="command", required=True, parser_class=Parser)

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
