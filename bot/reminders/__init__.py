"""Sending the stored reminder rows: when each goes, at most once, and what it says.

The rows themselves are derived and written by `bot.usecases.reminders` (docs/reminders.md);
this package only fires them:

- `dispatcher`: the Dispatcher, owned by `bot.runtime.services.Services`: leadership, the send
  plan, claim, send, retry and the end state of every row.
- `pacing`: Telegram's side of a send: the Bot sender, the rate limits, which failures
  provably delivered nothing and how long to wait before trying again.
- `timer`: the Timer the Dispatcher arms (PTB's JobQueue in the bot, none in tests and the
  bench, which drive it with a fake clock).
- `messages`: what a reminder says, rendered from the stored tournament (the sentences
  are in `bot.texts.reminders`), and the captains' head-count buttons.
"""
