"""Captains through Telegram: a free team is claimed at once, a captained one waits for an
organiser's [Onayla], and nobody else's press or /kaptan_sil changes anything."""

from __future__ import annotations

from client import BYSTANDER, CAPTAIN_1, CAPTAIN_2, ORGANISER, private
from test_e2e_tournament import create


def not_answers(messages):
    """What the bot said in the chat itself (a button's toast is no message)."""
    return [m for m in messages if m.kind != "answer"]


def test_a_strangers_kaptan_on_a_captained_team_waits_for_an_organiser(tg):
    chat = tg.group("Kaptan Onayı")
    tg.send(ORGANISER, private(ORGANISER), "/start")  # so the bot may write to her
    tg.wait_for(private(ORGANISER), "Turnuva Botu")
    create(tg, chat)

    # A free team: Mehmet captains it at once; the organiser hears of it in private.
    tg.send(CAPTAIN_1, chat, "/kaptan Kartallar")
    assert "Artık Kartallar kaptanısınız" in tg.wait_for(chat).text
    assert "Mehmet artık Kartallar kaptanı" in tg.wait_for(private(ORGANISER), "👤").text

    # A captained team: Zeynep's claim waits, with the buttons, and the organiser is told.
    tg.send(BYSTANDER, chat, "/kaptan Kartallar")
    claim = tg.wait_for(chat, lambda m: m.has_button("Onayla"))
    assert "Zeynep Kartallar kaptanı olmak istiyor" in claim.text
    assert "Onayla" in tg.wait_for(private(ORGANISER), "⏳").text

    # Neither the claimant nor the team's captain may decide it: a toast each, no message.
    for presser in (BYSTANDER, CAPTAIN_1):
        tg.press(presser, chat, claim.message_id, claim.button("Onayla"))
        toast = tg.wait_for(chat, kinds=("answer",))
        assert "yalnızca düzenleyenler" in toast.text
        assert not_answers(tg.silence(chat)) == []
    tg.send(BYSTANDER, chat, "ne zaman oynuyoruz?")
    assert tg.wait_for(chat).has_button("Kartallar")  # still no captain: the team picker

    # The organiser approves: Zeynep captains Kartallar beside Mehmet.
    tg.press(ORGANISER, chat, claim.message_id, claim.button("Onayla"))
    approved = tg.wait_for(chat, kinds=("edit",))
    assert "Zeynep artık Kartallar kaptanı (onaylayan: Ayşe)" in approved.text
    assert approved.buttons == []
    for captain in (BYSTANDER, CAPTAIN_1):
        tg.send(captain, chat, "ne zaman oynuyoruz?")
        answer = tg.wait_for(chat)
        assert "Kartallar" in answer.text and "Saha 1" in answer.text


def test_only_an_organiser_removes_captains(tg):
    chat = tg.group("Kaptan Silme")
    create(tg, chat)
    said = tg.send(CAPTAIN_2, chat, "/kaptan Şahinler")
    tg.wait_for(chat, "kaptanısınız")

    tg.send(BYSTANDER, chat, "/kaptan_sil Şahinler")
    assert "yalnızca düzenleyenler" in tg.wait_for(chat).text
    tg.send(BYSTANDER, chat, "/kaptan_sil", reply_to=said)
    assert "yalnızca düzenleyenler" in tg.wait_for(chat).text

    tg.send(ORGANISER, chat, "/kaptan_sil", reply_to=said)
    assert "Can artık Şahinler kaptanı değil" in tg.wait_for(chat).text
    tg.send(CAPTAIN_2, chat, "ne zaman oynuyoruz?")
    assert tg.wait_for(chat).has_button("Şahinler")  # no captaincy left: the team picker
