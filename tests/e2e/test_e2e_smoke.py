"""Smoke: the bot runs as its own process against the emulator, answers and survives a restart."""

from __future__ import annotations

from client import BYSTANDER, GROUP, ORGANISER, private


def test_start_in_a_private_chat_answers_with_the_help_text(tg):
    tg.send(BYSTANDER, private(BYSTANDER), "/start")

    answer = tg.wait_for(private(BYSTANDER))

    assert "Turnuva Botu" in answer.text
    assert "gizlilik" not in answer.text


def test_yardim_in_the_group_adds_what_the_bot_needs_there(tg):
    tg.send(ORGANISER, GROUP, "/yardim")

    answer = tg.wait_for(GROUP)

    assert "Turnuva Botu" in answer.text
    assert "gizlilik" in answer.text


def test_the_bot_registered_its_turkish_command_list(tg):
    commands = tg.commands()

    assert "yeni_turnuva" in commands
    assert "yardim" in commands


def test_after_a_restart_the_bot_still_answers_start(tg, restart_bot):
    restart_bot()
    tg.send(ORGANISER, private(ORGANISER), "/start")

    assert "Turnuva Botu" in tg.wait_for(private(ORGANISER)).text
