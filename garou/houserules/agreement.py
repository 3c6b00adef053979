"""The table's agreement: the contested cases and settings it decided before dealing.

An agreement is read from and written to a small YAML file (``accord.yaml``) that people
may edit by hand; :func:`load_agreement` validates every line of it against the rules and
fails once with every problem, each with its file and line.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Iterable, Mapping
from dataclasses import field, fields, replace
from pathlib import Path
from typing import Any

from garou.core.catalogue import Phrase, phrase
from garou.core.errors import DataFileError, GarouError, Problem, UnknownIdError
from garou.core.names import closest, fold
from garou.core.numbers import is_whole_number
from garou.core.reader import LocatedDict, LocatedList, is_null
from garou.core.records import record
from garou.core.writer import OutputError, OutputExistsError, output_target, write_file
from garou.rules.distribution import Distribution
from garou.rules.loader import Rulebook
from garou.rules.model import Default, Entry, Game, Option, Text
from garou.rules.schema import (
    INVALID,
    Collector,
    FreeText,
    Name,
    Positive,
    Where,
    convert,
    type_hints,
    unknown_key,
)

FORMAT = "garou-agreement/1"
"""The value of the ``format`` key that marks an agreement file."""

CUSTOM_PREFIX = "custom:"
"""Case ids of a table's own questions: ``custom:1``, ``custom:2``..."""


@record
class CustomLine:
    """One of the table's own questions, as written under ``custom``."""

    question: FreeText
    options: tuple[FreeText, ...]
    """At least two, each different."""
    answer: FreeText
    """One of the options, as written."""


@record
class SetupLine:
    """The agreed setup, as written under ``setup``."""

    roles: dict[str, Positive | None]
    """Role (French or English, accents optional) to number of cards (1 or more)."""
    players: Positive
    """The number of players (1 or more)."""
    names: tuple[Name, ...] = ()


@record
class AgreementFile:
    """The shape of an agreement file (``accord.yaml``): its keys and what each holds.

    The schema the converter (:mod:`rules.schema`) types the file with, as every user
    file; :func:`load_agreement` then checks each value against the game's questions.
    """

    format: str | None = None
    """``garou-agreement/1`` when written by garou."""
    game: str | None = None
    table: FreeText | None = None
    date: str | None = None
    """YYYY-MM-DD (or JJ/MM/AAAA)."""
    decisions: dict[str, str] | None = None
    """Case id (or its short form) to option id."""
    custom: tuple[CustomLine, ...] = ()
    setup: SetupLine | None = None


TOP_KEYS: tuple[str, ...] = tuple(f.name for f in fields(AgreementFile))
"""The keys an agreement file may hold, in the order garou writes them."""
CUSTOM_KEYS: tuple[str, ...] = tuple(f.name for f in fields(CustomLine))
SETUP_KEYS: tuple[str, ...] = ("players", "roles", "names")
"""The keys of ``setup``, in the order garou writes them (the fields of :class:`SetupLine`)."""


_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_FRENCH_DATE = re.compile(r"([0-9]{1,2})[/.]([0-9]{1,2})[/.]([0-9]{4})")


def iso_date(value: object) -> str | None:
    """Return ``value`` as an ISO date "YYYY-MM-DD", or None if it is not a real date.

    A ``datetime.date`` is accepted as well as its text, ISO (2025-03-14) or French
    (JJ/MM/AAAA: 14/03/2025, also 14.03.2025); a date with a time is not.
    """
    if isinstance(value, _dt.datetime):
        return None
    if isinstance(value, _dt.date):
        return value.isoformat()
    if not isinstance(value, str):
        return None
    text = value.strip()
    french = _FRENCH_DATE.fullmatch(text)
    try:
        if french is not None:
            day, month, year = (int(part) for part in french.groups())
            return _dt.date(year, month, day).isoformat()
        if _ISO_DATE.fullmatch(text):
            return _dt.date.fromisoformat(text).isoformat()
    except ValueError:  # 2024-02-30, 31/04/2025
        return None
    return None


