"""Forfeits and withdrawals in a season league through Telegram, reflected in /puan:
/hukmen and the plain "X gelmedi", /ayarlar hukmen_puan_sil, /cekil by both rules, /geri_al."""

from __future__ import annotations

import re

from client import BYSTANDER, ORGANISER

TEAMS = "Kartallar, Şahinler, Aslanlar, Kaplanlar, Kurtlar, Ayılar, Boğalar, Tilkiler"
FORM = (
    f"/yeni_turnuva Pazar Ligi | 8 takım | lig | iki haftada bir pazar 14:00-17:00 | 30+5\n{TEAMS}"
)


def create_league(tg, title):
    chat = tg.group(title)
    tg.send(ORGANISER, chat, FORM)
    summary = tg.wait_for(chat, lambda m: m.has_button("Oluştur"))
    assert "7 maç haftası" in summary.text
    tg.press(ORGANISER, chat, summary.message_id, summary.button("Oluştur"))
    assert "28 maç" in tg.wait_for(chat, "kuruldu").text
    tg.wait_for(chat, "canlı durum")
    return chat


def table(tg, chat):
    tg.send(ORGANISER, chat, "/puan metin")
    return tg.wait_for(chat, "P").text


def row(text, team):
    return next(line for line in text.splitlines() if f" {team} " in line)


def forfeit_of(tg, chat, text: str, team: str):
    """The organiser's `text` forfeits `team`'s match that is due; before the season (the
    league starts next Sunday) none is, and the refusal names the next one to type."""
    tg.send(ORGANISER, chat, text)
    said = tg.wait_for(chat, lambda m: "Hükmen:" in m.text or "zamanı gelmiş maç yok" in m.text)
    if "Hükmen:" in said.text:
        return said
    found = re.search(rf"/hukmen (\d+) {team}$", said.text)
    assert found is not None, said.text
    tg.send(ORGANISER, chat, found.group(0))
    return tg.wait_for(chat, "Hükmen:")


def test_a_forfeit_and_a_withdrawal_show_in_the_standings_and_go_back(tg):
    chat = create_league(tg, "Hükmen Ligi")

    forfeit = forfeit_of(tg, chat, "/hukmen Kartallar", "Kartallar")
    assert "(H)" in forfeit.text and "Kartallar hükmen kaybetti" in forfeit.text
    assert "(H)" in row(forfeit.text, "Kartallar")  # the reply's own table

    tg.send(BYSTANDER, chat, "Şahinler gelmedi")  # a member's line is chat: no answer
    assert tg.silence(chat) == []
    assert "Şahinler hükmen kaybetti" in forfeit_of(tg, chat, "Şahinler gelmedi", "Şahinler").text

    tg.send(ORGANISER, chat, "/ayarlar hukmen_puan_sil acik")
    tg.wait_for(chat, "puanı da düşülecek")
    standings = table(tg, chat)
    assert re.search(r"Kartallar .*\(H\) \(-3 puan\)", standings), standings
    assert "(H) hükmen mağlubiyet" in standings

    tg.send(ORGANISER, chat, "/cekil Kurtlar")
    gone = tg.wait_for(chat, "ligden çekildi")
    found = re.search(r"Kalan (\d) maçı 3-0 rakiplerine yazıldı", gone.text)
    assert found is not None, gone.text
    standings = table(tg, chat)
    assert f"(H{found.group(1)})" in row(standings, "Kurtlar"), standings

    tg.send(ORGANISER, chat, "/geri_al")
    assert "Kurtlar yeniden ligde" in tg.wait_for(chat, "Geri alındı").text
    assert "(H" not in row(table(tg, chat), "Kurtlar")

    tg.send(ORGANISER, chat, "/ayarlar cekilme iptal")
    tg.wait_for(chat, "tüm sonuçları iptal edilir")
    tg.send(ORGANISER, chat, "/cekil Kurtlar")
    assert "puan tablosundan çıktı" in tg.wait_for(chat, "ligden çekildi").text
    standings = table(tg, chat)
    assert " Kurtlar " not in standings and " Kartallar " in standings


def test_a_member_cannot_record_a_forfeit(tg):
    chat = create_league(tg, "Üye Ligi")
    tg.send(BYSTANDER, chat, "/hukmen Kartallar")
    assert "yalnızca düzenleyenler" in tg.wait_for(chat).text
