"""The bot's HTTP side: Telegram's webhook endpoint and the public, read-only pages of each
tournament (its page, team pages, calendar subscriptions), served by one ASGI app."""

KEY = "pages"  # application.bot_data key of the bot.web.site.Site, made in post_init