DATE_HINT = "write it YYYY-MM-DD, e.g. 2025-03-14"
"""How to write a date, for messages."""


AgreementWriteError = OutputError
"""Raised when the agreement cannot be written where asked (missing folder, no right)."""

AgreementExistsError = OutputExistsError
"""Raised when saving would overwrite an existing file and ``force`` was not given."""


@record
class Question:
    """One decision a table makes before a game: a contested case or a setting."""

    id: str
    """Id of the entry ("lg-contested-witch-self-save")."""
    short: str
    """The id without the game prefix ("contested-witch-self-save")."""
    kind: str
    """"contested" (the documents disagree or are silent) or "setting" (left to the table)."""
    title: Text
    """The question, as the entry's title."""
    text: Text
    """The entry's ruling: what is at stake."""
    options: tuple[Option, ...]
    """The possible answers, in data order."""
    default: Default | None
    """The proposed answer; ``default.addition`` says whether garou or the document proposes it."""
    entry: Entry = field(repr=False, compare=False)
    """The entry itself."""

    def option(self, option_id: str) -> Option:
        """Return the option ``option_id``; raise KeyError if the question has none."""
        for option in self.options:
            if option.id == option_id:
                return option
        raise KeyError(option_id)

    def choices(self, lang: str) -> str:
        """Return the options as "id (label), id (label)" for messages."""
        return ", ".join(f"{o.id} ({o.label.get(lang)})" for o in self.options)

    def to_dict(self, lang: str) -> dict[str, Any]:
        """Return the question with its options and default, in ``lang``."""
        default = self.default
        return {
            "case": self.id,
            "short": self.short,
            "kind": self.kind,
            "self": self.title.get(lang),
            "text": self.text.get(lang),
            "options": [
                {
                    "id": o.id,
                    "label": o.label.get(lang),
                    "text": o.text.get(lang) if o.text else None,
                    "addition": o.addition,
                    "default": default is not None and default.option == o.id,
                }
                for o in self.options
            ],
            "default": None
            if default is None
            else {
                "option": default.option,
                "reason": default.reason.get(lang),
                "addition": default.addition,
                "by": "garou" if default.addition else "document",
            },
        }


@record
class Decision:
    """What a table decided for one question."""

    case: str
    """Entry id of the question, or "custom:<n>" for the table's own n-th question."""
    option: str
    """Id of the chosen option (for a table's own question: the answer as written)."""
    question: Text
    """The question (a table's own question carries its text in both fields)."""
    answer: Text
    """The chosen option's label."""
    default: bool
    """True when the table kept the proposed default."""
    choices: tuple[str, ...] = ()
    """For a table's own question, every option it offered; empty for a rules question."""

    @property
    def custom(self) -> bool:
        """True for a table's own question."""
        return self.case.startswith(CUSTOM_PREFIX)

    def to_dict(self, lang: str) -> dict[str, Any]:
        """Return the decision in ``lang``."""
        data: dict[str, Any] = {
            "case": self.case,
            "question": self.question.get(lang),
            "option": self.option,
            "answer": self.answer.get(lang),
            "default": self.default,
            "custom": self.custom,
        }
        if self.custom:
            data["options"] = list(self.choices)
        return data


@record
class Agreement:
    """Everything a table settled before dealing."""

    game: str
    """Id of the game."""
    table: str | None
    """The table's name ("Les Loups du jeudi"), if given."""
    date: str | None
    """The date of the game, as written (ISO "2025-03-14" when garou writes it)."""
    decisions: tuple[Decision, ...]
    """One per question of the game, in :func:`questions` order, then the table's own."""
    setup: Distribution | None
    """The agreed players and roles, if any."""
    path: str | None = None
    """The file it was read from or written to."""

    def decision(self, case: str) -> Decision | None:
        """Return the decision for ``case`` (an entry id or "custom:<n>"), or None."""
        for decision in self.decisions:
            if decision.case == case:
                return decision
        return None

    def to_dict(self, lang: str) -> dict[str, Any]:
        """Return the agreement as a dictionary in ``lang``."""
        setup = self.setup
        return {
            "game": self.game,
            "table": self.table,
            "date": self.date,
            "path": self.path,
            "decisions": [d.to_dict(lang) for d in self.decisions],
            "setup": None
            if setup is None
            else {"players": setup.players, "roles": dict(setup.roles), "names": list(setup.names)},
        }


