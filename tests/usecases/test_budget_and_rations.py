"""One member cannot spend a group's replies (bot/runtime/budget.py, bot/handlers/budget.py),
and a rationed picture waits for its turn instead of being refused (bot/runtime/rations.py)."""

from __future__ import annotations

import asyncio
import itertools
from collections import Counter

from bot.handlers.budget import foldable
from bot.runtime.budget import BURST, GROUP_RATE, PACE, Budget, Verdict
from bot.runtime.chats import PerChatRateLimiter
from bot.runtime.rations import Rations

GROUP, MEMBER, OTHER = -100, 7, 8


class Ticks:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_gets_five_answers_then_one_notice_then_silence():
    ticks = Ticks()
    budget = Budget(clock=ticks)
    verdicts = [budget.take(GROUP, MEMBER, at=ticks.now + n / 50) for n in range(25)]  # 0.5 s
    assert verdicts[:BURST] == [Verdict.ANSWER] * BURST
    assert verdicts[BURST] is Verdict.NOTICE and set(verdicts[BURST + 1 :]) == {Verdict.FOLD}
    assert budget.take(GROUP, OTHER) is Verdict.ANSWER  # another member is not charged
    assert budget.take(-200, MEMBER) is Verdict.ANSWER  # nor the member in another group


def test_at_typing_pace_every_question_is_answered():
    ticks = Ticks()
    budget = Budget(clock=ticks)
    for gap in (2.5, 4.0, 6.0):  # a question every few seconds: 8 within the minute
        group = -int(gap * 10)
        asked = [budget.take(group, MEMBER, at=ticks.now + n * gap) for n in range(8)]
        assert asked == [Verdict.ANSWER] * 8, gap
    steady = [budget.take(GROUP, MEMBER, at=ticks.now + n * PACE) for n in range(100)]
    assert set(steady) == {Verdict.ANSWER}  # one every PACE s: answered for ten minutes


def test_after_a_burst_the_next_question_typed_a_moment_later_is_answered():
    ticks = Ticks()
    budget = Budget(clock=ticks)
    burst = [budget.take(GROUP, MEMBER, at=ticks.now) for _ in range(10)]
    assert burst.count(Verdict.ANSWER) == BURST
    assert budget.take(GROUP, MEMBER, at=ticks.now + 1) is Verdict.FOLD  # still the burst
    assert budget.take(GROUP, MEMBER, at=ticks.now + PACE) is Verdict.ANSWER  # a person's pace


def test_the_time_is_when_a_message_was_typed_not_when_it_is_handled():
    ticks = Ticks()
    budget = Budget(clock=ticks)
    ticks.now += 600  # handled ten minutes late (a backlog, a restart)...
    typed = [budget.take(GROUP, MEMBER, at=1000.0 + n * 4) for n in range(8)]
    assert typed == [Verdict.ANSWER] * 8  # ...typed at a person's pace: all answered
    late = [budget.take(GROUP, OTHER, at=1000.0) for _ in range(8)]
    assert late.count(Verdict.ANSWER) == BURST  # typed in one burst: folded, however late
    assert budget.take(GROUP, MEMBER, at=900.0) is Verdict.ANSWER  # an older one refills nothing


def test_a_flooding_member_is_told_at_most_once_a_minute():
    ticks = Ticks()
    budget = Budget(clock=ticks)
    verdicts = [budget.take(GROUP, MEMBER, at=ticks.now + n) for n in range(180)]  # 1 a second
    notices = [n for n, v in enumerate(verdicts) if v is Verdict.NOTICE]
    assert len(notices) == 3 and all(b - a >= 60 for a, b in itertools.pairwise(notices))
    answered = verdicts.count(Verdict.ANSWER)
    assert BURST + 180 / PACE - 1 <= answered <= BURST + 180 / PACE  # his own pace, no more


