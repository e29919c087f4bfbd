"""The base of every refusal: an error a user caused, which the bot words in Turkish."""

from __future__ import annotations

from typing import Any, TypeVar

E = TypeVar("E", bound="DomainError")


class DomainError(Exception):
    """Base for errors a user caused; the entry point turns them into Turkish replies.

    A refusal must cross a process boundary intact: the planner runs in worker processes
    (bot.runtime.offload), and the worker's refusal is pickled back to the bot. Exception's
    own pickling calls `cls(*self.args)`, which fails for a subclass whose `__init__` takes
    other arguments than it passes to `Exception.__init__` (most do), and a failed unpickle
    breaks the whole worker pool. So a DomainError pickles as what it is, not as how it was
    made: its class, its `args` and its attributes, restored without calling `__init__`.
    Every subclass inherits this; none needs its own `__reduce__`.
    """

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (type(self), self.args), dict(vars(self)))


def _restore(cls: type[E], args: tuple[object, ...]) -> E:
    """A DomainError of `cls` with these `args`, its attributes set by pickle afterwards
    (BaseException.__setstate__), `__init__` not called."""
    error = cls.__new__(cls)
    error.args = args
    return error
