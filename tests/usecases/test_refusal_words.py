"""Each refusal names the action refused: /takim_adi is told about renaming, /kura about
the lot, /baglanti yenile about the link, never "Sonuçları yalnızca düzenleyenler girebilir"."""

from __future__ import annotations

from datetime import UTC, timedelta

import pytest
from eight_team_day import CHAT, KICKOFF, stored_day

from bot.texts.errors import refusal
from bot.texts.refused import REFUSED
from bot.usecases import links, organisers, roles
from bot.usecases.errors import MayNotReplace, NotOrganiser
from bot.usecases.runner import Actor, run

NOW = (KICKOFF - timedelta(hours=1)).astimezone(UTC)
MEMBER = 60
RESULTS = "Sonuçları yalnızca düzenleyenler girebilir"


def test_every_action_of_the_table_has_its_own_sentence():
    assert set(REFUSED) == set(roles.TABLE)
    said = list(REFUSED.values())
    assert len(set(said)) == len(said)
    for sentence in said:
        assert sentence.endswith(".") and sentence[0].isupper(), sentence
        assert "düzenleyenleri " not in sentence, sentence  # "yalnızca düzenleyenleri bitirebilir"


def _refused_to_a_non_organiser(action: str) -> bool:
    rule = roles.TABLE[action]
    return rule.cell(roles.Role.ADMIN) == "allowed" and any(
        rule.cell(r) == "refused" for r in (roles.Role.MEMBER, roles.Role.CAPTAIN)
    )


@pytest.mark.parametrize("action", [a for a in roles.TABLE if _refused_to_a_non_organiser(a)])
def test_the_refusal_of_each_organisers_action_names_that_action(action):
    role = roles.Role.MEMBER if roles.TABLE[action].cell(roles.Role.MEMBER) else roles.Role.CAPTAIN
    with pytest.raises(NotOrganiser) as refused:
        roles.require(action, role)
    text = refusal(refused.value)
    assert text.startswith(REFUSED[action]), text
    assert action == "enter a result" or RESULTS not in text, text
    assert "/yetkili" in text


def test_replacing_the_running_tournament_is_refused_in_plain_turkish():
    text = refusal(MayNotReplace("Bahar Kupası"))
    assert "yalnızca o turnuvayı düzenleyenler kurabilir" in text, text


@pytest.fixture
async def db(tmp_path):
    database = await stored_day(f"sqlite+aiosqlite:///{tmp_path / 'day.db'}", NOW)
    yield database
    await database.dispose()


def member() -> Actor:
    async def is_admin() -> bool:
        return False

    return Actor(user_id=MEMBER, chat_id=CHAT, now=NOW, admin=is_admin)


@pytest.mark.parametrize(
    ("verb", "command", "said"),
    [
        (organisers.rename_team, organisers.RenameTeam("A1", "Kartallar"), "Takım adını"),
        (organisers.record_lot, organisers.RecordLot("A3"), "Kura sonucunu"),
        (links.renew, links.Renew(), "Yeni bir bağlantıyı"),
    ],
)
async def test_a_member_s_takim_adi_kura_and_baglanti_yenile_are_refused_by_name(
    db, verb, command, said
):
    with pytest.raises(NotOrganiser) as refused:
        await run(db, verb, command, member())
    text = refusal(refused.value)
    assert text.startswith(said) and RESULTS not in text, text