# --- questions -----------------------------------------------------------------------


def _short(game: Game, entry_id: str) -> str:
    prefix = f"{game.info.prefix}-" if game.info.prefix else ""
    return entry_id[len(prefix) :] if prefix and entry_id.startswith(prefix) else entry_id


def questions(game: Game) -> list[Question]:
    """Return the decisions ``game`` asks a table for: contested cases, then settings."""
    return [
        Question(
            id=e.id,
            short=_short(game, e.id),
            kind=e.kind,
            title=e.title,
            text=e.text,
            options=e.options,
            default=e.default,
            entry=e,
        )
        for e in (*game.contested(), *game.settings())
    ]


def find_question(game: Game, case: str) -> Question:
    """Return the question ``case`` names.

    Accepted: the entry id ("lg-contested-witch-self-save"), the id without the game
    prefix ("contested-witch-self-save"), or without the kind too ("witch-self-save").

    Raise UnknownIdError with the closest ids otherwise.
    """
    found = _lookup_question(game, case)
    if found is not None:
        return found
    every = questions(game)
    hint = closest(case, [q.id for q in every] + [q.short for q in every])
    if hint:
        raise UnknownIdError(
            "house.unknown-question-hint", case=case, game=game.id, closest=" / ".join(hint)
        )
    raise UnknownIdError("house.unknown-question", case=case, game=game.id)


def _lookup_question(game: Game, case: str) -> Question | None:
    wanted = case.strip()
    every = questions(game)
    for question in every:
        if wanted in (question.id, question.short):
            return question
    # "witch-self-save" for "lg-contested-witch-self-save", when only one question ends so.
    tails = [q for q in every if q.short == f"{q.kind}-{wanted}"]
    return tails[0] if len(tails) == 1 else None


def find_option(question: Question, answer: str, lang: str = "fr") -> Option:
    """Return the option ``answer`` names: its id, its number (1-based) or its label.

    Raise UnknownIdError listing the valid choices otherwise.
    """
    wanted = answer.strip()
    for option in question.options:
        if wanted == option.id:
            return option
    if is_whole_number(wanted) and 1 <= int(wanted) <= len(question.options):
        return question.options[int(wanted) - 1]
    folded = fold(wanted)
    for option in question.options:
        if folded in (fold(option.id), fold(option.label.fr), fold(option.label.en)):
            return option
    # The start of one option's label or id ("jamais", "seul" for "Seulement le camp"),
    # when no other option starts so.
    starting = [
        option
        for option in question.options
        if folded
        and any(
            fold(name).startswith(folded) for name in (option.id, option.label.fr, option.label.en)
        )
    ]
    if len(starting) == 1:
        return starting[0]
    if len(starting) > 1:
        raise UnknownIdError(
            "house.option-ambiguous",
            answer=answer,
            options=[f"{o.id} ({o.label.get(lang)})" for o in starting],
        )
    raise UnknownIdError(
        "house.unknown-option",
        answer=answer,
        case=question.id,
        options=[f"{o.id} ({o.label.get(lang)})" for o in question.options],
    )


def decide(question: Question, option_id: str) -> Decision:
    """Return the decision of choosing ``option_id`` (an option id) for ``question``."""
    option = question.option(option_id)
    return Decision(
        case=question.id,
        option=option.id,
        question=question.title,
        answer=option.label,
        default=question.default is not None and question.default.option == option.id,
    )