def test_members_asking_at_once_share_the_groups_twenty_a_minute():
    ticks = Ticks()
    budget = Budget(clock=ticks)
    members = range(1, 5)  # four members, each asking twice a second for five minutes
    answered: Counter[tuple[int, int]] = Counter()  # (member, minute) -> answers
    for half in range(600):
        for member in members:
            if budget.take(GROUP, member, at=ticks.now + half / 2) is Verdict.ANSWER:
                answered[member, half // 120] += 1
    for minute in range(1, 5):  # past the first minute's bursts
        per_member = [answered[m, minute] for m in members]
        assert sum(per_member) <= GROUP_RATE + 1, per_member  # within Telegram's limit...
        assert max(per_member) - min(per_member) <= 1, per_member  # ...shared evenly
    assert budget.askers(GROUP, ticks.now + 300) == 4
    alone = [budget.take(GROUP, 9, at=ticks.now + 300 + n * 12) for n in range(8)]
    assert alone == [Verdict.ANSWER] * 8  # a newcomer's question every 12 s, in that crowd
    assert budget.askers(GROUP, ticks.now + 1000) == 0  # a quiet minute: nobody shares


def test_a_member_who_reads_each_answer_before_asking_again_is_never_folded():
    ticks = Ticks()
    budget = Budget(clock=ticks)
    message = 10
    for _ in range(30):  # thirty questions in the same second, each after its answer
        assert budget.take(GROUP, MEMBER, at=ticks.now, message_id=message) is Verdict.ANSWER
        budget.sent(GROUP, message + 1)  # the answer, the chat's next message
        budget.handled(GROUP, MEMBER)
        message += 2  # his next question comes after it
    typed_together = [budget.take(GROUP, MEMBER, at=ticks.now, message_id=message + n)
                      for n in range(4)]  # fmt: skip
    assert typed_together[0] is Verdict.ANSWER  # typed after the last answer...
    assert Verdict.ANSWER not in typed_together[1:]  # ...the rest before it: a burst, folded


def test_a_flood_typed_before_its_first_answer_is_folded_however_the_answers_interleave():
    ticks = Ticks()
    budget = Budget(clock=ticks)
    verdicts = []
    for n in range(25):  # messages 100..124, typed before any answer (ids 125 and up)
        verdicts.append(budget.take(GROUP, MEMBER, at=ticks.now, message_id=100 + n))
        if verdicts[-1] is not Verdict.FOLD:
            budget.sent(GROUP, 125 + n)
        budget.handled(GROUP, MEMBER)
    assert verdicts.count(Verdict.ANSWER) == BURST and verdicts.count(Verdict.NOTICE) == 1
    other_asks = budget.take(GROUP, OTHER, at=ticks.now, message_id=200)
    assert other_asks is Verdict.ANSWER  # another member's bucket is his own


def test_two_members_at_typing_pace_are_both_answered():
    ticks = Ticks()
    budget = Budget(clock=ticks)
    verdicts = [budget.take(GROUP, member, at=ticks.now + n * 6.0)
                for n in range(100) for member in (MEMBER, OTHER)]  # fmt: skip
    assert set(verdicts) == {Verdict.ANSWER}  # each one every 6 s: the group's 20 a minute


def test_what_may_be_folded_is_a_question_or_a_read_never_a_result_or_a_change():
    for text in ("/fikstur", "/puan metin", "/yardim", "/fikstur@TurnuvaBot yarın",
                 "ne zaman oynuyoruz?", "puan durumu"):  # fmt: skip
        assert foldable(text, "TurnuvaBot"), text
    for text in ("Kartallar 3-1 Şahinler", "/sonuc Kartallar 3-1 Şahinler", "/gecikme 15",
                 "/geri_al", "/fikstur@BaskaBot", "merhaba", "Kartallar gelmedi", ""):  # fmt: skip
        assert not foldable(text, "TurnuvaBot"), text


def test_the_players_tables_and_a_squad_shown_are_reads_a_squad_list_never_is():
    for text in ("/goller", "/kartlar", "/fairplay@TurnuvaBot", "/kadro A1", "/kadro",
                 "/kadro@TurnuvaBot Kartallar"):  # fmt: skip
        assert foldable(text, "TurnuvaBot"), text
    for text in ("/kadro A1: Ali, Veli", "/kadro A1\nAli Yılmaz\nVeli", "/kadro\nA1: Ali",
                 "/kadro@TurnuvaBot A1: Ali", "/kadro_sil A1 Ali", "/gol 7 Ali",
                 "/kart 7 Veli sarı", "/ceza Ali 2", "/gol_sil 7 Ali",
                 "/kadro@BaskaBot A1"):  # fmt: skip
        assert not foldable(text, "TurnuvaBot"), text


async def test_a_second_picture_is_sent_when_its_turn_comes_and_a_repeat_is_not_queued():
    ticks = Ticks()
    rations = Rations(every=0.2, clock=ticks)
    sent: list[str] = []

    def job(key: str):
        async def run() -> None:
            rations.keep(MEMBER, GROUP, "fikstur", key, key)
            sent.append(key)

        return run

    assert rations.ask(MEMBER, GROUP, "fikstur", "yarın").render
    await job("yarın")()
    assert rations.ask(MEMBER, GROUP, "fikstur", "yarın").cached == "yarın"  # a repeat: at once
    verdict = rations.ask(MEMBER, GROUP, "fikstur", "a grubu")
    assert not verdict.render and verdict.cached is None and verdict.wait > 0
    assert rations.later(MEMBER, GROUP, "fikstur", "a grubu", job("a grubu"))
    assert not rations.later(MEMBER, GROUP, "fikstur", "a grubu", job("a grubu"))  # coalesced
    assert not rations.ask(MEMBER, GROUP, "fikstur", "b grubu").render  # behind the queue
    assert rations.later(MEMBER, GROUP, "fikstur", "b grubu", job("b grubu"))
    ticks.now += 0.2  # the window passes on the rations' clock...
    async with asyncio.timeout(5):
        while rations.waiting or len(sent) < 3:  # ...and each turn comes in order
            await asyncio.sleep(0.01)
            ticks.now += 0.2
    assert sent == ["yarın", "a grubu", "b grubu"]
    await rations.close()


async def test_stopping_drops_what_waits_for_its_turn():
    rations = Rations(every=60)
    rations.keep(MEMBER, GROUP, "puan", "A", b"png")

    async def never() -> None:
        raise AssertionError("sent after the stop")

    assert rations.later(MEMBER, GROUP, "puan", "B", never)
    await rations.close()
    assert rations.waiting == 0


async def test_the_rate_limiter_tells_the_budget_what_it_sent_into_a_group():
    budget = Budget()
    limiter = PerChatRateLimiter(on_sent=budget.sent)
    await limiter.initialize()

    async def send(chat_id: int, message_id: int) -> dict[str, object]:
        return {"message_id": message_id, "chat": {"id": chat_id}, "text": "Cevap"}

    for chat_id, message_id in ((GROUP, 41), (GROUP, 40), (MEMBER, 99)):  # 99: a private chat
        data = {"chat_id": chat_id, "text": "Cevap"}
        await limiter.process_request(send, (chat_id, message_id), {}, "sendMessage", data, None)
    await limiter.shutdown()
    burst = [budget.take(GROUP, MEMBER, message_id=30 + n) for n in range(BURST)]
    assert burst == [Verdict.ANSWER] * BURST  # his bucket is empty now
    budget.handled(GROUP, MEMBER)  # his answer is out: the bot's last message there is 41
    assert budget.take(GROUP, MEMBER, message_id=42) is Verdict.ANSWER  # typed after it
