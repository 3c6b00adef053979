"""Questions that ask for a quantity, which an entry answers only if it states one.

"How many seconds do the wolves get", "combien de temps dure la nuit": an entry that speaks
of the wolves or the night but states no duration or number answers nothing of what is
asked. A number the question states ("25 joueurs", "plus de 15 secondes") is answered only
by an entry that states it, or a range or a bound that holds it ("10–13 players").
Plain functions on folded text (:func:`lookup.text.fold_chars`): no index.
"""

from __future__ import annotations

import re

from .text import listed, wordset

_NUMBER = rf"(?:\d+|{'|'.join(listed('numbers'))})"
_UNIT = r"(?:s|sec|secs|secondes?|seconds?|min|mins|minutes?|h|heures?|hours?)"
_TIME_STATED = re.compile(rf"\b{_NUMBER}(?:\s*(?:[-–]|a|to|ou|or)\s*{_NUMBER})?\s*{_UNIT}\b")
"""A duration an entry states: "60 secondes", "25 s", "trois à cinq minutes"."""
_NUMBER_STATED = re.compile(
    rf"\b{_NUMBER}\b|\begal\w*|\bequal\w*|\bautant\b|\bas many\b|\bdepass\w*|\bexceed\w*"
    r"|\bmajorit\w*|\btiers\b|\bthird\b|\bplus (?:de|que)\b|\bmore than\b|\bfewer\b"
    r"|\bmoins (?:de|que)\b|\bless than\b"
)
"""A number or a relative quantity an entry states ("égale", "ne doit jamais dépasser")."""
DURATION_ASKED = re.compile(
    r"\bhow long\b|\bcombien de temps\b|\bduree\b|\bdurent?\b|\bdurer\b"
    r"|\btime limits?\b|\blimite de temps\b|\btemps limite\b|\bdelais?\b"
    rf"|\b(?:combien de|how many|how much)\s+(?:\w+\s+)?{_UNIT}\b"
)
"""A question asking how long something lasts (or within what time)."""
COUNT_ASKED = re.compile(r"\bhow many\b|\bhow much\b|\bcombien\b")
"""A question asking how many: the entry must state a number."""
FREQUENCY_ASKED = re.compile(r"\bcombien de fois\b|\bhow many times\b|\bhow often\b")
"""A question asking how many times: a frequency stated answers it as a number does."""
_FREQUENCY_STATED = re.compile(
    r"\b(?:chaque|par) (?:nuit|jour|tour|partie|manche)\b"
    r"|\b(?:each|every|per|a) (?:night|day|turn|game|round)\b"
    r"|\bune (?:seule )?fois\b|\bonce\b|\busage unique\b|\bsingle[- ]use\b"
    r"|\b(?:un|une) seule?\b|\bonly one\b|\ba single\b"
)
"""A frequency an entry states: "chaque nuit", "once", "à usage unique", "une seule"."""
_DIGITS = re.compile(r"(?<![\w.,])\d+(?![\w.,])")
_RANGE = re.compile(r"(\d+)\s*(?:[-–]|a|to)\s*(\d+)")
_ABOVE = re.compile(r"\b(?:plus de|more than|over|au-dela de|beyond|at least|au moins)\s+(\d+)")
_BELOW = re.compile(r"\b(?:moins de|less than|under|fewer than|at most|au plus)\s+(\d+)")
SMALLEST = 5
"""Numbers in digits below this are small counts ("2 potions"), which the verdict judges
with the thing they count; from it on, a number in digits is of players or seconds."""
LIST_MARK = re.compile(r"^\s*\d+[.)]", re.MULTILINE)
"""The number of an item of a list ("2. The Don points…"): a place, not a number stated."""
_SENTENCE = re.compile(r"(?<!\d)[.!?;:\n]+|[.!?;:\n]+(?!\d)")
"""Where a sentence ends (a decimal point or a time "1:30" does not end one)."""
QUANTITY_WORDS = wordset("quantity")
"""The words that ask the quantity itself ("combien de temps", "how long", "minutes"):
what the quantity is of is asked by the question's other words."""


def asks_duration(query: str) -> bool:
    """Return True when the (folded) ``query`` asks how long something lasts."""
    return bool(DURATION_ASKED.search(query))


def asks_only_duration(query: str) -> bool:
    """Return True when the (folded) ``query`` asks how long something lasts, no count of
    anything else ("how many wolves, and how long"), and states no number of its own."""
    if not asks_duration(query) or _numbers_in(query):
        return False
    return not COUNT_ASKED.search(DURATION_ASKED.sub(" ", query))


def asks(query: str) -> bool:
    """Return True when the (folded) ``query`` asks a duration or a count, or states a
    number in digits from ``SMALLEST`` on."""
    return asks_duration(query) or bool(COUNT_ASKED.search(query)) or bool(_numbers_in(query))


def _numbers_in(query: str) -> list[int]:
    return [int(m.group()) for m in _DIGITS.finditer(query) if int(m.group()) >= SMALLEST]


def states_duration(texts: list[str]) -> bool:
    """Return True when one of the (folded) ``texts`` states a duration."""
    return any(_TIME_STATED.search(LIST_MARK.sub("", t)) for t in texts)


def _number_stated(text: str, query: str) -> bool:
    """Return True when ``text`` states a number (or a frequency, when the ``query`` asks
    how many times: "chaque nuit", "une seule fois")."""
    return bool(
        _NUMBER_STATED.search(text)
        or (FREQUENCY_ASKED.search(query) and _FREQUENCY_STATED.search(text))
    )


def _holds(text: str, value: int) -> bool:
    """Return True when ``text`` states ``value``, or a range or a bound that holds it
    ("10–13", "plus de 15 secondes" holds 20)."""
    return (
        value in (int(m.group()) for m in _DIGITS.finditer(text))
        or any(int(n) < value for n in _ABOVE.findall(text))
        or any(int(n) > value for n in _BELOW.findall(text))
        or any(int(a) <= value <= int(b) for a, b in _RANGE.findall(text))
    )


def answers_quantity(query: str, texts: list[str]) -> bool:
    """Return True unless the (folded) ``query`` asks for a duration, a count or states a
    number that none of the entry's (folded) ``texts`` states."""
    if asks_duration(query) and not states_duration(texts):
        return False
    stripped = [LIST_MARK.sub("", t) for t in texts]
    if COUNT_ASKED.search(query) and not any(_number_stated(t, query) for t in stripped):
        return False
    return all(any(_holds(t, value) for t in stripped) for value in _numbers_in(query))


def stating(texts: list[str], query: str) -> list[str]:
    """Return the sentences of the (folded) ``texts`` that state what the (folded)
    ``query`` asks: a duration when it asks how long, else a number when it asks how
    many (every sentence when it asks neither)."""
    found = [s for t in texts for s in _SENTENCE.split(LIST_MARK.sub("", t)) if s.strip()]
    if asks_duration(query):
        return [s for s in found if _TIME_STATED.search(s)]
    if COUNT_ASKED.search(query):
        return [s for s in found if _number_stated(s, query)]
    return found
