"""A whole tournament through Telegram: set-up, results, knockout, captains' questions."""

from __future__ import annotations

import itertools
import re

import pytest
from client import BYSTANDER, CAPTAIN_1, CAPTAIN_2, ORGANISER, WAIT, private
from days import SOON

FOUR = ["Kartallar", "Şahinler", "Aslanlar", "Kaplanlar"]
FORM = f"/yeni_turnuva Akşam Ligi | 4 takım | 1 saha | {SOON} 20:00 | 26+4\n" + "\n".join(FOUR)
DAY = (
    f"/yeni_turnuva Bahar Kupası | 8 takım | 2 grup | 2 saha | {SOON} 10:00 | 26+4"
    " | üçüncülük\n"
    "Kartallar, Şahinler, Aslanlar, Kaplanlar, Kurtlar, Ayılar, Boğalar, Tilkiler"
)


def create(tg, chat, form=FORM, timeout=WAIT):
    """The organiser sends `form` and presses [Oluştur]; each answer within `timeout` s
    (more for a loaded machine's planning of a larger tournament)."""
    tg.send(ORGANISER, chat, form)
    summary = tg.wait_for(chat, lambda m: m.has_button("Oluştur"), timeout=timeout)
    tg.press(ORGANISER, chat, summary.message_id, summary.button("Oluştur"))
    created = tg.wait_for(chat, "kuruldu", timeout=timeout)
    tg.wait_for(chat, "canlı durum", timeout=timeout)  # the live message comes last
    return created


def draw_of(text):
    """{"A": [...], "B": [...]} from the bot's "Kura: A: x, y · B: z, w" line."""
    line = next(li for li in text.splitlines() if li.startswith("Kura:"))
    groups = {}
    for part in line.removeprefix("Kura:").split("·"):
        label, teams = part.split(":", 1)
        groups[label.strip()] = [t.strip() for t in teams.split(",")]
    return groups


@pytest.fixture
def league(tg):
    chat = tg.group("Akşam Ligi")
    create(tg, chat)
    return chat


def test_the_eight_team_day_runs_from_form_to_champion(tg):
    chat = tg.group("Bahar Kupası")
    created = create(tg, chat, DAY)
    groups = draw_of(created.text)
    assert sorted(len(g) for g in groups.values()) == [4, 4]
    assert "/fikstur" in created.text  # a summary; the whole fixture is one command away
    tg.send(ORGANISER, chat, "/fikstur metin")
    fixture = tg.wait_for(chat, "fikstür")
    assert "13:30" in fixture.text and "Final" in fixture.text
    for teams in groups.values():
        for i, j in itertools.combinations(range(4), 2):  # earlier in the draw wins
            tg.send(ORGANISER, chat, f"{teams[i]} 2-0 {teams[j]}")
            tg.wait_for(chat, "Kaydedildi")

    def both_known(m):  # a side still open reads "B Grubu 2.si", in words
        return "Eşleşmeler" in m.text and "Grubu" not in m.text.split("Eşleşmeler")[1]

    filled = tg.wait_for(chat, both_known, since=0)
    a, b = groups["A"], groups["B"]
    assert f"{a[0]} - {b[1]}" in filled.text and f"{b[0]} - {a[1]}" in filled.text
    tg.send(ORGANISER, chat, f"{a[0]} 1-0 {b[1]}")
    tg.wait_for(chat, "Kaydedildi")
    tg.send(ORGANISER, chat, f"{b[0]} 1-1 {a[1]}")
    tg.wait_for(chat, "penaltıları da yazın")  # a drawn knockout match needs penalties
    tg.send(ORGANISER, chat, f"{b[0]} 1-1 {a[1]} pen 5-4")
    assert "Final" in tg.wait_for(chat, "Eşleşmeler").text
    tg.send(ORGANISER, chat, f"{b[1]} 2-1 {a[1]}")
    tg.wait_for(chat, "Kaydedildi")
    tg.send(ORGANISER, chat, f"{a[0]} 3-2 {b[0]}")
    champion = tg.wait_for(chat, "Tebrikler")
    assert a[0] in champion.text
    assert f"1. {a[0]}" in champion.text and f"2. {b[0]}" in champion.text


