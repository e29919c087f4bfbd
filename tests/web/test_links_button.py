"""The page button: a Mini App only where Telegram takes one (https, private chat), a plain
link in groups, and none while the pages have no public address."""

from __future__ import annotations

from types import SimpleNamespace

from bot import web
from bot.handlers import links
from bot.web.site import Site


def _context(base: str, public: bool = True):
    site = Site(None, lambda: None, base, public=public)  # type: ignore[arg-type]
    return SimpleNamespace(application=SimpleNamespace(bot_data={web.KEY: site}))


def test_https_in_private_opens_a_mini_app():
    found = links.button(_context("https://t.example.org"), "tok", private=True)
    assert found.web_app.url == "https://t.example.org/t/tok" and found.url is None


def test_in_a_group_the_button_is_a_plain_link():
    found = links.button(_context("https://t.example.org"), "tok")
    assert found.url == "https://t.example.org/t/tok" and found.web_app is None
    plain = links.button(_context("http://t.example.org"), "tok", private=True)
    assert plain.url == "http://t.example.org/t/tok"


def test_without_a_public_address_there_is_no_button():
    assert links.button(_context("http://127.0.0.1:8080", public=False), "tok") is None


def test_calendar_addresses_use_webcal_for_the_public_scheme():
    site = _context("https://t.example.org/").application.bot_data[web.KEY]
    assert site.calendar_url("tok") == "webcal://t.example.org/t/tok/takvim.ics"
    assert site.calendar_url("tok", "Şahinler") == (
        "webcal://t.example.org/t/tok/takvim/%C5%9Eahinler.ics"
    )


def test_baglanti_says_when_the_address_works_on_this_machine_only():
    from bot.texts.links import link

    local = link("Bahar Kupası", "http://127.0.0.1:8080/t/tok", local=True)
    assert local.splitlines()[0] == "http://127.0.0.1:8080/t/tok"  # the link first
    assert "--public-url" in local
    public = link("Bahar Kupası", "https://t.example.org/t/tok")
    assert "--public-url" not in public and "/baglanti yenile" in public
