"""The forms of a question's team hint that `names.resolve` is tried with: the hint as
typed, then without the case ending phones write without an apostrophe ("Kartalların",
"Şahinlerle"). Apart from `domain.questions`, which reads the hint out of a message, as
the use cases resolve it."""

from __future__ import annotations

from domain.names import fold

__all__ = ["hint_forms"]

# Case endings a team name takes in a question when the apostrophe is left out
# ("Kartalların maçı", "Şahinlerle"), longest first; folded, so one list per harmony pair.
_HINT_ENDINGS = (
    *("nin", "nun", "yla", "yle", "in", "un", "la", "le", "ya", "ye", "yi", "yu"),
    *("i", "u", "a", "e"),
)


def hint_forms(hint: str) -> tuple[str, ...]:
    """`hint` as typed, then without its last word's case ending if any, for names.resolve.

    Turkish writes "Kartallar'ın" but phones write "Kartalların", which is two edits from
    "Kartallar" and so beyond resolve's tolerance; the bot tries these in order.
    """
    forms = [hint]
    head, _, last = hint.rpartition(" ")
    folded = fold(last)
    if len(folded) != len(last):
        return tuple(forms)  # a letter folded into two ("ß"): positions would not line up
    for ending in _HINT_ENDINGS:
        if folded.endswith(ending) and len(folded) - len(ending) >= 3:
            cut = last[: len(last) - len(ending)]
            forms.append(f"{head} {cut}" if head else cut)
            break
    return tuple(forms)