def test_the_guided_set_up_survives_a_restart_halfway(tg, restart_bot):
    chat = tg.group("Rehberli")
    tg.send(ORGANISER, chat, "/yeni_turnuva")
    tg.wait_for(chat, "adı ne")
    tg.send(ORGANISER, chat, "Kış Kupası")
    tg.wait_for(chat, "Takımları yazın")
    tg.send(ORGANISER, chat, "\n".join(FOUR))
    pitches = tg.wait_for(chat, "Kaç saha")
    restart_bot()
    tg.press(ORGANISER, chat, pitches.message_id, pitches.button("1"))
    fmt = tg.wait_for(chat, "Nasıl oynansın")
    assert "Öneri" in fmt.text
    tg.press(ORGANISER, chat, fmt.message_id, fmt.button("Lig"))
    tg.wait_for(chat, "İlk maç ne zaman")
    tg.send(ORGANISER, chat, f"{SOON} 20:00")
    slot = tg.wait_for(chat, "Maç süresi")
    tg.press(ORGANISER, chat, slot.message_id, slot.button("26+4"))
    rule = tg.wait_for(chat, "eşitliğinde")
    tg.press(ORGANISER, chat, rule.message_id, rule.button("TFF"))
    summary = tg.wait_for(chat, lambda m: m.has_button("Oluştur"))
    assert "4 takım" in summary.text and "22:56" in summary.text
    tg.press(ORGANISER, chat, summary.message_id, summary.button("Oluştur"))
    assert "6 maç" in tg.wait_for(chat, "kuruldu").text


def test_a_bad_answer_in_the_set_up_is_explained_and_nothing_advances(tg):
    chat = tg.group("Hatalı")
    tg.send(ORGANISER, chat, "/yeni_turnuva")
    tg.wait_for(chat, "adı ne")
    tg.send(ORGANISER, chat, "Deneme")
    tg.wait_for(chat, "Takımları yazın")
    tg.send(ORGANISER, chat, "Kartallar, KARTALLAR")
    refusal = tg.wait_for(chat)
    assert "Kartallar" in refusal.text and "Örnek" in refusal.text
    tg.send(ORGANISER, chat, "/iptal")
    assert "iptal" in tg.wait_for(chat).text


PHRASINGS = [
    "ne zaman oynuyoruz?",
    "maçımız kaçta",
    "sıradaki maçımız ne zaman",
    "kiminle oynuyoruz",
    "hangi sahadayız",
    # five of our own
    "bir sonraki maçımız ne zaman?",
    "rakibimiz kim",
    "biz ne zaman oynuyoruz",
    "maçımız ne zaman",
    "ne zaman maçımız var",
]


def test_a_captain_gets_the_next_match_for_every_phrasing(tg, league):
    tg.send(CAPTAIN_1, league, "/kaptan Kartallar")
    assert "kaptanısınız" in tg.wait_for(league).text
    for phrase in PHRASINGS:
        tg.send(CAPTAIN_1, league, phrase)
        answer = tg.wait_for(league)
        assert "Kartallar" in answer.text and "Saha 1" in answer.text, phrase
        assert re.search(r"\d\d:\d\d", answer.text), phrase


def test_someone_who_captains_no_team_gets_a_team_picker(tg, league):
    tg.send(BYSTANDER, league, "ne zaman oynuyoruz?")
    picker = tg.wait_for(league, lambda m: m.has_button("Şahinler"))
    tg.press(BYSTANDER, league, picker.message_id, picker.button("Şahinler"))
    assert "Şahinler kaptanısınız" in tg.wait_for(league).text


def test_ordinary_chat_gets_no_answer(tg, league):
    for text in ("maç güzeldi", "bugün hava güzel", "yarın görüşürüz"):
        tg.send(BYSTANDER, league, text)
    assert tg.silence(league) == []


def test_a_result_from_someone_who_is_not_an_organiser_is_refused(tg, league):
    tg.send(CAPTAIN_2, league, "Kartallar 3-1 Şahinler")
    assert "yalnızca düzenleyenler" in tg.wait_for(league).text
    tg.send(ORGANISER, league, "/fikstur metin")
    assert "3-1" not in tg.wait_for(league, "fikstür").text


