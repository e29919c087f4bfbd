"""What the bot says in chats: help, prompts, replies. Short, friendly, exact."""

from __future__ import annotations

HELP = """⚽ Turnuva Botu: halı saha turnuvanızı grup sohbetinden yönetir.
Kura çeker, maçları sahalara ve saatlere yerleştirir, puan durumunu ve eleme eşleşmelerini
kendisi günceller; kaptanlar "ne zaman oynuyoruz?" diye sorar, bot cevaplar.

Komutlar
/yeni_turnuva: turnuva kur (adım adım ya da tek mesajla)
/fikstur [takım | grup A | saha 2 | bugün] [metin]: maç programı (resim; metin için sona "metin")
/puan [grup] [metin]: puan durumu (resim)
/eleme: eleme tablosu (resim)
/yazdir: basılabilir A4 fikstür kartı (PDF)
/takvim [takım]: maçları takviminize ekleyin (.ics)
/disa_aktar: maçlar ve sonuçlar (CSV)
/takimlar: takımlar ve kaptanları
/kaptan Takım: o takımın kaptanı ol (takımın kaptanı varsa düzenleyen onaylar)
/kaptan Takım (bir mesaja yanıt olarak): o kişiyi kaptan yap (düzenleyenler)
/kaptan_sil Takım: takımın kaptanlarını kaldır; bir mesaja yanıt olarak: o kişiyi (düzenleyenler)
/sonuc Kartallar 3-1 Şahinler: sonuç gir (düzenleyenler)
/geri_al: son girdiğin sonucu geri al
/kura Takım: eşitlikte kura sonucunu kaydet
/yetkili (bir mesaja yanıt olarak): düzenleyen ekle
/gecikme 15 [saha 2]: oynanmamış maçları 15 dk kaydır
/ertele 7 11:30: 7. maçı başka saate al (ya da /ertele 7 yarın 10:00)
/hatirlatma [60 15 | grup 30 | kaptan 60 | kapat]: maç hatırlatmaları
/turnuva_bitir: turnuvayı bitir (sorar; hiçbir şey silinmez)
/turnuvalar: bu sohbetin turnuvaları, numaralı
/geri_yukle 2: biten ya da yerine başkası kurulan 2. turnuvayı geri getir
/ayarlar [kadro 7], /iptal

Örnek
/yeni_turnuva Bahar Kupası | 8 takım | 2 grup | 2 saha | 6 Aralık 10:00 | 24+6
/takim_adi 3 Kartallar
/kaptan Kartallar
Kartallar 3-1 Şahinler
ne zaman oynuyoruz?"""

GROUP_NEEDS = (
    "Grupta sonuçları ve soruları okuyabilmem için BotFather'da gizlilik modunu kapatın"
    " (/setprivacy → Disable) ya da beni yönetici yapın. Mesaj sabitlemek için yönetici"
    " olmam gerekir."
)

ERROR = "Bir şeyler ters gitti, kusura bakmayın. Lütfen biraz sonra tekrar deneyin."

COMMANDS = (
    ("yeni_turnuva", "Turnuva kur"),
    ("fikstur", "Maç programı"),
    ("puan", "Puan durumu"),
    ("eleme", "Eleme tablosu"),
    ("yazdir", "Basılabilir fikstür kartı (PDF)"),
    ("takvim", "Maçları takvime ekle"),
    ("disa_aktar", "Maçlar ve sonuçlar (CSV)"),
    ("takimlar", "Takımlar ve kaptanlar"),
    ("kaptan", "Takımının kaptanı ol"),
    ("kaptan_sil", "Kaptanları kaldır (düzenleyenler)"),
    ("sonuc", "Sonuç gir: Kartallar 3-1 Şahinler"),
    ("geri_al", "Son sonucu geri al"),
    ("kura", "Eşitlikte kura sonucunu kaydet"),
    ("yetkili", "Düzenleyen ekle (mesaja yanıtla)"),
    ("gecikme", "Maçları kaydır: /gecikme 15 [saha 2]"),
    ("ertele", "Bir maçı ertele: /ertele 7 11:30"),
    ("hatirlatma", "Hatırlatma süreleri: /hatirlatma 60 15"),
    ("ayarlar", "Turnuva ayarları"),
    ("turnuva_bitir", "Turnuvayı bitir ve arşivle"),
    ("turnuvalar", "Bu sohbetin turnuvaları"),
    ("geri_yukle", "Arşivdeki turnuvayı geri getir: /geri_yukle 2"),
    ("iptal", "Süren işlemi iptal et"),
    ("yardim", "Yardım"),
)
