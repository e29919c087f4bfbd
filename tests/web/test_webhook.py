"""Webhook mode authenticates Telegram (issue 10 item 3): the secret header or a 403, on a
random path unless the webhook URL names one."""

from __future__ import annotations

import httpx

from bot.runtime.settings import Settings
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
