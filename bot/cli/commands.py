"""`main` and the table of subcommands; `db` and `bot`, which import their heavy parts lazily.

Bad input never shows a traceback: `Refused` and every domain error become one Turkish line
on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from bot.cli.advice_command import cmd_oner
from bot.cli.parser import build_parser
from bot.cli.plan_command import cmd_plan
from bot.cli.refused import Refused
from bot.cli.table_command import cmd_puan
from bot.texts.errors import refusal
from domain.errors import DomainError


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
