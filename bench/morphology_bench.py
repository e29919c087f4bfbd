"""Morphology benchmark: the built-in analyser against a full Turkish one, on the dev words.

Run: .venv/bin/python bench/morphology_bench.py
Every word of the dev part of the corpus (tests/corpus/dev.jsonl; never the held-out
part) goes through `domain.morphology.analyse`; the time per word and how many words it
reads are printed. When `zeyrek` (a Python port of Zemberek's analyzer, not a dependency
of the bot) is installed, it reads the same words too: its load time and memory, its time
per word, and how often the two agree on a stem of the built-in lexicon.
"""

from __future__ import annotations

import json
import logging
import re
import time
from pathlib import Path

from domain.morphology import STEMS, analyse
from domain.names import fold

ROOT = Path(__file__).resolve().parents[1]
DEV = ROOT / "tests" / "corpus" / "dev.jsonl"


def quantile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


def rss_mb() -> int:
    status = Path("/proc/self/status").read_text()
    return int(status.split("VmRSS:")[1].split()[0]) // 1024


def dev_words() -> list[str]:
    seen: dict[str, None] = {}
    for raw in DEV.read_text(encoding="utf-8").splitlines():
        for word in re.findall(r"[^\W\d_]+", json.loads(raw)["text"]):
            seen[word.replace("I", "ı").replace("İ", "i").lower()] = None
    return list(seen)


def main() -> None:
    words = dev_words()
    built_in: dict[str, str | None] = {}
    times = []
    for word in words:
        began = time.perf_counter()
        found = analyse.__wrapped__(word)
        times.append(time.perf_counter() - began)
        built_in[word] = found.stem if found else None
    read = sum(1 for stem in built_in.values() if stem)
    print(f"dev words: {len(words)}; built-in reads {read} with a stem of its lexicon")
    print(
        f"built-in per word: p50 {quantile(times, 0.5) * 1e6:.0f} us,"
        f" p99 {quantile(times, 0.99) * 1e6:.0f} us (no load step)"
    )
    try:
        import zeyrek  # optional, for the comparison only
    except ImportError:
        print("zeyrek not installed: no comparison")
        return
    logging.disable(logging.WARNING)  # zeyrek logs a warning for every analysis
    before, began = rss_mb(), time.perf_counter()
    analyzer = zeyrek.MorphAnalyzer()
    print(f"zeyrek: load {time.perf_counter() - began:.1f} s, memory +{rss_mb() - before} MB")
    agree, only_zeyrek, only_built_in, unread, unread_ascii = 0, [], [], 0, 0
    times = []
    for word in words:
        began = time.perf_counter()
        parses = analyzer._parse(word)  # one word: no NLTK tokenizer data needed
        times.append(time.perf_counter() - began)
        unread += not parses
        unread_ascii += not parses and word == fold(word)
        stems = set()
        for parse in parses:
            stem = fold(parse.dict_item.lemma)
            if parse.pos.value == "Verb" and stem[-3:] in ("mak", "mek"):
                stem = stem[:-3]
            stems.add(stem)
        known = stems & set(STEMS)
        mine = built_in[word]
        if known and mine in known:
            agree += 1
        elif known and mine is None:
            only_zeyrek.append(word)
        elif mine and not known:
            only_built_in.append(word)
    ascii_words = sum(1 for w in words if w == fold(w))
    print(
        f"zeyrek per word: p50 {quantile(times, 0.5) * 1e3:.2f} ms,"
        f" p99 {quantile(times, 0.99) * 1e3:.2f} ms; reads no analysis for {unread} words"
    )
    print(f"  {unread_ascii} of them among the {ascii_words} words typed without Turkish letters")
    print(f"a lexicon stem, both read it: {agree}; only zeyrek: {len(only_zeyrek)} {only_zeyrek}")
    print(f"only the built-in: {len(only_built_in)}, e.g. {only_built_in[:20]}")


if __name__ == "__main__":
    main()
