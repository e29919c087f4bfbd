"""A 12-team cup (3 groups, the winners and the best runner-up in the semi-finals): each
team of a finished group hears its own fate, the best runner-up is settled when the last
group ends, and no text shows a plan code; a member's /takim_adi is refused by name."""

from __future__ import annotations

import re

from client import BYSTANDER, ORGANISER
from days import SOON
from test_e2e_tournament import draw_of

CUP = (
    f"/yeni_turnuva Kış Kupası | 12 takım | 3 grup | 2 saha | {SOON} 10:00 | 26+4"
    " | yarı final\n"
    "Dinamo Kadıköy, Yıldızspor, Şahinler, Ağrı Doğanspor, Üsküdar Gençlik, Işıklar,"
    " Gölcük, Öz Çağlayan, Çınarspor, İnegöl Gücü, Boğaziçi, Kartallar"
)
CODES = re.compile(r"\b\d\.\d\b|\bM\d+\b|\bG\d+\b|\b[WL]\d+\b|\b\d[A-C]\b")


def _results(teams, margin):
    """Every match of a group: the team listed first in the draw wins, by `margin` goals
    more per group, so the runners-up are never level."""
    return "\n".join(
        f"{home} {margin + 1}-1 {away}" for i, home in enumerate(teams) for away in teams[i + 1 :]
    )


def create(tg, chat, form):
    """As test_e2e_tournament.create, with room for a 12-team plan on a busy machine."""
    tg.send(ORGANISER, chat, form)
    summary = tg.wait_for(chat, lambda m: m.has_button("Oluştur"), timeout=60)
    tg.press(ORGANISER, chat, summary.message_id, summary.button("Oluştur"))
    created = tg.wait_for(chat, "kuruldu", timeout=60)
    tg.wait_for(chat, "canlı durum", timeout=30)
    return created


def test_a_cup_with_the_best_runner_up_tells_each_team_its_fate_in_words(tg):
    chat = tg.group("Kış Kupası")
    created = create(tg, chat, CUP)
    groups = draw_of(created.text)
    assert sorted(groups) == ["A", "B", "C"]
    tg.send(ORGANISER, chat, "/fikstur metin")
    plan = tg.wait_for(chat, "📅").text
    assert "en iyi ikinci" in plan and "1. yarı finalin galibi" in plan, plan
    assert not CODES.search(plan), CODES.search(plan)

    a = groups["A"]
    tg.send(ORGANISER, chat, _results(a, 1))
    over = tg.wait_for(chat, "🏁 A Grubu tamamlandı", timeout=20).text
    assert f"✅ {a[0]} (1.): yarı finalde; rakip " in over, over
    waits = next(li for li in over.splitlines() if li.startswith(f"⏳ {a[1]} (2.)"))
    assert "en iyi ikinci olursa yarı finalde" in waits and "B ve C grupları" in waits, waits
    assert f"❌ Elenen: {a[2]} (3.), {a[3]} (4.)." in over, over
    assert "arasından da çıkılabilir" not in over and not CODES.search(over)

    tg.send(ORGANISER, chat, _results(groups["B"], 2))
    tg.wait_for(chat, "🏁 B Grubu tamamlandı", timeout=20)
    c = groups["C"]
    tg.send(ORGANISER, chat, _results(c, 3))
    last = tg.wait_for(chat, "🏁 C Grubu tamamlandı", timeout=20).text
    # C's runner-up has the best goal difference: through; A's and B's are out.
    assert f"✅ {c[1]} (2.): en iyi ikinci olarak yarı finalde; rakip " in last, last
    assert f"❌ {a[1]} (A Grubu 2.si): en iyi ikinci olamadı, elendi." in last, last
    assert f"❌ {groups['B'][1]} (B Grubu 2.si): en iyi ikinci olamadı, elendi." in last
    assert not CODES.search(last), CODES.search(last)

    tg.send(BYSTANDER, chat, "/takim_adi 3 Kartal")
    refused = tg.wait_for(chat, "yalnızca düzenleyenler").text
    assert refused.startswith("Takım adını yalnızca düzenleyenler değiştirebilir"), refused
