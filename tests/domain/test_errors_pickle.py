"""Every refusal crosses a process boundary intact: the planner runs in worker processes
(bot.runtime.offload), and a refusal that does not survive pickling breaks the whole pool
instead of reaching the organiser. Every subclass of DomainError in domain/, bot/ and
storage's errors is found, built from its __init__ signature, and round-tripped."""

from __future__ import annotations

import collections.abc
import dataclasses
import enum
import importlib
import inspect
import pickle
import pkgutil
import types
import typing
from datetime import date, datetime, time
from zoneinfo import ZoneInfo

import pytest

import bot
import domain
from domain import tiebreak
from domain.errors import DomainError

IST = ZoneInfo("Europe/Istanbul")
PACKAGES = (domain, bot)
OWN = ("domain.", "bot.", "storage.")


def _import_all() -> None:
    for package in PACKAGES:
        for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if not found.name.endswith("__main__"):  # the CLI runs on import
                importlib.import_module(found.name)
    importlib.import_module("storage.errors")  # read here, not changed


def _subclasses(cls: type) -> set[type]:
    found = set()
    for sub in cls.__subclasses__():
        found |= {sub} | _subclasses(sub)
    return found


_import_all()
CLASSES = sorted(
    (c for c in _subclasses(DomainError) if c.__module__.startswith(OWN)),
    key=lambda c: f"{c.__module__}.{c.__qualname__}",
)

# Values of types a signature's hint cannot build by itself (a dataclass that checks its
# fields, a hint that names no type).
BY_TYPE: dict[object, object] = {
    tiebreak.TieBreak: tiebreak.preset("tff"),
    datetime: datetime(2026, 12, 6, 14, 0, tzinfo=IST),
    date: date(2026, 12, 6),
    time: time(14, 30),
    bool: True,
    int: 3,
    float: 2.5,
    str: "Kartal",
    object: "ayrıntı",
    typing.Any: "ayrıntı",
}
SEQUENCES = (tuple, collections.abc.Iterable, collections.abc.Sequence)


def plausible(hint: object) -> object:
    """A value of the type `hint` names: the first non-None member of a union, two of a
    sequence, a dataclass from its fields, an enum's last member."""
    if hint in BY_TYPE:
        return BY_TYPE[hint]
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return plausible(next(a for a in args if a is not type(None)))
    if origin in SEQUENCES:
        if origin is tuple and (len(args) != 2 or args[1] is not Ellipsis):
            return tuple(plausible(a) for a in args)
        return (plausible(args[0]), plausible(args[0]))
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return list(hint)[-1]
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        fields = typing.get_type_hints(hint)
        return hint(
            **{
                f.name: plausible(fields[f.name])
                for f in dataclasses.fields(hint)
                if f.init and f.default is dataclasses.MISSING
            }
        )
    raise AssertionError(f"no plausible value for {hint!r}")


def instance(cls: type[DomainError]) -> DomainError:
    """`cls` built with a value for every parameter of its __init__, optional ones too (so
    every attribute holds something), keywords and **details with one entry."""
    if not inspect.isfunction(cls.__init__):  # Exception's own: any args
        return cls("neden", 7)
    hints = typing.get_type_hints(cls.__init__)
    args: list[object] = []
    kwargs: dict[str, object] = {}
    for parameter in list(inspect.signature(cls.__init__).parameters.values())[1:]:
        match parameter.kind:
            case parameter.POSITIONAL_ONLY | parameter.POSITIONAL_OR_KEYWORD:
                args.append(plausible(hints[parameter.name]))
            case parameter.KEYWORD_ONLY:
                kwargs[parameter.name] = plausible(hints[parameter.name])
            case parameter.VAR_KEYWORD:
                kwargs["detail"] = plausible(hints[parameter.name])
            case parameter.VAR_POSITIONAL:
                args.append(plausible(hints[parameter.name]))
    return cls(*args, **kwargs)


def test_the_walk_finds_the_refusals_of_every_layer():
    names = {f"{c.__module__}.{c.__qualname__}" for c in CLASSES}
    assert len(CLASSES) >= 100
    for expected in (
        "domain.draw.GroupCountError",
        "domain.season.RoundDoesNotFit",
        "bot.usecases.errors.NotOrganiser",
        "bot.runtime.offload.TooSlow",
        "storage.errors.ResultConflict",
    ):
        assert expected in names


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_a_refusal_survives_a_pickle_round_trip(cls: type[DomainError]):
    error = instance(cls)
    error.add_note("a note rides along")
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is cls
    assert again.args == error.args
    assert vars(again) == vars(error)
    assert _shown(again) == _shown(error)


def _shown(error: DomainError) -> str:
    """str() of the error; a base never raised itself may have nothing to say (storage's
    Refusal has no message of its own), and says so the same way on both sides."""
    try:
        return str(error)
    except AttributeError as exc:
        return f"unshown: {exc}"


class Later(DomainError):
    """A refusal as a new one may be written: keywords only, none of them passed on."""

    def __init__(self, *, week: int, teams: tuple[str, ...], why: str = "") -> None:
        super().__init__(f"week {week}")
        self.week, self.teams, self.why = week, teams, why


def test_a_subclass_added_later_needs_nothing_of_its_own():
    error = Later(week=3, teams=("A", "B"), why="yağmur")
    again = pickle.loads(pickle.dumps(error))
    assert (type(again), again.args, vars(again)) == (Later, error.args, vars(error))