def test_a_misspelt_team_is_resolved_through_the_suggestion_button(tg, league):
    tg.send(ORGANISER, league, "Kartalar 3-1 Şahinler")
    question = tg.wait_for(league, lambda m: m.has_button("Kartallar"))
    tg.press(ORGANISER, league, question.message_id, question.button("Kartallar"))
    saved = tg.wait_for(league, "Kaydedildi")
    assert "Kartallar 3-1 Şahinler" in saved.text


def test_the_same_update_delivered_twice_is_stored_and_answered_once(tg, league):
    tg.send(ORGANISER, league, "Aslanlar 2-0 Kaplanlar")
    tg.wait_for(league, "Kaydedildi")
    tg.redeliver(tg.last_update_id)
    answered = [m for m in tg.silence(league) if "Kaydedildi" in m.text]
    assert len(answered) == 1  # the first delivery's answer only
    tg.send(ORGANISER, league, "/puan metin")
    table = tg.wait_for(league, "Puan durumu").text
    assert re.search(r"Aslanlar\s+1\s+1\s+0\s+0\s+2\s+0", table)


def test_a_second_result_asks_before_it_replaces_the_first(tg, league):
    tg.send(ORGANISER, league, "Kartallar 1-0 Kaplanlar")
    tg.wait_for(league, "Kaydedildi")
    tg.send(ORGANISER, league, "Kartallar 2-0 Kaplanlar")
    ask = tg.wait_for(league, lambda m: m.has_button("Değiştir"))
    tg.press(ORGANISER, league, ask.message_id, ask.button("Değiştir"))
    changed = tg.wait_for(league, "Eski skor")
    assert "2-0" in changed.text and "1-0" in changed.text


def test_results_survive_a_restart_in_the_middle_of_the_tournament(tg, league, restart_bot):
    tg.send(ORGANISER, league, "Şahinler 4-1 Aslanlar")
    tg.wait_for(league, "Kaydedildi")
    restart_bot()
    tg.send(ORGANISER, league, "/puan metin")
    table = tg.wait_for(league, "Puan durumu").text
    assert re.search(r"Şahinler\s+1\s+1\s+0\s+0\s+4\s+1", table)


def test_private_questions_without_a_tournament_get_a_helpful_answer(tg):
    tg.send(CAPTAIN_2, private(CAPTAIN_2), "/fikstur")
    assert "/yeni_turnuva" in tg.wait_for(private(CAPTAIN_2)).text


def test_a_captain_asking_for_the_table_gets_the_table(tg, league):
    tg.send(CAPTAIN_1, league, "/kaptan Kartallar")
    tg.wait_for(league, "kaptanısınız")
    tg.send(CAPTAIN_1, league, "puan durumu?")
    assert "Puan durumu" in tg.wait_for(league).text


def test_a_captain_asking_their_place_gets_it_in_one_line(tg, league):
    tg.send(CAPTAIN_1, league, "/kaptan Kartallar")
    tg.wait_for(league, "kaptanısınız")
    tg.send(CAPTAIN_1, league, "kaçıncıyız?")
    answer = tg.wait_for(league).text
    assert answer.startswith("📊 Kartallar:") and "puan" in answer and "\n" not in answer


def test_anyone_may_ask_about_a_named_team(tg, league):
    tg.send(BYSTANDER, league, "Şahinler ne zaman oynuyor?")
    answer = tg.wait_for(league)
    assert "Şahinler" in answer.text and "Saha 1" in answer.text


def test_a_question_about_something_else_gets_no_answer(tg, league):
    tg.send(BYSTANDER, league, "film ne zaman başlıyor?")
    assert tg.silence(league) == []


