"""Everything that talks to Telegram, the web and the shell, around the pure `domain`.

`app` is the composition root (handlers registered, `services.Services` built once);
`handlers/` turn updates into calls of `usecases/` and their outcomes into replies worded
by `texts/`; `reminders/` sends the stored reminder rows; `chats`, `intake` and `offload`
keep chats independent, updates durable and heavy work off the event loop; `render/`
makes files, `web/` serves the webhook and public pages, and `cli/` is `turnuva`.
"""
