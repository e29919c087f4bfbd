"""What the bot says in chats: help, prompts, replies. Short, friendly, exact."""

from __future__ import annotations

from bot.texts.parts import quoted

# /start: a short welcome and the one next step; Telegram wraps the lines (none by hand).
WELCOME_GROUP = (
    "⚽ Turnuva Botu burada! Halı saha turnuvanızı bu gruptan yönetirim: kura, saatler,"
    " sahalar, puan durumu ve eleme eşleşmeleri.\n\n"
    "Kurmak için: /yeni_turnuva yazın, adım adım sorarım. Ya da tek mesajla:\n"
    "/yeni_turnuva Bahar Kupası | 8 takım | 2 grup | 2 saha | yarın 10:00 | 24+6\n\n"
    "Tüm komutlar: /yardim"
)
WELCOME_PRIVATE = (
    "⚽ Turnuva Botu'na hoş geldiniz!\n\n"
    "Kaptansanız: turnuva grubunda /kaptan TakımAdı yazın; maç hatırlatmaları buraya gelir"
    ' ve burada "ne zaman oynuyoruz?" diye sorabilirsiniz.\n'
    "Turnuva kuracaksanız: beni grubunuza ekleyin ve orada /yeni_turnuva yazın.\n\n"
    "Tüm komutlar: /yardim"
)

# /yardim: the commands by role. One command a line; Telegram wraps long lines.
HELP = "\n".join(
    (
        "⚽ Turnuva Botu: komutlar",
        "",
        "Herkes",
        "/fikstur: maç programı (resim). Seçmek için: /fikstur bugün, /fikstur yarın,"
        " /fikstur cumartesi, /fikstur A, /fikstur saha 2, /fikstur Kartallar;"
        ' metin için sona "metin"',
        "/puan [A] [metin]: puan durumu",
        "/eleme: eleme tablosu",
        "/yazdir: basılabilir A4 fikstür (PDF; /yazdir Kartallar: takımın maçları)",
        "/takvim [takım]: maçları takviminize ekleyin",
        "/disa_aktar: maçlar ve sonuçlar (CSV)",
        "/takimlar: takımlar ve kaptanları",
        "/turnuvalar: bu sohbetin turnuvaları",
        "/ayarlar: turnuvanın ayarları",
        '"ne zaman oynuyoruz?", "final ne zaman?": sorun, cevaplarım',
        "",
        "Kaptanlar",
        "/kaptan Kartallar: takımınızın kaptanı olun (takımın kaptanı varsa düzenleyen onaylar)",
        "/kadro Kartallar: Ali Yılmaz, 10 Veli Demir: kadronuzu yazın; /kadro Kartallar: göster;"
        " /kadro_sil Kartallar Veli Demir: çıkar",
        "/goller: gol krallığı · /kartlar: kartlar ve cezalılar · /fairplay: centilmenlik sırası",
        "Bana özelden /start yazın: hatırlatmalar özelden gelir",
        "Hatırlatmadaki [7] [8] … düğmeleri: kaç kişi geldiğinizi bildirin",
        "",
        "Düzenleyenler",
        "/yeni_turnuva: turnuva kur (adım adım ya da tek mesajla)",
        "Kartallar 3-1 Şahinler (ya da /sonuc …): sonuç gir;"
        " eleme maçında berabere: Kartallar 2-2 Şahinler pen 4-3",
        "Goller ve kartlar sonucun altına: goller: Ali 2, Veli - Mehmet · kart: Veli sarı,"
        " Mehmet kırmızı",
        "/gol 7 Ali 2; Mehmet · /kart 7 Veli sarı: oynanmış maça gol/kart ekle;"
        " /gol_sil 7 Ali · /kart_sil 7 Veli: sil",
        "/ceza Mehmet 3: 3 maç ceza (0: kaldır); /ayarlar sari_ceza 4: her 4. sarı 1 maç ceza",
        "/geri_al: son sonucu (ya da çekilmeyi) geri al",
        '/hukmen Kartallar (ya da "Kartallar gelmedi"): ilk sonucu olmayan maçı hükmen 0-3;'
        " /cekil Kartallar: takım turnuvadan çekilir",
        "/gecikme 15 [saha 2]: oynanmamış maçları 15 dk kaydır",
        "/ertele 7 11:30: 7. maçı başka saate al (ya da /ertele 7 yarın 10:00,"
        " /ertele Kartallar Şahinler 14:00); tarihi belli değilse: /ertele 7 belirsiz"
        " (ya da /ertele Kartallar Şahinler belirsiz)",
        "/hafta_ertele 3: 3. haftayı ve sonrakileri birer hafta kaydır"
        " (ya da /hafta_ertele 3 7 Şubat)",
        "/takim_adi 3 Kartallar: takımın adını değiştir",
        "/kaptan Kartallar (bir mesaja yanıt olarak): o kişiyi kaptan yap;"
        " /kaptan_sil Kartallar: kaptanları kaldır",
        "/yetkili (bir mesaja yanıt olarak): düzenleyen ekle",
        "/kura Kartallar: eşitlikte kura sonucunu kaydet",
        "/playoff [7 Mart 15:00]: her ölçütle eşit iki takımın play-off maçını planla (TFF)",
        "/ayarlar esitlik averaj, atılan gol, aralarındaki maç: eşitlik kuralı; /ayarlar kadro 7",
        "/ayarlar hukmen_puan_sil acik: hükmende puan da düşülür;"
        " /ayarlar cekilme tff|iptal|yari: çekilen takımın kuralı",
        "/hatirlatma 60 15: maç hatırlatmaları (kapatmak için: /hatirlatma kapat)",
        "/baglanti: turnuvanın herkese açık sayfası",
        "/turnuva_bitir: turnuvayı bitir (hiçbir şey silinmez); /geri_yukle 2: geri getir",
        "/iptal: süren işlemi iptal et",
    )
)

