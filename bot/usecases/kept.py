"""A use case's outcome as plain typed JSON, for the reply stored with its change (issue 30).

The runner keeps every committed change's outcome until its reply was sent
(bot/usecases/runner.py, bot/runtime/replies.py). It was a pickle: one that broke silently
when a class was renamed, and that would run code if anyone else ever wrote the table. Here
it is JSON that names what each value is, read back by a schema:

- JSON's own scalars as themselves: None, booleans, integers, floats, strings;
- every other value as an object with one tag: {"t": [...]} a tuple, {"l": [...]} a list,
  {"s": [...]} a set, {"fs": [...]} a frozenset, {"d": [[key, value], ...]} a dict (any
  keys), {"dt": "2027-01-10T09:00:00+03:00"} a datetime (with "z": "Europe/Istanbul" when
  its zone is one), {"date": ...}, {"time": ...},
  {"td": seconds} a timedelta, {"tz": "Europe/Istanbul"} a ZoneInfo, {"fl": "nan"} a float
  JSON cannot write, {"e": "module.Class", "v": value} an enum member, {"c":
  "module.Class", "f": {...}} a dataclass by its init fields, {"n": "module.Class", "f":
  {...}} a named tuple, {"x": "module.Class", "a": [...], "f": {...}} a refusal (an
  exception of ours: its arguments and attributes).

Reading back (`load`) builds only dataclasses, enums and exceptions defined in this bot's own
packages (domain, bot, storage), each with exactly its fields, whose values have the kinds
its annotations name (checked as far as they are plain classes). Anything else, an unknown
tag, class or field, a value of the wrong kind, is Malformed: the caller drops the row with
one log line and the update is answered as if nothing were kept. What a row can make run is
the named classes' own constructors, never code it brings.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import math
import types
import typing
from datetime import date, datetime, time, timedelta
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

VERSION = 1  # the shape of `dump`'s JSON; a row of another version is Malformed
OURS = ("domain.", "bot.", "storage.")  # the packages whose classes may be named
MAX_DEPTH = 200  # nesting a stored outcome may have (a snapshot's is about twelve)


class Malformed(ValueError):
    """Not an outcome this version wrote: the reason, for the log line."""


class Unkeepable(TypeError):
    """A value `dump` cannot write (a class not ours, a function): nothing is kept."""


def dump(value: object) -> dict[str, Any]:
    """`value` (a use case's outcome) as JSON-ready data: {"v": VERSION, "o": ...}."""
    return {"v": VERSION, "o": _dump(value, 0)}


def load(data: object) -> Any:
    """The outcome `dump` wrote; Malformed for anything else."""
    if not isinstance(data, dict) or data.get("v") != VERSION or set(data) != {"v", "o"}:
        raise Malformed(f"not a stored outcome of version {VERSION}")
    return _load(data["o"], 0)


def _name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _dump(value: object, level: int) -> Any:
    if level > MAX_DEPTH:
        raise Unkeepable(f"nested deeper than {MAX_DEPTH}")
    inner = level + 1
    if isinstance(value, enum.Enum):  # first: a StrEnum is a str, an IntEnum an int
        return {"e": _ours(type(value)), "v": _dump(value.value, inner)}
    if type(value) is float and not math.isfinite(value):  # JSON has none (PostgreSQL refuses)
        return {"fl": str(value)}
    if value is None or type(value) in (bool, str, int, float):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: _dump(getattr(value, f.name), inner) for f in _init_fields(type(value))}
        return {"c": _ours(type(value)), "f": fields}
    if isinstance(value, BaseException):
        state = {k: _dump(v, inner) for k, v in vars(value).items() if not k.startswith("__")}
        return {"x": _ours(type(value)), "a": [_dump(a, inner) for a in value.args], "f": state}
    if isinstance(value, tuple) and hasattr(type(value), "_fields"):  # a NamedTuple
        fields = {k: _dump(v, inner) for k, v in value._asdict().items()}  # type: ignore[attr-defined]
        return {"n": _ours(type(value)), "f": fields}
    if type(value) is tuple:
        return {"t": [_dump(v, inner) for v in value]}
    if type(value) is list:
        return {"l": [_dump(v, inner) for v in value]}
    if type(value) is frozenset:
        return {"fs": [_dump(v, inner) for v in value]}
    if type(value) is set:
        return {"s": [_dump(v, inner) for v in value]}
    if type(value) is dict:
        return {"d": [[_dump(k, inner), _dump(v, inner)] for k, v in value.items()]}
    if isinstance(value, datetime):
        if isinstance(value.tzinfo, ZoneInfo):  # the zone itself, not only today's offset
            return {"dt": value.isoformat(), "z": value.tzinfo.key}
        return {"dt": value.isoformat()}
    if isinstance(value, date):
        return {"date": value.isoformat()}
    if isinstance(value, time):
        return {"time": value.isoformat()}
    if isinstance(value, timedelta):
        return {"td": value.total_seconds()}
    if isinstance(value, ZoneInfo):
        return {"tz": value.key}
    raise Unkeepable(f"a {type(value).__name__} cannot be kept")


