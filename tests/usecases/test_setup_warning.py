"""The ⚠ lines before [Oluştur]: a plan in the past, past midnight or over 12 hours, with
formats that fit a day (domain.advice) or a season league over weeks; and the guided
set-up's format hint, searched by the same advice."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from bot.runtime import offload
from bot.texts.setup import warning
from bot.usecases import drafts, planning

IST = ZoneInfo("Europe/Istanbul")


def answers(teams: int, kickoff: datetime, fmt: str = "league", pitches: int = 1) -> dict:
    return {
        "name": "Deneme",
        "teams": [f"Takım {i}" for i in range(1, teams + 1)],
        "pitches": pitches,
        "format": fmt,
        "groups": 1,
        "kickoff": kickoff.isoformat(),
        "match": 25,
        "changeover": 5,
        "third": False,
        "tiebreak": "tff",
    }


def warned(data: dict, now: datetime) -> drafts.PlanWarning | None:
    _, built = drafts.build(drafts.spec_of(data))
    return drafts.plan_warning(data, built, now, IST)


def test_an_evening_of_four_teams_needs_no_warning():
    kickoff = datetime(2026, 12, 6, 20, 0, tzinfo=IST)
    assert warned(answers(4, kickoff), kickoff - timedelta(days=1)) is None


def test_a_summary_shown_after_its_kick_off_warns_that_it_is_in_the_past():
    kickoff = datetime(2026, 12, 6, 20, 0, tzinfo=IST)
    found = warned(answers(4, kickoff), kickoff + timedelta(minutes=5))
    assert found is not None and found.past and not found.long
    assert warning(found).startswith("⚠ İlk maç geçmişte")


def test_a_league_of_sixteen_on_one_pitch_is_warned_with_formats_that_fit():
    kickoff = datetime(2026, 12, 6, 9, 0, tzinfo=IST)
    found = warned(answers(16, kickoff), kickoff - timedelta(days=1))
    assert found is not None and found.long and found.midnight
    line = warning(found)
    assert line.startswith("⚠ Bu program gece yarısını geçiyor")
    assert "• Öneri:" in line and all(c.fits for c in found.alternatives)


async def test_the_summary_searches_the_formats_in_a_worker_and_finds_the_same():
    kickoff = datetime(2026, 12, 6, 9, 0, tzinfo=IST)
    data, now = answers(16, kickoff), kickoff - timedelta(days=1)
    _, built = drafts.build(drafts.spec_of(data))
    found = await planning.warning_off_loop(data, built, now, IST)
    assert found == drafts.plan_warning(data, built, now, IST)
    assert found is not None and found.searched and found.alternatives


async def test_formats_not_found_within_the_budget_leave_the_warning_with_a_short_note(
    monkeypatch,
):
    kickoff = datetime(2026, 12, 6, 9, 0, tzinfo=IST)
    data, now = answers(16, kickoff), kickoff - timedelta(days=1)
    _, built = drafts.build(drafts.spec_of(data))
    monkeypatch.setattr(offload, "ADVICE_BUDGET", 0.01)  # not even a worker starts in time
    found = await planning.warning_off_loop(data, built, now, IST)
    assert found is not None and found.long and not found.searched
    assert not found.alternatives and found.season is None
    line = warning(found)
    assert line.startswith("⚠ Bu program gece yarısını geçiyor")
    assert "• Tek güne sığan bir biçim aranırken süre doldu." in line
    assert "Saha ekleyin ya da maçları kısaltın" not in line  # "none fit" is not known


def test_the_format_hint_is_the_best_format_and_none_where_advice_refuses():
    assert drafts.format_hint(4, 1) is not None
    # 17+ teams: a knockout larger than a bracket holds makes domain.advice refuse.
    assert drafts.format_hint(20, 2) is None


def teardown_module() -> None:
    offload.shutdown()
