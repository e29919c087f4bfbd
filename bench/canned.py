"""The network of the benches and of the in-process tests (tests/usecases/inprocess.py): a
PTB request object that answers Bot API calls in-process.

A subclass implements `answer(name, params)`: the method's name ("getMe", "sendMessage",
...) and its parameters in, the HTTP status and JSON body out (`ok` and `error` build the
body). Nothing touches the network; there is nothing to open or close.
"""

from __future__ import annotations

import json
from typing import Any

from telegram.request import BaseRequest, RequestData


def ok(result: Any) -> tuple[int, bytes]:
    """A successful answer carrying `result`."""
    return 200, json.dumps({"ok": True, "result": result}).encode()


def error(code: int, description: str, **parameters: Any) -> tuple[int, bytes]:
    """A refusal, as the Bot API words it: `parameters` such as retry_after go along."""
    body: dict[str, Any] = {"ok": False, "error_code": code, "description": description}
    if parameters:
        body["parameters"] = parameters
    return code, json.dumps(body).encode()


class CannedRequest(BaseRequest):
    """Passes each call to `answer(name, params)` instead of sending it."""

    @property
    def read_timeout(self) -> float | None:
        return None

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: Any = None,
        write_timeout: Any = None,
        connect_timeout: Any = None,
        pool_timeout: Any = None,
    ) -> tuple[int, bytes]:
        params = request_data.parameters if request_data is not None else {}
        return self.answer(url.rsplit("/", 1)[-1], params)

    def answer(self, name: str, params: dict[str, Any]) -> tuple[int, bytes]:
        raise NotImplementedError
