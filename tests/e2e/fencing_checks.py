"""Two webhook processes on one PostgreSQL database on a bad day (issue 30), end to end:
run by test_e2e_fencing.py in a pytest process of its own (test_e2e_shared.py says why).

- a lease connection cut mid-burst (pg_terminate_backend, as a failover does), in one
  process and in both: nothing doubled, nothing lost, nothing out of order, and no update
  begun twice (the leases live by their heartbeat, not by that connection);
- the process holding a chat SIGSTOPped with updates in hand: the other answers the chat
  within 10 s, and once the stopped one resumes nothing is answered twice;
- /geri_al reaching B 50 ms before the result line typed just before it reaches A: the
  result line is applied first and /geri_al takes it back, saying so (5 rounds);
- 20 lines of a chat posted over A and B with random 0-200 ms delivery skews: every
  answer once, in the order typed (5 rounds).

The processes are A and B behind the round-robin proxy of tests/e2e/cluster.py; every
chat's answers are checked once more after both stopped cleanly.
"""

from __future__ import annotations

import concurrent.futures
import random
import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from client import Chat, Emulator
from cluster import (
    HEADER,
    SECRET,
    TEAMS,
    ChatScript,
    Line,
    Proxy,
    WebhookBot,
    answers,
    check_chat,
    compose,
    fresh_database,
    is_answer,
    script,
    seed,
    sql,
    starts,
    wait_answers,
)
from processes import free_port, running_emulator, show_logs, tail

from bot.runtime.order import WINDOW
from storage.leases import TTL

TRACEBACK = "Traceback"
ROUNDS = 5
TAKEN_OVER = 10.0  # seconds: a stopped holder's chat is answered by the other within this
LOST_LOG = "was taken by another process"
checked: list[ChatScript] = []  # every chat's script, checked again after the stop


@dataclass
class Pair:
    tg: Emulator
    db_url: str
    bots: list[WebhookBot]
    proxy: Proxy


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Pair]:
    home = tmp_path_factory.mktemp("fencing")
    show_logs(__name__, **{"bot A": home / "a.log", "bot B": home / "b.log"})
    with fresh_database() as url, running_emulator(home / "emu.log") as api:
        tg = Emulator(api)
        bots = [WebhookBot(api, url, home / f"{n}.log", free_port()) for n in "ab"]
        proxy = Proxy(bots)
        try:
            launched = [bot.launch() for bot in bots]
            for bot, before in zip(bots, launched, strict=True):
                bot.wait_ready(before)
            yield Pair(tg, url, bots, proxy)
        finally:
            for bot in bots:
                if bot.proc is not None and bot.proc.poll() is None:
                    bot.proc.send_signal(signal.SIGCONT)
                    bot.proc.kill()
                    bot.proc.wait()
            proxy.close()
            HTTP.close()
            tg.close()


HTTP = httpx.Client(timeout=30)  # one pool for every delivery (threads share it)


def post_to(bot: WebhookBot, update: dict[str, Any]) -> None:
    assert bot.webhook_url is not None
    answer = HTTP.post(bot.webhook_url, json=update, headers={HEADER: SECRET})
    assert answer.status_code == 200, (answer.status_code, answer.text)


def typed(tg: Emulator, chat: Chat, line: Line) -> dict[str, Any]:
    update = compose(tg, chat, line.text)
    line.update_id = update["update_id"]
    return update


def holder(pair: Pair, chat: Chat) -> WebhookBot | None:
    """The process whose lease on `chat` is alive (renewed within TTL s), if any."""
    rows = sql(
        pair.db_url,
        "SELECT holder FROM chat_leases WHERE chat_id = :c AND holder IS NOT NULL"
        " AND renewed_at > now() - make_interval(secs => :ttl)",
        c=chat.id,
        ttl=TTL,
    )
    pids = {int(name.rsplit(":", 1)[1]) for (name,) in rows}
    return next((b for b in pair.bots if b.proc is not None and b.proc.pid in pids), None)


def cut_lease_connections(pair: Pair, bots: list[WebhookBot]) -> int:
    """pg_terminate_backend on the lease connections of `bots`; how many were cut."""
    cut = 0
    for bot in bots:
        assert bot.proc is not None
        rows = sql(
            pair.db_url,
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE application_name LIKE 'turnuva-leases %' AND application_name LIKE :p",
            p=f"%:{bot.proc.pid}",
        )
        cut += sum(1 for (done,) in rows if done)
    return cut


def no_tracebacks(pair: Pair) -> None:
    for bot in pair.bots:
        assert TRACEBACK not in bot.output(), tail(bot.log)


