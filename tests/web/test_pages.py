"""The public pages over HTTP, from the stored 8-team day: what they show, the token, the
revision that moves with a result, the calendar whose event moves with a delay."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import quote

from conftest import BEFORE, organiser
from eight_team_day import CHAT, KICKOFF, ORGANISER
from icalendar import Calendar

from bot.usecases import links, match_events, result_messages, results, schedule
from bot.usecases.runner import Actor, run


async def _enter(db, text):
    async with db.unit_of_work() as uow:
        await results.record(uow, results.Record(text), Actor(ORGANISER, CHAT, BEFORE))
        await uow.commit()


async def test_the_page_lists_the_coming_matches_and_both_groups_tables(client, token):
    page = await client.get(f"/t/{token}")
    assert page.status_code == 200
    html = page.text
    assert 'name="viewport" content="width=device-width' in html
    assert "Sıradaki maçlar" in html and "10:00" in html and "Saha 1" in html
    assert "A Grubu" in html and "B Grubu" in html
    assert "Eşitlikte" in html  # the tie-break rule in words
    assert "Yarı final" in html and "A Grubu 1." in html  # the bracket, sides not yet known
    assert f'href="/t/{token}/takim/A1"' in html  # team pages linked by the team's name
    assert str(CHAT) not in html and "Ayşe" not in html


async def test_a_wrong_or_malformed_token_is_a_404(client, token):
    assert (await client.get("/t/" + "x" * 32)).status_code == 404
    assert (await client.get("/t/kisa")).status_code == 404
    wrong = token[:-1] + ("B" if token.endswith("A") else "A")  # one letter off, never the token
    assert (await client.get(f"/t/{wrong}/surum")).status_code == 404
    assert (await client.get("/t/" + "y" * 32 + "/takvim.ics")).status_code == 404


async def test_a_result_changes_the_revision_and_shows_on_the_page(client, site, db, token):
    before = (await client.get(f"/t/{token}/surum")).json()["surum"]
    await _enter(db, "A1 3-1 A4")
    await site.refresh()
    after = (await client.get(f"/t/{token}/surum", params={"since": before})).json()["surum"]
    assert after != before
    part = await client.get(f"/t/{token}", params={"parca": "1"})
    text = part.text.replace(token, "TOKEN")  # a random token may hold "3-1"
    assert "3-1" in text and "<html" not in text


async def test_the_team_page_has_its_matches_place_and_next_opponent(client, token):
    page = await client.get(f"/t/{token}/takim/{quote('A1')}")
    assert page.status_code == 200
    assert "A Grubu 1. sırada" in page.text or "A Grubu" in page.text
    assert "Rakip: <b>A4</b>" in page.text  # 1-4 opens group A
    assert (await client.get(f"/t/{token}/takim/Yok")).status_code == 404


async def test_goals_and_cards_show_the_scorers_fair_play_and_the_squad(client, site, db, token):
    async with db.unit_of_work() as uow:
        message = result_messages.Message("A1 3-1 A4\ngoller: Ali 2, Veli - Mehmet\nsarı: Veli")
        await result_messages.record(uow, message, Actor(ORGANISER, CHAT, BEFORE, 5))
        await uow.commit()
    await site.refresh()
    html = (await client.get(f"/t/{token}")).text.replace(token, "TOKEN")  # may hold "A1"
    scorers = html[html.index('id="goller"') : html.index('id="fairplay"')]
    assert scorers.index("Ali") < scorers.index("Mehmet") < scorers.index("Veli")
    assert "<td>2</td>" in scorers
    fair = html[html.index('id="fairplay"') : html.index('id="fikstur"')]
    assert fair.index("A2") < fair.index("A1")  # no card before one yellow
    assert "en az puan en centilmen" in fair
    team = (await client.get(f"/t/{token}/takim/A1")).text
    squad = team[team.index('id="kadro"') : team.index('id="maclari"')]
    assert "Ali</td><td>2</td><td>0</td><td>0</td>" in squad
    assert "Veli</td><td>1</td><td>1</td><td>0</td>" in squad


async def test_a_goal_entered_on_its_own_moves_the_revision(client, site, db, token):
    await _enter(db, "A1 1-0 A4")
    await site.refresh()
    before = (await client.get(f"/t/{token}/surum")).json()["surum"]
    await run(db, match_events.goals, match_events.Goals("1 Ali"), organiser(update_id=6))
    await site.refresh()
    after = (await client.get(f"/t/{token}/surum")).json()["surum"]
    assert after != before
    assert "Gol krallığı" in (await client.get(f"/t/{token}")).text


async def test_a_new_link_retires_the_old_page_and_calendar(client, site, db, token):
    assert (await client.get(f"/t/{token}")).status_code == 200
    renewed = (await run(db, links.renew, links.Renew(), organiser(update_id=1))).value
    assert renewed.token != token and len(renewed.token) >= 22
    await site.refresh()
    assert (await client.get(f"/t/{token}")).status_code == 404
    assert (await client.get(f"/t/{token}/takvim.ics")).status_code == 404
    assert (await client.get(f"/t/{renewed.token}")).status_code == 200


async def test_the_calendar_event_keeps_its_uid_and_raises_sequence_after_a_delay(
    client, site, db, token
):
    def first_event(body: bytes):
        events = [c for c in Calendar.from_ical(body).walk("VEVENT")]
        return next(e for e in events if str(e["uid"]).endswith("-1@turnuva"))

    before = first_event((await client.get(f"/t/{token}/takvim.ics")).content)
    await run(db, schedule.delay, schedule.Delay("15"), organiser(update_id=2))
    await site.refresh()
    response = await client.get(f"/t/{token}/takvim.ics")
    assert response.headers["content-type"].startswith("text/calendar")
    after = first_event(response.content)
    assert after["uid"] == before["uid"]
    assert int(after["sequence"]) > int(before["sequence"])
    assert after.decoded("dtstart") - before.decoded("dtstart") == timedelta(minutes=15)
    team = await client.get(f"/t/{token}/takvim/A1.ics")
    assert len(Calendar.from_ical(team.content).walk("VEVENT")) == 3


async def test_a_page_request_costs_no_database_work_once_cached(client, site, db, token):
    await client.get(f"/t/{token}")
    calls = []
    original = db.unit_of_work
    db.unit_of_work = lambda **kw: calls.append(kw) or original(**kw)
    try:
        for _ in range(5):
            assert (await client.get(f"/t/{token}")).status_code == 200
            assert (await client.get(f"/t/{token}/surum")).status_code == 200
    finally:
        db.unit_of_work = original
    assert calls == []
    assert KICKOFF  # the day of tests/usecases/eight_team_day.py


async def test_an_ended_tournament_keeps_its_page_and_past_events(client, site, db, token):
    async with db.unit_of_work() as uow:
        await uow.tournaments.archive(1, BEFORE)
        await uow.commit()
    await site.refresh()
    page = await client.get(f"/t/{token}")
    assert page.status_code == 200 and "turnuva bitti" in page.text
    events = Calendar.from_ical((await client.get(f"/t/{token}/takvim.ics")).content)
    assert len(events.walk("VEVENT")) == 16


async def test_a_team_name_with_turkish_letters_and_a_slash_has_its_page(client, site, db, token):
    async with db.unit_of_work() as uow:
        await uow.teams.rename(1, "A1", "Şahinler/Gençler")
        await uow.commit()
    await site.refresh()
    html = (await client.get(f"/t/{token}")).text
    address = f"/t/{token}/takim/{quote('Şahinler/Gençler', safe='')}"
    assert f'href="{address}"' in html
    page = await client.get(address)
    assert page.status_code == 200 and "Şahinler/Gençler" in page.text
    ics = await client.get(f"/t/{token}/takvim/{quote('Şahinler/Gençler', safe='')}.ics")
    assert ics.status_code == 200 and len(Calendar.from_ical(ics.content).walk("VEVENT")) == 3


async def test_a_team_done_with_its_group_sees_the_knockout_match_its_place_would_give(
    client, site, db, token
):
    for line in ("A1 3-1 A4", "A2 2-2 A3", "A1 1-0 A3", "A2 2-0 A4", "A1 1-1 A2"):
        await _enter(db, line)
    await site.refresh()
    page = (await client.get(f"/t/{token}/takim/A1")).text
    assert "A Grubu 1. sırada, 7 puan" in page
    assert "Grup böyle biterse rakip: <b>B Grubu 2.si</b>" in page and "Yarı final" in page


async def test_the_watcher_wakes_a_waiting_page_when_another_writer_commits(db, clock, token):
    import asyncio

    import httpx

    from bot.web.app import make_app
    from bot.web.site import Site

    site = Site(db, clock, "https://turnuva.example.org", poll=0.05)
    transport = httpx.ASGITransport(app=make_app(site))
    try:
        async with httpx.AsyncClient(transport=transport, base_url="http://pages") as client:
            revision = (await client.get(f"/t/{token}/surum")).json()["surum"]
            waiting = asyncio.create_task(
                client.get(f"/t/{token}/surum", params={"since": revision})
            )
            await _enter(db, "A1 3-1 A4")  # as another process would: nobody calls refresh
            async with asyncio.timeout(5):
                changed = (await waiting).json()["surum"]
            assert changed != revision
    finally:
        await site.close()
