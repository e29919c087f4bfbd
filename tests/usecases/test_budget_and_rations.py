"""One member cannot spend a group's replies (bot/runtime/budget.py, bot/handlers/budget.py),
and a rationed picture waits for its turn instead of being refused (bot/runtime/rations.py)."""

from __future__ import annotations

import asyncio

from bot.handlers.budget import foldable
from bot.runtime.budget import Budget, Verdict
from bot.runtime.rations import Rations

GROUP, MEMBER, OTHER = -100, 7, 8


class Ticks:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_member_gets_five_replies_a_minute_then_one_notice_then_silence():
    ticks = Ticks()
    budget = Budget(clock=ticks)
    verdicts = [budget.take(GROUP, MEMBER) for _ in range(25)]
    assert verdicts[:5] == [Verdict.ANSWER] * 5
    assert verdicts[5] is Verdict.NOTICE and set(verdicts[6:]) == {Verdict.FOLD}
    assert budget.take(GROUP, OTHER) is Verdict.ANSWER  # another member is not charged
    assert budget.take(-200, MEMBER) is Verdict.ANSWER  # nor the member in another group
    ticks.now += 60
    assert budget.take(GROUP, MEMBER) is Verdict.ANSWER  # a minute on: room again...
    assert [budget.take(GROUP, MEMBER) for _ in range(5)][-1] is Verdict.NOTICE  # ...told again


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
