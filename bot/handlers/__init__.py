"""Telegram callbacks grouped by feature; each parses, calls a use case, formats a reply."""
