"""Everything that talks to Telegram, the web and the shell, around the pure `domain`.

`app` is the composition root (handlers registered, `runtime.services.Services` built
once); `handlers/` turn updates into use-case commands run by `usecases.runner` and their
outcomes into replies worded by `texts/`; `reminders/` sends the stored reminder rows;
`runtime/` keeps chats independent (`chats`), updates durable (`intake`), heavy work off
the event loop (`offload`) and the process tidy (`hygiene`, `logs`, `rations`,
`settings`, `services`); `render/` makes files, `web/` serves the webhook and public
pages, and `cli/` is `turnuva`.
"""

import gc
import sys

# Importing the bot builds a few hundred thousand objects that live as long as the process
# (SQLAlchemy's and python-telegram-bot's classes and statements, our tables, compiled
# patterns). Python 3.11's collector would walk them again and again while they are being
# built, finding nothing to free: about a third of `import bot.app`. So the young
# generation's threshold is raised while the package imports, and `started` (called at
# the end of bot.app, and in each worker) moves what was built out of the collector's way
# (gc.freeze) and restores the threshold.
_THRESHOLD = gc.get_threshold()
gc.set_threshold(max(_THRESHOLD[0], 100_000), *_THRESHOLD[1:])


def started() -> None:
    """Start-up's imports are done: freeze their objects, collect as usual from now on."""
    gc.freeze()
    gc.set_threshold(*_THRESHOLD)


# httpx (under python-telegram-bot) imports its command-line client whenever click is
# installed, and click is, for uvicorn: click and pygments (which the tests bring) for a
# client the bot never runs; `import httpx` takes 49 ms instead of 61 without them. A None
# entry makes that import fail at once, and httpx falls back to its stub `main`. The
# pages' server still imports click through uvicorn when it starts, if it starts.
sys.modules.setdefault("httpx._main", None)  # type: ignore[arg-type]