def test_geri_al_takes_back_the_organisers_last_result(tg, league):
    tg.send(ORGANISER, league, "Kartallar 5-0 Aslanlar")
    tg.wait_for(league, "Kaydedildi")
    tg.send(ORGANISER, league, "/geri_al")
    assert "Kartallar 5-0 Aslanlar" in tg.wait_for(league, "Geri alındı").text
    tg.send(ORGANISER, league, "/puan metin")
    assert re.search(r"Kartallar\s+0\s+0\s+0\s+0\s+0\s+0", tg.wait_for(league, "Puan durumu").text)
    tg.send(ORGANISER, league, "/geri_al")
    assert "Geri alınacak" in tg.wait_for(league, "Geri alınacak").text


def test_a_default_team_name_is_replaced_with_takim_adi(tg):
    chat = tg.group("Adsız")
    create(tg, chat, f"/yeni_turnuva Adsız Kupa | 4 takım | 1 saha | {SOON} 20:00 | 26+4")
    tg.send(ORGANISER, chat, "/takim_adi 3 Kartallar")
    assert "Takım 3 artık Kartallar" in tg.wait_for(chat).text
    tg.send(ORGANISER, chat, "/fikstur Kartallar metin")
    assert "Kartallar - Takım 4" in tg.wait_for(chat, "📅").text
    tg.send(ORGANISER, chat, "/takim_adi 4 kartallar")
    assert "zaten var" in tg.wait_for(chat).text


def test_a_captains_result_counts_only_after_the_other_captain_confirms(tg, league):
    tg.send(CAPTAIN_1, league, "/kaptan Kartallar")  # free teams: captains at once
    tg.wait_for(league, "kaptanısınız")
    tg.send(CAPTAIN_2, league, "/kaptan Kaplanlar")
    tg.wait_for(league, "kaptanısınız")
    tg.send(ORGANISER, league, "/ayarlar kaptan_sonuc acik")  # from now on claims wait
    assert "onaylayınca" in tg.wait_for(league).text
    tg.send(CAPTAIN_1, league, "Kartallar 2-1 Kaplanlar")
    ask = tg.wait_for(league, lambda m: m.has_button("Onayla"))
    tg.press(CAPTAIN_1, league, ask.message_id, ask.button("Onayla"))  # not their own
    tg.press(CAPTAIN_2, league, ask.message_id, ask.button("Onayla"))
    saved = tg.wait_for(league, "Kaydedildi")
    assert "Kartallar 2-1 Kaplanlar" in saved.text


def test_a_captain_can_ask_in_a_private_chat(tg, league):
    tg.send(CAPTAIN_2, league, "/kaptan Aslanlar")
    tg.wait_for(league, "kaptanısınız")
    tg.send(CAPTAIN_2, private(CAPTAIN_2), "ne zaman oynuyoruz?")
    answer = tg.wait_for(private(CAPTAIN_2))
    if answer.buttons:  # a captain in several chats picks the tournament first
        label = next(lbl for lbl in answer.labels if "Aslanlar" in lbl)
        tg.press(CAPTAIN_2, private(CAPTAIN_2), answer.message_id, answer.button(label))
        answer = tg.wait_for(private(CAPTAIN_2), "Saha")
    assert "Aslanlar" in answer.text and "Saha 1" in answer.text


def test_the_eight_team_day_through_the_guided_set_up(tg):
    chat = tg.group("Rehberli Gün")
    tg.send(ORGANISER, chat, "/yeni_turnuva")
    tg.wait_for(chat, "adı ne")
    tg.send(ORGANISER, chat, "Bahar Kupası")
    tg.wait_for(chat, "Takımları yazın")
    tg.send(
        ORGANISER,
        chat,
        "Kartallar\nŞahinler\nAslanlar\nKaplanlar\nKurtlar\nAyılar\nBoğalar\nTilkiler",
    )
    pitches = tg.wait_for(chat, "Kaç saha")
    tg.press(ORGANISER, chat, pitches.message_id, pitches.button("2"))
    fmt = tg.wait_for(chat, "Nasıl oynansın")
    tg.press(ORGANISER, chat, fmt.message_id, fmt.button("Gruplar + eleme"))
    groups = tg.wait_for(chat, "Kaç grup")
    tg.press(ORGANISER, chat, groups.message_id, groups.button("2"))
    tg.wait_for(chat, "İlk maç ne zaman")
    tg.send(ORGANISER, chat, f"{SOON} 10:00")
    slot = tg.wait_for(chat, "Maç süresi")
    tg.press(ORGANISER, chat, slot.message_id, slot.button("26+4"))
    third = tg.wait_for(chat, "Üçüncülük")
    tg.press(ORGANISER, chat, third.message_id, third.button("Evet"))
    rule = tg.wait_for(chat, "eşitliğinde")
    tg.press(ORGANISER, chat, rule.message_id, rule.button("TFF"))
    summary = tg.wait_for(chat, lambda m: m.has_button("Oluştur"))
    assert "16 maç" in summary.text and "15:11" in summary.text
    tg.press(ORGANISER, chat, summary.message_id, summary.button("Oluştur"))
    created = tg.wait_for(chat, "kuruldu")
    assert "/fikstur" in created.text  # a summary; the whole fixture is one command away
    tg.send(ORGANISER, chat, "/fikstur metin")
    fixture = tg.wait_for(chat, "fikstür")
    assert "13:30" in fixture.text and "Üçüncülük maçı" in fixture.text


