"""Scale benchmark (issue 24): 1, 2 and 3 bot processes on one PostgreSQL database.

The end-to-end tests' topology (tests/e2e/cluster.py): webhook-mode `turnuva bot` processes
against the Bot API emulator, a round-robin "proxy" in front of them, a fresh PostgreSQL
database per run (127.0.0.1:5432, trust). Ten chats, each with an 8-team league, send their
traffic at once, each chat one update after the other as Telegram delivers them (result
lines, /geri_al, questions, /gecikme; tests/e2e/cluster.py `script`), spread over the
processes in turn. Every expected answer is unique in its chat, so the bench counts:

- updates/s: updates sent / (last answer - first POST);
- p50 / p99 answer time: from the update's POST to its answer in the emulator's log;
- order violations: answers that came after the answer to a later update of their chat;
- CPU seconds the bot processes, the emulator and PostgreSQL (every postgres process of
  the machine) used during the traffic: what bounds the throughput;
- lost (never answered) and doubled (answered more than once) updates. With a SIGKILL, a
  reply on its way at the kill may be sent again by the next holder (a few milliseconds'
  window between Telegram taking it and the done mark): counted, not an error.

The last row runs three processes and SIGKILLs one half-way (the proxy then skips it).

Then the takeovers (two processes, A holding a chat's lease): its lease connection cut
(pg_terminate_backend, as a failover does), A SIGSTOPped, A SIGKILLed; each time a question
for the chat is posted to B at once, and the bench prints the seconds from the event to its
answer (by A again after a cut, by B after a stop or a kill: storage/leases.py TTL) and
whether anything was answered twice (a stopped A resumed afterwards and asked again). The
event comes once A's last update is marked done: in the milliseconds between a reply and
its done mark a kill or a stop makes the next holder send that reply again (Telegram
cannot be asked whether a message arrived; docs/deploy.md, "Exactly once").

    .venv/bin/python bench/scale_bench.py [--quick] [--processes 1,2,3] [--no-kill]
        [--no-takeover]

`--quick`: 5 chats of 20 updates instead of 10 of 30.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "e2e")]

import httpx  # noqa: E402
from client import BotMessage, Chat, Emulator  # noqa: E402
from cluster import (  # noqa: E402
    HEADER,
    SECRET,
    ChatScript,
    Proxy,
    WebhookBot,
    compose,
    fresh_database,
    is_answer,
    script,
    seed,
)
from cluster import sql as run_sql  # noqa: E402
from processes import free_port, running_emulator  # noqa: E402
from sqlalchemy import text as sql  # noqa: E402

from bot.runtime import offload  # noqa: E402
from storage.uow import Database  # noqa: E402

ANSWER_TIMEOUT = 120.0  # seconds the bench waits for the last answer


@dataclass
class Row:
    label: str
    updates: int
    seconds: float
    p50: float
    p99: float
    order: int
    lost: int
    doubled: int
    spread: str = ""  # updates handled by each process
    cpu: str = ""  # CPU seconds during the traffic: bots / emulator / PostgreSQL


class Log:
    """The emulator's log as it grows, each event stamped with when this bench saw it."""

    def __init__(self, url: str) -> None:
        self.http = httpx.Client(base_url=url, timeout=30)
        self.seen: list[tuple[float, BotMessage]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._follow, daemon=True)
        self._thread.start()

    def _follow(self) -> None:
        after = self.http.get("/test/log", params={"after": 10**9}).json()["seq"]
        while not self._stop.is_set():
            page = self.http.get("/test/log", params={"after": after, "wait": 500}).json()
            now = time.monotonic()
            for event in page["events"]:
                after = event["seq"]
                self.seen.append((now, BotMessage.from_event(event)))

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        self.http.close()


def _send_chat(
    api: str, proxy: Proxy, chat_script: ChatScript, posted: dict[int, float], lock: threading.Lock
) -> None:
    tg = Emulator(api)
    try:
        for line in chat_script.lines:
            update = compose(tg, chat_script.chat, line.text)
            line.update_id = update["update_id"]
            with lock:
                posted[update["update_id"]] = time.monotonic()
            proxy.post(update)
    finally:
        tg.close()