def custom_decision(number: int, question: str, options: Iterable[str], answer: str) -> Decision:
    """Return the decision for a table's own ``number``-th question (1-based)."""
    choices = tuple(options)
    if answer not in choices:
        raise UnknownIdError(
            "house.unknown-custom-answer", answer=answer, question=question, options=choices
        )
    return Decision(
        case=f"{CUSTOM_PREFIX}{number}",
        option=answer,
        question=Text(question, question),
        answer=Text(answer, answer),
        default=False,
        choices=choices,
    )


def build_agreement(
    game: Game,
    choices: Mapping[str, str] | None = None,
    *,
    base: Agreement | None = None,
    table: str | None = None,
    date: str | None = None,
    setup: Distribution | None = None,
    lang: str = "fr",
) -> Agreement:
    """Return an agreement for ``game``: ``choices``, else ``base``'s, else the defaults.

    Cases and options are matched as :func:`find_question` and :func:`find_option` do.
    Raise UnknownIdError for an unknown case or option, and UsageError when a question has
    no default and nothing decides it, or when ``date`` is not a date "YYYY-MM-DD".
    """
    from garou.core.errors import UsageError

    if base is not None and base.game != game.id:
        raise UsageError("house.other-game", path=base.path or "", game=base.game, wanted=game.id)
    if date is not None:
        if iso_date(date) is None:
            raise UsageError("house.not-a-date", date=str(date))
        date = iso_date(date)
    chosen: dict[str, str] = {}
    for case, answer in (choices or {}).items():
        question = find_question(game, case)
        if question.id in chosen:
            raise UsageError("house.set-twice", case=question.id)
        chosen[question.id] = find_option(question, answer, lang).id
    decisions = []
    undecided = []
    for question in questions(game):
        kept = base.decision(question.id) if base is not None else None
        if question.id in chosen:
            decisions.append(decide(question, chosen[question.id]))
        elif kept is not None:
            decisions.append(decide(question, kept.option))
        elif question.default is not None:
            decisions.append(decide(question, question.default.option))
        else:
            undecided.append(question)
    if undecided:
        raise UsageError(
            "house.no-default",
            count=len(undecided),
            cases=[f"{q.id} ({', '.join(o.id for o in q.options)})" for q in undecided],
        )
    if base is not None:
        decisions += [d for d in base.decisions if d.custom]
        table = table if table is not None else base.table
        date = date if date is not None else base.date
        setup = setup if setup is not None else base.setup
    return Agreement(game.id, table, date, tuple(decisions), setup, None)


# --- the file ------------------------------------------------------------------------


def load_agreement_option(path: str | Path, book: Rulebook) -> Agreement:
    """Read the agreement an ``--agreement`` option (or ``$GAROU_AGREEMENT``) names: the one
    reader of every command that takes it. A missing file is said as such, naming the
    variable it may come from; anything else the reader refuses is said as for every file
    garou reads (a folder, a device, too big, unreadable, not an agreement)."""
    import os

    from garou.core.errors import ReadError, safe_text
    from garou.core.files import AGREEMENT_ENV

    if not os.path.lexists(path):
        said = safe_text(str(path))
        raise ReadError("house.no-agreement-file", path=said, variable=AGREEMENT_ENV)
    return load_agreement(path, book)


def load_agreement(path: str | Path, book: Rulebook) -> Agreement:
    """Read and fully validate the agreement at ``path``; raise DataFileError if unusable."""
    from garou.core.reader import read_document

    data = read_document(path)  # each value as written: the field below decides its type
    if isinstance(data, dict) and "roles" in data and "decisions" not in data:
        raise DataFileError(
            [
                Problem(
                    str(path),
                    data.line_of("roles") if isinstance(data, LocatedDict) else None,
                    "roles",
                    phrase("house.file.setup-not-agreement"),
                )
            ]
        )
    return _Validator(str(path), book).agreement(data)


