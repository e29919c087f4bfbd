"""Is a plain chat message a captain's question about a match, and which question?

The bot reads every message in a group, so staying silent on ordinary chat matters as much
as answering. The rule, applied to the words of a short message (at most MAX_WORDS):

* a **question word**: "ne zaman", "kaçta", "kaç", "kim", "kiminle", "hangi", "nerede",
  "kaçıncı", "var mı"; "ne" only at the end of a clause ("puan durumumuz ne"), because
  "ne güzel maç" is an exclamation;
* and a **topic word**: a match or turn noun ("maç", "sıra", "saha", "rakip", "fikstür",
  "puan", with their Turkish endings) or a verb of playing or starting ("oynuyoruz",
  "oynuyor", "başlıyoruz"); "durum" and "kaçıncı" count only in the first person plural
  ("durumumuz", "kaçıncıyız");
* and no word about a match already played ("bitti", "güzeldi", "yendik"): that rule
  answers what is next; what was is asked in words of its own, below.

So "saat kaç?" (no topic), "ne zaman gelsem kapalı" (no topic), "maç güzeldi" (no question)
and "Kartallar 3-1 Şahinler" are ignored. Words are compared in `names.loose_key` form
(case and diacritics folded); a word of four letters or more that is one edit from a
vocabulary word of five or more counts as that word ("oynuyruz", "rakibmiz", "zman").

A single noun that asks about itself ("rakip", "saha", "puan", "fikstür", "final"),
with at most a team beside it, is a question when the message ends in "?": "rakip?" is
answered, "maç?" is not. A command's noun alone ("fikstür", "maçlar", "puan") asks for
what the command shows, with or without "?" (`domain.barewords`). Chat spellings are
vocabulary: "ne zmn", "nzmn", "bi sonraki", "oynuyoz", "oynicaz", "kacta".

The knockout ("final", "yarı final", "çeyrek final", "üçüncülük maçı") gives KNOCKOUT
with its `stage`; going through ("gruptan çıkıyor muyuz", "kaç puan lazım", "yarı finale
kalır mıyız") gives QUALIFY. `personal` says the question was asked in the first person
plural (about the asker's team); a bystander's "maç kaçta" is not. `day` keeps "bugün" or
"yarın" ("bugün maç var mı").

The intent is the highest of the intents the words signal, in INTENT_PRIORITY order (the
specific before the general: "maçlarımız ne zaman" asks for the fixture, "rakibimiz hangi
sahada" for the pitch); with no signal it is NEXT_MATCH.

A team hint is the longest run of words that are neither vocabulary nor filler ("abi",
"hocam", "bugün"), as typed, with a suffix after an apostrophe dropped ("Şahinler'in" ->
"Şahinler"). A question in the first person plural ("maçımız", "oynuyoruz") is about the
asker's own team, so it carries no hint: in "Kartallarla maçımız kaçta" Kartallar is the
opponent. A hint that names no team (names.resolve fails without candidates) most likely
means the message was not about this tournament at all ("film ne zaman başlıyor"). A
suffix written apart ("şahinler in maçı") belongs to the word before it.

Before that rule: "kaç hafta kaldı" (and "kaç haftamız kaldı", "kaç hafta daha") is
WEEKS_LEFT, as are "sezon kaç hafta" (detail "total") and "kaçıncı haftadayız"
("current"); a played match's result asked ("son maçımız kaç bitti", "kim kazandı",
"Şahinler maçı ne oldu": `domain.resultquestions`, never in a line with a score) is
MATCH_RESULT; a question about the tournament as a whole (`domain.topics`: how many
matches, when it starts or ends, a postponed match, the teams met, the table, a place)
gets its intent (COUNT, DATES, POSTPONED, OPPONENTS, or STANDING) with `detail`; a week
named any way (`domain.weekwords`: "5.hafta", "hafta 4", "beşinci hafta", "son hafta",
"haftaya") makes a week question; "bir sonraki maçımız", "sonraki maç", "sıradaki
maçımız?" alone (`domain.matchorder`) ask the next match as "ne zaman" would. A word
the vocabulary does not list is read by `domain.morphology` ("kimdi", "zamandı",
"oynuyormuyuz", "elenecek") before a typo is guessed, and a word it reads is never
taken for a typo of another ("geliyoruz").
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from dataclasses import dataclass

from domain.barewords import bare_request
from domain.champion import champion_asked
from domain.hints import hint_forms
from domain.intents import INTENT_PRIORITY, Day, Intent
from domain.matchorder import next_named, ordinal_in
from domain.model import Stage
from domain.morphology import Case, Tense, analyse
from domain.names import fold
from domain.playerquestions import PlayerQuestion, PlayerTopic, player_question
from domain.questionreading import Reading, read_words
from domain.questiontokens import Token, hint_in, tokens_of
from domain.questionwords import ELSEWHERE, lookup
from domain.resultquestions import ResultAsked, result_asked
from domain.teamgoals import team_goals_asked
from domain.topics import Topic, TopicQuestion, topic_in
from domain.weekwords import LAST_WEEK, NEXT_WEEK, THIS_WEEK, week_in

__all__ = [
    "LAST_WEEK",
    "MAX_WORDS",
    "NEXT_WEEK",
    "THIS_WEEK",
    "Question",
    "ask",
    "hint_forms",
]

# A captain's question is short; in a long message the words co-occur by chance.
MAX_WORDS = 12
# "rakip?" asks without a question word only in a message this short.
MAX_ALONE_WORDS = 3


@dataclass(frozen=True)
class Question:
    """A recognised question; `team_hint` is text naming a team, for names.resolve.

    `personal`: asked in the first person plural ("oynuyoruz", "maçımız"), so about the
    asker's own team; a bystander's "maç kaçta" is not, and gets the next slot's matches.
    `stage`: the knockout stage asked about (KNOCKOUT). `day`: the day named, if any.
    `team_only`: no match word, only a question word and a name ("Dinamo kaçta?"): the
    caller answers only if the hint names a team, and stays silent otherwise.
    """

    intent: Intent
    team_hint: str | None = None
    personal: bool = False
    stage: Stage | None = None
    day: Day | None = None
    team_only: bool = False  # a question only if `team_hint` names a team ("Dinamo kaçta")
    # A season league's match week asked about: its number ("3. hafta"), THIS_WEEK ("bu
    # hafta"), NEXT_WEEK ("haftaya", "gelecek hafta") or LAST_WEEK ("son hafta"); None:
    # no week named.
    week: int | str | None = None
    # COUNT: what is counted (today, left, group, played, total); DATES: start, end or
    # last_match; STANDING and OPPONENTS: a group named by its letter ("a grubu": "A");
    # BANNED: "plays" when asked of one player ("Veli oynayabilir mi"); GOALS: a team
    # ranking (domain.teamgoals.DETAILS: "en çok gol atan takım").
    detail: str | None = None
    # The team's n-th match in its own order, asked of instead of the next ("2. maçımız
    # kaçta", "ikinci maçımız ne zaman"): domain.matchorder.ordinal_in.
    nth: int | None = None


def ask(text: str) -> Question | None:
    """The question `text` asks about a match, or None for ordinary chat and commands.

    See the module docstring for the rule; deterministic and free of I/O.
    """
    found = _ask(text)
    scored = _ASKED_SCORE.search(text) if found is None and text.rstrip().endswith("?") else None
    if scored is None:
        return found
    # "A1 3-1 A4?", "Kartallar 3-1 Şahinler mi bitti?": a score asked about, which is no
    # result to record: the two teams' match is told, whatever its score (said only when
    # the other words name two teams of the tournament, bot.usecases.result_questions).
    rest = (text[: scored.start()] + " " + text[scored.end() :]).replace("?", " ").split()
    return Question(Intent.MATCH_RESULT, " ".join(rest), team_only=True) if rest else None


# A score in a question: "A1 3-1 A4?" (the result reader leaves it: a score asked about);
# not a clock time ("20:00").
_ASKED_SCORE = re.compile(r"(?<![0-9])[0-9]{1,2}\s*-\s*[0-9]{1,2}(?![0-9])")


def _ask(text: str) -> Question | None:
    if text.lstrip().startswith("/"):
        return None
    tokens = tokens_of(text)
    if not tokens or len(tokens) > MAX_WORDS:
        return None
    words = [t.folded for t in tokens]
    if (weeks := _weeks_asked(words)) is not None:  # "kaç hafta kaldı", "kaçıncı haftadayız"
        return Question(Intent.WEEKS_LEFT, detail=None if weeks == "left" else weeks)
    if ELSEWHERE & set(words):
        return None  # "premier lig ne zaman bitiyor": another competition
    ranked = team_goals_asked(words)
    if ranked is not None:  # "en çok gol atan takım": a team's goals, not the top scorer
        return Question(Intent.GOALS, detail=ranked.detail)
    player = player_question(words, asked=text.rstrip().endswith("?"))
    if player is not None:
        return _player_question(player, tokens)
    if (title := champion_asked(words)) is not None:  # "şampiyon kim": domain.champion
        hint = hint_in(tokens, title.used, title.we)
        return Question(Intent.CHAMPION, hint, personal=title.we)
    played = None if _SCORE.search(text) else result_asked(words, text.rstrip().endswith("?"))
    if played is not None:  # "son maçımız kaç bitti", "kim kazandı": a result asked
        return _result_question(played, tokens)
    topic = topic_in(words)
    if topic is not None:
        return _topic_question(topic, tokens)
    named = week_in(words)
    if named is not None:
        rest = tokens[: named.start] + tokens[named.end :]
        return _week_question(named.week, rest)
    following = next_named(words, _known)
    if following is not None:  # "bir sonraki maçımız", "sonraki maç": as if "ne zaman"
        hint = " ".join(tokens[i].typed for i in following.named) or None
        return Question(Intent.NEXT_MATCH, hint, following.we, team_only=hint is not None)
    reading, hint = read_words(tokens)
    if (bare := bare_request(tokens, hint)) is not None:  # "fikstür", "Kartallar fikstürü"
        return Question(bare.intent, bare.hint, personal=bare.we, team_only=bare.hint is not None)
    # "rakip?", "saha?", "final?": one such noun (and at most a team) before a question mark.
    alone = reading.alone and len(tokens) <= MAX_ALONE_WORDS and text.rstrip().endswith("?")
    if reading.veto or _moved_not_through(words):
        return None
    if _weekday_asked(words, reading, hint):  # "pazar kaçta", "bu pazar kiminle"
        reading = dataclasses.replace(reading, topic=True)
    if not (reading.topic and (reading.asks or alone)):
        return _about_a_team(tokens, reading, hint)
    intent = next((i for i in INTENT_PRIORITY if i in _intents(reading, words)), Intent.NEXT_MATCH)
    stage = reading.stage if intent is Intent.KNOCKOUT else None
    nth = ordinal_in(text) if intent in _ONE_MATCH and reading.day is None else None
    if nth is not None:  # "2. maçımız kaçta", "Şahinlerin 3. maçı": the n-th, not the next
        kept = [w for w in (hint or "").split() if re.sub(r"[^a-z0-9]", "", fold(w)) != nth.word]
        hint = None if nth.we else " ".join(kept) or None
    order = nth.nth if nth is not None else None
    return Question(intent, hint, personal=reading.we, stage=stage, day=reading.day, nth=order)


# The questions about one match of a team's, which may be its n-th ("2. maçımız kaçta").
_ONE_MATCH = frozenset({Intent.NEXT_MATCH, Intent.TIME, Intent.PITCH, Intent.OPPONENT})


# "pazar kaçta", "bu pazar kiminle": a weekday and when or with whom, nothing else unknown.
_WEEKDAY_ASKING = frozenset({"kacta", "kacda", "kimle", "kiminle"})
MAX_WEEKDAY_WORDS = 4


def _weekday_asked(words: list[str], reading: Reading, hint: str | None) -> bool:
    """A weekday names a match day as "maç" would: "pazar kaçta" asks our match's time on
    Sunday; "bugün kaçta" and "pazar kim var" stay chat (whose day, who comes)."""
    weekday = reading.day not in (None, Day.TODAY, Day.TOMORROW)
    asking = bool(_WEEKDAY_ASKING & set(words)) and hint is None
    return weekday and asking and len(words) <= MAX_WEEKDAY_WORDS


def _known(word: str) -> bool:
    return lookup(word) is not None or analyse(word) is not None


_WHERE_WORDS = frozenset({"hangi", "nerede", "nerde", "neresi", "hangisinde"})


def _moved_not_through(words: list[str]) -> bool:
    """ "maça geç kaldık mı" (late), "sahaya çıktık mı" (onto the pitch), "maçtan çıktık
    mı": a past verb of going through after "geç" or a match or pitch word says where we
    were, not how far we went ("finale kaldık mı", "gruptan çıktık mı")."""
    for before, word in itertools.pairwise(words):
        read, prior = analyse(word), analyse(before)
        if read is None or read.tense is not Tense.PAST or read.stem not in ("cik", "kal"):
            continue
        if before == "gec" or (prior is not None and prior.stem in ("mac", "saha") and prior.case):
            return True
    return False


def _intents(reading: Reading, words: list[str]) -> frozenset[Intent]:
    """The intents signalled, less what a word only seems to ask: "ne zaman sahadayız"
    and "kaçta sahadayız" ask when, not where (being at the pitch is the time); "karşımıza
    kim çıkıyor" asks the opponent, not who goes through; "sahaya ne zaman çıkıyoruz"
    (taking the field) asks when we play, not whether we go through."""
    found = reading.intents
    read = [w for w in map(analyse, words) if w is not None]
    at_pitch = any(w.stem == "saha" and w.case is Case.LOCATIVE for w in read)
    where = bool(_WHERE_WORDS & set(words))
    if at_pitch and not where and found & {Intent.TIME, Intent.NEXT_MATCH}:
        found -= {Intent.PITCH}
    onto_pitch = any(w.stem == "saha" and w.case is Case.DATIVE for w in read)
    if onto_pitch and any(w.stem == "cik" for w in read):
        found -= {Intent.QUALIFY} if where else {Intent.QUALIFY, Intent.PITCH}
    if any(word.startswith("karsimiz") for word in words):
        found -= {Intent.QUALIFY}
    return found


# --- a season league's match weeks ("3. hafta ne zaman", "bu hafta kiminle") ---------------

_LEFT_WORDS = frozenset({"kaldi", "kaliyor", "kalmis", "var", "daha"})
# "sezon kaç hafta", "lig kaç hafta sürüyor", "toplam kaç hafta": all the season's weeks.
_WHOLE_SEASON = frozenset({"sezon", "lig", "ligi", "ligde", "turnuva", "toplam", "sezonda"})
_LASTS = frozenset({"suruyor", "surecek", "surer", "var"})
# "kaçıncı haftadayız", "bu hafta kaçıncı hafta": nothing else but these beside the weeks.
_NOW_WORDS = frozenset({"bu", "su", "an", "simdi", "biz", "abi", "hocam", "ya", "acaba"})


def _weeks_asked(words: list[str]) -> str | None:
    """The season's match weeks asked: "left" ("kaç hafta kaldı", "kaç maç haftası kaldı",
    "kaç haftamız kaldı", "kaç hafta daha oynuyoruz"), "total" ("sezon kaç hafta", "lig kaç
    hafta sürüyor") or "current" ("kaçıncı haftadayız", "bu hafta kaçıncı hafta")."""
    for i, word in enumerate(words[:-1]):
        weeks = words[i + 1].startswith("hafta")
        if word == "kacinci" and weeks:
            others = [w for w in words if w != "kacinci" and not w.startswith("hafta")]
            return "current" if set(others) <= _NOW_WORDS else None
        if word != "kac":
            continue
        after = words[i + 2 :] if words[i + 1] == "mac" else words[i + 1 :]
        if not (after and after[0].startswith("hafta")):
            continue
        rest = set(after[1:])
        season = bool(_WHOLE_SEASON & set(words[:i])) or "toplam" in rest
        if season and rest <= _LASTS and not rest & (_LEFT_WORDS - {"var"}):
            return "total"
        if _LEFT_WORDS & rest:
            return "left"
    return None


def _topic_question(topic: TopicQuestion, tokens: list[Token]) -> Question:
    """A question about the tournament (domain.topics); its team hint is the longest run
    of the other words that neither the vocabulary nor the morphology knows."""
    hint = hint_in(tokens, topic.used, topic.we)
    day = Day.TODAY if topic.detail == "today" else None
    if topic.topic is Topic.PLACE:  # "kaçinci siradayz": the typo's "we" too
        we = topic.we or any((f := lookup(t.folded)) is not None and f.we for t in tokens)
        return Question(Intent.STANDING, None if we else hint, personal=we)
    if topic.topic is Topic.TABLE:
        return Question(Intent.STANDING, hint, personal=topic.we, detail=topic.group)
    detail = topic.group if topic.topic is Topic.OPPONENTS else topic.detail
    # The other topics are named as their intents: COUNT, DATES, POSTPONED, ..., KNOCKOUT.
    return Question(Intent(topic.topic.value), hint, topic.we, day=day, detail=detail)


# The others: the topic's name; "Veli oynayabilir mi" asks his ban, with detail "plays".
_PLAYER_INTENTS = {PlayerTopic.SCORERS: Intent.TOP_SCORER, PlayerTopic.PLAYS: Intent.BANNED}


def _player_question(player: PlayerQuestion, tokens: list[Token]) -> Question:
    """A question about the players (domain.playerquestions), with its team hint."""
    hint = hint_in(tokens, player.used, player.we)
    intent = _PLAYER_INTENTS.get(player.topic) or Intent(player.topic.value)
    detail = "plays" if player.topic is PlayerTopic.PLAYS else None
    return Question(intent, hint, personal=player.we, detail=detail)


# A score typed ("dün maç 3-1 bitti") is told, not asked: the result reader's.
_SCORE = re.compile(r"[0-9]\s*[-:]\s*[0-9]")


def _result_question(played: ResultAsked, tokens: list[Token]) -> Question:
    """A played match's result asked (domain.resultquestions); "latest": the latest results."""
    hint = hint_in(tokens, played.used, played.we)
    detail = "latest" if played.latest else None
    return Question(Intent.MATCH_RESULT, hint, personal=played.we, detail=detail)


def _week_question(week: int | str, rest: list[Token]) -> Question | None:
    """A question about a match week: a question word must remain ("3. hafta güzeldi" is
    chat), and no word about a match already played."""
    if not rest:
        return None
    reading, hint = read_words(rest)
    if reading.veto or not reading.asks:
        return None
    intent = next((i for i in INTENT_PRIORITY if i in reading.intents), Intent.NEXT_MATCH)
    if intent in (Intent.KNOCKOUT, Intent.QUALIFY, Intent.STANDING):
        return None
    return Question(intent, hint, personal=reading.we, day=reading.day, week=week)


# "Dinamo kaçta?", "Kartallar ne zaman": a question word and a name, nothing else.
MAX_TEAM_ONLY_WORDS = 5
_TEAM_ONLY_INTENTS = frozenset(
    {Intent.TIME, Intent.NEXT_MATCH, Intent.PITCH, Intent.OPPONENT, Intent.QUALIFY}
)


def _about_a_team(tokens: list[Token], reading: Reading, hint: str | None) -> Question | None:
    """A question word and a name without a match word: a question only if the name is a
    team's, which the caller checks (`team_only`); "Ahmet ne zaman gelir" names none."""
    if not reading.asks or hint is None or reading.we or len(tokens) > MAX_TEAM_ONLY_WORDS:
        return None
    unknown = sum(1 for t in tokens if lookup(t.folded) is None)
    intents = reading.intents & _TEAM_ONLY_INTENTS
    if unknown != len(hint.split()) or not intents:
        return None
    intent = next(i for i in INTENT_PRIORITY if i in intents)
    return Question(intent, hint, day=reading.day, team_only=True)