def run(processes: int, chats: int, blocks: int, kill: bool, home: Path) -> Row:
    with fresh_database() as url, running_emulator(home / "emu.log") as api:
        tg = Emulator(api)
        bots = [WebhookBot(api, url, home / f"bot{i}.log", free_port()) for i in range(processes)]
        proxy = Proxy(bots)
        log: Log | None = None
        try:
            launched = [bot.launch() for bot in bots]
            for bot, before in zip(bots, launched, strict=True):
                bot.wait_ready(before)
            _past_the_warm_up(bots)
            groups = [tg.group(f"Lig {i}") for i in range(chats)]
            seed(url, groups, datetime.now(UTC))
            scripts = [script(chat, blocks) for chat in groups]
            total = sum(len(s.lines) for s in scripts)
            log = Log(api)
            posted: dict[int, float] = {}
            lock = threading.Lock()
            port = api.rsplit(":", 1)[1]
            groups_of = {
                "bots": [bot.proc.pid for bot in bots if bot.proc is not None],
                "emulator": _pids(lambda cmd: "launcher.js" in cmd and port in cmd),
                "postgres": _pids(lambda cmd: cmd.startswith("postgres")),
            }
            cpu_before = {name: _cpu(pids) for name, pids in groups_of.items()}
            started = time.monotonic()
            with ThreadPoolExecutor(max_workers=chats) as pool:
                sends = [pool.submit(_send_chat, api, proxy, s, posted, lock) for s in scripts]
                if kill:
                    while len(posted) < total // 2:
                        time.sleep(0.01)
                    bots[-1].kill()
                for send in sends:
                    send.result()
            _wait_all(log, scripts, started + ANSWER_TIMEOUT)
            row = _measure(
                f"{processes} process{'es' if processes > 1 else ''}"
                + (", one SIGKILLed" if kill else ""),
                scripts,
                log,
                posted,
                started,
            )
            row.spread = "/".join(str(n) for n in _spread(url, bots))
            groups_of["postgres"] = _pids(lambda cmd: cmd.startswith("postgres"))
            row.cpu = "/".join(
                f"{_cpu(pids) - cpu_before[name]:.1f}" for name, pids in groups_of.items()
            )
            return row
        finally:
            if log is not None:
                log.close()
            for bot in bots:
                if bot.alive:
                    bot.stop()
            proxy.close()
            tg.close()


