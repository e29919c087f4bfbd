"""The command line's one refusal: every subcommand raises it, `main` prints it.

Apart from the parser and the subcommands so that each of them can raise it without
importing the others.
"""

from __future__ import annotations


class Refused(Exception):
    """A command-line problem; the message is already the Turkish line."""
