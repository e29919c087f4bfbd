"""The one HTTP server's routes: Telegram's webhook and the public pages.

Starlette (a small ASGI toolkit: routing, requests, static files) served by uvicorn is the
shape python-telegram-bot's own custom-webhook example uses; pages are Jinja2 templates
rendered on the server from the snapshot cache (bot.web.site), with a little JavaScript
(static/live.js) that long-polls the revision and swaps the page's main part.

    /t/<token>                    the tournament's page (?parca=1: its main part only)
    /t/<token>/takim/<team>       a team's page
    /t/<token>/surum?since=<rev>  the revision; waits up to LONG_POLL s while it is `since`
    /t/<token>/takvim.ics         the calendar subscription (webcal://), whole tournament
    /t/<token>/takvim/<team>.ics  one team's
    /static/...                   CSS and JS
    POST <webhook path>           Telegram's updates, only with the secret header

With a Guard (bot.web.guard, as the bot's server runs it) requests are counted per visitor
address (429 beyond the rate) and long polls are capped (503 beyond).
"""

from __future__ import annotations

import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from bot.render import calendar
from bot.runtime.logs import Tally, describe, failure_kind
from bot.web import players_view, updates, view
from bot.web.guard import BUSY_HEADERS, BUSY_TEXT, Guard, Middleware, address
from bot.web.site import Entry, Site
from storage.errors import unavailable

log = logging.getLogger(__name__)
refusals = Tally(log)  # refused webhook POSTs: one line a minute per kind, with a count
HERE = Path(__file__).parent
LONG_POLL = 25.0  # seconds a /surum request waits for a change before it answers anyway
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
PAGE_HEADERS = {
    "Cache-Control": "no-cache",
    "X-Robots-Tag": "noindex, nofollow",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:",
}


@dataclass(frozen=True)
class Webhook:
    """Where Telegram posts updates, the secret it must send, and what takes an update."""

    path: str
    secret: str
    put: Callable[[object], Awaitable[None]]


_templates = Environment(
    loader=FileSystemLoader(HERE / "templates"),
    autoescape=select_autoescape(["html"]),
    trim_blocks=True,
    lstrip_blocks=True,
)
# A team's name as one path segment ("A/B" too): Jinja's own urlencode keeps "/".
_templates.filters["segment"] = lambda value: quote(str(value), safe="")


def _minute(site: Site) -> tuple[int, ...]:
    now = site.clock()
    return (now.year, now.month, now.day, now.hour, now.minute)


def _page(site: Site, entry: Entry, kind: str, name: str | None, fragment: bool) -> bytes | None:
    """The page's HTML (or main part) for this revision and minute, rendered once; None for
    a team the tournament does not have (never cached: a visitor chooses the names)."""
    home = f"/t/{entry.token}"
    if kind == "team" and (name or "") not in entry.snap.teams:
        return None

    def make() -> tuple[bytes, bytes] | None:
        now: datetime = site.clock()
        if kind == "team":
            found = view.team(entry.snap, name or "", now)
            if found is None:
                return None
            main = _templates.get_template("team.html").render(
                v=found,
                squad=players_view.squad(entry.snap, found.name),
                home=home,
                calendar=site.calendar_url(entry.token, found.name),
            )
            title = f"{found.name} · {found.tournament}"
        else:
            shown = view.tournament(entry.snap, now)
            main = _templates.get_template("tournament.html").render(
                v=shown,
                p=players_view.players(entry.snap),
                home=home,
                calendar=site.calendar_url(entry.token),
                columns=view.COLUMNS,
            )
            title = shown.name
        whole = _templates.get_template("base.html").render(
            title=title,
            main=Markup(main),
            revision=entry.revision,
            revision_url=f"{home}/surum",
        )
        return main.encode(), whole.encode()  # encoded once per revision and minute

    made = entry.cached((kind, name), _minute(site), make)
    if made is None:
        return None
    return made[0] if fragment else made[1]


def _missing() -> HTMLResponse:
    body = _templates.get_template("missing.html").render()
    return HTMLResponse(body, status_code=404, headers=PAGE_HEADERS)