def _pids(wanted: Callable[[str], bool]) -> list[int]:
    """Processes whose command line `wanted` accepts (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
                if wanted(cmd):
                    found.append(int(entry.name))
    return found


def _cpu(pids: list[int]) -> float:
    """CPU seconds (user + system) these processes have used so far (those alive)."""
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def _past_the_warm_up(bots: list[WebhookBot]) -> None:
    """Until each process has started its planning workers (bot/runtime/offload.py starts
    them WARM_AFTER s after start-up, holding the process's loop meanwhile), and 2 s more:
    the traffic then measures the steady state."""
    deadline = time.monotonic() + offload.WARM_AFTER + 30
    for bot in bots:
        assert bot.proc is not None
        children = Path(f"/proc/{bot.proc.pid}/task/{bot.proc.pid}/children")
        while not children.read_text().strip() and time.monotonic() < deadline:
            time.sleep(0.2)
    time.sleep(2.0)


def _spread(url: str, bots: list[WebhookBot]) -> list[int]:
    """How many updates each process took (the inbox's taken_by)."""

    async def read() -> dict[str, int]:
        db = Database.from_url(url)
        try:
            async with db.unit_of_work(read_only=True) as uow:
                rows = await uow.session.execute(
                    sql("SELECT taken_by, count(*) FROM inbox GROUP BY taken_by")
                )
                return {str(name): int(n) for name, n in rows}
        finally:
            await db.dispose()

    taken = asyncio.run(read())
    pids = [str(bot.proc.pid) if bot.proc else "" for bot in bots]
    return [sum(n for name, n in taken.items() if name.endswith(f":{pid}")) for pid in pids]


def _answers_by_chat(log: Log) -> dict[int, list[tuple[float, str]]]:
    found: dict[int, list[tuple[float, str]]] = {}
    for seen_at, message in list(log.seen):
        if is_answer(message):
            found.setdefault(message.chat_id, []).append((seen_at, message.text.splitlines()[0]))
    return found


def _wait_all(log: Log, scripts: list[ChatScript], deadline: float) -> None:
    wanted = {s.chat.id: len(s.lines) for s in scripts}
    while time.monotonic() < deadline:
        got = _answers_by_chat(log)
        if all(len(got.get(chat, [])) >= n for chat, n in wanted.items()):
            time.sleep(1.0)
            return
        time.sleep(0.05)


def _measure(
    label: str, scripts: list[ChatScript], log: Log, posted: dict[int, float], started: float
) -> Row:
    got = _answers_by_chat(log)
    waits: list[float] = []
    order = lost = doubled = 0
    last = started
    for s in scripts:
        answers = got.get(s.chat.id, [])
        latest = -1
        for _, text in answers:
            index = next((i for i, line in enumerate(s.lines) if line.answer(text)), None)
            if index is None:
                continue
            if index < latest:
                order += 1
            latest = max(latest, index)
        for line in s.lines:
            matching = [seen_at for seen_at, text in answers if line.answer(text)]
            if not matching:
                lost += 1
                continue
            doubled += len(matching) > 1
            assert line.update_id is not None
            waits.append(matching[0] - posted[line.update_id])
            last = max(last, matching[0])
    waits.sort()
    total = sum(len(s.lines) for s in scripts)
    p99 = waits[min(len(waits) - 1, int(len(waits) * 0.99))] if waits else float("nan")
    p50 = statistics.median(waits) if waits else float("nan")
    return Row(label, total, last - started, p50, p99, order, lost, doubled)


TAKEOVERS = ("cut connection", "SIGSTOP", "SIGKILL")


def takeovers(home: Path) -> list[tuple[str, float, int]]:
    """(event, seconds from it to the chat's next answer, answers beyond one per question)
    for each of TAKEOVERS, on two processes (the module's note)."""
    found = []
    with fresh_database() as url, running_emulator(home / "emu.log") as api:
        tg = Emulator(api)
        bots = [WebhookBot(api, url, home / f"t{i}.log", free_port()) for i in range(2)]
        http = httpx.Client(timeout=30)
        try:
            launched = [bot.launch() for bot in bots]
            for bot, before in zip(bots, launched, strict=True):
                bot.wait_ready(before)
            chats = [tg.group(f"Devir {n}") for n in range(len(TAKEOVERS))]
            seed(url, chats, datetime.now(UTC))
            for event, chat in zip(TAKEOVERS, chats, strict=True):
                asked = _ask(http, tg, bots[0], chat, "Aslanlar kaçta?")
                tg.wait_for(chat, "⚽ Aslanlar", since=0)
                _until_done(url, asked)  # not in the ms between its reply and its done mark
                a = _holder(url, bots, chat)
                b = next(bot for bot in bots if bot is not a)
                assert a.proc is not None
                at = time.monotonic()
                if event == "cut connection":
                    run_sql(
                        url,
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                        " WHERE application_name LIKE :p",
                        p=f"turnuva-leases %:{a.proc.pid}",
                    )
                elif event == "SIGSTOP":
                    a.proc.send_signal(signal.SIGSTOP)
                else:
                    a.kill()
                _ask(http, tg, b, chat, "Boğalar kaçta?")
                tg.wait_for(chat, "⚽ Boğalar", timeout=60, since=0)
                took = time.monotonic() - at
                if event == "SIGSTOP":
                    a.proc.send_signal(signal.SIGCONT)
                    _ask(http, tg, a, chat, "Ceylanlar kaçta?")  # A is awake again
                    tg.wait_for(chat, "⚽ Ceylanlar", since=0)
                texts = [m.text.splitlines()[0] for m in tg.events(chat) if is_answer(m)]
                if len(texts) != len(set(texts)):
                    print(f"{event}: answered twice: {texts}")
                found.append((event, took, len(texts) - len(set(texts))))
        finally:
            for bot in bots:
                if bot.alive:
                    assert bot.proc is not None
                    bot.proc.send_signal(signal.SIGCONT)
                    bot.stop()
            http.close()
            tg.close()
    return found


def _ask(http: httpx.Client, tg: Emulator, bot: WebhookBot, chat: Chat, text: str) -> int:
    update = compose(tg, chat, text)
    assert bot.webhook_url is not None
    http.post(bot.webhook_url, json=update, headers={HEADER: SECRET}).raise_for_status()
    return int(update["update_id"])


def _holder(url: str, bots: list[WebhookBot], chat: Chat) -> WebhookBot:
    """The process holding the chat's lease ("token/host:pid")."""
    (holder,) = run_sql(url, "SELECT holder FROM chat_leases WHERE chat_id = :c", c=chat.id)[0]
    pid = int(str(holder).rsplit(":", 1)[1])
    return next(bot for bot in bots if bot.proc is not None and bot.proc.pid == pid)


def _until_done(url: str, update_id: int) -> None:
    """Until the update is marked done: a kill between a reply and its mark sends that
    reply again from the next holder (Telegram cannot be asked whether it arrived), which
    is not what the takeover measures."""
    deadline = time.monotonic() + 10
    done = "SELECT done_at IS NOT NULL FROM inbox WHERE update_id = :u"
    while not run_sql(url, done, u=update_id)[0][0] and time.monotonic() < deadline:
        time.sleep(0.02)


def table(rows: list[Row]) -> str:
    head = (
        f"{'processes':<28} {'updates':>7} {'seconds':>8} {'upd/s':>7} {'p50 s':>6} {'p99 s':>6}"
        f" {'order':>6} {'lost':>5} {'double':>6}  handled by each; cpu s bots/emu/pg"
    )
    lines = [head, "-" * len(head)]
    for r in rows:
        lines.append(
            f"{r.label:<28} {r.updates:>7} {r.seconds:>8.1f} {r.updates / r.seconds:>7.1f}"
            f" {r.p50:>6.2f} {r.p99:>6.2f} {r.order:>6} {r.lost:>5} {r.doubled:>6}  {r.spread};"
            f" {r.cpu}"
        )
    return "\n".join(lines)


@contextlib.contextmanager
def _home() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="scale_bench_") as name:
        yield Path(name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--processes", default="1,2,3")
    parser.add_argument("--no-kill", action="store_true")
    parser.add_argument("--no-takeover", action="store_true")
    args = parser.parse_args()
    chats, blocks = (5, 4) if args.quick else (10, 6)
    plans = [(int(n), False) for n in args.processes.split(",")]
    if not args.no_kill:
        plans.append((3, True))
    rows = []
    for processes, kill in plans:
        with _home() as home:
            rows.append(run(processes, chats, blocks, kill, home))
        print(table(rows[-1:]).splitlines()[-1], flush=True)
    print()
    print(table(rows))
    killed = [r for r in rows if "SIGKILL" in r.label]
    if any(r.doubled for r in killed):
        print(
            "doubled with a SIGKILL: the reply on its way at the kill, sent again by the next"
            " holder (Telegram cannot be asked whether it arrived; bot/runtime/replies.py)"
        )
    doubled_after = 0
    if not args.no_takeover:
        with _home() as home:
            found = takeovers(home)
        print()
        print(f"{'takeover after':<16} {'answered in s':>13} {'doubled':>8}")
        for event, took, twice in found:
            print(f"{event:<16} {took:>13.1f} {twice:>8}")
            doubled_after += twice
    if any(r.order or r.lost or (r.doubled and r not in killed) for r in rows) or doubled_after:
        raise SystemExit("order violations, lost or doubled updates")


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        main()
