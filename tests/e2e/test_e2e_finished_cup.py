"""Issue 23, item 6 end to end: a cup played to its final is printed whole (the champion,
no "elle doldurun", "Üçüncülük maçı" uncut) and its bracket picture still comes with its
caption; a forfeit's and a withdrawal's replies carry the table in <pre> (HTML). One cup
is played out for the module."""

from __future__ import annotations

import io
import itertools
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from client import ORGANISER, Chat, Emulator
from pypdf import PdfReader
from test_e2e_files import download
from test_e2e_forfeits import create_league, forfeit_of
from test_e2e_tournament import DAY, create, draw_of


@dataclass
class Played:
    tg: Emulator
    chat: Chat
    champion: str


@pytest.fixture(scope="module")
def cup(bot) -> Iterator[Played]:
    """The 8-team day with a third-place match, every result in (better-drawn teams win)."""
    tg = Emulator(bot.api_url)
    chat = tg.group("Biten Kupa")
    groups = draw_of(create(tg, chat, DAY).text)
    lines = [
        f"{teams[i]} 2-0 {teams[j]}"
        for teams in groups.values()
        for i, j in itertools.combinations(range(4), 2)
    ]
    tg.send(ORGANISER, chat, "\n".join(lines))
    tg.wait_for(chat, "Eşleşmeler", timeout=30)
    a, b = groups["A"], groups["B"]
    tg.send(ORGANISER, chat, f"{a[0]} 1-0 {b[1]}\n{b[0]} 2-1 {a[1]}")
    tg.wait_for(chat, lambda m: "Final" in m.text and "Eşleşmeler" in m.text, timeout=30)
    tg.send(ORGANISER, chat, f"{b[1]} 2-1 {a[1]}\n{a[0]} 3-2 {b[0]}")
    tg.wait_for(chat, "Tebrikler", timeout=30)
    try:
        yield Played(tg, chat, a[0])
    finally:
        tg.close()


def test_the_pdf_of_a_finished_cup_names_its_champion_and_asks_nothing_by_hand(cup):
    cup.tg.send(ORGANISER, cup.chat, "/yazdir")
    document = cup.tg.wait_for(cup.chat, kinds=("document",))
    assert document.file_name.endswith(".pdf")
    pages = PdfReader(io.BytesIO(download(cup.tg, document))).pages
    text = "\n".join(p.extract_text() for p in pages)
    assert f"Şampiyon: {cup.champion}" in text, text[-600:]
    assert "elle doldurun" not in text and "Son puan durumu" in text
    assert "Üçüncülük maçı" in text


def test_the_bracket_picture_of_a_finished_cup_comes_with_its_caption(cup):
    cup.tg.send(ORGANISER, cup.chat, "/eleme")
    photo = cup.tg.wait_for(cup.chat, kinds=("photo",))
    assert "Bahar Kupası: eleme tablosu" in photo.text, photo.text
    assert download(cup.tg, photo).startswith(b"\x89PNG")


def test_forfeit_and_withdrawal_replies_bring_the_table_in_pre(tg):
    chat = create_league(tg, "Tablolu Lig")
    forfeit = forfeit_of(tg, chat, "/hukmen Kartallar", "Kartallar")
    tg.send(ORGANISER, chat, "/cekil Kurtlar")
    withdrawal = tg.wait_for(chat, "ligden çekildi")
    for reply in (forfeit, withdrawal):
        assert reply.event["parse_mode"] == "HTML", reply.event
        assert "<pre>" in reply.text and "</pre>" in reply.text, reply.text
