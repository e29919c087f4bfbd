"""Players through Telegram (issue 22): a captain's squad, a result with its scorers in one
message, /gol refused above the score, /geri_al taking the scorers back, a red card's ban
named to the captain and warned about, served by the next match, yellow accumulation,
/fairplay, and the champion's message with the top scorer.

A one-pitch evening of four teams (one group, 6 matches: AB, CD, AC, BD, AD, BC).
"""

from __future__ import annotations

import re

import pytest
from client import CAPTAIN_1, ORGANISER
from days import SOON
from test_e2e_tournament import create, draw_of

TEAMS = ["Kartallar", "Dinamo", "Boğaziçi", "Şahinler"]
FORM = f"/yeni_turnuva Oyuncu Ligi | 4 takım | 1 saha | {SOON} 20:00 | 26+4\n" + "\n".join(TEAMS)


@pytest.fixture
def league(tg):
    chat = tg.group("Oyuncular")
    create(tg, chat, FORM)
    return chat


def saved(tg, chat, text):
    """Send a result message as the organiser; the bot's "Kaydedildi" and the match number."""
    tg.send(ORGANISER, chat, text)
    answer = tg.wait_for(chat, "Kaydedildi")
    return answer.text, int(re.search(r"\((\d+)\. maç\)", answer.text).group(1))


def test_a_squad_scorers_in_one_message_gol_above_the_score_and_undo(tg, league):
    tg.send(CAPTAIN_1, league, "/kaptan Kartallar")
    tg.wait_for(league, "kaptanı")
    tg.send(CAPTAIN_1, league, "/kadro Kartallar: 10 Ali Yılmaz, Veli Demir")
    assert "Kartallar kadrosuna eklendi (2): Ali Yılmaz, Veli Demir" in tg.wait_for(league).text

    text, no = saved(tg, league, "Kartallar 3-1 Dinamo\ngoller: Ali 2, Veli - Mehmet")
    assert "⚽ Kartallar: Ali Yılmaz 2, Veli Demir · Dinamo: Mehmet" in text
    assert "Kadrosu olmayan takıma yazıldığı gibi eklendi: Dinamo: Mehmet" in text

    tg.send(ORGANISER, league, f"/gol {no} Ali -")
    refused = tg.wait_for(league).text
    assert f"{no}. maçta Kartallar 3 gol attı ama 4 gol yazıldı" in refused

    tg.send(ORGANISER, league, "/goller")
    assert "1. Ali Yılmaz (Kartallar) 2" in tg.wait_for(league, "Gol krallığı").text

    tg.send(ORGANISER, league, "/geri_al")
    undone = tg.wait_for(league, "Geri alındı").text
    assert "Bu maçın 4 gol/kart kaydı da geri alındı." in undone
    tg.send(ORGANISER, league, "/goller")
    assert "Henüz gol yazılmadı" in tg.wait_for(league).text


def next_opponent(tg, chat):
    tg.send(CAPTAIN_1, chat, "ne zaman oynuyoruz?")
    answer = tg.wait_for(chat, "rakip").text
    return re.search(r"rakip (\w+)", answer).group(1), answer


def test_a_red_cards_ban_is_named_warned_about_and_served(tg, league):
    tg.send(CAPTAIN_1, league, "/kaptan Kartallar")
    tg.wait_for(league, "kaptanı")
    first, _ = next_opponent(tg, league)
    saved(tg, league, f"Kartallar 1-0 {first}\ngoller: Veli\nkırmızı: Veli")
    tg.send(ORGANISER, league, "/kartlar")
    cards = tg.wait_for(league, "Kartlar").text
    found = re.search(r"• Veli \(Kartallar\): 1 kırmızı; cezalı: (\d+)\. maçta oynamaz", cards)
    assert found, cards
    second, answer = next_opponent(tg, league)
    assert "Cezalı: Veli" in answer

    text, no = saved(tg, league, f"Kartallar 2-0 {second}\ngoller: Veli 2")
    assert no == int(found.group(1))
    assert f"⚠ Veli (Kartallar) cezalıydı ama {no}. maçta adı geçiyor." in text
    tg.send(ORGANISER, league, "/kartlar")
    assert "cezalı" not in tg.wait_for(league, "Kartlar").text  # served by that match


