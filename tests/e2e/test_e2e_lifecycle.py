"""Nobody in a group can wreck a tournament: a bystander's set-up replaces nothing, an
organiser replaces only by the explicit button, ending asks first, and an ended or replaced
tournament comes back with its results (/turnuvalar, /geri_yukle)."""

from __future__ import annotations

from client import BYSTANDER, CAPTAIN_1, ORGANISER
from test_e2e_tournament import FORM

RESULTS = ("Kartallar 3-1 Şahinler", "Aslanlar 2-2 Kaplanlar")
# The message, word for word, with four names.
HIS = "/yeni_turnuva Benim Kupam | 4 takım | lig | yarın 20:00\nBirler, İkiler, Üçler, Dörtler"


def toast(tg, chat):
    """The bot's answer to the press just made: the presser's alone."""
    return tg.wait_for(chat, kinds=("answer",)).event.get("text", "")


def set_up(tg, chat, user, form=FORM):
    """`user` creates the tournament of `form` and enters RESULTS (as its creator)."""
    tg.send(user, chat, form)
    summary = tg.wait_for(chat, lambda m: m.has_button("Oluştur"))
    tg.press(user, chat, summary.message_id, summary.button("Oluştur"))
    tg.wait_for(chat, "kuruldu")
    tg.wait_for(chat, "canlı durum")
    for line in RESULTS:
        tg.send(user, chat, line)
        tg.wait_for(chat, "Kaydedildi")


def fixture(tg, chat):
    tg.send(ORGANISER, chat, "/fikstur metin")
    return tg.wait_for(
        chat, lambda m: m.kind == "message" and ("fikstür" in m.text or "yok" in m.text)
    ).text


def assert_results_kept(tg, chat):
    text = fixture(tg, chat)
    assert "Akşam Ligi" in text and "3-1" in text and "2-2" in text, text


def test_a_bystanders_set_up_is_refused_and_every_result_stays(tg):
    chat = tg.group("Pazar Ligi")  # ORGANISER administers it
    tg.send(BYSTANDER, chat, HIS)
    his = tg.wait_for(chat, lambda m: m.has_button("Oluştur"))  # nothing ran yet
    set_up(tg, chat, ORGANISER)

    tg.press(CAPTAIN_1, chat, his.message_id, his.button("Oluştur"))
    assert "Bu kurulum başkasına ait" in toast(tg, chat)
    tg.press(BYSTANDER, chat, his.message_id, his.button("Oluştur"))
    assert "yalnızca onu düzenleyenler kurabilir" in toast(tg, chat)
    tg.send(BYSTANDER, chat, HIS)
    refused = tg.wait_for(chat)
    assert "«Akşam Ligi» sürüyor" in refused.text
    assert "yalnızca o turnuvayı düzenleyenler kurabilir" in refused.text
    assert not refused.buttons
    tg.send(BYSTANDER, chat, "/turnuva_bitir")
    assert "Turnuvayı yalnızca düzenleyenler bitirebilir" in tg.wait_for(chat).text

    assert_results_kept(tg, chat)
    tg.send(BYSTANDER, chat, "/turnuvalar")
    assert "1. Akşam Ligi · ▶️ sürüyor · 2/6 maç oynandı" in tg.wait_for(chat, "turnuvaları").text


def test_an_organiser_replaces_only_by_the_explicit_button_and_the_first_comes_back(tg):
    chat = tg.group("Kış Ligi")  # ORGANISER administers it; Mehmet creates the first
    set_up(tg, chat, CAPTAIN_1)

    tg.send(ORGANISER, chat, HIS)
    summary = tg.wait_for(chat, lambda m: m.has_button("Evet, yerine kur"))
    assert summary.text.splitlines()[0] == (
        "⚠️ Bu turnuva süren «Akşam Ligi» turnuvasının yerine kurulur."
    )
    assert "Oluştur" not in summary.labels
    tg.press(ORGANISER, chat, summary.message_id, summary.button("Evet, yerine kur"))
    assert "«Akşam Ligi» sonuçlarıyla arşivde" in tg.wait_for(chat, "oluşturuldu").text
    tg.wait_for(chat, "canlı durum")
    assert "Benim Kupam" in fixture(tg, chat)

    tg.send(CAPTAIN_1, chat, "/turnuvalar")
    listed = tg.wait_for(chat, "turnuvaları").text
    assert "1. Akşam Ligi · yerine başkası kuruldu" in listed and "2/6 maç oynandı" in listed
    assert "2. Benim Kupam · ▶️ sürüyor · 0/6 maç oynandı" in listed
    tg.send(CAPTAIN_1, chat, "/geri_yukle 1")  # he does not organise Benim Kupam
    assert "onun ve süren turnuvanın düzenleyenleri" in tg.wait_for(chat).text

    tg.send(ORGANISER, chat, "/geri_yukle 1")
    asked = tg.wait_for(chat, lambda m: m.has_button("Evet, geri yükle"))
    assert "Süren «Benim Kupam» onun yerine arşive kalkar" in asked.text
    tg.press(BYSTANDER, chat, asked.message_id, asked.button("Evet, geri yükle"))
    assert "başkasına soruldu" in toast(tg, chat)
    tg.press(ORGANISER, chat, asked.message_id, asked.button("Evet, geri yükle"))
    assert "«Akşam Ligi» geri yüklendi" in tg.wait_for(chat, "geri yüklendi", kinds=("edit",)).text
    tg.wait_for(chat, "canlı durum")

    assert_results_kept(tg, chat)


def test_ending_asks_first_and_an_ended_tournament_comes_back(tg):
    chat = tg.group("Bahar Ligi")
    set_up(tg, chat, ORGANISER)

    tg.send(ORGANISER, chat, "/turnuva_bitir")
    asked = tg.wait_for(chat, lambda m: m.has_button("Evet, bitir"))
    assert "2/6 maç oynandı" in asked.text
    assert_results_kept(tg, chat)  # asking ended nothing
    tg.press(ORGANISER, chat, asked.message_id, asked.button("Evet, bitir"))
    assert "bitirildi" in tg.wait_for(chat, "bitirildi", kinds=("edit",)).text
    # A second tap that was under way while the buttons went (they go with the edit).
    tg.press(ORGANISER, chat, asked.message_id, asked.button("Evet, bitir"), forged=True)
    assert "artık geçerli değil" in toast(tg, chat)
    assert "süren bir turnuva yok" in fixture(tg, chat)

    tg.send(ORGANISER, chat, "/turnuvalar")
    assert "1. Akşam Ligi · bitti" in tg.wait_for(chat, "turnuvaları").text
    tg.send(ORGANISER, chat, "/geri_yukle 1")
    asked = tg.wait_for(chat, lambda m: m.has_button("Evet, geri yükle"))
    tg.press(ORGANISER, chat, asked.message_id, asked.button("Evet, geri yükle"))
    tg.wait_for(chat, "geri yüklendi", kinds=("edit",))
    assert_results_kept(tg, chat)
