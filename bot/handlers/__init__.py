"""Telegram callbacks grouped by feature; each turns an update into a use case's call and
its outcome into a reply (`common.reply`) and its effects (`effects.apply`), nothing more."""
