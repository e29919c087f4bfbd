"""What people type instead of pressing a set-up button (keys: names.loose_key), and the
rhythm question's buttons. Apart from the state machine (bot.usecases.setup_steps), which
reads these, so that each stays short."""

from __future__ import annotations

FORMAT_WORDS = {
    "groups": "groups",
    "gruplar eleme": "groups",
    "gruplar": "groups",
    "grup": "groups",
    "league": "league",
    "lig": "league",
    "double": "double",
    "cift devreli lig": "double",
    "cift devreli": "double",
    "knockout": "knockout",
    "eleme": "knockout",
}
EDIT_WORDS = {  # the [Değiştir] buttons' labels (bot.texts.setup.EDIT_FIELDS), and more
    "ad": "name",
    "takimlar": "teams",
    "saha": "pitches",
    "bicim": "format",
    "grup sayisi": "groups",
    "ilk mac": "kickoff",
    "sure": "slot",
    "ucunculuk": "third",
    "esitlik": "tiebreak",
    "isim": "name",
    "grup": "groups",
    "gruplar": "groups",
    "saat": "kickoff",
    "tarih": "kickoff",
    "sahalar": "pitches",
    "format": "format",
    # a season league's own answers ([Değiştir] of a league over match weeks)
    "gun ve saat": "rhythm",
    "gunler": "rhythm",
    "saatler": "rhythm",
    "mac gunu": "rhythm",
    "atlanan gunler": "skip",
    "atlanacak gunler": "skip",
    "tatil": "skip",
    "tatiller": "skip",
    "haric": "skip",
    "ilk mac gunu": "first",
    "baslangic": "first",
}
KIND_WORDS = {
    "season": "season",
    "haftalara yayilan lig": "season",
    "haftalara yayilan": "season",
    "haftalik lig": "season",
    "haftalik": "season",
    "sezon": "season",
    "sezon ligi": "season",
}
RHYTHMS = (  # the rhythm question's buttons: their value is the index
    "her pazar 14:00-17:00",
    "iki haftada bir pazar 14:00-17:00",
    "her cumartesi 10:00-13:00",
    "her salı 21:00-23:00",
)
RHYTHM_KEYS = tuple(str(i) for i in range(len(RHYTHMS)))
YES_NO = {"yes": "yes", "evet": "yes", "var": "yes", "no": "no", "hayir": "no", "yok": "no"}
TIEBREAK_WORDS = {
    "tff": "tff",
    "uefa": "uefa",
    "fifa": "fifa",
    "makale": "makale",
    "averaj once": "makale",
    "halisaha": "halisaha",
}