def make_app(
    site: Site, webhook: Webhook | None = None, guard: Guard | None = None
) -> Starlette | Middleware:
    async def tournament_page(request: Request) -> Response:
        entry = await site.entry(request.path_params["token"])
        if entry is None:
            return _missing()
        fragment = request.query_params.get("parca") == "1"
        return HTMLResponse(_page(site, entry, "tournament", None, fragment), headers=PAGE_HEADERS)

    async def team_page(request: Request) -> Response:
        entry = await site.entry(request.path_params["token"])
        if entry is None:
            return _missing()
        name = request.path_params["team"]  # decoded already (the ASGI path is)
        body = _page(site, entry, "team", name, request.query_params.get("parca") == "1")
        if body is None:
            return _missing()
        return HTMLResponse(body, headers=PAGE_HEADERS)

    async def revision(request: Request) -> Response:
        entry = await site.entry(request.path_params["token"])
        if entry is None:
            return JSONResponse({"error": "not found"}, status_code=404)
        since = request.query_params.get("since")
        if since is not None:
            with contextlib.ExitStack() as held:
                if guard is not None and not held.enter_context(
                    guard.long_poll(address(request.scope))
                ):
                    return PlainTextResponse(BUSY_TEXT, 503, BUSY_HEADERS)
                entry = await site.wait(entry, since, LONG_POLL)
            if not site.alive(entry):  # retired meanwhile
                return JSONResponse({"error": "not found"}, status_code=404)
        return JSONResponse({"surum": entry.revision}, headers={"Cache-Control": "no-store"})

    async def calendar_file(request: Request) -> Response:
        entry = await site.entry(request.path_params["token"])
        if entry is None:
            return PlainTextResponse("Bulunamadı", status_code=404)
        team = request.path_params.get("team")
        if team is not None and team not in entry.snap.teams:
            return PlainTextResponse("Bulunamadı", status_code=404)
        body = entry.cached(
            ("ics", team), entry.revision, lambda: calendar.ics(entry.snap, entry.stamp, team)
        )
        return Response(
            body,
            media_type="text/calendar; charset=utf-8",
            headers={"Cache-Control": "no-cache", "Content-Disposition": "inline"},
        )

    async def health(request: Request) -> Response:
        return PlainTextResponse("ok")

    routes: list[Any] = [
        Route("/t/{token}", tournament_page),
        Route("/t/{token}/takim/{team:path}", team_page),
        Route("/t/{token}/surum", revision),
        Route("/t/{token}/takvim.ics", calendar_file),
        Route("/t/{token}/takvim/{team:path}.ics", calendar_file),
        Route("/saglik", health),
        Mount("/static", app=StaticFiles(directory=HERE / "static"), name="static"),
    ]
    if webhook is not None:
        routes.insert(0, Route(webhook.path, _webhook_endpoint(webhook), methods=["POST"]))
    app = Starlette(routes=routes)
    if guard is None:
        return app
    return Middleware(app, guard, exempt=[webhook.path] if webhook else [])


def _webhook_endpoint(hook: Webhook) -> Callable[[Request], Awaitable[Response]]:
    expected = hook.secret.encode()

    async def endpoint(request: Request) -> Response:
        given = request.headers.get(SECRET_HEADER, "").encode()
        if not secrets.compare_digest(given, expected):
            refusals.note("403", "webhook: a POST without the right secret header refused (403)")
            return Response(status_code=403)
        try:
            data = updates.parse(await request.body())  # bounded: never a RecursionError
            await hook.put(data)
        except ValueError as exc:  # not JSON, or not an update this bot can read
            refusals.note("malformed", "webhook: a malformed update was refused (400): %s", exc)
            return Response(status_code=400)
        except Exception as exc:  # the database is locked or full: Telegram sends it again
            if not unavailable(exc):
                raise
            refusals.note(failure_kind(exc), "webhook: update not stored (503): %s", describe(exc))
            return Response(status_code=503)
        return Response()

    return endpoint
