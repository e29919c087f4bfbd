"""Test side of the Bot API emulator (tests/e2e/emulator/launcher.js): people talk, the bot answers.

    tg.send(ORGANISER, GROUP, "/yeni_turnuva")
    prompt = tg.wait_for(GROUP, "Turnuvanın adı")
    tg.send(ORGANISER, GROUP, "Bahar Kupası", reply_to=prompt.message_id)
    summary = tg.wait_for(GROUP, lambda m: m.has_button("Oluştur"))
    tg.press(ORGANISER, GROUP, summary.message_id, summary.button("Oluştur"))

Every `send`/`press` moves a mark to the end of the bot's log; `wait_for` then looks only at
what the bot did after that mark (in the chat asked about), so a test reads as a conversation.
Waiting is a bounded loop of long-polls on the emulator, never a fixed sleep.
"""

from __future__ import annotations

import itertools
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import httpx

CONTENT = ("message", "photo", "document", "edit")  # the kinds that carry a text or a caption
HELP = "⚽ Turnuva Botu"  # how the answer to /yardim begins (Emulator.silence)
# Seconds `wait_for` waits by default: for an answer that will come, so generous (a loaded
# machine may take seconds to plan, render or start); a wait that must time out (nothing
# comes) names its own, shorter, timeout.
WAIT = 30.0


@dataclass(frozen=True)
class User:
    id: int
    first_name: str
    username: str | None = None

    def as_json(self) -> dict[str, Any]:
        data = {"id": self.id, "is_bot": False, "first_name": self.first_name}
        if self.username:
            data["username"] = self.username
        return data | {"language_code": "tr"}


@dataclass(frozen=True)
class Chat:
    id: int
    type: str  # "private", "group" or "supergroup"
    title: str | None = None
    first_name: str | None = None  # private chats: the other person
    username: str | None = None

    def as_json(self) -> dict[str, Any]:
        fields = {"title": self.title, "first_name": self.first_name, "username": self.username}
        return {"id": self.id, "type": self.type} | {k: v for k, v in fields.items() if v}


def private(user: User) -> Chat:
    """The private chat between `user` and the bot (its id is the user's id, as on Telegram)."""
    return Chat(user.id, "private", first_name=user.first_name, username=user.username)


ORGANISER = User(1001, "Ayşe", "ayse_organizator")
CAPTAIN_1 = User(1002, "Mehmet", "mehmet_kartallar")
CAPTAIN_2 = User(1003, "Can", "can_sahinler")
BYSTANDER = User(1004, "Zeynep", "zeynep_izleyici")
PROBE = User(1999, "Sonda")  # only used by Emulator.silence()
GROUP = Chat(-1001000000001, "supergroup", title="Halı Saha Pazar")

_group_ids = itertools.count(-1001000000100, -1)


@dataclass(frozen=True)
class BotMessage:
    """One thing the bot did in a chat: a message, photo, document, edit, delete, pin, unpin or
    answer (to a button press). `text` is the text or the caption ('' when there is none)."""

    seq: int
    kind: str
    chat_id: int
    message_id: int | None
    text: str
    buttons: list[list[tuple[str, str]]] = field(default_factory=list)  # (label, callback_data)
    event: dict[str, Any] = field(default_factory=dict, repr=False)  # as the emulator logged it

    @classmethod
    def from_event(cls, event: dict[str, Any]) -> BotMessage:
        msg = event.get("message") or {}
        rows = (msg.get("reply_markup") or {}).get("inline_keyboard", [])
        buttons = [[(b["text"], b.get("callback_data", "")) for b in row] for row in rows]
        text = msg.get("text") or msg.get("caption") or event.get("text") or ""
        return cls(
            event["seq"], event["kind"], event["chat_id"], event["message_id"], text, buttons, event
        )

    @property
    def labels(self) -> list[str]:
        return [label for row in self.buttons for label, _ in row]

    def has_button(self, label: str) -> bool:
        return any(label in text for text in self.labels)

    def button(self, label: str) -> str:
        """The callback data of the button whose label is (or else contains) `label`."""
        pairs = [pair for row in self.buttons for pair in row]
        for wanted in (lambda t: t == label, lambda t: label in t):
            for text, data in pairs:
                if wanted(text):
                    return data
        raise AssertionError(f"no button {label!r} on message {self.message_id}: {self.labels}")

    @property
    def file_name(self) -> str | None:
        return self.event.get("file_name")

    @property
    def pinned(self) -> bool:
        return self.kind == "pin"


Predicate = str | Callable[[BotMessage], bool] | None


