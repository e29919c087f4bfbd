"""What the words of a message add up to, one word at a time: whether they ask, name a
match topic, speak in the first person plural or of a match already played, which intents
and stage and day they signal, and the team hint (the longest run of words the vocabulary
does not know). domain.questions' docstring gives the rule these feed.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.intents import Day, Intent
from domain.model import Stage
from domain.morphology import Word, analyse
from domain.questiontokens import Token
from domain.questionwords import PHRASES, Sense, lookup

__all__ = ["Reading", "read_words"]


@dataclass(frozen=True)
class Reading:
    """What the words of a message add up to, one word at a time."""

    asks: bool = False
    topic: bool = False
    we: bool = False
    veto: bool = False
    intents: frozenset[Intent] = frozenset()
    stage: Stage | None = None
    day: Day | None = None
    alone: bool = False  # a noun that asks on its own before a "?"

    def add(self, sense: Sense, we: bool, ends_clause: bool) -> Reading:
        # "hava durumu" signals no standing question; "kaçıncı sıradayız" does.
        signals = sense.intent is not None and (sense.asks or not sense.topic_if_we or we)
        # The more specific stage wins: "yarı final" is not the final.
        stage = self.stage if sense.stage is Stage.FINAL and self.stage else sense.stage
        return Reading(
            asks=self.asks or sense.asks or (sense.asks_at_end and ends_clause),
            topic=self.topic or sense.topic or (sense.topic_if_we and we),
            we=self.we or we,
            veto=self.veto or sense.veto,
            intents=self.intents | {sense.intent} if signals else self.intents,
            stage=stage or self.stage,
            day=sense.day or self.day,
            alone=self.alone or sense.ends_alone,
        )


# Verbs of asking the bot for something ("atar mısın", "gösterir misin").
_REQUESTS = frozenset({"at", "goster", "yaz", "gonder", "paylas", "ver"})


def _not_a_name(word: Word | None) -> bool:
    """A word the morphology reads that is neither a name nor a sign of other chat: a
    request to the bot, or "we" being somewhere ("sahada olalım")."""
    if word is None:
        return False
    return word.stem in _REQUESTS or (word.stem == "ol" and word.we)


def read_words(tokens: list[Token]) -> tuple[Reading, str | None]:
    """The message's reading and its team hint (the longest run of unknown words)."""
    forms = [lookup(t.folded) for t in tokens]
    reading = Reading()
    runs: list[list[str]] = [[]]
    for i, (token, form) in enumerate(zip(tokens, forms, strict=True)):
        if form is None and _not_a_name(analyse(token.folded)):
            runs.append([])  # "atabilir misin", "sahada olalım": no name, no chat
            continue
        if form is None:
            runs[-1].append(token.typed)
            if token.ends_clause:
                runs.append([])
            continue
        runs.append([])
        reading = reading.add(form.sense, form.we, token.ends_clause)
        following = forms[i + 1] if i + 1 < len(forms) else None
        if following is not None and (form.word, following.word) in PHRASES:
            phrase = PHRASES[form.word, following.word]
            reading = reading.add(phrase, form.we, token.ends_clause)
    longest = max(runs, key=len)
    return reading, " ".join(longest) if longest and not reading.we else None
