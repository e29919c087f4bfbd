"""`main` and the table of subcommands; `db` and `bot`, which import their heavy parts lazily.

Bad input never shows a traceback: `Refused` and every domain error become one Turkish line
on standard error and exit status 2.

Each subcommand's module is imported only when that subcommand runs, and the refusals'
texts only when there is one to word: `turnuva --help` reads the parser alone, without the
planner, the texts or SQLAlchemy (which the texts' storage errors bring in), and `turnuva
puan` does not load the planner.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence

from bot.cli.parser import build_parser
from bot.cli.refused import Refused
from domain.errors import DomainError


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        out = command(args.command)(args)
    except Refused as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except DomainError as exc:
        from bot.texts.errors import refusal

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
    from bot.runtime.settings import Settings

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


COMMANDS = {  # subcommand -> "module:function", imported when it runs
    "plan": "bot.cli.plan_command:cmd_plan",
    "puan": "bot.cli.table_command:cmd_puan",
    "oner": "bot.cli.advice_command:cmd_oner",
    "db": "bot.cli.commands:cmd_db",
    "bot": "bot.cli.commands:cmd_bot",
}


def command(name: str) -> Callable[[argparse.Namespace], str]:
    """The function that runs subcommand `name`, its module imported now."""
    module, _, function = COMMANDS[name].partition(":")
    found: Callable[[argparse.Namespace], str] = getattr(importlib.import_module(module), function)
    return found