def _live_edit(m: BotMessage) -> bool:
    """An edit of the pinned live message: it follows results up to 5 s later (throttled),
    so it can land in the middle of the next test's exchange."""
    return m.kind == "edit" and m.text.startswith("📌")


def _matcher(predicate: Predicate, kinds: Iterable[str]) -> Callable[[BotMessage], bool]:
    """A text or no predicate never matches a live-message edit; a function sees them all."""
    kinds = tuple(kinds)
    if predicate is None:
        return lambda m: m.kind in kinds and not _live_edit(m)
    if isinstance(predicate, str):
        return lambda m: m.kind in kinds and not _live_edit(m) and predicate in m.text
    return lambda m: m.kind in kinds and predicate(m)


class Emulator:
    """HTTP client of the emulator's /test routes."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.http = httpx.Client(base_url=base_url, timeout=30)
        self.mark = self._get("/test/log", after=10**9)["seq"]
        self.last_update_id: int | None = None  # of the last send or press

    def close(self) -> None:
        self.http.close()

    def _get(self, path: str, **params: Any) -> dict[str, Any]:
        return self._check(self.http.get(path, params=params))

    def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        return self._check(self.http.post(path, json=body))

    @staticmethod
    def _check(response: httpx.Response) -> dict[str, Any]:
        if response.status_code != 200:
            raise AssertionError(f"emulator: {response.json().get('description', response.text)}")
        return response.json()

    # -- chats -----------------------------------------------------------------------------

    def configure(
        self,
        chat: Chat,
        admins: Iterable[User] = (),
        owner: User | None = None,
        bot_admin: bool = False,
    ) -> None:
        """Who the chat's administrators are (getChatMember/getChatAdministrators) and whether
        the bot is one of them (it may pin only then)."""
        body: dict[str, Any] = {"chat": chat.as_json(), "admins": [u.as_json() for u in admins]}
        if owner:
            body["owner"] = owner.as_json()
        self._post("/test/chat", body | {"bot_admin": bot_admin})

    def group(
        self,
        title: str = "Halı Saha",
        admins: Iterable[User] = (ORGANISER,),
        bot_admin: bool = False,
    ) -> Chat:
        """A new group nobody has used yet, so a test starts from a clean chat."""
        chat = Chat(next(_group_ids), "supergroup", title=title)
        self.configure(chat, admins=admins, bot_admin=bot_admin)
        return chat

    # -- people talk -----------------------------------------------------------------------

    def send(
        self, user: User, chat: Chat, text: str, reply_to: int | None = None, age: float = 0
    ) -> int:
        """`user` writes `text` in `chat`; a leading /command gets its bot_command entity (without
        it PTB's CommandHandler ignores the message). `age`: it was typed that many seconds
        ago (its date says so; it reaches the bot now). Returns the new message's id."""
        body: dict[str, Any] = {"from": user.as_json(), "chat": chat.as_json(), "text": text}
        if age:
            body["age"] = age
        if text.startswith("/"):
            command = text.split(maxsplit=1)[0]
            length = len(command.encode("utf-16-le")) // 2
            body["entities"] = [{"type": "bot_command", "offset": 0, "length": length}]
        if reply_to is not None:
            body["reply_to"] = reply_to
        result = self._post("/test/message", body)
        self.mark = result["seq"]
        self.last_update_id = result["update_id"]
        return result["message"]["message_id"]

    def press(
        self,
        user: User,
        chat: Chat,
        message_id: int,
        callback_data: str,
        forged: bool = False,
        age: float = 0,
    ) -> str:
        """`user` presses the inline button with `callback_data` under the bot's message; the
        emulator refuses a button that is not there unless `forged` (a modified client sending
        data of its own). `age`: the press was made that many seconds ago (Telegram refuses
        an answer more than 15 s after it). Returns the callback query id."""
        body = {
            "from": user.as_json(),
            "chat_id": chat.id,
            "message_id": message_id,
            "data": callback_data,
            "forged": forged,
            "age": age,
        }
        result = self._post("/test/callback", body)
        self.mark = result["seq"]
        self.last_update_id = result["update_id"]
        return result["callback_id"]

    def outage(self, seconds: float) -> None:
        """The Bot API goes away for `seconds`: the emulator's bot port refuses connections
        (or, without one, every Bot API call answers 502)."""
        self._post("/test/outage", {"seconds": seconds})

    def redeliver(self, update_id: int) -> None:
        """Telegram delivers the update `update_id` once more (as after a lost confirmation)."""
        self._post("/test/redeliver", {"update_id": update_id})

    # -- the bot answers -------------------------------------------------------------------

    def events(self, chat: Chat | None = None, since: int = 0) -> list[BotMessage]:
        """Everything the bot did (in `chat`) after log position `since`, oldest first."""
        params: dict[str, Any] = {"after": since}
        if chat is not None:
            params["chat_id"] = chat.id
        return [BotMessage.from_event(e) for e in self._get("/test/log", **params)["events"]]

    def wait_for(
        self,
        chat: Chat,
        predicate: Predicate = None,
        timeout: float = WAIT,
        since: int | None = None,
        kinds: Iterable[str] = CONTENT,
    ) -> BotMessage:
        """The first thing the bot did in `chat` after the mark (or `since`) that matches:
        `predicate` is a substring of the text/caption or a function of a BotMessage."""
        return self.wait_for_many(chat, predicate, 1, timeout, since, kinds)[0]

    def wait_for_many(
        self,
        chat: Chat,
        predicate: Predicate = None,
        count: int = 1,
        timeout: float = WAIT,
        since: int | None = None,
        kinds: Iterable[str] = CONTENT,
    ) -> list[BotMessage]:
        """The first `count` matches, waiting at most `timeout` seconds for them."""
        matches = _matcher(predicate, kinds)
        start = self.mark if since is None else since
        after, found = start, []
        deadline = time.monotonic() + timeout
        while (remaining := deadline - time.monotonic()) > 0:
            wait_ms = int(min(remaining, 2.0) * 1000)
            page = self._get("/test/log", chat_id=chat.id, after=after, wait=wait_ms)
            for event in page["events"]:
                after = event["seq"]
                message = BotMessage.from_event(event)
                if matches(message):
                    found.append(message)
                    if len(found) == count:
                        return found
        seen = "\n".join(
            f"  [{m.kind} {m.message_id}] {m.text!r}" for m in self.events(chat, start)
        )
        raise AssertionError(
            f"after {timeout:.0f} s: {len(found)} of {count} bot message(s) matching {predicate!r}"
            f" in chat {chat.id}; the bot did:\n{seen or '  nothing'}"
        )

    def silence(self, chat: Chat) -> list[BotMessage]:
        """What the bot did in `chat` since the mark, once it has provably handled everything
        sent before: a probe /yardim in the same chat is answered only after the earlier
        updates of that chat (the bot handles one chat's updates in order; other chats run
        alongside, so a probe elsewhere would prove nothing). The probe's answer is left
        out, and so are live-message edits (timed, not answers). Expect [] for ignored
        messages."""
        start = self.mark
        self.send(PROBE, chat, "/yardim")
        answered = self.wait_for(chat, lambda m: m.kind == "message" and m.text.startswith(HELP))
        return [m for m in self.events(chat, start) if m.seq < answered.seq and not _live_edit(m)]

    def messages(self, chat: Chat) -> list[BotMessage]:
        """The bot's messages in `chat` as they stand now: edits applied, deleted ones gone."""
        current: dict[int, BotMessage] = {}
        for m in self.events(chat):
            if m.kind in CONTENT:
                current[m.message_id] = m
            elif m.kind == "delete":
                current.pop(m.message_id, None)
        return [current[k] for k in sorted(current)]

    def counts(
        self, predicate: Predicate = None, kinds: Iterable[str] = ("message",), since: int = 0
    ) -> Counter[tuple[int, str]]:
        """How often the bot sent each (chat id, text) matching `predicate` after `since`, in
        every chat: a message sent twice (or repeated after a restart) counts 2."""
        matches = _matcher(predicate, kinds)
        return Counter((m.chat_id, m.text) for m in self.events(since=since) if matches(m))

    def pins(self, chat: Chat) -> list[BotMessage]:
        return [m for m in self.events(chat) if m.kind in ("pin", "unpin")]

    def state(self, after: int = 0, wait: float = 0) -> dict[str, Any]:
        """The emulator's view of the bot: `bot` (getMe), `calls` per method, `commands` per
        scope, `pollers` (getUpdates held now), `pending` (unconfirmed updates), `webhooks`
        (the url of every setWebhook, in order), `actions` (every sendChatAction), `version`."""
        return self._get("/test/state", after=after, wait=int(wait * 1000))

    def actions(self, chat: Chat, since: int = 0) -> list[dict[str, Any]]:
        """The chat actions ("upload_photo", "typing", ...) the bot showed in `chat`, each
        with `seq`, the length of the bot's log when it came (a later event has a larger
        seq), those after the log's `since`."""
        found = self.state()["actions"]
        return [a for a in found if a["chat_id"] == chat.id and a["seq"] >= since]

    def commands(self, scope: str = "default/") -> list[str]:
        """The command names the bot registered with setMyCommands (scope/language key)."""
        return [c["command"] for c in self.state()["commands"].get(scope, [])]
