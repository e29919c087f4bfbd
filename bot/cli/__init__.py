"""The `turnuva` command: plan a fixture, compute a table, advise a format.

Bad input never shows a traceback: one Turkish line on standard error with an example,
exit status 2, and nothing on standard output.

`commands` holds `main` and the table of subcommands; `parser` the arguments and their
Turkish complaints; `values` reads option values into domain values; `plan_command`,
`table_command` and `advice_command` are `plan`, `puan` and `oner`; `refused` is the one
exception they raise.
"""

from bot.cli.commands import main

__all__ = ["main"]
