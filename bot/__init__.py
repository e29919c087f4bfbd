"""Everything that talks to Telegram, the web and the shell, around the pure `domain`.

`app` is the composition root (handlers registered, `runtime.services.Services` built
once); `handlers/` turn updates into use-case commands run by `usecases.runner` and their
outcomes into replies worded by `texts/`; `reminders/` sends the stored reminder rows;
`runtime/` keeps chats independent (`chats`), updates durable (`intake`), heavy work off
the event loop (`offload`) and the process tidy (`hygiene`, `logs`, `rations`,
`settings`, `services`); `render/` makes files, `web/` serves the webhook and public
pages, and `cli/` is `turnuva`.
"""
