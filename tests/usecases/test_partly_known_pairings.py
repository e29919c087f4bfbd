"""When group A of the one-day cup was over, the group read "🔔 Eşleşmeler belli oldu:"
above "Yarı final: A1 - B Grubu 2.si", and after the first semi-final "Final: A1 - 2. yarı
finalin galibi": pairings called known while one side was still a placeholder. Such a
message now says the pairings are partly known; "belli oldu" is kept for the message in
which every pairing it lists is complete."""

from __future__ import annotations

from datetime import timedelta

import pytest
from day_walks import walking_the_day
from eight_team_day import GROUP_RESULTS, KICKOFF, ORGANISER

PARTLY = "🔔 Eşleşmeler kısmen belli oldu:"
KNOWN = "🔔 Eşleşmeler belli oldu:"


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path) as chat:
        chat.now = (KICKOFF + timedelta(hours=6)).astimezone(chat.now.tzinfo)  # all played
        yield chat


async def test_each_pairings_message_says_how_much_is_known(walk):
    for line in GROUP_RESULTS[:6]:
        said = await walk.say(ORGANISER, line)
    assert PARTLY in said and KNOWN not in said and "B Grubu 2.si" in said, said
    for line in GROUP_RESULTS[6:]:
        said = await walk.say(ORGANISER, line)
    assert KNOWN in said and PARTLY not in said, said
    assert "Yarı final: A1 - B4" in said and "Yarı final: B2 - A2" in said, said
    said = await walk.say(ORGANISER, "A1 1-0 B4")
    assert PARTLY in said and "Final: A1 - 2. yarı finalin galibi" in said, said
    said = await walk.say(ORGANISER, "B2 2-2 A2 pen 4-3")
    assert KNOWN in said and "Final: A1 - B2" in said and "Üçüncülük maçı: B4 - A2" in said