@pytest.mark.parametrize("victims", ["one", "both"])
def test_lease_connections_cut_mid_burst_double_and_lose_nothing(pair: Pair, victims: str):
    tg, url = pair.tg, pair.db_url
    chats = [tg.group(f"Kesik {victims} {i}") for i in range(3)]
    seed(url, chats, datetime.now(UTC))
    scripts = [script(chat, 2) for chat in chats]  # ten lines each
    checked.extend(scripts)
    interleaved = [(s.chat, s.lines[i]) for i in range(10) for s in scripts]
    for n, (chat, line) in enumerate(interleaved):
        pair.proxy.post(typed(tg, chat, line))
        if n == len(interleaved) // 2:
            cut = pair.bots[:1] if victims == "one" else pair.bots
            assert cut_lease_connections(pair, cut) == len(cut)

    wait_answers(tg, scripts, timeout=60)
    wrong = {s.chat.title: w for s in scripts if (w := check_chat(tg, s))}
    assert wrong == {}, wrong  # none doubled, none lost, none out of order
    ids = [line.update_id for s in scripts for line in s.lines]
    (begun,) = sql(url, "SELECT max(attempts) FROM inbox WHERE update_id = ANY(:u)", u=ids)[0]
    assert begun == 1  # no process took a chat from another: none was begun twice
    no_tracebacks(pair)


def test_a_stopped_holder_s_chat_is_answered_by_the_other_within_10_s_and_never_twice(
    pair: Pair,
):
    tg, url = pair.tg, pair.db_url
    chat, probe_chat = tg.group("Donan"), tg.group("Uyanan")
    seed(url, [chat, probe_chat], datetime.now(UTC))
    burst = script(chat, 2)
    first, rest = burst.lines[:5], burst.lines[5:]
    asked = Line("Kartallar kaçta?", starts("⚽ Kartallar"))  # the script asks no such
    whole = ChatScript(chat, [*first, asked, *rest])
    checked.append(whole)

    post_to(pair.bots[0], typed(tg, chat, first[0]))
    tg.wait_for(chat, lambda m: first[0].answer(m.text), since=0)
    stopped = holder(pair, chat)
    assert stopped is not None and stopped.proc is not None
    other = next(bot for bot in pair.bots if bot is not stopped)
    for line in first[1:]:  # a burst in its hands
        post_to(stopped, typed(tg, chat, line))
    stopped.proc.send_signal(signal.SIGSTOP)
    try:
        at = time.monotonic()
        post_to(other, typed(tg, chat, asked))
        tg.wait_for(chat, lambda m: asked.answer(m.text), timeout=TAKEN_OVER + 5, since=0)
        took = time.monotonic() - at
        print(f"a stopped holder's chat answered by the other after {took:.1f} s")
        assert took <= TAKEN_OVER
        for line in rest:
            post_to(other, typed(tg, chat, line))
        wait_answers(tg, [whole], timeout=30)
    finally:
        stopped.proc.send_signal(signal.SIGCONT)
    # Awake: its heartbeat finds the chat taken, then it answers another chat (its loop
    # has run on since); nothing it had in hand for the first chat went out.
    stopped.wait_for_log(LOST_LOG, timeout=30)
    probe = Line("Filler kaçta?", starts("⚽ Filler"))
    post_to(stopped, typed(tg, probe_chat, probe))
    tg.wait_for(probe_chat, lambda m: probe.answer(m.text), since=0)
    assert check_chat(tg, whole) == []
    no_tracebacks(pair)


def test_an_undo_that_overtakes_its_result_takes_back_that_result(pair: Pair):
    """Match 1 has 1-0; "h 2-1 a" (update n) and /geri_al (n+1) are typed; n+1 reaches B
    50 ms before n reaches A. /geri_al takes back 2-1 and says so, every round."""
    tg, url = pair.tg, pair.db_url
    chat = tg.group("Geri")
    seed(url, [chat], datetime.now(UTC))
    played = ChatScript(chat)
    checked.append(played)
    a, b = pair.bots
    pairs = iter([(h, x) for i, h in enumerate(TEAMS) for x in TEAMS[i + 1 :]])
    for _ in range(ROUNDS):
        (h1, a1), (h2, a2) = next(pairs), next(pairs)
        kept = Line(f"{h1} 1-0 {a1}", starts("✅ Kaydedildi"))
        post_to(a, typed(tg, chat, kept))
        tg.wait_for_many(chat, is_answer, len(played.lines) + 1, since=0)
        result = Line(f"{h2} 2-1 {a2}", starts("✅ Kaydedildi"))
        undo = Line("/geri_al", lambda text, h2=h2, a2=a2: _takes_back(text, h2, a2))
        undo.answer.__doc__ = f"↩️ Geri alındı: {h2} 2-1 {a2}"
        late, early = typed(tg, chat, result), typed(tg, chat, undo)
        post_to(b, early)
        time.sleep(0.05)  # the delivery skew of the scenario, not a wait for anything
        post_to(a, late)
        played.lines += [kept, result, undo]
        wait_answers(tg, [played], timeout=30)
        assert check_chat(tg, played) == []
    results = results_of(url, chat)
    assert results == ROUNDS  # each round's 1-0 kept, its 2-1 taken back
    no_tracebacks(pair)


