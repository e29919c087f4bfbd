"""The bot process at run time, apart from what users do: durable intake of updates,
per-chat order and rate limits, the worker pool (offload), rationing, start-up
hygiene, quiet logs, settings and the services the handlers share."""
