"""The shape of the code that issue 20 asked for, held by a test so it cannot drift back:
one runner opens units of work, handlers never touch storage, modules stay small."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The runtime's own bookkeeping keeps its units of work: the inbox, the reminder sender's
# leadership and claims, the start-up hygiene and the composition root's migrations.
BOOKKEEPING = {"bot/runtime", "bot/reminders", "bot/app.py"}


def sources(*folders: str) -> list[Path]:
    return sorted(
        p for f in folders for p in (ROOT / f).rglob("*.py") if "migrations" not in p.parts
    )


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_no_lambda_over_a_unit_of_work():
    found = [rel(p) for p in sources("bot") if "lambda uow" in p.read_text(encoding="utf-8")]
    assert found == []


def test_only_the_runner_and_the_runtime_open_units_of_work():
    opened = []
    for path in sources("bot"):
        name = rel(path)
        if name == "bot/usecases/runner.py" or any(name.startswith(b) for b in BOOKKEEPING):
            continue
        if "unit_of_work(" in path.read_text(encoding="utf-8"):
            opened.append(name)
    assert opened == []


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def test_handlers_import_nothing_from_storage():
    leaks = {
        rel(p): sorted(m for m in imported(p) if m == "storage" or m.startswith("storage."))
        for p in sources("bot/handlers")
    }
    assert {k: v for k, v in leaks.items() if v} == {}


def test_no_module_over_400_lines():
    long = {
        rel(p): n
        for p in sources("domain", "storage", "bot")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > 400
    }
    assert long == {}


def test_every_use_case_takes_the_one_shape():
    """Every public coroutine a use-case module marks @reads/@writes is (uow, command, actor);
    no use case takes a Database."""
    wrong = []
    for path in sources("bot/usecases"):
        if rel(path) == "bot/usecases/runner.py":
            continue  # the one place a Database is opened into units of work
        text = path.read_text(encoding="utf-8")
        if re.search(r"\bdb: Database\b", text):
            wrong.append(f"{rel(path)}: takes a Database")
        tree = ast.parse(text)
        for node in tree.body:
            if not isinstance(node, ast.AsyncFunctionDef):
                continue
            marks = {ast.unparse(d).split("(")[0] for d in node.decorator_list}
            if marks & {"reads", "writes"}:
                params = [a.arg for a in node.args.args]
                if params != ["uow", "command", "actor"]:
                    wrong.append(f"{rel(path)}:{node.name}{tuple(params)}")
    assert wrong == []
