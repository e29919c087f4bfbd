"""/fikstur by day, group, pitch or team; a word it does not know; /takvim's unknown team;
/ertele outside the day's window."""

from __future__ import annotations

from client import ORGANISER
from days import SOON
from test_e2e_tournament import DAY, create

TOMORROW = DAY.replace(f"{SOON} 10:00", "yarın 10:00")


def test_fikstur_yarin_and_a_grubu_answer_with_their_matches(tg):
    chat = tg.group("Yarınki Kupa")
    create(tg, chat, TOMORROW)
    tg.send(ORGANISER, chat, "/fikstur yarın metin")
    text = tg.wait_for(chat, "📅").text
    assert text.splitlines()[0].startswith("📅 Bahar Kupası: yarın")
    assert "Final" in text and "3-1" not in text
    assert len([li for li in text.splitlines()[1:] if " Saha " in li]) == 16  # the whole day
    tg.send(ORGANISER, chat, "/fikstur a grubu")
    photo = tg.wait_for(chat, kinds=("photo",))
    assert "A Grubu" in photo.text and "0/6 maç" in photo.text
    tg.send(ORGANISER, chat, "/fikstur A metin")
    group = tg.wait_for(chat, "📅").text
    assert group.count("A Grubu:") == 6 and "B Grubu" not in group


def test_a_word_fikstur_does_not_know_lists_what_may_be_typed(tg):
    chat = tg.group("Bilinmeyen")
    create(tg, chat, DAY)
    tg.send(ORGANISER, chat, "/fikstur zzqx")
    answer = tg.wait_for(chat, kinds=("message",))
    assert "/fikstur yarın" in answer.text and "/fikstur A" in answer.text
    assert "3-1" not in answer.text  # no result example
    tg.send(ORGANISER, chat, "/takvim Fenerbahçe")
    teams = tg.wait_for(chat, kinds=("message",))
    assert "Takımlar:" in teams.text and "Kartallar" in teams.text and "/takvim" in teams.text


def test_ertele_before_the_day_starts_is_refused_with_a_time_that_works(tg):
    chat = tg.group("Erken Erteleme")
    create(tg, chat, DAY)
    tg.send(ORGANISER, chat, "/ertele 10 07:00")
    refusal = tg.wait_for(chat, kinds=("message",))
    assert "07:00 başlayamaz" in refusal.text and "ilk maç saat 10:00" in refusal.text
    assert "En erken uygun saat" in refusal.text and "uygun saat yok" not in refusal.text
    tg.send(ORGANISER, chat, "/fikstur metin")
    fixture = tg.wait_for(chat, "📅").text
    assert "07:00" not in fixture


def test_a_result_gets_one_reply_with_its_groups_table_monospaced(tg):
    chat = tg.group("Tek Cevap")
    created = create(tg, chat, DAY)
    line = next(li for li in created.text.splitlines() if li.startswith("1. "))
    home, away = line.split(": ", 1)[1].split(" - ")
    tg.send(ORGANISER, chat, f"{home} 3-1 {away}")
    saved = tg.wait_for(chat, "Kaydedildi")
    assert saved.event["parse_mode"] == "HTML"
    assert "<pre>" in saved.text and saved.text.count("puan durumu") == 1
    others = [m for m in tg.silence(chat) if m.kind == "message" and m.seq != saved.seq]
    assert others == []  # one reply per result


def test_fikstur_bugun_on_a_day_without_matches_names_the_match_days(tg):
    chat = tg.group("Boş Gün")
    create(tg, chat, DAY)  # a week ahead: never today
    tg.send(ORGANISER, chat, "/fikstur bugün")
    answer = tg.wait_for(chat, kinds=("message",))
    assert answer.text.startswith("Bugün maç yok") and SOON in answer.text


def test_start_is_a_short_welcome_and_yardim_the_commands_by_role(tg):
    chat = tg.group("Hoş Geldin")
    tg.send(ORGANISER, chat, "/start")
    welcome = tg.wait_for(chat, kinds=("message",))
    assert "/yeni_turnuva" in welcome.text and "/yardim" in welcome.text
    tg.send(ORGANISER, chat, "/yardim")
    commands = tg.wait_for(chat, kinds=("message",))
    assert commands.text != welcome.text
    heads = [
        li for li in commands.text.splitlines() if li in ("Herkes", "Kaptanlar", "Düzenleyenler")
    ]
    assert heads == ["Herkes", "Kaptanlar", "Düzenleyenler"]
    # no line broken by hand mid-sentence: every line is a heading, a command or a question
    body = [li for li in commands.text.splitlines()[1:] if li and li not in heads]
    assert all(li[0] in '/"KBHG' for li in body), body
