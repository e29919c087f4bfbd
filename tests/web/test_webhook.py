"""Webhook mode authenticates Telegram (issue 10 item 3): the secret header or a 403, on a
random path unless the webhook URL names one."""

from __future__ import annotations

import json
import logging

import httpx
import pytest
from telegram import Bot

from bot.runtime.settings import Settings
from bot.web import updates
from bot.web.app import SECRET_HEADER, Webhook, make_app
from bot.web.server import webhook_address

UPDATE = {
    "update_id": 5,
    "message": {"message_id": 1, "date": 0, "chat": {"id": 1, "type": "private"}},
}


async def _post(site, headers):
    got = []

    async def put(data):
        got.append(data)

    app = make_app(site, Webhook("/hook", "s3cret", put))
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://bot") as client:
        response = await client.post("/hook", json=UPDATE, headers=headers)
    return response.status_code, got


async def test_a_post_without_the_secret_header_gets_403_and_reaches_nothing(site):
    assert await _post(site, {}) == (403, [])


async def test_a_post_with_a_wrong_secret_gets_403(site):
    assert await _post(site, {SECRET_HEADER: "s3creT"}) == (403, [])


async def test_a_post_with_the_secret_is_handed_on(site):
    assert await _post(site, {SECRET_HEADER: "s3cret"}) == (200, [UPDATE])


def test_a_webhook_url_without_a_path_gets_a_random_one_per_secret():
    settings = Settings(token="1:A", webhook_url="https://bot.example.org")
    url, path = webhook_address(settings, "one")
    assert url == f"https://bot.example.org{path}" and len(path) > 30
    assert webhook_address(settings, "two")[1] != path
    assert webhook_address(settings, "one")[1] == path  # processes sharing a secret agree


def test_a_webhook_url_with_a_path_keeps_it_and_https_needs_no_certificate():
    settings = Settings(token="1:A", webhook_url="https://bot.example.org/tg/hook")
    assert webhook_address(settings, "x") == ("https://bot.example.org/tg/hook", "/tg/hook")
    assert settings.listen == "127.0.0.1"  # plain HTTP behind the operator's proxy


def test_a_secret_telegram_would_refuse_is_refused_at_start_up():
    import pytest

    from bot.web.server import BadSecret, webhook_secret

    with pytest.raises(BadSecret):
        webhook_secret(Settings(token="1:A", webhook_secret="boşluk var"))
    assert webhook_secret(Settings(token="1:A", webhook_secret="ok_1-2")) == "ok_1-2"
    generated = webhook_secret(Settings(token="1:A"))
    assert len(generated) >= 32 and generated != webhook_secret(Settings(token="1:A"))


# Bodies with the secret that are no update this bot can answer (issue 30 item 6): a message
# or membership change without its chat, JSON 100,000 deep, not an object: 400, one log line,
# no traceback. An update of a kind the bot does not handle: 200 (Telegram sends again what
# is not a 2xx), nothing handed on.
USER = {"id": 7, "is_bot": False, "first_name": "A"}
REFUSED = (
    json.dumps({"update_id": 6, "message": {"message_id": 1, "date": 0, "text": "x"}}),
    json.dumps(
        {"update_id": 7, "message": {"message_id": 1, "date": 0, "text": "x", "from": USER}}
    ),
    json.dumps({"update_id": 8, "my_chat_member": {"date": 0, "from": USER}}),
    "[" * 100_000 + "]" * 100_000,
    '{"update_id": 9, "message": ' + "{" * 100_000 + "}" * 100_000 + "}",
    '{"update_id": 10, "message": {"message_id": 1, "date": 0, "chat": {"id": 1, "type": '
    '"private"}, "text": "x", "entities": ' + "[" * 70 + "]" * 70 + "}}",
    "[]",
    '"update"',
    "5",
    "1" * 5000,
)
IGNORED = (
    json.dumps({"update_id": 11}),
    json.dumps({"update_id": 12, "edited_message": {"message_id": 1, "date": 0, "text": "x"}}),
    json.dumps({"update_id": 13, "poll": {"id": "1"}}),
)


@pytest.fixture
def hook():
    bot = Bot("123:ABC")
    got = []

    async def put(data):
        update = updates.read(data, bot)
        if update is not None:
            got.append(update)

    return Webhook("/hook", "s3cret", put), got


@pytest.mark.parametrize("body", REFUSED, ids=lambda b: b[:40])
async def test_a_body_that_is_no_update_gets_400_without_a_traceback(site, hook, body, caplog):
    app = make_app(site, hook[0])
    caplog.set_level(logging.DEBUG)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://b") as c:
        response = await c.post("/hook", content=body, headers={SECRET_HEADER: "s3cret"})
    assert response.status_code == 400 and hook[1] == []
    assert [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR] == []


@pytest.mark.parametrize("body", IGNORED, ids=lambda b: b[:40])
async def test_an_update_of_a_kind_not_handled_gets_200_and_is_not_kept(site, hook, body):
    app = make_app(site, hook[0])
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://b") as c:
        response = await c.post("/hook", content=body, headers={SECRET_HEADER: "s3cret"})
    assert response.status_code == 200 and hook[1] == []


async def test_telegrams_own_update_is_read_whole(site, hook):
    body = json.dumps({**UPDATE, "message": {**UPDATE["message"], "text": "Kartallar 2-1"}})
    app = make_app(site, hook[0])
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://b") as c:
        response = await c.post("/hook", content=body, headers={SECRET_HEADER: "s3cret"})
    assert response.status_code == 200 and hook[1][0].message.text == "Kartallar 2-1"
