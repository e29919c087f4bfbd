"""Language benchmark: how well the bot understands messages typed in a group chat.

Run: .venv/bin/python bench/language_bench.py [--part dev|heldout|all] [--misses]
The labelled corpus is tests/corpus/ (README.md there lists the labels). Every message goes
through the bot's own code path for a plain group message (tests/corpus/measure.py): the
forfeit and result-line handlers' use cases, then the question rule and its answer, against
a stored 8-team season league and a stored 12-team cup, asked by a captain. Prints each
label's precision and recall, how often chatter gets an answer, the confusion between
labels, slot accuracy (the stored score of a result) and the time per message.

Write rules against the dev part; report the held-out part, which rules are not written
against: --misses lists the dev part's misses only. The figures are deterministic; the
times are this machine's.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "corpus"), str(ROOT)]

import measure  # noqa: E402
import teams as corpus_teams  # noqa: E402

from domain import questions, result_lines  # noqa: E402

SHORT = {
    "next_match": "next",
    "time": "time",
    "pitch": "pitc",
    "opponent": "oppo",
    "fixture": "fixt",
    "week_match": "week",
    "weeks_left": "wkle",
    "table": "tabl",
    "own_standing": "owst",
    "knockout": "knoc",
    "qualify": "qual",
    "count": "coun",
    "opponents": "opps",
    "dates": "date",
    "postponed": "post",
    "match_result": "mres",
    "result": "resu",
    "own_score": "owsc",
    "forfeit": "forf",
    "chatter": "chat",
    "clarify": "clar",
}


def short(label: str) -> str:
    return SHORT.get(label, label[:4])


def understanding_seconds(messages: list[measure.Message]) -> list[float]:
    """The pure step alone: the question rule and the result-line reading, no database."""
    times = []
    for message in messages:
        teams = corpus_teams.TEAMS[message.context]
        began = time.perf_counter()
        questions.ask(message.text)
        result_lines.read_line(message.text, teams)
        times.append(time.perf_counter() - began)
    return times


def slots_wrong(o: measure.Outcome) -> bool:
    """A result or own score read as one, but not with the labelled score."""
    if o.message.intent != o.got.label:
        return False
    if o.message.intent == "result":
        return not measure.same_result(o.message.slots, o.got.slots)
    if o.message.intent == "own_score":
        return any(o.got.slots.get(k) != v for k, v in o.message.slots.items())
    return False


def report(part: str, figures: measure.Figures, pure: list[float], misses: bool) -> None:
    outcomes = figures.outcomes
    contexts = {c: sum(1 for o in outcomes if o.message.context == c) for c in measure.CONTEXTS}
    print(
        f"Language bench: {part} part, {len(outcomes)} messages"
        f" (league {contexts['league']}, cup {contexts['cup']})"
    )
    print()
    header = f"{'label':<13} {'support':>7} {'got':>5} {'right':>5} {'precision':>9} {'recall':>7}"
    print(header)
    print("-" * len(header))
    for label in figures.labels:
        support, got = figures.support(label), figures.predicted(label)
        precision = f"{figures.precision(label):.2f}" if got else "-"
        recall = f"{figures.recall(label):.2f}" if support else "-"
        print(
            f"{label:<13} {support:>7} {got:>5} {figures.hits(label):>5} {precision:>9} {recall:>7}"
        )
    print()
    answered = sum(1 for o in outcomes if o.got.label != measure.CHATTER)
    wrongly = sum(
        1 for o in outcomes if o.got.label != measure.CHATTER and o.message.intent == "chatter"
    )
    print(
        f"answers: {answered} given, {wrongly} of them to chatter: answer precision"
        f" {figures.answer_precision():.3f}; chatter left silent"
        f" {figures.recall(measure.CHATTER):.3f}; meant messages answered"
        f" {figures.answer_recall():.3f}"
    )
    print(f"answered by both the result lines and the questions: {figures.twice()}")
    right, total = figures.results_stored()
    own_right, own_total = figures.slot_accuracy("own_score", ("score", "pens"))
    print(
        f"slots: result stored right {right}/{total};"
        f" own score stored right {own_right}/{own_total}"
    )
    parts = []
    for slot in measure.QUESTION_SLOTS:
        hit = total_ = 0
        for label in measure.LABELS:
            a, b = figures.slot_accuracy(label, (slot,))
            if label not in ("result", "own_score", "forfeit"):
                hit, total_ = hit + a, total_ + b
        parts.append(f"{slot} {hit}/{total_}")
    forfeit_right, forfeit_total = figures.slot_accuracy("forfeit", ("team",))
    print(f"       questions: {', '.join(parts)}; forfeit team {forfeit_right}/{forfeit_total}")
    print(
        f"time per message, answer included (SQLite): p50 {figures.seconds(0.5) * 1e3:.2f} ms,"
        f" p99 {figures.seconds(0.99) * 1e3:.2f} ms"
    )
    print(
        f"understanding only (questions.ask + result_lines.read_line):"
        f" p50 {measure.quantile(pure, 0.5) * 1e3:.3f} ms,"
        f" p99 {measure.quantile(pure, 0.99) * 1e3:.3f} ms"
    )
    print()
    print("confusion: rows the label, columns what the bot did (. = 0)")
    confusion = figures.confusion()
    rows = [label for label in figures.labels if figures.support(label)]
    columns = [label for label in figures.labels if figures.predicted(label)]
    print(f"{'':<13}" + "".join(f"{short(c):>5}" for c in columns))
    for row in rows:
        cells = "".join(f"{confusion[row, c] or '.':>5}" for c in columns)
        print(f"{row:<13}{cells}")
    if misses:
        print()
        print("misses of the dev part (the held-out part's are never listed): label -> what")
        print("the bot did | message")
        dev = [o for o in figures.misses() if o.message.part == "dev"]
        for o in sorted(dev, key=lambda o: (o.message.intent, o.got.label)):
            print(f"{o.message.intent:>12} -> {o.got.label:<12} | {o.message.text}")
        wrong_slots = [o for o in outcomes if o.message.part == "dev" and slots_wrong(o)]
        for o in wrong_slots:
            print(f"{'slots':>12} {o.message.slots} got {o.got.slots} | {o.message.text}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--part", choices=("dev", "heldout", "all"), default="dev")
    parser.add_argument(
        "--misses", action="store_true", help="list the dev part's messages it got wrong"
    )
    args = parser.parse_args()
    messages = measure.load(args.part)
    with tempfile.TemporaryDirectory() as folder:
        figures = asyncio.run(measure.measure(messages, Path(folder)))
    report(args.part, figures, understanding_seconds(messages), args.misses)


if __name__ == "__main__":
    main()
