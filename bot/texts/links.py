"""The public page's link and the calendar subscriptions, as the chat is told them."""

from __future__ import annotations

PAGE_BUTTON = "🌐 Canlı sayfa"
LOCAL_ONLY = (
    "⚠️ Genel adres ayarlanmadı (--public-url / TURNUVA_PUBLIC_URL): bu bağlantı yalnız botun"
    " çalıştığı bilgisayarda açılır."
)


def link(name: str, page: str, *, renewed: bool = False, local: bool = False) -> str:
    """The address on the first line, so a glance (or a copy) gets it."""
    head = "🔄 Yeni bağlantı" if renewed else "🌐 Canlı sayfa"
    lines = [
        page,
        f"{head} · {name}: giriş gerekmez; sonuçlar ve gecikmeler sayfada kendiliğinden görünür.",
    ]
    if renewed:
        lines.append("Eski sayfa ve takvim adresleri artık açılmaz.")
    else:
        lines.append("Düzenleyen yeni bağlantı için: /baglanti yenile")
    if local:
        lines.append(LOCAL_ONLY)
    return "\n".join(lines)


def subscriptions(whole: str, team: str | None, team_address: str | None) -> str:
    """/takvim's addresses, the whole tournament's first: a phone calendar that subscribes
    refreshes by itself (delays and postponements move the events)."""
    lines = ["📅 Takvime abone olun (telefon takvimi kendiliğinden güncellenir):", whole]
    if team and team_address:
        lines += [f"Yalnız {team} maçları:", team_address]
    return "\n".join(lines)
