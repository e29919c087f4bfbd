"""The two tournaments the corpus is typed in: an 8-team season league and a 12-team cup.

A message's `context` ("league" or "cup") says which one its chat runs; its team names,
slots and the asker's own team ("biz", "maçımız") are that tournament's.
"""

from __future__ import annotations

# "Pazar Ligi": one round robin, a match week every other Sunday 14:00-17:00.
LEAGUE = (
    "Kartallar",
    "Şahinler",
    "Mahalle United",
    "Atletico Esenler",
    "Gençlik Spor",
    "Yıldızspor",
    "Dinamo Kadıköy",
    "Kurtlar",
)

# "Kış Kupası": one day, four groups of three, quarter-finals, semi-finals, third place, final.
CUP_GROUPS = (
    ("Aslanlar", "Boğaziçi FK", "Tuzla Birlik"),
    ("Kaplanlar", "Anadolu Gücü", "Fırtına SK"),
    ("Yeşilköy Spor", "1907 Üsküdar", "Çınar Spor"),
    ("Sarıyer Gençlik", "Demirspor", "Karadeniz FK"),
)
CUP = tuple(team for group in CUP_GROUPS for team in group)

# The team whose captain asks the first-person questions ("kaçta oynuyoruz", "3-1 kazandık").
OWN = {"league": "Kartallar", "cup": "Aslanlar"}
TEAMS = {"league": LEAGUE, "cup": CUP}
