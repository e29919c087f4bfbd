"""What a user can do, each as `verb(uow, command, actor)`: no Telegram in here.

`runner.run` is the only way in: it opens the unit of work, claims the update id, asks
Telegram about chat administrators between two tries (never inside a transaction) and
hands back the outcome with the effects to carry out after the commit. Who may act is one
table, `roles.TABLE` (docs/permissions.md shows it). Handlers, the web pages, benchmarks
and tests call the verbs through the runner.
"""