def _kind_of(value: Any) -> Phrase:
    """Return what a YAML value is, in words: "a list", "a mapping", "a text"..."""
    from garou.core.reader import as_bool, as_float

    if isinstance(value, str) and not is_null(value):  # as written: a plain 42 is a number
        if as_bool(value) is not None:
            value = as_bool(value)
        elif as_float(value) is not None:
            value = as_float(value)
    if is_null(value):
        kind = "empty"
    elif isinstance(value, dict):
        kind = "mapping"
    elif isinstance(value, list):
        kind = "list"
    elif isinstance(value, bool):
        kind = "boolean"
    elif isinstance(value, int | float):
        kind = "number"
    elif isinstance(value, _dt.date):
        kind = "date"
    else:
        kind = "text"
    return phrase(f"house.file.kind-{kind}")


_FILE_TYPES = type_hints(AgreementFile)


class _Validator:
    """Checks an agreement read from YAML, collecting every problem: the schema
    converter's (a value of the wrong type, an unknown key) and the game's (an unknown
    case or option, a broken setup)."""

    def __init__(self, name: str, book: Rulebook):
        self.name = name
        self.book = book
        self.problems: list[Problem] = []
        self.typed = Collector()
        """The converter's problems."""
        self.bad: set[str] = set()
        """The keys whose value did not convert."""
        self.chosen: dict[str, str] = {}
        """Question id to the option id read for it."""

    def problem(self, container: Any, key: Any, path: str, message: str | Phrase) -> None:
        self.problems.append(Problem(self.name, self.line(container, key) or 1, path, message))

    @staticmethod
    def line(container: Any, key: Any) -> int:
        if isinstance(container, LocatedDict | LocatedList):
            return container.line_of(key)
        return 1

    def fail(self) -> DataFileError:
        every = self.typed.problems + self.problems
        return DataFileError(sorted(every, key=lambda p: (p.line or 0, p.path)))

    def agreement(self, data: Any) -> Agreement:
        if not isinstance(data, dict):
            what = _kind_of(data)
            self.problems.append(
                Problem(
                    self.name,
                    getattr(data, "line", None) or 1,
                    "",
                    phrase("house.file.not-a-mapping", what=what),
                )
            )
            raise self.fail()
        typed = self.read(data)
        if typed.get("format") not in (None, FORMAT):
            self.problem(
                data,
                "format",
                "format",
                phrase("house.file.format", format=typed["format"], expected=FORMAT),
            )
        game = self.game(data, typed)
        if game is None:
            raise self.fail()
        if self.wrong_game(data, game):
            raise self.fail()  # every other problem would follow from the wrong game
        table = typed.get("table")
        date = self.date(data, typed)
        decisions = self.decisions(data, typed, game)
        decisions += self.custom(data, typed)
        setup = self.setup(data, typed, game)
        if self.problems or self.typed.problems:
            raise self.fail()
        return Agreement(game.id, table, date, tuple(decisions), setup, self.name)

    def read(self, data: dict) -> dict[str, Any]:
        """Return the values of ``data`` typed as :class:`AgreementFile` says, by key; a
        value that does not convert is left out. Each decision and each custom question is
        typed on its own (INVALID when it does not fit), so that the others are checked."""
        top = Where(self.name, getattr(data, "line", None) or 1, "")
        typed: dict[str, Any] = {}
        for key, value in data.items():
            where = top.key(data, key)
            if key not in _FILE_TYPES:
                self.typed.add(where, unknown_key(key, list(TOP_KEYS)))
                continue
            result: Any
            if key == "decisions" and isinstance(value, dict):
                result = {
                    str(k): convert(str, v, where.key(value, k), self.typed)
                    for k, v in value.items()
                }
            elif key == "custom" and isinstance(value, list):
                result = [
                    convert(CustomLine, item, where.item(value, i), self.typed)
                    for i, item in enumerate(value)
                ]
            else:
                result = convert(_FILE_TYPES[key], value, where, self.typed)
            if result is INVALID:
                self.bad.add(str(key))
            else:
                typed[str(key)] = result
        return typed

    def game(self, data: dict, typed: dict[str, Any]) -> Game | None:
        if "game" in self.bad:
            return None
        known = ", ".join(self.book.games)
        value = typed.get("game")
        if value is None:
            key = "game" if "game" in data else None
            self.problem(data, key, "game", phrase("house.file.no-game", games=known))
            return None
        try:
            return self.book.game(str(value))
        except GarouError as exc:  # the one message of a mistyped game, at its line
            self.problem(data, "game", "game", exc.phrase or str(exc))
            return None

    def wrong_game(self, data: dict, game: Game) -> bool:
        """Report a 'game' that no decision belongs to, when they are another game's cases."""
        given = data.get("decisions")
        if not isinstance(given, dict) or not given:
            return False
        keys = [str(key) for key in given]
        if any(_lookup_question(game, key) is not None for key in keys):
            return False
        for other in self.book.games.values():
            if other.id == game.id:
                continue
            theirs = [key for key in keys if _lookup_question(other, key) is not None]
            if theirs:
                self.problem(
                    data,
                    "game",
                    "game",
                    phrase(
                        "house.file.wrong-game",
                        game=game.id,
                        other=other.id,
                        cases=", ".join(theirs[:3]) + (", ..." if len(theirs) > 3 else ""),
                    ),
                )
                return True
        return False

    def date(self, data: dict, typed: dict[str, Any]) -> str | None:
        value = typed.get("date")
        if value is None:
            return None
        date = iso_date(value)
        if date is None:
            self.problem(data, "date", "date", phrase("house.not-a-date", date=value))
        return date

    def decisions(self, data: dict, typed: dict[str, Any], game: Game) -> list[Decision]:
        if "decisions" in self.bad:
            return []
        if typed.get("decisions") is None:
            key = "decisions" if "decisions" in data else None
            self.problem(data, key, "decisions", phrase("house.file.no-decisions", game=game.id))
            return []
        given = data["decisions"]
        found: dict[str, str] = {}
        for key, value in typed["decisions"].items():
            path = f"decisions.{key}"
            question = _lookup_question(game, key)
            if question is None:
                self.unknown_case(given, key, path, game, data)
                continue
            if question.id in found:
                self.problem(
                    given,
                    key,
                    path,
                    phrase("house.file.twice", case=question.id, other=found[question.id]),
                )
                continue
            found[question.id] = key
            if value is INVALID:  # said by the converter
                continue
            option = self.option(given, key, path, question, value)
            if option is not None:
                self.chosen[question.id] = option
        decisions = []
        for question in questions(game):
            if question.id in self.chosen:
                decisions.append(decide(question, self.chosen[question.id]))
            elif question.id not in found:
                self.problem(
                    data,
                    "decisions",
                    f"decisions.{question.id}",
                    phrase(
                        "house.file.missing-decision" + ("-default" if question.default else ""),
                        case=question.id,
                        title=question.title,
                        options=", ".join(o.id for o in question.options),
                        default=question.default.option if question.default else "",
                    ),
                )
        return decisions

    def unknown_case(self, given: dict, key: Any, path: str, game: Game, data: dict) -> None:
        for other in self.book.games.values():
            if other.id != game.id and _lookup_question(other, str(key)) is not None:
                self.problem(
                    given,
                    key,
                    path,
                    phrase(
                        "house.file.other-games-case",
                        case=str(key),
                        other=other.id,
                        game=game.id,
                        line=self.line(data, "game"),
                    ),
                )
                return
        every = questions(game)
        hint = closest(str(key), [q.id for q in every])
        said = phrase(
            "house.file.unknown-case-hint" if hint else "house.file.unknown-case",
            case=str(key),
            game=game.id,
            closest=" / ".join(hint),
            cases=", ".join(q.id for q in every),
        )
        if self.book.user_folder() is None:  # a case of a rules folder this run did not read?
            said = phrase("house.file.unknown-case-unread", said=said)
        self.problem(given, key, path, said)

    def option(
        self, given: dict, key: Any, path: str, question: Question, value: str
    ) -> str | None:
        for option in question.options:  # as written: an option called "no" is written no
            if value == option.id:
                return option.id
        self.problem(
            given,
            key,
            path,
            phrase(
                "house.file.unknown-option",
                value=value,
                case=question.id,
                options=", ".join(o.id for o in question.options),
            ),
        )
        return None

    def custom(self, data: dict, typed: dict[str, Any]) -> list[Decision]:
        decisions = []
        for index, item in enumerate(typed.get("custom", ())):
            if item is INVALID:  # said by the converter
                continue
            written = data["custom"][index]
            path = f"custom[{index}]"
            texts = list(item.options)
            if len(texts) < 2:
                self.problem(
                    written, "options", f"{path}.options", phrase("house.file.custom-options")
                )
                continue
            if len(set(texts)) != len(texts):
                self.problem(
                    written, "options", f"{path}.options", phrase("house.file.custom-same")
                )
                continue
            if item.answer not in texts:
                self.problem(
                    written,
                    "answer",
                    f"{path}.answer",
                    phrase(
                        "house.file.custom-answer", answer=item.answer, options=", ".join(texts)
                    ),
                )
                continue
            decisions.append(custom_decision(index + 1, item.question, texts, item.answer))
        return decisions

    def setup(self, data: dict, typed: dict[str, Any], game: Game) -> Distribution | None:
        line = typed.get("setup")
        if line is None:
            return None
        from .deal import setup_problems

        setup, found = setup_problems(game, line, data["setup"])
        for container, key, path, message in found:
            self.problem(container, key, f"setup.{path}" if path else "setup", message)
        return setup


