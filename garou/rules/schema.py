"""Turn YAML values into the typed records of :mod:`rules.model`, collecting every problem.

The records' type hints are the schema: a field without a default is required, a key that
is not a field is refused, and each problem keeps the file, line and key path it comes from.

A user file is read with no implicit typing (:func:`~garou.core.reader.read_document`): its
scalars arrive as :class:`~garou.core.reader.Scalar` texts, and the field decides what
they are. A ``str`` field keeps the text exactly as written (``No``, ``~``, ``010``,
``1e3``, ``2024-01-01``); a ``bool`` field takes a plain true/false, yes/no, on/off,
oui/non or vrai/faux in any case (:data:`~garou.core.reader.TRUE_WORDS`); an ``int``
field plain decimal digits (``010`` is ten), ``Annotated[int, AtLeast(n)]`` no less than
``n``; a ``float`` field a plain number; a ``Literal`` (an enumeration) one of its values,
case and accents aside; an optional field (``X | None``) a plain empty value, ``~`` or
``null`` as "not given"; an ``Any`` field the unambiguous scalars only
(:func:`~garou.core.reader.untyped`). A quoted scalar is always a text. The rule data
(YAML's own typing, through the cache) goes through the same converter with values
already typed.
"""

from __future__ import annotations

import dataclasses
import types
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal, Union, get_args, get_origin, get_type_hints

from garou.core.catalogue import Phrase, phrase
from garou.core.errors import Problem, shown
from garou.core.names import closest, fold, name_problem, text_problem
from garou.core.numbers import too_large, too_large_said
from garou.core.reader import (
    LocatedDict,
    LocatedList,
    Scalar,
    as_bool,
    as_float,
    as_int,
    control_character,
    is_null,
    untyped,
)
from garou.core.records import record

from .model import LANGS, Text, Words


@record
class AtLeast:
    """The smallest value a whole number may take: ``Annotated[int, AtLeast(0)]``."""

    least: int


@record
class Typed:
    """A text a person types, held to the one rule of its kind (:mod:`garou.core.names`):
    ``"name"`` a player's name (:func:`~garou.core.names.name_problem`), ``"text"`` a free
    text (:func:`~garou.core.names.text_problem`): no hidden character, a bounded length."""

    kind: Literal["name", "text"]


Name = Annotated[str, Typed("name")]
"""A player's name: at most :data:`~garou.core.names.MAX_NAME` characters, none hidden."""
FreeText = Annotated[str, Typed("text")]
"""A free text (a game's or a table's name, a question): at most
:data:`~garou.core.names.MAX_TEXT` characters, none hidden."""

Count = Annotated[int, AtLeast(0)]
"""A count: a whole number, 0 or more."""
Positive = Annotated[int, AtLeast(1)]
"""A whole number, 1 or more (a number of players, a night)."""


class Invalid:
    """Marker for a value that could not be converted (its problem is already recorded)."""


INVALID = Invalid()


@dataclass
class Where:
    """Where a value sits: file, line and key path."""

    file: str
    line: int | None
    path: str

    def key(self, parent: Any, key: Any) -> Where:
        line = parent.line_of(key) if isinstance(parent, LocatedDict) else self.line
        return Where(self.file, line, f"{self.path}.{key}" if self.path else str(key))

    def item(self, parent: Any, index: int) -> Where:
        line = parent.line_of(index) if isinstance(parent, LocatedList) else self.line
        return Where(self.file, line, f"{self.path}[{index}]")


class Collector:
    """Collects problems so that all of them can be reported at once."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, where: Where, message: str | Phrase) -> Invalid:
        self.problems.append(Problem(where.file, where.line, where.path, message))
        return INVALID


def value_said(value: Any) -> Any:
    """Return ``value`` as the YAML user wrote it: null and true, not Python's None and True."""
    if isinstance(value, Scalar):
        if value.plain and value == "":
            return phrase("schema.value.empty")
        if not value.plain:
            return phrase("reader.quoted", value=shown(str(value)))
        return shown(str(value))
    if value is None:
        return phrase("schema.value.empty")
    if isinstance(value, bool):
        return "true" if value else "false"
    return shown(value)


