"""The ``house pick`` interview, without the terminal: what is asked, in what order, and how
each typed answer is read and checked.

The command only prompts and prints; every decision about an answer is taken here, so
that the interview can be tested (and driven by another front end) without a terminal.
Each reader returns the value it read or raises a :class:`~garou.core.errors.GarouError`
whose catalogue message says what to type instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from garou.core.catalogue import phrase
from garou.core.errors import GarouError, UnknownIdError, UsageError
from garou.core.names import fold
from garou.core.numbers import is_whole_number
from garou.rules.distribution import MAX_PLAYERS, parse_players
from garou.rules.model import Game

from .agreement import Decision, Question, find_option, iso_date, questions


class AnswerError(GarouError):
    """Raised when a typed answer cannot be read: its message says what to type."""


def interview(game: Game) -> list[Question]:
    """Return the questions asked, in the order they are asked (the data's order)."""
    return questions(game)


def preselected(question: Question, kept: Decision | None) -> int | None:
    """Return the number (1-based) Enter keeps: the agreement's answer, else the default."""
    wanted = kept.option if kept is not None else None
    if wanted is None and question.default is not None:
        wanted = question.default.option
    ids = [o.id for o in question.options]
    return ids.index(wanted) + 1 if wanted in ids else None


def read_choice(question: Question, typed: str, kept: int | None, lang: str) -> str:
    """Return the option id ``typed`` names (a number, an id, a label or its start).

    An empty answer keeps option number ``kept``; with nothing to keep, AnswerError.
    """
    if not typed.strip():
        if kept is None:
            raise AnswerError("house.no-default-answer")
        return question.options[kept - 1].id
    try:
        return find_option(question, typed, lang).id
    except UnknownIdError as exc:
        count = len(question.options)
        raise AnswerError(
            exc.phrase or "house.type-range", n=count, hint=phrase("house.type-range", n=count)
        ) from None


def read_custom_option(options: Sequence[str], typed: str) -> str | None:
    """Return the new option ``typed`` for a table's own question; None when the list ends.

    Raise AnswerError when the list would end with fewer than two options, or when the
    option is already listed (case and accents aside).
    """
    option = typed.strip()
    if not option:
        if len(options) >= 2:
            return None
        raise AnswerError("house.two-options")
    if fold(option) in {fold(o) for o in options}:
        raise AnswerError("house.option-twice")
    return option


def read_custom_answer(options: Sequence[str], typed: str) -> str:
    """Return the option ``typed`` names: its number, its text (case and accents aside)."""
    answer = typed.strip()
    if is_whole_number(answer) and 1 <= int(answer) <= len(options):
        return options[int(answer) - 1]
    for option in options:
        if fold(option) == fold(answer):
            return option
    raise AnswerError("house.choose-one-of", options=", ".join(options))


def read_players(typed: str) -> int | None:
    """Return the number of players ``typed``; None when the table skips the setup."""
    if not typed.strip():
        return None
    try:
        return parse_players(typed.strip())
    except GarouError:
        raise AnswerError("house.players-bad", most=MAX_PLAYERS) from None


def read_date(typed: str, today: str) -> str:
    """Return ``typed`` as an ISO date (JJ/MM/AAAA or AAAA-MM-JJ); raise UsageError if not."""
    found = iso_date(typed)
    if found is None:
        raise UsageError("house.date-bad", date=typed, today=today)
    return found
