"""What a user can do, as functions of (command, unit of work): no Telegram in here.

Handlers, the CLI and tests call these; each user action is one unit of work.
"""