def test_an_organiser_reassigns_a_captain_by_replying_to_them(tg, league):
    said = tg.send(BYSTANDER, league, "ben Aslanlar'ın kaptanıyım")
    tg.send(ORGANISER, league, "/kaptan Aslanlar", reply_to=said)
    assert "Zeynep artık Aslanlar kaptanı" in tg.wait_for(league).text
    tg.send(BYSTANDER, league, "ne zaman oynuyoruz?")
    assert "Aslanlar" in tg.wait_for(league).text


def test_a_tie_no_rule_breaks_waits_for_the_organisers_lot(tg):
    chat = tg.group("Kura")
    # UEFA's order ends with a lot; TFF's (the default) ends with a play-off match.
    create(
        tg, chat, f"/yeni_turnuva Üçlü | 3 takım | 1 saha | {SOON} 20:00 | 26+4 | uefa\nX1\nX2\nX3"
    )
    for line in ("X1 1-1 X2", "X2 1-1 X3", "X3 1-1 X1"):
        tg.send(ORGANISER, chat, line)
    assert "/kura X" in tg.wait_for(chat, "kurayla").text
    tg.send(ORGANISER, chat, "/kura X3")
    assert "X3" in tg.wait_for(chat, "Kura kaydedildi").text
    tg.send(ORGANISER, chat, "/puan metin")
    table = tg.wait_for(chat, "Puan durumu").text
    assert re.search(r" 1\s+X3 .*\(kura\)", table)


def test_the_pinned_live_message_is_edited_after_a_result_not_sent_again(tg):
    chat = tg.group("Canlı", bot_admin=True)
    create(tg, chat)
    live = tg.wait_for(chat, "canlı durum", since=0)
    tg.wait_for(chat, lambda m: m.message_id == live.message_id, kinds=("pin",), since=0)
    tg.send(ORGANISER, chat, "Kartallar 3-1 Şahinler")
    tg.wait_for(chat, "Kaydedildi")
    edited = tg.wait_for(
        chat, lambda m: m.message_id == live.message_id and "Kartallar 3" in m.text, kinds=("edit",)
    )
    assert "Puan" in edited.text
    assert sum("canlı durum" in m.text for m in tg.messages(chat)) == 1


def test_typed_answers_work_like_buttons_and_nonsense_is_explained(tg):
    chat = tg.group("Yazarak")
    tg.send(ORGANISER, chat, "/yeni_turnuva")
    tg.wait_for(chat, "adı ne")
    tg.send(ORGANISER, chat, "Yazılı Kupa")
    tg.wait_for(chat, "Takımları yazın")
    tg.send(ORGANISER, chat, "Kartallar, Şahinler, Aslanlar, Kaplanlar")
    tg.wait_for(chat, "Kaç saha")
    tg.send(ORGANISER, chat, "iki")
    tg.wait_for(chat, "Nasıl oynansın")
    tg.send(ORGANISER, chat, "bilmem")
    tg.wait_for(chat, "seçeneklerden biri değil")
    tg.send(ORGANISER, chat, "lig")
    tg.wait_for(chat, "İlk maç ne zaman")