def yaml_fields(cls: type) -> list[dataclasses.Field]:
    """Return the fields of ``cls`` that are written in YAML (not filled in by the loader)."""
    return [f for f in dataclasses.fields(cls) if f.metadata.get("yaml", True)]


@cache
def _yaml_fields(cls: type) -> dict[str, dataclasses.Field]:
    return {f.name: f for f in yaml_fields(cls)}


@cache
def type_hints(cls: type) -> dict[str, Any]:
    """Return the resolved type hints of record ``cls``, computed once per class.

    ``typing.get_type_hints`` evaluates every annotation string again on each call; the
    loader converts hundreds of records of a dozen classes.
    """
    return get_type_hints(cls, include_extras=True)


def convert(tp: Any, value: Any, where: Where, out: Collector, invalid: str = "") -> Any:
    """Convert ``value`` to type ``tp``; record a problem and return INVALID if it does not fit.

    ``invalid`` is the catalogue key (with a ``{value}`` field) said for a wrong plain value
    instead of the generic "expected ..." (a field's ``metadata={"invalid": key}``).
    """
    origin = get_origin(tp)
    if origin is Annotated:
        base, *marks = get_args(tp)
        result = convert(base, value, where, out, invalid)
        for mark in marks:
            if isinstance(mark, AtLeast) and isinstance(result, int) and result < mark.least:
                return out.add(
                    where, phrase("reader.at-least", value=value_said(value), least=mark.least)
                )
            if isinstance(mark, Typed) and isinstance(result, str):
                said = name_problem(result) if mark.kind == "name" else text_problem(result)
                if said is not None:
                    return out.add(where, said)
        return result
    if invalid and tp in (str, int, float, bool):
        probe = Collector()
        result = convert(tp, value, where, probe)
        if result is INVALID:
            return out.add(where, phrase(invalid, value=value_said(value)))
        return result
    if tp is Any:
        return untyped(value)
    if origin in (Union, types.UnionType):
        options = [a for a in get_args(tp) if a is not type(None)]
        if is_null(value) and len(options) < len(get_args(tp)):
            return None
        if len(options) > 1:  # int | str: the first that fits, else the first one's problem
            for option in options:
                probe = Collector()
                result = convert(option, value, where, probe)
                if not probe.problems:
                    return result
            # None fits: say the problem of the option of the value's shape (a mapping's
            # inside problems for a record, not "expected a text").
            shaped = [o for o in options if _shape_of(o) == _shape_of(value)]
            if shaped:
                return convert(shaped[0], value, where, out)
            kinds = _Either([phrase(f"reader.kind.{_kind(o)}") for o in options])
            return out.add(
                where, phrase("reader.expected-either", kinds=kinds, value=value_said(value))
            )
        return convert(options[0], value, where, out)
    if isinstance(value, Scalar):
        return _convert_scalar(tp, value, where, out)
    if origin is Literal:
        allowed = get_args(tp)
        if isinstance(value, str) and value not in allowed:  # a caller's "Revote"
            value = next(
                (a for a in allowed if isinstance(a, str) and fold(a) == fold(value)), value
            )
        if value not in allowed:
            return out.add(
                where,
                phrase(
                    "schema.not-allowed",
                    value=value_said(value),
                    allowed=", ".join(map(str, allowed)),
                ),
            )
        return value
    if tp is bool:
        if not isinstance(value, bool):
            return out.add(where, phrase("reader.expected-bool", value=value_said(value)))
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            return out.add(where, phrase("schema.expected-int", value=value_said(value)))
        return value
    if tp is float:
        real = as_float(value) if isinstance(value, int | float) else None
        if real is None:  # not a number, or none a table needs: inf, nan, beyond MAX_INT
            return out.add(where, phrase("schema.expected-number", value=value_said(value)))
        return real
    if tp is str:
        if not isinstance(value, str) or not value.strip():
            return out.add(where, phrase("schema.expected-text", value=value_said(value)))
        if control_character(value) is not None:
            # A terminal escape in a title or a name would repaint the user's screen.
            return out.add(where, phrase("schema.control", value=shown(value)))
        return value.strip()
    if origin is tuple:
        (item_type, _ellipsis) = get_args(tp)
        if not isinstance(value, list):
            return out.add(where, phrase("schema.expected-list", value=value_said(value)))
        items = [
            convert(item_type, v, where.item(value, i), out, invalid) for i, v in enumerate(value)
        ]
        return INVALID if any(i is INVALID for i in items) else tuple(items)
    if origin is dict:
        key_type, value_type = get_args(tp)
        if not isinstance(value, dict):
            return out.add(where, phrase("schema.expected-mapping", value=value_said(value)))
        result = {}
        for k, v in value.items():
            if not isinstance(k, str):
                out.add(where.key(value, k), phrase("schema.key-text", key=value_said(k)))
                continue
            result[str(k)] = convert(value_type, v, where.key(value, k), out)
        return INVALID if any(v is INVALID for v in result.values()) else result
    if tp is Text or tp is Words:
        return _convert_lang_map(tp, value, where, out)
    if dataclasses.is_dataclass(tp):
        return convert_record(tp, value, where, out)
    raise TypeError(f"no conversion for {tp!r}")  # pragma: no cover - programming error


