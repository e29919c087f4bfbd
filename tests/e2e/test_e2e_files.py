"""Pictures and files through Telegram: /fikstur as a photo, /takvim and /yazdir as documents."""

from __future__ import annotations

import io

from client import ORGANISER
from icalendar import Calendar
from processes import TOKEN
from pypdf import PdfReader
from test_e2e_tournament import DAY, create


def download(tg, message):
    """The file's bytes as the bot uploaded them (the emulator serves them like Telegram)."""
    sent = message.event["message"]
    media = sent.get("document") or sent["photo"][-1]
    data = tg.http.get(f"/file/bot{TOKEN}/files/{media['file_id']}").content
    assert len(data) == message.event["size"] > 0
    return data


def test_fikstur_is_a_photo_and_metin_keeps_the_text(tg):
    chat = tg.group("Resimli")
    create(tg, chat, DAY)
    tg.send(ORGANISER, chat, "/fikstur")
    photo = tg.wait_for(chat, kinds=("photo",))
    assert photo.file_name.endswith(".png") and "Bahar Kupası" in photo.text
    assert download(tg, photo).startswith(b"\x89PNG")
    tg.send(ORGANISER, chat, "/fikstur metin")
    assert "Kartallar" in tg.wait_for(chat, "📅", kinds=("message",)).text
    tg.send(ORGANISER, chat, "/puan")
    assert tg.wait_for(chat, kinds=("photo",)).file_name.endswith(".png")
    tg.send(ORGANISER, chat, "/eleme")
    assert "eleme" in tg.wait_for(chat, kinds=("photo",)).text


def test_takvim_for_a_team_is_a_calendar_that_parses(tg):
    chat = tg.group("Takvimli")
    create(tg, chat, DAY)
    tg.send(ORGANISER, chat, "/takvim Kartallar")
    document = tg.wait_for(chat, kinds=("document",))
    assert document.file_name.endswith(".ics")
    events = Calendar.from_ical(download(tg, document)).walk("VEVENT")
    assert len(events) == 3
    assert all("Kartallar" in str(e["summary"]) for e in events)
    assert all(e["dtstart"].params["TZID"] == "Europe/Istanbul" for e in events)


def test_yazdir_is_a_pdf_and_disa_aktar_a_csv(tg):
    chat = tg.group("Basılı")
    create(tg, chat, DAY)
    tg.send(ORGANISER, chat, "/yazdir")
    document = tg.wait_for(chat, kinds=("document",))
    assert document.file_name.endswith(".pdf")
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(download(tg, document))).pages)
    assert "Şahinler" in text and "Eşitlikte" in text
    tg.send(ORGANISER, chat, "/disa_aktar")
    csv = tg.wait_for(chat, kinds=("document",))
    assert csv.file_name.endswith(".csv")
    assert download(tg, csv).startswith(b"\xef\xbb\xbf")