def _ours(cls: type) -> str:
    name = _name(cls)
    if not name.startswith(OURS) or "<locals>" in name:
        raise Unkeepable(f"{name} is not one of the bot's own classes")
    return name


def _init_fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(cls) if f.init)


# --- reading back ---------------------------------------------------------------------


_SEQUENCES: dict[str, type] = {"t": tuple, "l": list, "s": set, "fs": frozenset}


def _load(data: object, level: int) -> Any:
    if level > MAX_DEPTH:
        raise Malformed(f"nested deeper than {MAX_DEPTH}")
    inner = level + 1
    if data is None or isinstance(data, bool | int | float | str):
        return data
    if not isinstance(data, dict) or not data:
        raise Malformed(f"a {type(data).__name__} where a tagged value belongs")
    tag = next(iter(data))
    if tag in _SEQUENCES and len(data) == 1:
        items = _list(data[tag])
        try:
            return _SEQUENCES[tag](_load(v, inner) for v in items)
        except TypeError as exc:  # an unhashable member of a set
            raise Malformed(str(exc)) from None
    if tag == "d" and len(data) == 1:
        pairs = _list(data["d"])
        if not all(isinstance(p, list) and len(p) == 2 for p in pairs):
            raise Malformed("a dict's items are not pairs")
        try:
            return {_load(k, inner): _load(v, inner) for k, v in pairs}
        except TypeError as exc:
            raise Malformed(str(exc)) from None
    if tag == "fl" and len(data) == 1 and data["fl"] in ("nan", "inf", "-inf"):
        return float(data["fl"])
    if tag in ("dt", "date", "time", "td", "tz") and len(data) == 1:
        return _moment(tag, data[tag])
    if set(data) == {"dt", "z"}:
        moment, zone = _moment("dt", data["dt"]), _moment("tz", data["z"])
        if not isinstance(moment, datetime) or moment.tzinfo is None:
            raise Malformed("a zoned datetime without its offset")
        try:
            return moment.astimezone(typing.cast(ZoneInfo, zone))
        except (ValueError, OverflowError) as exc:
            raise Malformed(f"an unreadable datetime: {exc}") from None
    if set(data) == {"e", "v"}:
        cls = _class(data["e"])
        if not issubclass(cls, enum.Enum):
            raise Malformed(f"{data['e']} is not an enum")
        try:
            return cls(_load(data["v"], inner))
        except (ValueError, TypeError):
            raise Malformed(f"{data['e']} has no member {data['v']!r:.40}") from None
    if set(data) == {"c", "f"}:
        return _dataclass(_class(data["c"]), data["f"], inner)
    if set(data) == {"n", "f"}:
        return _named_tuple(_class(data["n"]), data["f"], inner)
    if set(data) == {"x", "a", "f"}:
        return _exception(_class(data["x"]), data["a"], data["f"], inner)
    raise Malformed(f"an unknown tag {tag!r:.40}")


def _list(value: object) -> list[Any]:
    if not isinstance(value, list):
        raise Malformed("a sequence that is not a list")
    return value


def _moment(tag: str, value: object) -> object:
    try:
        if tag == "td":
            if not isinstance(value, int | float) or isinstance(value, bool):
                raise Malformed("a duration that is not a number")
            return timedelta(seconds=value)
        if not isinstance(value, str):
            raise Malformed(f"a {tag} that is not a string")
        if tag == "dt":
            return datetime.fromisoformat(value)
        if tag == "date":
            return date.fromisoformat(value)
        if tag == "time":
            return time.fromisoformat(value)
        return ZoneInfo(value)
    except (ValueError, OverflowError, ZoneInfoNotFoundError) as exc:
        raise Malformed(f"an unreadable {tag}: {exc}") from None


