"""Heavy work off the event loop: a worker process, a time budget, a Turkish refusal."""

from __future__ import annotations

import asyncio
import os
import time

import pytest

from bot.runtime import offload
from bot.texts.errors import refusal


async def test_a_call_runs_in_a_worker_and_the_loop_keeps_ticking():
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    ticker = asyncio.ensure_future(tick())
    try:
        # A busy second of pure Python in the worker; the loop stays free meanwhile.
        assert await offload.run(sum, range(30_000_000), budget=30) == sum(range(30_000_000))
    finally:
        ticker.cancel()
    assert ticks >= 5


async def test_past_its_budget_the_worker_is_stopped_and_the_refusal_is_turkish():
    started = time.monotonic()
    with pytest.raises(offload.TooSlow) as caught:
        await offload.run(time.sleep, 30, budget=1.0, what="plan")
    assert time.monotonic() - started < 5
    text = refusal(caught.value)
    assert "Bu kadar büyük bir plan 1 saniyede bitmedi;" in text
    assert await offload.run(pow, 2, 10, budget=30) == 1024  # a fresh pool serves again


async def test_a_call_past_its_budget_stops_in_its_worker_and_the_calls_behind_it_are_kept():
    # Every worker busy with a call past its budget, one more call waiting behind them: the
    # slow ones stop where they run, and the waiting one is done, not lost with a killed pool.
    slow = [offload.run(time.sleep, 30, budget=1.0) for _ in range(offload.WORKERS)]
    started = time.monotonic()
    done = await asyncio.gather(*slow, offload.run(pow, 2, 10, budget=30), return_exceptions=True)
    assert all(isinstance(r, offload.TooSlow) for r in done[:-1])
    assert done[-1] == 1024
    assert time.monotonic() - started < 1.0 + offload.GRACE


async def test_a_call_that_cannot_be_stopped_in_its_worker_is_killed_after_the_grace():
    # os.system waits for its child in C, where the worker's timer cannot raise.
    started = time.monotonic()
    with pytest.raises(offload.TooSlow):
        await offload.run(os.system, "sleep 8", budget=0.5)
    assert time.monotonic() - started < 0.5 + offload.GRACE + 2
    assert await offload.run(pow, 2, 10, budget=30) == 1024  # a fresh pool serves again


async def test_a_render_in_a_thread_waits_for_its_worker_within_the_budget():
    assert await asyncio.to_thread(offload.in_worker(pow, 3, 4, budget=30)) == 81
    with pytest.raises(offload.TooSlow) as caught:
        await asyncio.to_thread(offload.in_worker(time.sleep, 30, budget=1.0))
    assert "saniyede hazırlanamadı" in refusal(caught.value)


def test_round_robin_matches_are_counted_before_planning():
    assert offload.league_matches(64) == 2016
    assert offload.league_matches(64, 16) == 96
    assert offload.league_matches(10, 3) == 6 + 3 + 3  # groups of 4, 3 and 3
    assert offload.league_matches(22, double=True) == 462


def test_a_plan_past_what_a_chat_can_carry_is_refused_with_a_way_out():
    offload.check_plan(offload.MAX_MATCHES)
    with pytest.raises(offload.PlanTooLarge) as caught:
        offload.check_plan(2016)  # a 64-team league
    assert "2016 maç" in refusal(caught.value) and "16 grup" in refusal(caught.value)


def teardown_module() -> None:
    offload.shutdown()


async def test_warming_the_workers_leaves_the_loop_free(monkeypatch):
    """Starting the workers blocks until each is forked from a forkserver that has
    imported the planner and the renderers (seconds under load): a timer due meanwhile
    fires on time, and the workers serve afterwards."""

    class SlowStart:  # a pool whose submits each spawn a worker, slowly
        def __init__(self) -> None:
            self.submitted = 0

        def submit(self, *_: object) -> None:
            time.sleep(1.0)
            self.submitted += 1

    pool = SlowStart()
    monkeypatch.setattr(offload, "_executor", lambda: pool)
    loop = asyncio.get_running_loop()
    fired: asyncio.Future[float] = loop.create_future()
    asked = loop.time()
    loop.call_later(0.05, lambda: fired.set_result(loop.time()))
    await offload.warm()
    assert pool.submitted == offload.WORKERS
    # Not 1 s per worker later; 0.5 s leaves a loaded machine room to fire a 0.05 s timer.
    assert fired.done() and fired.result() - asked < 0.5
    monkeypatch.undo()

    offload.shutdown()  # the real pool, started by warm in its thread
    await offload.warm()
    assert await offload.run(pow, 2, 10, budget=30) == 1024