def _convert_scalar(tp: Any, value: Scalar, where: Where, out: Collector) -> Any:
    """Convert a scalar read as written into ``tp``: the field decides what the text means."""
    if get_origin(tp) is Literal:
        for allowed in get_args(tp):
            if isinstance(allowed, bool):
                if as_bool(value) is allowed:
                    return allowed
            elif isinstance(allowed, int):
                if as_int(value) == allowed:
                    return allowed
            elif str(value).strip() == str(allowed):
                return allowed
        folded = fold(str(value))  # Revote, LIFT: the value, case and accents aside
        for allowed in get_args(tp):
            if isinstance(allowed, str) and folded == fold(allowed):
                return allowed
        return out.add(
            where,
            phrase(
                "schema.not-allowed",
                value=value_said(value),
                allowed=", ".join(map(str, get_args(tp))),
            ),
        )
    if tp is bool:
        flag = as_bool(value)
        if flag is None:
            return out.add(where, phrase("reader.expected-bool", value=value_said(value)))
        return flag
    if tp in (int, float):
        number = as_int(value) if tp is int else as_float(value)
        if number is None and value.plain and too_large(value):  # written right, too large
            return out.add(where, too_large_said(value))
        if number is None:
            key = "schema.expected-int" if tp is int else "schema.expected-number"
            return out.add(where, phrase(key, value=value_said(value)))
        return number
    if tp is str:
        if not value.strip():  # said as the user wrote it: "an empty value", a quoted ''
            return out.add(where, phrase("schema.expected-text", value=value_said(value)))
        return convert(str, str(value), where, out)  # the text as written, control chars refused
    if get_origin(tp) is tuple:
        return out.add(where, phrase("schema.expected-list", value=value_said(value)))
    if tp is Text or tp is Words:
        return out.add(where, phrase("schema.expected-langs", value=value_said(value)))
    return out.add(where, phrase("schema.expected-mapping", value=value_said(value)))


def convert_record(cls: Any, value: Any, where: Where, out: Collector, **extra: Any) -> Any:
    """Build record ``cls`` from the mapping ``value``; ``extra`` fills loader-made fields."""
    if not isinstance(value, dict):
        return out.add(where, phrase("schema.expected-mapping", value=value_said(value)))
    hints = type_hints(cls)
    fields = _yaml_fields(cls)
    kwargs: dict[str, Any] = dict(extra)
    ok = True
    for key in value:
        if key not in fields:
            out.add(where.key(value, key), unknown_key(key, list(fields)))
            ok = False
    for name, f in fields.items():
        if name not in value:
            required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
            if required:  # said at the mapping's line, with the key's path
                path = f"{where.path}.{name}" if where.path else name
                out.add(Where(where.file, where.line, path), phrase("schema.missing-key", key=name))
                ok = False
            continue
        invalid = f.metadata.get("invalid", "")
        converted = convert(hints[name], value[name], where.key(value, name), out, invalid)
        if converted is INVALID:
            ok = False
        else:
            kwargs[name] = converted
    if not ok:
        return INVALID
    try:
        return cls(**kwargs)
    except ValueError as exc:  # a record's own __post_init__ check
        return out.add(where, str(exc))