GROUP_NEEDS = (
    "Grupta sonuçları ve soruları okuyabilmem için BotFather'da gizlilik modunu kapatın"
    " (/setprivacy → Disable) ya da beni yönetici yapın. Mesaj sabitlemek için yönetici"
    " olmam gerekir."
)

# Said once while the database cannot take a write (locked by another program, disk full).
WAITING = (
    "⏳ Kayıt şu an yapılamıyor (veritabanı meşgul); bekliyorum. Yazdıklarınız kaybolmadı,"
    " tekrar yazmanız gerekmiyor: hazır olunca yanıtlayacağım."
)
ERROR = "Bir şeyler ters gitti, kusura bakmayın. Lütfen biraz sonra tekrar deneyin."

COMMANDS = (
    ("yeni_turnuva", "Turnuva kur"),
    ("fikstur", "Maç programı"),
    ("puan", "Puan durumu"),
    ("eleme", "Eleme tablosu"),
    ("yazdir", "Basılabilir fikstür kartı (PDF)"),
    ("takvim", "Maçları takvime ekle"),
    ("baglanti", "Turnuvanın herkese açık sayfası"),
    ("disa_aktar", "Maçlar ve sonuçlar (CSV)"),
    ("takimlar", "Takımlar ve kaptanlar"),
    ("kaptan", "Takımının kaptanı ol"),
    ("kaptan_sil", "Kaptanları kaldır (düzenleyenler)"),
    ("sonuc", "Sonuç gir: Kartallar 3-1 Şahinler"),
    ("geri_al", "Son sonucu geri al"),
    ("kura", "Eşitlikte kura sonucunu kaydet"),
    ("playoff", "Eşitlikte play-off maçı planla"),
    ("yetkili", "Düzenleyen ekle (mesaja yanıtla)"),
    ("gecikme", "Maçları kaydır: /gecikme 15 [saha 2]"),
    ("ertele", "Bir maçı ertele: /ertele 7 11:30"),
    ("hafta_ertele", "Maç haftasını ertele: /hafta_ertele 3"),
    ("hukmen", "Hükmen: /hukmen Kartallar"),
    ("kadro", "Kadro: /kadro Kartallar: Ali, Veli"),
    ("kadro_sil", "Kadrodan çıkar: /kadro_sil Kartallar Veli"),
    ("gol", "Gol ekle: /gol 7 Ali 2; Mehmet"),
    ("kart", "Kart ekle: /kart 7 Veli sarı"),
    ("gol_sil", "Gol sil: /gol_sil 7 Ali"),
    ("kart_sil", "Kart sil: /kart_sil 7 Veli"),
    ("goller", "Gol krallığı"),
    ("kartlar", "Kartlar ve cezalılar"),
    ("fairplay", "Fair play sırası"),
    ("ceza", "Ceza ver: /ceza Mehmet 3 (0: kaldır)"),
    ("cekil", "Takım turnuvadan çekilir: /cekil Kartallar"),
    ("hatirlatma", "Hatırlatma süreleri: /hatirlatma 60 15"),
    ("ayarlar", "Turnuva ayarları"),
    ("turnuva_bitir", "Turnuvayı bitir ve arşivle"),
    ("turnuvalar", "Bu sohbetin turnuvaları"),
    ("geri_yukle", "Arşivdeki turnuvayı geri getir: /geri_yukle 2"),
    ("iptal", "Süren işlemi iptal et"),
    ("yardim", "Yardım"),
)


def unknown_command(typed: str, near: str | None, rest: str = "") -> str:
    """ "/fikstür", "/puandurumu", "/bilinmeyen_komut": no such command; the nearest one
    with what was typed after it, when one is near, and where the commands are."""
    head = f"Böyle bir komut yok: /{quoted(typed, 40)}."
    if near is None:
        return f"{head} Komutlar: /yardim"
    after = f" {quoted(rest, 60)}" if rest.strip() else ""
    return f"{head} Bunu mu demek istediniz: /{near}{after}\nTüm komutlar: /yardim"


def no_tournament_here(chat_id: int) -> str:
    """No tournament runs in this chat. A private chat's id is the person's own (positive,
    a group's is negative): there the person most likely plays in a group's tournament, whose
    commands are typed in that group, while its questions are answered here too."""
    if chat_id > 0:
        return (
            "Bu özel sohbette süren bir turnuva yok. Turnuvanızın komutlarını grubunda yazın;"
            ' buradan "ne zaman oynuyoruz?", "puan durumu" diye sorabilirsiniz.'
            " Yeni turnuva kurmak için: /yeni_turnuva"
        )
    return "Bu sohbette süren bir turnuva yok. Kurmak için: /yeni_turnuva"


# A private message the bot did not understand: said, never silence (a private chat talks
# to the bot alone).
PRIVATE_UNHEARD = (
    'Bunu anlayamadım. Buradan sorabilecekleriniz: "ne zaman oynuyoruz?", "puan durumu",'
    ' "final ne zaman?". Komutlar: /yardim'
)
PRIVATE_RESULT = (
    "Sonuçları turnuvanın grubuna yazın (örnek: Kartallar 3-1 Şahinler): orada herkes görür"
    " ve puan durumu güncellenir."
)
