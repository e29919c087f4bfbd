"""Composition root: settings in, a ready Application out, every handler registered here."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime

from sqlalchemy.engine import make_url
from telegram import BotCommand, Update
from telegram.error import InvalidToken, NetworkError
from telegram.ext import (
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    TypeHandler,
    filters,
)
from telegram.request import BaseRequest, HTTPXRequest

from bot import started, web
from bot.handlers import (
    admin,
    budget,
    captains,
    errors,
    files,
    forfeits,
    goal_choices,
    links,
    players,
    questions,
    reminders,
    results,
    schedule,
    setup,
    squads,
    start,
    tournaments,
    views,
    weeks,
)
from bot.reminders.dispatcher import Dispatcher
from bot.reminders.pacing import bot_sender
from bot.reminders.timer import for_queue
from bot.runtime import chats, hygiene, logs, offload, presses, replies, services
from bot.runtime.budget import Budget
from bot.runtime.fence import FencedRequest
from bot.runtime.intake import DurableUpdater, Intake
from bot.runtime.settings import Settings
from bot.texts import welcome
from bot.texts.budget import PRESS_QUEUED
from bot.web import site
from storage import Database, revision
from storage.engine import default_url, sqlite_path

log = logging.getLogger(__name__)

# What the worker processes import before their first plan or picture (bot/runtime/offload.py).
WORKER_IMPORTS = (
    "bot.usecases.drafts",
    "domain.cpsat",  # OR-Tools: domain.planner imports it only where it polishes
    "bot.render.picture",
    "bot.render.bracket",
    "bot.render.printout",
)


def build(
    settings: Settings,
    *,
    request: BaseRequest | None = None,
    clock: Callable[[], datetime] | None = None,
) -> Application:  # type: ignore[type-arg]
    """The bot; `request` and `clock` let benchmarks and tests replace network and time."""
    # Several processes: no reply to a chat this process lost (bot/runtime/fence.py).
    fenced = FencedRequest(request or HTTPXRequest(connection_pool_size=256))  # PTB's own
    builder = ApplicationBuilder().token(settings.token).request(fenced)
    if request is not None:
        builder = builder.get_updates_request(request)
    if settings.api_url:
        base = settings.api_url.rstrip("/")
        builder = builder.base_url(f"{base}/bot").base_file_url(f"{base}/file/bot")
    # A group's 20 a minute: no member spends them alone (bot/runtime/budget.py).
    replies_budget = Budget() if settings.rate_limit else None
    if replies_budget is not None:
        # 30/s overall, 20/min per group; a 429 (RetryAfter) is waited out and retried,
        # which is safe: Telegram did not deliver the message it refused. Every wait holds
        # only the chat it is for (bot/runtime/chats.py). What it sends tells the budget
        # which questions were typed after their answer.
        limiter = chats.PerChatRateLimiter(retries=3, on_sent=replies_budget.sent)
        builder = builder.rate_limiter(limiter)
    base_clock = services.shifted(clock or services.utc_now, settings.clock_offset)
    offload.preload(WORKER_IMPORTS)
    # Chats are independent: updates of different chats at once, of one chat in order
    # (bot/runtime/chats.py); each is stored before Telegram is told it arrived and marked done
    # once handled, so a crash loses none (bot/runtime/intake.py).
    # Webhook mode on PostgreSQL: several processes share the chats (bot/runtime/shared.py).
    webhook = bool(getattr(settings, "webhook_url", None))
    intake = Intake(lambda: services.of(app).db, base_clock, webhook=webhook)
    fenced.may_send = intake.may_send
    # A committed change's reply is kept until sent: sent again when its update is replayed
    # or after a failed send (bot/runtime/replies.py).
    # Several processes: an update is marked done as soon as its reply went out.
    ledger = replies.Ledger(
        lambda: services.of(app).db,
        base_clock,
        _requeue(lambda: app),
        _waiting(lambda: app),
        answered=intake.answered,
    )
    intake.on_replay.append(ledger.replaying)
    intake.on_unstored.append(ledger.unstored)  # the database is locked or full: say so

    async def handled(update: object) -> None:
        found = app.bot_data.get(services.KEY)
        budget.handled(update, found.budget if found is not None else None)  # its answer is out
        verdict = ledger.judge(update)
        if not await intake.finished(update, verdict):  # several processes: the chat's worker
            await ledger.follow(update, verdict)  # marks the reply sent, tries it again

    processor = chats.PerChat(done=handled)
    # A press waiting behind its chat's backlog is answered within Telegram's ~15 s, its
    # effect still in typed order (bot/runtime/presses.py).
    pressed = presses.Presses(lambda query: app.bot.answer_callback_query(query, PRESS_QUEUED))
    intake.on_stored.append(pressed.heard)
    intake.on_stop.append(processor.stop_waiting)  # a backlog must not hold up a stop
    builder = builder.concurrent_updates(processor)

    async def post_init(app: Application) -> None:  # type: ignore[type-arg]
        await revision.bring_up_to_date(settings.db_url)  # Alembic only if there is work
        db = Database.from_url(settings.db_url)
        found = services.Services(db=db, clock=base_clock, handling=intake.handling)
        found.budget = replies_budget
        if db.engine.dialect.name == "sqlite":  # one process: the index stays complete
            async with db.unit_of_work(read_only=True) as uow:
                found.conversations = await uow.setups.keys()
        app.bot_data[services.KEY] = found
        await app.bot.set_my_commands([BotCommand(c, d) for c, d in welcome.COMMANDS])
        if settings.clock_offset:
            log.warning(
                "the clock is shifted by %+.0f s (--clock-offset: tests and rehearsals only)",
                settings.clock_offset,
            )
        # Reminders: the leader fires the stored rows (bot/reminders/, docs/reminders.md).
        found.dispatcher = Dispatcher(
            db,
            found.clock,
            bot_sender(app),
            timer=for_queue(app.job_queue),
            bot_username=app.bot.username,
            reachable=found.reachable,
        )
        found.dispatcher.start()
        if app.job_queue is not None:  # old update ids, abandoned set-ups (bot/runtime/hygiene.py)
            # The planning/rendering worker starts once the bot is up, not on the first
            # plan (and not during start-up, whose CPU it would share).
            app.job_queue.run_once(_warm, when=offload.WARM_AFTER, name="offload:warm")
            app.job_queue.run_repeating(
                _prune, interval=hygiene.EVERY, first=hygiene.EVERY, name="hygiene:prune"
            )
        log.info(
            "bot @%s started: database %s, %s mode",
            app.bot.username,
            _where(settings.db_url),
            "webhook" if getattr(settings, "webhook_url", None) else "polling",
        )
        # The public pages' snapshot cache; bot.web.server serves it (bot/web/site.py).
        pages = app.bot_data[web.KEY] = site.Site(
            db, found.clock, settings.public_base, public=bool(settings.public_url)
        )

        async def nudge(update: Update, context: object) -> None:
            pages.nudge()  # after every update's handlers: open pages show it at once

        app.add_handler(TypeHandler(Update, nudge), group=99)

    async def post_stop(app: Application) -> None:  # type: ignore[type-arg]
        if services.KEY in app.bot_data:  # done marks of the last updates handled
            await intake.close()
            await ledger.close()
            await services.of(app).rations.close()  # pictures still waiting for their turn
            await pressed.close()
        # Before the HTTP client closes: sends under way finish, the lead is released.
        if services.KEY in app.bot_data and services.of(app).dispatcher is not None:
            await services.of(app).dispatcher.close()  # type: ignore[union-attr]

    async def post_shutdown(app: Application) -> None:  # type: ignore[type-arg]
        offload.shutdown()
        if web.KEY in app.bot_data:
            await app.bot_data[web.KEY].close()
        if services.KEY in app.bot_data:
            await post_stop(app)  # idempotent; covers a shutdown without a stop
            await services.of(app).db.dispose()

    app = builder.post_init(post_init).post_stop(post_stop).post_shutdown(post_shutdown).build()
    app.updater = DurableUpdater(app.bot, app.update_queue, intake)
    app.bot_data[INTAKE] = intake
    app.bot_data[replies.KEY] = ledger
    app.bot_data[presses.KEY] = pressed
    register(app)
    return app


INTAKE = "intake"


def _waiting(app: Callable[[], Application]) -> Callable[[int], Awaitable[None]]:  # type: ignore[type-arg]
    """Tells a chat that the bot waits for its database (bot/runtime/replies.py)."""

    async def tell(chat_id: int) -> None:
        await app().bot.send_message(chat_id, welcome.WAITING)

    return tell


def _requeue(app: Callable[[], Application]) -> Callable[[object], None]:  # type: ignore[type-arg]
    """Puts an update back into the application's queue (a reply tried again)."""
    return lambda update: app().update_queue.put_nowait(update)


