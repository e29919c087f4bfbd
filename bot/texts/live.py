"""The pinned live message: the coming matches and the table, edited as results come."""

from __future__ import annotations

from datetime import datetime

from bot.texts import moments, season
from bot.texts.common import hm, side
from bot.texts.fixture import missing_list
from bot.texts.moments import zone_of


def live(snap, moment: datetime) -> str:  # noqa: ANN001 - bot.usecases.snapshots.Snapshot
    """The pinned message: the next slot's matches and the standings, in a few lines."""
    lines = [f"📌 {snap.tournament.name}: canlı durum"]
    # The next slot by the clock; matches over without a result are listed apart, so a
    # missing 09:00 result does not keep 09:00 as "next" at 09:38.
    open_ = [m.match for m in snap.matches if m.result is None]
    coming = [m for m in open_ if m.end > moment]
    missing = [m for m in open_ if m.end <= moment and m.home and m.away]
    week = min((m.week for m in coming if m.week is not None), default=None)
    if week is not None:  # a season league: the coming match week, not only its next slot
        lines += season.live_week(week, [m for m in coming if m.week == week], moment)
        coming = []
    if coming:
        first = min(m.start for m in coming)
        label = "Şimdi oynanıyor" if first <= moment else "Sıradaki"
        lines.append(f"{label} ({moments.kickoff(first, moment, zone_of(first))}):")
        lines += [
            f"• {m.pitch}: {side(m, True)} - {side(m, False)}" for m in coming if m.start == first
        ]
    elif not missing and (won := snap.champion()) is not None:
        lines.append(f"🏆 Şampiyon: {won}")
    if missing:
        lines.append(f"Sonuç bekleniyor: {missing_list(missing)}")
    tables = snap.tables()
    for group in snap.groups:
        standing = tables[group.label]
        order = ", ".join(f"{r.team} {r.points}" for r in standing.rows)
        label = "Puan" if len(snap.groups) < 2 else f"{group.label} Grubu"
        lines.append(f"{label}: {order}")
    lines.append(f"Güncellendi: {hm(moment.astimezone(snap.zone))}")
    return "\n".join(lines)
