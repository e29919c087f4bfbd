"""`python -m bot.cli`: the same as the `turnuva` console script."""

from bot.cli.commands import main

raise SystemExit(main())
