"""What several pages read from a request: a game, a number of players, card counts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from garou.core.catalogue import Phrase, phrase
from garou.core.errors import UnknownGameError
from garou.core.numbers import is_whole_number

if TYPE_CHECKING:
    from garou.rules import Rulebook
    from garou.rules.model import Game

COUNT_PREFIX = "n."
"""Form fields ``n.<role id>`` carry how many cards of a role are dealt."""
MOST = 99
"""The largest count a field accepts (the rules' own limit is checked by the rules)."""


class FormProblem(Exception):
    """A value of a form that cannot be used, said as a catalogue phrase."""

    def __init__(self, said: Phrase):
        super().__init__(said.key)
        self.phrase = said


def game_of(values: Mapping[str, str], book: Rulebook, required: bool = True) -> Game | None:
    """Return the game named by ``values["game"]``; FormProblem for an unknown one."""
    name = (values.get("game") or "").strip()
    if not name:
        if required:
            raise FormProblem(phrase("web.form.no-game", games=list(book.games)))
        return None
    try:
        return book.game(name)
    except UnknownGameError as exc:  # the message of every mistyped game, suggestion included
        assert exc.phrase is not None
        raise FormProblem(exc.phrase) from None


def whole_number(raw: str | None, field: object, low: int, high: int) -> int | None:
    """Return ``raw`` as a whole number from ``low`` to ``high``; None when empty."""
    text = (raw or "").strip()
    if not text:
        return None
    if not is_whole_number(text) or not low <= int(text) <= high:
        raise FormProblem(phrase("web.form.bad-number", field=field, low=low, high=high))
    return int(text)


def counts(values: Mapping[str, str], game: Game) -> dict[str, int]:
    """Return role id to count from the ``n.<role>`` fields (empty and 0 left out).

    Every ``n.`` field is read, none dropped without a word: one naming no role of the game
    (``n.wolf``, a role of the other game) is refused with garou's message for an unknown
    role (the closest roles named), a role given twice (``n.voyante`` twice, or ``n.seer``
    beside it) is refused, and so is a count that is no whole number from 0 to 99."""
    from garou.core.errors import UnknownIdError
    from garou.core.names import resolve_role

    found: dict[str, int] = {}
    given: dict[str, str] = {}
    for field in values:
        if not str(field).startswith(COUNT_PREFIX):
            continue
        written = str(field)[len(COUNT_PREFIX) :]
        try:
            role = resolve_role(game, written)
        except UnknownIdError as exc:  # the message of every mistyped role
            assert exc.phrase is not None
            raise FormProblem(exc.phrase) from None
        every = values.getlist(field) if hasattr(values, "getlist") else [values[field]]
        if role.id in given or len(every) > 1:
            first = given.get(role.id, field)
            raise FormProblem(phrase("web.form.count-twice", role=role.name, first=first,
                                     second=field))  # fmt: skip
        given[role.id] = str(field)
        n = whole_number(every[0], role.name, 0, MOST)
        if n:
            found[role.id] = n
    return {role.id: found[role.id] for role in game.roles if role.id in found}


def typed_counts(values: Mapping[str, str], game: Game) -> dict[str, str]:
    """Return role id to the count as typed in its ``n.<role>`` field, to show a refused form
    again as it was sent (never read: :func:`counts` says what is wrong with it)."""
    return {role.id: str(values.get(COUNT_PREFIX + role.id) or "") for role in game.roles}


def name_of_line(line: str) -> str:
    """The name a line of a names field writes: the line whole, trimmed (commas, colons,
    ``=`` and spaces are part of the name); a line that is one name in double quotes, a quote
    inside doubled (garou.core.lists.quote_name), is read without its quotes."""
    from garou.core.lists import QUOTE, unquote

    text = line.strip()
    inner = text[1:-1]
    if (
        len(text) >= 2
        and text[0] == QUOTE
        and text[-1] == QUOTE
        and inner.replace(QUOTE * 2, "").count(QUOTE) == 0
    ):
        return unquote(text)
    return text


def names_of_lines(text: str) -> list[str]:
    """The names of a names field: one a line (:func:`name_of_line`), empty lines skipped."""
    names = (name_of_line(line) for line in text.splitlines())
    return [name for name in names if name]


def deal_line(line: str) -> tuple[str, str] | None:
    """``(name, role)`` of a deal line ``name: role``, split at its last ``:`` (a role id
    holds none), the name read as :func:`name_of_line`; None when a side is missing."""
    player, sep, role = line.rpartition(":")
    name = name_of_line(player)
    if not sep or not name or not role.strip():
        return None
    return name, role.strip()
