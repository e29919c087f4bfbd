"""Entry points: the Telegram bot and the `turnuva` command line."""
