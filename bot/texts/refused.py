"""What a refusal says was refused: one sentence per action of bot.usecases.roles.TABLE,
so "/takim_adi" by a member is told about renaming, not about results."""

from __future__ import annotations

# action (a row of roles.TABLE) -> the sentence a person who may not do it reads
REFUSED: dict[str, str] = {
    "create a tournament where none runs": "Turnuvayı bir grupta ya da bota özelden kurun.",
    "create one that replaces the running one": (
        "Süren turnuvanın yerine yenisini yalnızca o turnuvayı düzenleyenler kurabilir."
    ),
    "end the tournament": "Turnuvayı yalnızca düzenleyenler bitirebilir.",
    "list the chat's tournaments": "Turnuvaların listesini turnuvanın grubunda isteyin.",
    "bring an ended or replaced one back": (
        "Bir turnuvayı yalnızca düzenleyenler geri yükleyebilir."
    ),
    "enter a result": (
        "Sonuçları yalnızca düzenleyenler girebilir (kaptanların da girebilmesi için bir"
        " düzenleyen /ayarlar kaptan_sonuc acik yazabilir)."
    ),
    "enter a result, captains' results on": (
        "Bir maçın sonucunu yalnızca düzenleyenler ve o maçın kaptanları girebilir."
    ),
    "confirm or reject a captain's result": (
        "Kaptanın yazdığı sonucu yalnızca rakip takımın kaptanı onaylayabilir ya da reddedebilir."
    ),
    "correct a stored result": "Kayıtlı bir sonucu yalnızca düzenleyenler düzeltebilir.",
    "undo the last result": "Girilen bir sonucu yalnızca düzenleyenler geri alabilir.",
    "record a forfeit": "Hükmen kararını yalnızca düzenleyenler girebilir.",
    "withdraw a team": "Bir takımı turnuvadan yalnızca düzenleyenler çekebilir.",
    "claim a team that has no captain": "Kaptanlık turnuvanın grubunda alınır.",
    "claim a team that has a captain": (
        "Kaptanı olan bir takımın kaptanlığını yalnızca düzenleyenler verebilir."
    ),
    "claim any team, captains' results on": (
        "Kaptan sonuç girerken kaptanlığı yalnızca düzenleyenler verebilir."
    ),
    "approve or reject a captain's claim": (
        "Kaptanlık isteğini yalnızca düzenleyenler onaylayabilir ya da reddedebilir."
    ),
    "make someone a captain": "Başkasını kaptan yalnızca düzenleyenler yapabilir.",
    "remove captains": "Kaptanları yalnızca düzenleyenler kaldırabilir.",
    "add an organiser": "Yeni düzenleyeni yalnızca düzenleyenler ekleyebilir.",
    "change a squad": (
        "Bir takımın kadrosunu yalnızca o takımın kaptanı ve düzenleyenler değiştirebilir."
    ),
    "see a squad": "Kadroyu turnuvanın grubunda ya da sayfasında görebilirsiniz.",
    "see scorers, cards and fair play": (
        "Gol, kart ve fair play tablolarını turnuvanın grubunda ya da sayfasında görebilirsiniz."
    ),
    "record scorers and cards": "Golleri ve kartları yalnızca düzenleyenler girebilir.",
    "scorers with a captain's result, captains' results on": (
        "Kaptan sonucuyla yalnızca kendi takımının gollerini ve kartlarını yazabilir."
    ),
    "set or lift a ban": "Cezayı yalnızca düzenleyenler verebilir ya da kaldırabilir.",
    "record a drawing of lots": "Kura sonucunu yalnızca düzenleyenler kaydedebilir.",
    "plan a play-off": "Eşitlik maçını (play-off) yalnızca düzenleyenler planlayabilir.",
    "change a setting": "Ayarları yalnızca düzenleyenler değiştirebilir.",
    "change the tie-break rule, before the first result": (
        "Eşitlik kuralını yalnızca düzenleyenler değiştirebilir."
    ),
    "rename a team": "Takım adını yalnızca düzenleyenler değiştirebilir.",
    "delay or move matches": "Maçları yalnızca düzenleyenler erteleyebilir ya da kaydırabilir.",
    "move a match week": "Bir maç haftasını yalnızca düzenleyenler erteleyebilir.",
    "set the reminders": "Hatırlatmaları yalnızca düzenleyenler ayarlayabilir.",
    "see the settings and reminders": "Ayarları turnuvanın grubunda görebilirsiniz.",
    "see the fixture, table, files": (
        "Fikstürü, puan durumunu ve dosyaları turnuvanın grubunda isteyin."
    ),
    "see the tournament's link": "Turnuvanın bağlantısını turnuvanın grubunda isteyin.",
    "make a new link": "Yeni bir bağlantıyı yalnızca düzenleyenler oluşturabilir.",
    "ask about a match": "Maçları turnuvanın grubunda sorun.",
    "say how many players came": "Kaç oyuncu geldiğini yalnızca o maçın kaptanları bildirebilir.",
    "press a button someone else asked for": "Bu düğme başkasının sorusuna ait.",
}

ADD_ORGANISER = (
    "Düzenleyen eklemek için bir düzenleyen, kişinin mesajına /yetkili diye yanıt versin."
)
# A refusal raised without its action (none should be): still true, if less precise.
ANY = "Bunu yalnızca düzenleyenler yapabilir."


def only_organisers(action: str | None) -> str:
    """The refusal of `action` to someone who does not organise the tournament."""
    return f"{REFUSED.get(action or '', ANY)} {ADD_ORGANISER}"