def unknown_key(key: Any, keys: list[str]) -> Phrase:
    """Return the problem of the unknown ``key`` where ``keys`` are valid: the nearest
    valid key first when one looks like it (``captains``: did you mean ``captain``?)."""
    near = closest(str(key), keys, n=1)
    valid = ", ".join(sorted(keys))
    if near:
        return phrase("reader.unknown-key-near", key=shown(str(key)), near=near[0], keys=valid)
    return phrase("schema.unknown-key", key=shown(str(key)), keys=valid)


def _shape_of(tp_or_value: Any) -> str:
    """Return "mapping", "list" or "scalar": the shape of a value, or the shape a type takes."""
    if isinstance(tp_or_value, dict):
        return "mapping"
    if isinstance(tp_or_value, list | tuple):
        return "list"
    origin = get_origin(tp_or_value)
    if origin is Annotated:
        return _shape_of(get_args(tp_or_value)[0])
    if origin is dict or tp_or_value in (Text, Words) or dataclasses.is_dataclass(tp_or_value):
        return "mapping"
    if origin is tuple:
        return "list"
    return "scalar"


class _Either:
    """Kinds of value said as alternatives in the message's language: "a text or a mapping"."""

    def __init__(self, kinds: list[Phrase]):
        self.kinds = kinds

    def get(self, lang: str) -> str:
        from garou.core.catalogue import join

        return join([k.say(lang) for k in self.kinds], lang, "or")


def _kind(tp: Any) -> str:
    """Return the catalogue name of what type ``tp`` takes: text, whole, number, yes-no..."""
    if get_origin(tp) is Annotated:
        tp = get_args(tp)[0]
    shape = _shape_of(tp)
    if shape != "scalar":
        return shape
    return {bool: "yes-no", int: "whole", float: "number"}.get(tp, "text")


def _convert_lang_map(tp: Any, value: Any, where: Where, out: Collector) -> Any:
    """Convert a per-language mapping: a Text (one text per language) or Words (lists)."""
    if not isinstance(value, dict):
        return out.add(where, phrase("schema.expected-langs", value=value_said(value)))
    ok = True
    for key in value:
        if key not in LANGS:
            out.add(where.key(value, key), phrase("schema.unknown-lang", lang=shown(key)))
            ok = False
    parts: dict[str, Any] = {}
    for lang in LANGS:
        if lang not in value:
            if tp is Text:
                out.add(where, phrase(f"schema.missing-text.{lang}"))
                ok = False
            continue
        item = tuple[str, ...] if tp is Words else str
        parts[lang] = convert(item, value[lang], where.key(value, lang), out)
        ok = ok and parts[lang] is not INVALID
    return tp(**parts) if ok else INVALID


def read_record(path: Any, cls: type, out: Collector | None = None) -> tuple[Any, Any]:
    """Read the YAML user file at ``path`` into record ``cls``, every problem located.

    The record's type hints are the schema (required and unknown keys, types, texts in
    both languages), as for the rule files. Return ``(record, data)``: the record, or
    :data:`INVALID` when it does not fit, and the located YAML (for the lines of further
    checks). Without ``out``, raise :class:`~garou.core.errors.DataFileError` with every
    problem; with it, add them to ``out`` and let the caller add its own before raising.
    A file that cannot be read at all (missing, a device, bad YAML) always raises.
    """
    from garou.core.errors import DataFileError
    from garou.core.reader import read_document

    collector = out if out is not None else Collector()
    data = read_document(path)
    line = data.line if isinstance(data, LocatedDict | LocatedList) else 1
    record = convert_record(cls, data, Where(str(path), line or 1, ""), collector)
    if out is None and collector.problems:
        raise DataFileError(collector.problems)
    return record, data


def record_data(record: Any) -> Any:
    """Return ``record`` as the plain data it was read from (a field left out or None is
    left out), so that a value kept as data (a game's ``start`` event) converts again into
    the same record."""
    if dataclasses.is_dataclass(record) and not isinstance(record, type):
        data = {}
        for f in yaml_fields(type(record)):
            value = getattr(record, f.name)
            if value is not None:
                data[f.name] = record_data(value)
        return data
    if isinstance(record, dict):
        return {str(k): record_data(v) for k, v in record.items()}
    if isinstance(record, list | tuple):
        return [record_data(v) for v in record]
    return record