def _class(name: object) -> type:
    """One of the bot's own classes by its name; Malformed for any other name."""
    if not isinstance(name, str) or not name.startswith(OURS) or len(name) > 200:
        raise Malformed(f"{name!r:.60} is not one of the bot's own classes")
    if any(part.startswith("__") or not part.isidentifier() for part in name.split(".")):
        raise Malformed(f"{name:.60} names no class")  # never `bot.__main__`, say
    found = _resolve(name)
    if found is None:
        raise Malformed(f"{name} is no class of this version")
    return found


@cache
def _resolve(name: str) -> type | None:
    """`module.Qual.Name` as a class: the longest importable module prefix, then attributes
    (imports only modules of the bot's own packages, which `_class` checked)."""
    parts = name.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        module_name = ".".join(parts[:cut])
        try:
            found: Any = importlib.import_module(module_name)
        except ImportError:
            continue
        for attr in parts[cut:]:
            found = getattr(found, attr, None)
        if isinstance(found, type) and _name(found) == name:
            return found
        return None
    return None


def _dataclass(cls: type, fields: object, level: int) -> object:
    if not dataclasses.is_dataclass(cls):
        raise Malformed(f"{_name(cls)} is not a dataclass")
    return _built(cls, {f.name for f in _init_fields(cls)}, fields, level)


def _named_tuple(cls: type, fields: object, level: int) -> object:
    expected = getattr(cls, "_fields", None)
    if not issubclass(cls, tuple) or expected is None:
        raise Malformed(f"{_name(cls)} is not a named tuple")
    return _built(cls, set(expected), fields, level)


def _built(cls: type, expected: set[str], fields: object, level: int) -> object:
    """`cls` from exactly its `expected` fields, each of the kind its annotation names."""
    if not isinstance(fields, dict) or set(fields) != expected:
        raise Malformed(f"{_name(cls)}: fields are not {sorted(expected)}")
    values = {name: _load(v, level) for name, v in fields.items()}
    hints = _hints(cls)
    for name, value in values.items():
        if name in hints and not _fits(value, hints[name]):
            raise Malformed(f"{_name(cls)}.{name}: a {type(value).__name__} does not fit")
    try:
        return cls(**values)
    except Exception as exc:  # its own checks (__post_init__) refused it
        raise Malformed(f"{_name(cls)}: {exc}") from None


def _exception(cls: type, args: object, state: object, level: int) -> BaseException:
    if not issubclass(cls, Exception) or not isinstance(state, dict):
        raise Malformed(f"{_name(cls)} is not a refusal")
    made = cls.__new__(cls)
    Exception.__init__(made, *(_load(a, level) for a in _list(args)))
    for key, value in state.items():
        if not isinstance(key, str) or key.startswith("__"):
            raise Malformed(f"{_name(cls)}: an attribute named {key!r:.40}")
        try:
            setattr(made, key, _load(value, level))
        except (AttributeError, TypeError) as exc:  # a read-only property of the class
            raise Malformed(f"{_name(cls)}.{key}: {exc}") from None
    return made


@cache
def _hints(cls: type) -> dict[str, Any]:
    """The dataclass's field annotations, resolved; none when they cannot be (then its
    fields are taken as `dump` wrote them)."""
    try:
        return typing.get_type_hints(cls)
    except Exception:
        return {}


def _fits(value: object, hint: Any) -> bool:
    """Whether `value` has the kind `hint` names, checked as far as it is plain classes:
    a class, Optional or a union of them, and the container of a generic (its members
    are not looked into); anything else (a TypeVar, Any, a Literal) fits."""
    if hint is Any or hint is object:
        return True
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return any(_fits(value, arm) for arm in typing.get_args(hint))
    if origin is typing.Literal:
        return value in typing.get_args(hint)
    if origin is not None:
        hint = origin
    if not isinstance(hint, type):
        return True
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    try:
        return isinstance(value, hint)
    except TypeError:
        return True