def results_of(url: str, chat: Chat) -> int:
    """The results stored for the chat's tournament."""
    (count,) = sql(
        url,
        "SELECT count(*) FROM results r JOIN matches m ON m.id = r.match_id"
        " JOIN tournaments t ON t.id = m.tournament_id WHERE t.chat_id = :c",
        c=chat.id,
    )[0]
    return count


def test_a_result_line_later_than_the_window_is_refused_with_the_reason(pair: Pair):
    """/geri_al (n+1) is applied before the result line typed before it (n) arrives at
    all: it says what it took back, and n, arriving after it, is not applied silently out
    of order but refused, with the reason."""
    tg, url = pair.tg, pair.db_url
    chat = tg.group("Geç")
    seed(url, [chat], datetime.now(UTC))
    a, b = pair.bots
    kept = Line("Aslanlar 1-0 Boğalar", starts("✅ Kaydedildi"))
    post_to(a, typed(tg, chat, kept))
    tg.wait_for(chat, "✅ Kaydedildi", since=0)
    late = typed(tg, chat, Line("Ceylanlar 2-1 Doğanlar", starts("✅")))
    post_to(b, typed(tg, chat, Line("/geri_al", starts("↩️"))))
    took = tg.wait_for(chat, "↩️ Geri alındı", since=0)
    assert took.text.startswith("↩️ Geri alındı: Aslanlar 1-0 Boğalar")  # what it took back
    post_to(a, late)
    refused = tg.wait_for(chat, "geç ulaştı", since=0)
    assert "uygulanmadı" in refused.text
    results = results_of(url, chat)
    assert results == 0
    no_tracebacks(pair)


def _takes_back(text: str, home: str, away: str) -> bool:
    return text.startswith(
        (f"↩️ Geri alındı: {home} 2-1 {away} (", f"↩️ Geri alındı: {away} 1-2 {home} (")
    )


def test_twenty_lines_skewed_over_both_processes_are_answered_once_in_typed_order(pair: Pair):
    tg, url = pair.tg, pair.db_url
    chats = [tg.group(f"Kayma {n}") for n in range(ROUNDS)]
    seed(url, chats, datetime.now(UTC))
    shuffled = 0
    ids: list[int] = []
    for chat in chats:  # a round each
        lines = script(chat, 4)  # 20 lines
        checked.append(lines)
        updates = [typed(tg, chat, line) for line in lines.lines]
        ids += [update["update_id"] for update in updates]
        skews = [n * 0.02 + random.uniform(0, 0.2) for n in range(len(updates))]
        shuffled += sum(
            1 for n in range(len(skews)) for m in range(n) if skews[m] > skews[n]
        )  # pairs delivered out of typed order
        with concurrent.futures.ThreadPoolExecutor(len(updates)) as deliver:
            started = time.monotonic()
            for update, skew in zip(updates, skews, strict=True):
                bot = random.choice(pair.bots)
                deliver.submit(_post_at, bot, update, started + skew)
        wait_answers(tg, [lines], timeout=30)
        assert check_chat(tg, lines) == [], chat.title  # once each, in the order typed
    print(f"{shuffled} pairs of lines delivered out of typed order; window {WINDOW} s")
    assert shuffled > 0
    begun = "SELECT max(attempts) FROM inbox WHERE update_id = ANY(:u)"
    assert sql(url, begun, u=ids)[0][0] == 1  # none begun twice
    no_tracebacks(pair)


def _post_at(bot: WebhookBot, update: dict[str, Any], at: float) -> None:
    time.sleep(max(0.0, at - time.monotonic()))  # the delivery's skew
    post_to(bot, update)


def test_after_both_stop_every_chat_still_has_each_answer_once(pair: Pair):
    for bot in pair.bots:
        assert bot.stop() == 0, tail(bot.log)
    wrong = {s.chat.title: w for s in checked if (w := check_chat(pair.tg, s))}
    assert wrong == {}, wrong
    for s in checked:
        assert len(answers(pair.tg, s.chat)) == len(s.lines)