async def _warm(_context: ContextTypes.DEFAULT_TYPE) -> None:
    await offload.warm()  # in a thread: the loop is not held while the workers start


async def _prune(context: ContextTypes.DEFAULT_TYPE) -> None:
    await hygiene.prune(services.of(context.application))


def _where(url: str | None) -> str:
    """The database for the start-up line: a SQLite file's path, else the URL without
    its password."""
    url = url or default_url()
    path = sqlite_path(url)
    return str(path) if path is not None else make_url(url).render_as_string(hide_password=True)


def register(app: Application) -> None:  # type: ignore[type-arg]
    """Every handler, in one readable block.

    Group -3: a press's turn has come (no early answer now). Group -2: the per-member
    reply budget in groups. Group -1: private senders become reachable. Group 0: commands
    and buttons (last of them a command none of the others took:
    bot.handlers.start.unknown). Group 1: a text answer to a set-up question (it stops the
    update). Group 2: a plain result line. Group 3: a captain's question. Anything else,
    ordinary chat, reaches no handler and gets no answer.
    """
    text = filters.TEXT & ~filters.COMMAND
    app.add_handlers(
        [
            CommandHandler(["start", "yardim", "help"], start.help_),
            CommandHandler("yeni_turnuva", setup.yeni_turnuva),
            CommandHandler("iptal", setup.iptal),
            CommandHandler("sonuc", results.sonuc),
            CommandHandler("kaptan", captains.kaptan),
            CommandHandler("kaptan_sil", captains.kaptan_sil),
            CommandHandler("fikstur", files.fikstur),
            CommandHandler("puan", files.puan),
            CommandHandler("eleme", files.eleme),
            CommandHandler("yazdir", files.yazdir),
            CommandHandler("takvim", files.takvim),
            CommandHandler("disa_aktar", files.disa_aktar),
            CommandHandler("takimlar", views.takimlar),
            CommandHandler("yetkili", admin.yetkili),
            CommandHandler("kura", admin.kura),
            CommandHandler("turnuva_bitir", tournaments.turnuva_bitir),
            CommandHandler("turnuvalar", tournaments.turnuvalar),
            CommandHandler("geri_yukle", tournaments.geri_yukle),
            CommandHandler("ayarlar", admin.ayarlar),
            CommandHandler("gecikme", schedule.gecikme),
            # /ertele: schedule's one-match move, plus "belirsiz" (no date yet) and back.
            CommandHandler("ertele", weeks.ertele),
            CommandHandler("hafta_ertele", weeks.hafta_ertele),
            CommandHandler("playoff", weeks.playoff),
            CommandHandler("hatirlatma", schedule.hatirlatma),
            CommandHandler("baglanti", links.baglanti),
            CallbackQueryHandler(setup.step_button, pattern=r"^su:"),
            CallbackQueryHandler(tournaments.button, pattern=r"^tb:"),
            CallbackQueryHandler(results.fix_button, pattern=r"^fix:"),
            CallbackQueryHandler(results.player_button, pattern=r"^pl:"),
            CallbackQueryHandler(goal_choices.goal_button, pattern=r"^gc:"),
            CallbackQueryHandler(captains.captain_button, pattern=r"^cap:"),
            CallbackQueryHandler(questions.tournament_button, pattern=r"^q:"),
            CallbackQueryHandler(captains.claim_button, pattern=r"^kc:"),
            # /geri_al takes back a result write or a whole withdrawal (/cekil).
            CommandHandler("geri_al", forfeits.geri_al),
            CommandHandler("hukmen", forfeits.hukmen),
            CommandHandler("cekil", forfeits.cekil),
            CommandHandler("takim_adi", admin.takim_adi),
            # Players: squads, scorers and cards, bans and their tables (issue 22).
            CommandHandler("kadro", squads.kadro),
            CommandHandler("kadro_sil", squads.kadro_sil),
            CommandHandler("gol", players.gol),
            CommandHandler("kart", players.kart),
            CommandHandler("gol_sil", players.gol_sil),
            CommandHandler("kart_sil", players.kart_sil),
            CommandHandler("goller", players.goller),
            CommandHandler("kartlar", players.kartlar),
            CommandHandler("fairplay", players.fairplay),
            CommandHandler("ceza", players.ceza),
            CallbackQueryHandler(results.confirm_button, pattern=r"^(ok|no):"),
            CallbackQueryHandler(reminders.headcount_button, pattern=r"^hc:"),
            # After every CommandHandler: a command none of them took ("/fikstür",
            # "/puandurumu", "/x@this_bot"); another bot's is left alone (bot.handlers.start).
            MessageHandler(filters.COMMAND & filters.UpdateType.MESSAGE, start.unknown),
            # Last: a button no pattern above knows (old, forged) gets a toast, no silence.
            CallbackQueryHandler(tournaments.unknown_button),
        ],
        group=0,
    )
    # First: a press's turn has come; then a member's questions past their reply budget
    # are folded before any work.
    app.add_handler(TypeHandler(Update, presses.begin), group=-3)
    app.add_handler(TypeHandler(Update, budget.gate), group=-2)
    # Any private message makes its sender reachable for reminders; it never stops.
    app.add_handler(MessageHandler(filters.ChatType.PRIVATE, reminders.seen), group=-1)
    app.add_handler(MessageHandler(text, setup.step_text), group=1)
    # "Kartallar hükmen" / "Kartallar gelmedi" before the result lines: a forfeit, not a score.
    forfeit_line = filters.Regex(forfeits.PLAIN) & filters.ChatType.GROUPS
    app.add_handler(MessageHandler(text & forfeit_line, forfeits.plain), group=2)
    app.add_handler(MessageHandler(text & filters.ChatType.GROUPS, results.plain), group=2)
    app.add_handler(MessageHandler(text, questions.question), group=3)
    # Several processes: a set-up's answer that no earlier read looked at (bot.handlers.setup).
    app.add_handler(MessageHandler(text, setup.late_text), group=4)
    app.add_error_handler(errors.on_error)


def run(settings: Settings) -> None:
    logs.setup()  # INFO for the bot, WARNING for its libraries (bot/runtime/logs.py)
    # One HTTP server for the webhook (when set) and the public pages (bot/web/server.py);
    # uvicorn, starlette and jinja2 are imported here, when it starts, not by every import
    # of this module (tests, benchmarks and `turnuva --help` only build or describe the app).
    from bot.web import server

    try:
        asyncio.run(server.serve(build(settings), settings))
    except server.BadSecret as exc:  # the webhook secret Telegram would refuse
        log.error("%s", exc)
        raise SystemExit(2) from None
    except InvalidToken as exc:  # one clear line and status 1, not a 231-line traceback
        log.error("Telegram refused the bot token (%s); check --token / TELEGRAM_BOT_TOKEN", exc)
        raise SystemExit(1) from None
    except NetworkError as exc:
        where = settings.api_url or "api.telegram.org"
        log.error(
            "cannot reach the Bot API at %s (%s); is the network up?", where, logs.describe(exc)
        )
        raise SystemExit(1) from None


started()  # the imports are done (bot/__init__.py says why the collector waited for them)
