"""Questions that ask for a quantity: the entry answers them only if it states one.

"How many seconds do the wolves get", "combien de temps dure la nuit", "how many bonus
points exactly": an entry that speaks of the wolves, the night or the bonus but states no
duration, no number, answers nothing of what is asked; the rules do not say. Likewise a
number the question states ("25 players", "plus de 15 secondes") is answered only by an
entry that states it, or a range that holds it ("10–13 players").

Plain text functions on folded text (:func:`lookup.analysis.fold_chars`): no index.
"""

from __future__ import annotations

import re

from .text import listed, wordset

_NUMBER_WORDS = tuple(listed("numbers"))
_NUMBER = rf"(?:\d+|{'|'.join(_NUMBER_WORDS)})"
_UNIT = r"(?:s|sec|secs|secondes?|seconds?|min|mins|minutes?|h|heures?|hours?)"
_TIME_STATED = re.compile(rf"\b{_NUMBER}(?:\s*(?:[-–]|a|to|ou|or)\s*{_NUMBER})?\s*{_UNIT}\b")
"""A duration an entry states: "60 secondes", "25 s", "trois à cinq minutes"."""
_NUMBER_STATED = re.compile(
    rf"\b{_NUMBER}\b|\begal\w*|\bequal\w*|\bautant\b|\bas many\b|\bdepass\w*|\bexceed\w*"
    r"|\bmajorit\w*|\btiers\b|\bthird\b|\bplus (?:de|que)\b|\bmore than\b|\bfewer\b"
    r"|\bmoins (?:de|que)\b|\bless than\b"
)
"""A number or a relative quantity an entry states ("leur nombre égale celui des
villageois", "ne doit jamais dépasser", "more than")."""

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
"""Numbers written in digits below this are small counts ("2 potions", "last 2 alive"),
which ``searcher.COUNT_WORDS`` judges with the thing they count; from it on, a number
in digits is of players or seconds, stated by the entry or not."""
_LIST_MARK = re.compile(r"^\s*\d+[.)]", re.MULTILINE)


def asks_duration(query: str) -> bool:
    """Return True when the (folded) ``query`` asks how long something lasts."""
    return bool(DURATION_ASKED.search(query))


def asks_only_duration(query: str) -> bool:
    """Return True when the (folded) ``query`` asks how long something lasts and no count
    of anything else ("how many seconds does the hunter get", not "how many wolves, and
    how long will it last"), and states no number of its own."""
    if not asks_duration(query) or numbers_in(query):
        return False
    return not COUNT_ASKED.search(DURATION_ASKED.sub(" ", query))


def asks_count(query: str) -> bool:
    """Return True when the (folded) ``query`` asks how many of something there are."""
    return bool(COUNT_ASKED.search(query))


def asks(query: str) -> bool:
    """Return True when the (folded) ``query`` asks a duration or a count, or states a
    number in digits from ``SMALLEST`` on."""
    return asks_duration(query) or asks_count(query) or bool(numbers_in(query))


def numbers_in(query: str) -> list[int]:
    """Return the numbers from ``SMALLEST`` on that the (folded) ``query`` writes in
    digits ("25 players")."""
    return [int(m.group()) for m in _DIGITS.finditer(query) if int(m.group()) >= SMALLEST]


def states_duration(texts: list[str]) -> bool:
    """Return True when one of the (folded) ``texts`` states a duration."""
    return any(_TIME_STATED.search(_LIST_MARK.sub("", t)) for t in texts)


def states_number(texts: list[str], query: str = "") -> bool:
    """Return True when one of the (folded) ``texts`` states a number (or a frequency,
    when the (folded) ``query`` asks how many times: "chaque nuit", "une seule fois")."""
    return any(_number_stated(_LIST_MARK.sub("", t), query) for t in texts)


def _number_stated(text: str, query: str) -> bool:
    return bool(
        _NUMBER_STATED.search(text)
        or (FREQUENCY_ASKED.search(query) and _FREQUENCY_STATED.search(text))
    )


def states_value(texts: list[str], value: int) -> bool:
    """Return True when one of the (folded) ``texts`` states ``value``, or a range or a
    bound that holds it ("10–13", "plus de 15 secondes" holds 20)."""
    for text in texts:
        text = _LIST_MARK.sub("", text)
        if value in (int(m.group()) for m in _DIGITS.finditer(text)):
            return True
        if any(int(n) < value for n in _ABOVE.findall(text)):
            return True
        if any(int(n) > value for n in _BELOW.findall(text)):
            return True
        if any(int(a) <= value <= int(b) for a, b in _RANGE.findall(text)):
            return True
    return False


def answers_quantity(query: str, texts: list[str]) -> bool:
    """Return True unless the (folded) ``query`` asks for a duration, a count or states a
    number that none of the entry's (folded) ``texts`` states."""
    if asks_duration(query) and not states_duration(texts):
        return False
    if asks_count(query) and not states_number(texts, query):
        return False
    return all(states_value(texts, value) for value in numbers_in(query))


_SENTENCE = re.compile(r"(?<!\d)[.!?;:\n]+|[.!?;:\n]+(?!\d)")
"""Where a sentence ends (a decimal point or a time "1:30" does not end one)."""


def sentences(text: str) -> list[str]:
    """Return the sentences of the (folded) ``text``, list marks out."""
    return [s for s in _SENTENCE.split(_LIST_MARK.sub("", text)) if s.strip()]


def stating(texts: list[str], query: str) -> list[str]:
    """Return the sentences of the (folded) ``texts`` that state what the (folded)
    ``query`` asks: a duration when it asks how long, else a number when it asks how
    many (every sentence when it asks neither)."""
    found = [s for t in texts for s in sentences(t)]
    if asks_duration(query):
        return [s for s in found if _TIME_STATED.search(s)]
    if asks_count(query):
        return [s for s in found if _number_stated(s, query)]
    return found


QUANTITY_WORDS = wordset("quantity")
"""The words that ask the quantity itself ("combien de temps", "how long", "minutes"):
what the quantity is of is asked by the question's other words."""
