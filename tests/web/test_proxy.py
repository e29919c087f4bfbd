"""The shipped topology for many visitors (issue 30 item 4): behind compose.yaml's nginx each
visitor is its own X-Forwarded-For, so a hundred visitors' long polls are a hundred visitors,
not one refused past its share; a peer that is not the trusted proxy is itself, whatever
X-Forwarded-For it sends. The server is built as the bot builds it (server.web_config, which
reads FORWARDED_ALLOW_IPS as uvicorn does) and served on a real socket; loopback addresses
stand for the proxy (127.0.0.2) and for a visitor who connects directly (127.0.0.3)."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import re
import socket
from pathlib import Path

import httpx
import uvicorn
import yaml

from bot.web import guard
from bot.web.server import web_config

ROOT = Path(__file__).resolve().parents[2]
PROXY = "127.0.0.2"
DIRECT = "127.0.0.3"


async def _until(condition, seconds: float = 10.0) -> None:
    """A bounded wait for what the server's side of the loop makes true."""
    for _ in range(int(seconds * 100)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("not within the time")


@contextlib.asynccontextmanager
async def _serving(site, limits: guard.Limits):
    config, bounds = web_config(site, None, limits)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        await _until(lambda: server.started)
        yield f"http://127.0.0.1:{sock.getsockname()[1]}", bounds
    finally:
        site.release()  # held long polls answer
        server.should_exit = True
        await task


def _from(local: str) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(
        local_address=local, limits=httpx.Limits(max_connections=300)
    )
    return httpx.AsyncClient(transport=transport, timeout=30)


def _visitor(n: int) -> dict[str, str]:
    """As nginx forwards visitor n: what the visitor wrote itself first, nginx's at the end."""
    return {"X-Forwarded-For": f"203.0.113.7, 198.51.{n // 250}.{n % 250 + 1}"}


async def test_a_hundred_visitors_behind_the_trusted_proxy_are_not_one_visitor(
    site, token, monkeypatch
):
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", PROXY)
    async with _serving(site, guard.Limits()) as (base, bounds), _from(PROXY) as proxy:
        revision = (await proxy.get(f"{base}/t/{token}/surum")).json()["surum"]
        url = f"{base}/t/{token}/surum"
        polls = [
            asyncio.create_task(proxy.get(url, params={"since": revision}, headers=_visitor(n)))
            for n in range(100)
        ]
        await _until(lambda: bounds.polls == 100)  # 100 connections from one peer, all held
        assert bounds.refused == {} and bounds.open >= 100
        site.release()
        answered = await asyncio.gather(*polls)
    assert [r.status_code for r in answered] == [200] * 100


async def test_a_visitor_is_rated_by_its_own_address_behind_the_proxy(site, token, monkeypatch):
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", PROXY)
    limits = guard.Limits(rate=0.01, burst=3.0)
    async with _serving(site, limits) as (base, bounds), _from(PROXY) as proxy:
        page = f"{base}/t/{token}"
        first = [(await proxy.get(page, headers=_visitor(1))).status_code for _ in range(4)]
        assert first == [200, 200, 200, 429]
        # A second visitor through the same proxy has its own share...
        assert (await proxy.get(page, headers=_visitor(2))).status_code == 200
        # ... and the first cannot pose as a new one by writing its own X-Forwarded-For.
        forged = {"X-Forwarded-For": "203.0.113.99, " + _visitor(1)["X-Forwarded-For"]}
        assert (await proxy.get(page, headers=forged)).status_code == 429
    assert bounds.refused["rate"] == 2


async def test_an_untrusted_peers_forwarded_addresses_are_ignored(site, token, monkeypatch):
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", PROXY)
    async with _serving(site, guard.Limits()) as (base, bounds), _from(DIRECT) as direct:
        revision = (await direct.get(f"{base}/t/{token}/surum")).json()["surum"]
        url = f"{base}/t/{token}/surum"
        polls = [
            asyncio.create_task(direct.get(url, params={"since": revision}, headers=_visitor(n)))
            for n in range(40)
        ]
        await _until(lambda: bounds.refused["polls"] == 40 - guard.POLLS_PER_ADDRESS)
        assert bounds.polls == guard.POLLS_PER_ADDRESS  # one visitor, whatever it claims
        site.release()
        codes = sorted(r.status_code for r in await asyncio.gather(*polls))
    assert codes == [200] * guard.POLLS_PER_ADDRESS + [503] * (40 - guard.POLLS_PER_ADDRESS)


def test_trusted_proxies_are_addresses_or_networks_as_uvicorn_reads_them():
    trusted = guard.Trusted(guard.trusted_proxies("10.203.86.10, fd00::/64 ,unix:/run/x"))
    assert "10.203.86.10" in trusted and "fd00::1" in trusted and "unix:/run/x" in trusted
    assert "10.203.86.11" not in trusted and None not in trusted and "" not in trusted
    assert "anything" in guard.Trusted(["*"])


def test_compose_trusts_its_own_nginx_and_nothing_a_visitor_writes():
    """compose.yaml cannot lose its proxy trust: every bot's FORWARDED_ALLOW_IPS names the
    proxy's fixed address (never "*", which believes the visitor's own left-most entry), that
    address lies in the network's subnet outside its dynamic range, and nginx appends the
    peer it saw to X-Forwarded-For."""
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    services = compose["services"]
    proxy_address = ipaddress.ip_address(services["proxy"]["networks"]["default"]["ipv4_address"])
    pool = compose["networks"]["default"]["ipam"]["config"][0]
    assert proxy_address in ipaddress.ip_network(pool["subnet"])
    assert proxy_address not in ipaddress.ip_network(pool["ip_range"])
    bots = [s for name, s in services.items() if re.fullmatch(r"bot\d+", name)]
    assert len(bots) == 3
    for bot in bots:
        setting = str(bot["environment"]["FORWARDED_ALLOW_IPS"])
        assert "*" not in setting
        trusted = guard.Trusted(guard.trusted_proxies(setting))
        assert str(proxy_address) in trusted
        bot_address = next(ipaddress.ip_network(pool["ip_range"]).hosts())
        assert str(bot_address) not in trusted  # a bot or the database is no proxy
    nginx = compose["configs"]["nginx"]["content"]
    assert "proxy_set_header X-Forwarded-For $$proxy_add_x_forwarded_for;" in nginx
