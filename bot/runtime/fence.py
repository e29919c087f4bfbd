"""No reply from a process that lost the chat (several processes, bot/runtime/shared.py).

A process that hung (SIGSTOP, a stalled machine) past its lease's time wakes to find that
another process took the chat and answers it; a reply it had in hand must not go out as
well. Every request to the Bot API passes `FencedRequest`, which asks `may_send` about the
request's chat first: a chat whose lease this process holds is sent to only while the
lease is trusted (renewed recently enough, or renewed now), one it lost is not sent to
at all. Such a request raises `Silenced`; the error handler drops it without a word.
Requests of chats this process never leased (a captain's private notice, a reminder) and
those without a chat pass untouched. With one process `may_send` is None: nothing asked.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextlib import suppress
from typing import Any

from telegram.error import TelegramError
from telegram.request import BaseRequest, RequestData

from storage.leases import Fenced


class Silenced(TelegramError):
    """Not sent: this process lost the chat (another one answers it). A TelegramError, so
    PTB passes it on as it is (not as a NetworkError, which would be tried again)."""


DROPPED = (Fenced, Silenced)  # what the error handler drops without a word


class FencedRequest(BaseRequest):
    """`inner`, asking `may_send(chat_id)` before each request that names a chat."""

    def __init__(self, inner: BaseRequest) -> None:
        self.inner = inner
        self.may_send: Callable[[int], Awaitable[bool]] | None = None

    @property
    def read_timeout(self) -> float | None:
        return self.inner.read_timeout

    async def initialize(self) -> None:
        await self.inner.initialize()

    async def shutdown(self) -> None:
        await self.inner.shutdown()

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> tuple[int, bytes]:
        chat = _chat(request_data)
        if self.may_send is not None and chat is not None and not await self.may_send(chat):
            raise Silenced(f"chat {chat} is another process's now: not sent")
        return await self.inner.do_request(url, method, request_data, *args, **kwargs)


def _chat(request_data: RequestData | None) -> int | None:
    if request_data is None:
        return None
    with suppress(TypeError, ValueError):
        return int(request_data.parameters.get("chat_id"))  # type: ignore[arg-type]
    return None