def test_yellow_accumulation_and_fair_play_by_the_weights(tg, league):
    tg.send(ORGANISER, league, "/ayarlar sari_ceza 2")
    assert "her 2. sarı kart 1 maç ceza" in tg.wait_for(league).text
    tg.send(CAPTAIN_1, league, "/kaptan Kartallar")
    tg.wait_for(league, "kaptanı")
    first, _ = next_opponent(tg, league)
    saved(tg, league, f"Kartallar 1-0 {first}\nsarı: Hasan (Kartallar), Can ({first})")
    red, clean = [t for t in TEAMS if t not in ("Kartallar", first)][:2]
    saved(tg, league, f"{red} 0-0 {clean}\nkırmızı: Ege ({red})")
    second, _ = next_opponent(tg, league)
    saved(tg, league, f"Kartallar 0-0 {second}\nsarı: Hasan (Kartallar)")
    tg.send(ORGANISER, league, "/kartlar")
    cards = tg.wait_for(league, "Kartlar").text
    found = re.search(r"Hasan \(Kartallar\): 2 sarı; cezalı: (\d+)\. maçta oynamaz", cards)
    assert found, cards
    tg.send(CAPTAIN_1, league, "cezalımız var mı")
    assert "• Hasan: cezalı: " in tg.wait_for(league, "cezalı oyuncular").text
    third, answer = next_opponent(tg, league)  # Kartallar's next match: Hasan misses it
    assert "Cezalı: Hasan" in answer
    _, no = saved(tg, league, f"Kartallar 2-2 {third}")
    assert no == int(found.group(1))
    tg.send(ORGANISER, league, "/kartlar")
    assert "Hasan (Kartallar): 2 sarı\n" in tg.wait_for(league, "Kartlar").text  # served
    tg.send(ORGANISER, league, "/fairplay")
    table = tg.wait_for(league, "Fair play").text.splitlines()
    order = [line.split(" ")[1] for line in table[1:5]]
    assert order == [clean, first, "Kartallar", red]  # 0, 1, 2 points, 3 (a direct red)
    assert "sarı 1, iki sarıdan kırmızı 3, direkt kırmızı 3" in table[-1]


MINI = f"/yeni_turnuva Mini Kupa | 4 takım | 2 grup | 1 saha | {SOON} 20:00 | 26+4\n" + "\n".join(
    TEAMS
)
PAIRING = re.compile(r"^[^:]+: (.+) - (.+), .+ \d\d:\d\d$", re.MULTILINE)


def test_the_champions_message_names_the_top_scorer_and_the_fair_play_team(tg):
    chat = tg.group("Mini Kupa")
    groups = draw_of(create(tg, chat, MINI).text)
    (a1, a2), (b1, b2) = groups["A"], groups["B"]
    saved(tg, chat, f"{a1} 2-0 {a2}\ngoller: Ali 2\nsarı: Can ({a2})")
    saved(tg, chat, f"{b1} 1-0 {b2}\ngoller: Veli\nsarı: Ege ({b1}), Efe ({b1})")
    tg.send(CAPTAIN_1, chat, "gol kralı kim")
    assert f"⚽ Gol kralı: Ali ({a1}), 2 gol" in tg.wait_for(chat, "Gol kralı").text
    champion, handled, teams = None, set(), {a1, a2, b1, b2}
    while champion is None:  # each knockout round: the first-named side wins, Ali scores
        filled = tg.wait_for(chat, lambda m: _new_round(m, handled, teams), since=0)
        handled.add(filled.message_id)
        for home, away in PAIRING.findall(filled.text.split("Eşleşmeler", 1)[1]):
            goals = "\ngoller: Ali" if a1 in (home, away) else ""
            winner, loser = (a1, away if home == a1 else home) if goals else (home, away)
            tg.send(ORGANISER, chat, f"{winner} 1-0 {loser}{goals}")
            reply = tg.wait_for(chat, "Kaydedildi")
            if "Tebrikler" in reply.text:
                champion = reply.text
    assert f"Tebrikler {a1}!" in champion
    assert re.search(rf"⚽ Gol kralı: Ali \({a1}\), \d+ gol", champion), champion
    best = re.search(r"🤝 En centilmen takım: (.+) \(0 puan\)", champion)
    assert best and a1 in best.group(1) and b1 not in best.group(1), champion


def _new_round(message, handled: set[int], teams: set[str]) -> bool:
    """A message announcing knockout sides all known (teams, not "B Grubu 2.si"), not
    played yet."""
    text = message.text or ""
    if "Eşleşmeler" not in text or message.message_id in handled:
        return False
    sides = [side for pair in PAIRING.findall(text.split("Eşleşmeler", 1)[1]) for side in pair]
    return bool(sides) and all(side in teams for side in sides)
