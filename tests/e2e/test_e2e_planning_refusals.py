"""Planning errors reach the organiser as their Turkish refusal (issue 24, item 3): the
plan is made in a worker process, and a refusal raised there crosses back intact (every
domain error pickles: tests/domain/test_errors_pickle.py), never "Bir şeyler ters gitti"
with a BrokenProcessPool traceback."""

from __future__ import annotations

from client import ORGANISER

APOLOGY = "Bir şeyler ters gitti"


def assert_no_apology(tg, chat, bot):
    assert not [m for m in tg.events(chat) if APOLOGY in m.text]
    log = bot.output(current=True)
    assert "BrokenProcessPool" not in log and "Traceback" not in log


def test_a_weekly_league_that_does_not_fit_its_evening_is_refused_in_turkish(tg, bot):
    chat = tg.group("Pazar Ligi")
    tg.send(ORGANISER, chat, "/yeni_turnuva Pazar Ligi | 8 takım | her pazar 14:00-14:30 | 30+5")
    refused = tg.wait_for(chat, timeout=60)
    assert "sığmıyor" in refused.text and "Örnek" in refused.text, refused.text
    assert_no_apology(tg, chat, bot)


def test_three_teams_in_two_groups_set_up_step_by_step_is_refused_in_turkish(tg, bot):
    chat = tg.group("Üç Takım")
    for text, asked in (
        ("/yeni_turnuva", "adı ne"),
        ("Üç Takım Kupası", "Takımları yazın"),
        ("Kartallar, Şahinler, Aslanlar", "Kaç saha"),
        ("1 saha var", "Nasıl oynansın"),
    ):
        tg.send(ORGANISER, chat, text)
        tg.wait_for(chat, asked)
    for text, asked in (
        ("gruplar + eleme", "Kaç grup"),
        ("iki grup", "İlk maç ne zaman"),
        ("17 ocakta başlıyoruz", "Maç süresi"),
    ):
        tg.send(ORGANISER, chat, text)
        tg.wait_for(chat, asked)
    for text, asked in (("30 dk maç 5 dk ara", "Üçüncülük"), ("olsun", "eşitliğinde")):
        tg.send(ORGANISER, chat, text)
        tg.wait_for(chat, asked)
    tg.send(ORGANISER, chat, "tff olsun")  # the last answer: the plan is made now
    refused = tg.wait_for(chat, timeout=60)
    assert "3 takım 2 gruba bölünemez" in refused.text, refused.text
    assert "Örnek: 1 grup" in refused.text  # what fits, not the 2 groups refused
    assert_no_apology(tg, chat, bot)