# --- writing -------------------------------------------------------------------------


def save_agreement(
    agreement: Agreement,
    path: str | Path,
    force: bool = False,
    *,
    book: Rulebook | None = None,
    lang: str = "fr",
    rules_dir: str | Path | None = None,
) -> Path:
    """Write ``agreement`` to ``path`` atomically and return the path.

    Never overwrite an existing file unless ``force``: raise AgreementExistsError instead.
    Never write over anything but a regular file (a folder, a device, a FIFO...), even with
    ``force``: raise AgreementWriteError. With ``force``, a symbolic link is followed: the
    file it points to is replaced and the link kept, so a shared, linked accord.yaml stays
    shared. With ``book``, each decision is preceded by a comment listing its options (in
    ``lang``); the command it says to check it with names ``rules_dir``, the rules folder
    it was made with. An interruption (Ctrl-C) leaves no partial file behind.
    """
    from .sheet import render_agreement

    writable_path(path, force)  # before rendering: say what is wrong with the path first
    target = Path(path)
    game = book.game(agreement.game) if book is not None else None
    text = render_agreement(with_path(agreement, target), game, lang, rules_dir=rules_dir)
    return write_file(target, text, force, option="--out")


def writable_path(path: str | Path, force: bool = False) -> Path:
    """Return where saving to ``path`` writes, or raise why it must not be written.

    Raise UsageError for an empty path, AgreementWriteError for a missing folder or anything
    that is not a regular file, and AgreementExistsError for an existing file without
    ``force``. With ``force``, a symbolic link resolves to the file it points to.
    """
    return output_target(path, force, option="--out")


def with_path(agreement: Agreement, path: str | Path) -> Agreement:
    """Return ``agreement`` remembering that it lives at ``path``."""
    return replace(agreement, path=str(path))


# --- lookup --------------------------------------------------------------------------


def agreed(agreement: Agreement, entry_id: str, lang: str = "fr") -> dict[str, Any] | None:
    """Return what the table decided for ``entry_id``, or None if it is not a question.

    The result is ``{"case", "option", "text", "question", "default"}``: ``text`` is the
    chosen option's label in ``lang``, ``question`` the question in ``lang``, ``default``
    whether the table kept the proposed default.
    """
    for decision in agreement.decisions:
        if decision.case == entry_id:
            return {
                "case": decision.case,
                "option": decision.option,
                "text": decision.answer.get(lang),
                "question": decision.question.get(lang),
                "default": decision.default,
            }
    return None
