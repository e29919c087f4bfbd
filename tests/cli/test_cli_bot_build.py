"""`turnuva bot` as shipped: the default settings (rate limiter on) and the reminders need
optional extras of python-telegram-bot; a missing one only showed up on a real start. The
webhook is served by bot/web/server.py (starlette), not by the extra's tornado."""

from __future__ import annotations

import importlib

import pytest
from telegram.ext import AIORateLimiter

from bot.app import build
from bot.runtime.settings import Settings


def test_default_settings_build_a_bot_with_telegrams_rate_limiter() -> None:
    app = build(Settings(token="123:ABC"))
    assert isinstance(app.bot.rate_limiter, AIORateLimiter)


@pytest.mark.parametrize("module", ["aiolimiter", "apscheduler"])
def test_rate_limit_and_job_queue_extras_are_installed(module: str) -> None:
    importlib.import_module(module)
