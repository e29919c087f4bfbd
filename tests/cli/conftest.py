"""Run `turnuva` in-process as a user would, and read what it printed."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from bot.cli import main

# argparse's own English, which must never reach a Turkish organiser.
ENGLISH = ("required", "unrecognized", "invalid", "argument", "usage:", "error:", "Traceback")


@dataclass(frozen=True)
class Run:
    """One invocation: exit status and both streams."""

    code: int
    out: str
    err: str

    def json(self) -> Any:
        assert self.code == 0, self.err
        assert self.err == "", self.err
        return json.loads(self.out)

    def text(self) -> str:
        assert self.code == 0, self.err
        assert self.err == "", self.err
        return self.out

    def refusal(self, *names: str) -> str:
        """Exit 2, nothing on stdout, one Turkish line on stderr naming the problem.

        `names` are the words the line must contain to name the problem; the line must also
        show a correct example ("Örnek: ...").
        """
        assert self.code == 2, (self.code, self.out, self.err)
        assert self.out == "", self.out
        assert self.err.endswith("\n") and self.err.count("\n") == 1, repr(self.err)
        line = self.err.strip()
        assert line
        for name in names:
            assert name in line, (name, line)
        for word in ENGLISH:
            assert word not in line, (word, line)
        assert "Örnek" in line, line
        return line


@pytest.fixture
def turnuva(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[..., Run]:
    """`turnuva("plan", "--teams", "A,B", stdin="...")` -> Run."""

    def run(*argv: str, stdin: str = "") -> Run:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        capsys.readouterr()
        code = main(list(argv))
        out, err = capsys.readouterr()
        return Run(code, out, err)

    return run
