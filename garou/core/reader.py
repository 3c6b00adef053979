"""Read YAML safely, remembering the line of every key and item.

Every data file garou reads (rules, setups, agreements, table states, game records) goes
through :func:`read_text` and one of two loaders, so that a problem can always be reported
as ``file:line (key.path)``:

- :func:`read_document` (every file a user may write: rule folders, setups, agreements,
  table states, game records, club settings): no implicit typing at all. Each scalar is a
  :class:`Scalar`, the text exactly as written, remembering whether it was plain (unquoted)
  and its line; the reader of the file (:mod:`rules.schema`) decides its type from the
  field it fills. A player called ``No``, ``~``, ``010`` or ``1e3`` keeps that name, a
  count field still reads ``3`` as 3 and a flag ``yes`` as true.
- :func:`read_yaml` (garou's own data files: the lexicon, the test facts): YAML's usual
  implicit typing, dates excepted.

PyYAML is imported on the first file read, not with this module.
"""

from __future__ import annotations

import math
import re
import stat
from functools import cache
from pathlib import Path
from typing import Any

from . import files, numbers
from .catalogue import Phrase, phrase
from .errors import DataFileError, Problem, safe_text, shown

CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""The characters no text of a file garou reads may hold (tabs and line breaks aside): a
terminal escape in a title or a name would repaint the user's screen. The files garou
writes are held to the same rule (:func:`garou.core.writer.dump_yaml`)."""


def control_character(text: str) -> str | None:
    """Return the first character of ``text`` a file's text may not hold
    (:data:`CONTROL_CHARACTERS`), or None."""
    found = CONTROL_CHARACTERS.search(text)
    return found.group() if found else None


MAX_FILE_BYTES = files.MAX_FILE_BYTES
"""Largest file garou reads as YAML: far above any rule file (the built-in ones are under
60 KB), far below what would take the machine's memory."""

MAX_DEPTH = 64
"""Deepest nesting of the values of a YAML document garou reads (a list in a mapping in a
list...): a rule file goes six levels deep; a file deeper than this is none of garou's."""

MAX_NODES = 1_000_000
"""Most values a YAML document may hold once its aliases (``*name``) are expanded: a few
hundred bytes of nested aliases can otherwise stand for billions of values."""


class LocatedDict(dict):
    """A mapping read from YAML, with the 1-based line of itself and of each key."""

    line: int = 0
    key_lines: dict[Any, int]

    def line_of(self, key: Any) -> int:
        """Return the line where ``key`` is written, or the mapping's own line."""
        return self.key_lines.get(key, self.line)


class LocatedList(list):
    """A sequence read from YAML, with the 1-based line of itself and of each item."""

    line: int = 0
    item_lines: list[int]

    def line_of(self, index: int) -> int:
        """Return the line where item ``index`` starts, or the list's own line."""
        if 0 <= index < len(self.item_lines):
            return self.item_lines[index]
        return self.line


class _Refused(Exception):
    def __init__(self, line: int, message: Phrase):
        self.line, self.message = line, message


class _DuplicateKey(Exception):
    def __init__(self, key: Any, line: int, first: int):
        self.key, self.line, self.first = key, line, first
        self.within: list[Any] = []
        """The keys and indexes of the containers around the mapping, outermost first."""

    def path(self) -> str:
        path = ""
        for part in [*self.within, self.key]:
            if isinstance(part, int) and not isinstance(part, bool):
                path += f"[{part}]"
            else:
                text = safe_text(part) if isinstance(part, str) else shown(part)
                path += f".{text}" if path else text
        return path


def _construct_mapping(loader: Any, node: Any) -> LocatedDict:
    loader.flatten_mapping(node)
    result = LocatedDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise _Refused(key_node.start_mark.line + 1, phrase("reader.plain-key")) from None
        line = key_node.start_mark.line + 1
        if key in result:
            raise _DuplicateKey(key, line, result.key_lines[key])
        try:
            result[key] = loader.construct_object(value_node, deep=True)
        except _DuplicateKey as dup:  # inside this key's value: say its whole path
            dup.within.insert(0, key)
            raise
        except (ValueError, TypeError, OverflowError) as exc:  # e.g. an explicit !!timestamp
            what = shown(str(exc), 80)
            raise _Refused(
                value_node.start_mark.line + 1, phrase("reader.value", what=what)
            ) from None
        result.key_lines[key] = line
    return result


def _construct_sequence(loader: Any, node: Any) -> LocatedList:
    result = LocatedList()
    for index, child in enumerate(node.value):
        try:
            result.append(loader.construct_object(child, deep=True))
        except _DuplicateKey as dup:
            dup.within.insert(0, index)
            raise
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


def _expanded_size(value: Any, limit: int) -> int:
    """Return how many values ``value`` holds with its aliases expanded (stops past ``limit``).

    Each container is measured once (an alias is the same object again), so this takes
    the time of the file, not of its expansion.
    """
    sizes: dict[int, int] = {}

    def size(item: Any) -> int:
        if not isinstance(item, dict | list):
            return 1
        known = sizes.get(id(item))
        if known is not None:
            return known
        sizes[id(item)] = 1  # a cycle (a recursive alias) counts once
        children = list(item.keys()) + list(item.values()) if isinstance(item, dict) else item
        total = 1
        for child in children:
            total += size(child)
            if total > limit:
                break
        sizes[id(item)] = total
        return total

    return size(value)


class Scalar(str):
    """A scalar of a user file: its text exactly as written, and how it was written.

    ``plain`` is False for a quoted (or ``!!str``-tagged, or block ``|``/``>``) scalar:
    the user said "this is a text". ``line`` is its 1-based line. Being a ``str``, it
    compares and hashes as its text (a key ``No`` is the key "No").
    """

    plain: bool = True
    line: int = 0

    def __reduce__(self) -> Any:  # pickled or copied: the text alone
        return (str, (str(self),))


NULL_WORDS = frozenset({"", "~", "null", "Null", "NULL"})
"""The plain scalars YAML reads as 'no value'."""
TRUE_WORDS = frozenset({"true", "yes", "on", "oui", "vrai"})
FALSE_WORDS = frozenset({"false", "no", "off", "non", "faux"})
"""The plain scalars a yes/no field reads as true or false, in any case (``Oui``, ``NO``):
YAML 1.1's booleans and the French a game master types. The one vocabulary of every user
file (rule folders, setups, agreements, table states, game records)."""

_INT = re.compile(r"[-+]?[0-9](?:_?[0-9])*")
_FLOAT = re.compile(r"[-+]?(?:[0-9](?:_?[0-9])*(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")
_PLAIN_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
_PLAIN_FLOAT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)\.[0-9]+")

_PLAIN_TAG = "tag:garou,2026:plain"
_STR_TAG = "tag:yaml.org,2002:str"
_MERGE_TAG = "tag:yaml.org,2002:merge"


def is_null(value: Any) -> bool:
    """True for None and for a plain scalar YAML reads as null (empty, ``~``, ``null``)."""
    return value is None or (isinstance(value, Scalar) and value.plain and value in NULL_WORDS)


def as_bool(value: Any) -> bool | None:
    """Return ``value`` as a yes/no field reads it, or None: a plain word of
    :data:`TRUE_WORDS` or :data:`FALSE_WORDS`, whatever its case."""
    if isinstance(value, bool):
        return value
    if isinstance(value, Scalar) and value.plain:
        word = value.strip().lower()
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
    return None


MAX_INT = numbers.MAX_INT
"""Largest whole number garou reads (:data:`garou.core.numbers.MAX_INT`)."""


def as_int(value: Any) -> int | None:
    """Return ``value`` as a whole-number field reads it (plain decimal digits: ``010`` is
    ten, never YAML 1.1's octal eight), or None; beyond :data:`MAX_INT` either way, None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if abs(value) <= MAX_INT else None
    if isinstance(value, Scalar) and value.plain and _INT.fullmatch(value):
        digits = value.replace("_", "").lstrip("+-").lstrip("0")
        if len(digits) > len(str(MAX_INT)):  # never a 5,000-digit int() to refuse it
            return None
        return as_int(int(value.replace("_", ""), 10))
    return None


def as_float(value: Any) -> float | None:
    """Return ``value`` as a number field reads it (``2``, ``0.25``, ``1e3``), or None.

    Infinity and not-a-number are no number a garou file needs: refused, and so is a number
    too large to be finite (``1e309``) or beyond :data:`MAX_INT`. The one reader of numbers:
    every file, every ``KEY=VALUE`` of the terminal, every form field of the web.
    """
    if isinstance(value, bool):
        return None
    number: float | None = None
    if isinstance(value, int | float):
        try:
            number = float(value)
        except OverflowError:
            return None
    elif isinstance(value, Scalar) and value.plain and _FLOAT.fullmatch(value):
        number = float(value.replace("_", ""))
    if number is None or not math.isfinite(number) or abs(number) > MAX_INT:
        return None
    return number


MAX_JSON_DEPTH = 32
"""Deepest nesting of a JSON value garou reads from a client (a form's hidden field): an
event's values are two levels deep."""


def read_json(text: str) -> Any:
    """Return the JSON value ``text`` holds, or None when it is none garou reads: not JSON,
    nested deeper than :data:`MAX_JSON_DEPTH`, or holding a number that is not finite
    (``NaN``, ``Infinity``, ``1e309``) or a whole number beyond :data:`MAX_INT`."""
    import json

    def constant(word: str) -> Any:
        raise ValueError(word)

    def decimal(word: str) -> float:
        number = as_float(Scalar(word))
        if number is None:
            raise ValueError(word)
        return number

    def whole(word: str) -> int:
        number = as_int(Scalar(word))
        if number is None:
            raise ValueError(word)
        return number

    try:
        found = json.loads(text, parse_constant=constant, parse_float=decimal, parse_int=whole)
    except (ValueError, RecursionError):
        return None
    return found if _depth(found) <= MAX_JSON_DEPTH else None


def _depth(value: Any) -> int:
    """How deep ``value`` nests (a list or mapping of plain values: 1), read without
    recursion."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, level = stack.pop()
        deepest = max(deepest, level)
        if isinstance(item, dict):
            stack += [(v, level + 1) for v in item.values()]
        elif isinstance(item, list):
            stack += [(v, level + 1) for v in item]
    return deepest


def untyped(value: Any) -> Any:
    """Return ``value`` (read by :func:`read_document`) as plain Python values, for a field
    whose type is not declared (an event's values, handed to the game's own checks).

    Only the unambiguous plain scalars are typed: empty/``~``/``null``, ``true``/``false``,
    a whole number without leading zero, a decimal number with a point (neither larger than
    :data:`MAX_INT`). Everything else is the text as written: ``No``, ``yes``, ``010``,
    ``1e3``, ``2024-01-01`` and ``99999999999999999999`` stay texts.
    """
    if isinstance(value, dict):
        return {str(k): untyped(v) for k, v in value.items()}
    if isinstance(value, list):
        return [untyped(v) for v in value]
    if not isinstance(value, Scalar):
        return value
    text = str(value)
    if not value.plain:
        return text
    if text in NULL_WORDS:
        return None
    if text in ("true", "True", "TRUE"):
        return True
    if text in ("false", "False", "FALSE"):
        return False
    if numbers.too_large(text):  # no number garou keeps (an int() of it may even fail)
        return text
    if _PLAIN_INT.fullmatch(text):
        return int(text)
    if _PLAIN_FLOAT.fullmatch(text):
        return float(text)
    return text


def _scalar(plain: bool) -> Any:
    def construct(loader: Any, node: Any) -> Scalar:
        result = Scalar(node.value)
        result.plain = plain and not node.style  # the C parser says "" for plain
        result.line = node.start_mark.line + 1
        return result

    return construct


@cache
def _loaders() -> tuple[type, type]:
    """Return the two loaders (YAML's typing, and the source-keeping one), built on the first
    file read: a command that reads no file never imports PyYAML."""
    import yaml

    try:  # The C loader is several times faster; construction stays in Python.
        base: type = yaml.CSafeLoader
    except AttributeError:  # pragma: no cover - PyYAML built without libyaml
        base = yaml.SafeLoader

    class Loader(base):  # type: ignore[misc, valid-type]
        """Safe loader that builds Located containers and rejects duplicate keys.

        Dates and times stay plain text: an impossible date (2024-02-30) must not crash a
        reader, and no garou file needs YAML's timestamp type.
        """

    Loader.yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if not tag.endswith(":timestamp")]
        for first, resolvers in base.yaml_implicit_resolvers.items()  # type: ignore[attr-defined]
    }
    Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
    Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)

    class SourceLoader(Loader):
        """The reader's loader without implicit typing: every scalar is a :class:`Scalar`."""

        def resolve(self, kind: Any, value: Any, implicit: Any) -> str:
            if kind is yaml.ScalarNode:
                if implicit[0]:  # plain, untagged
                    return _MERGE_TAG if value == "<<" else _PLAIN_TAG
                return _STR_TAG
            return super().resolve(kind, value, implicit)  # type: ignore[no-any-return]

    SourceLoader.yaml_implicit_resolvers = {}
    SourceLoader.add_constructor(_PLAIN_TAG, _scalar(True))
    SourceLoader.add_constructor(_STR_TAG, _scalar(False))
    for tag in ("null", "bool", "int", "float"):
        # An explicit !!int 3 is a plain 3 whose type the field decides.
        SourceLoader.add_constructor(f"tag:yaml.org,2002:{tag}", _scalar(True))
    return Loader, SourceLoader


def parse_yaml(text: str, name: str, *, source: bool = False) -> Any:
    """Parse YAML ``text`` (named ``name`` in messages) with the safe loader.

    With ``source``, no scalar is typed: each is a :class:`Scalar` (see :func:`read_document`).
    """
    import yaml

    loader = _loaders()[1 if source else 0]

    def refuse(line: int | None, path: str, message: Phrase) -> DataFileError:
        return DataFileError([Problem(name, line, path, message)])

    try:
        reading = loader(text)
        try:  # the document's nodes first: one nested too deep is said at its line
            node = reading.get_single_node()
            deep = _too_deep(node)
            if deep is not None:
                raise refuse(deep, "", phrase("reader.too-deep-at", most=MAX_DEPTH))
            data = reading.construct_document(node) if node is not None else None
        finally:
            reading.dispose()
    except _Refused as refused:
        raise refuse(refused.line, "", refused.message) from None
    except _DuplicateKey as dup:
        key = shown(dup.key)
        raise refuse(
            dup.line, dup.path(), phrase("reader.duplicate-key", key=key, first=dup.first)
        ) from None
    except yaml.constructor.ConstructorError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        what = str(exc.problem or exc.context or "")
        if "could not determine a constructor for the tag" in what:
            tag = what.rpartition("tag")[2].strip(" '")
            raise refuse(line, "", phrase("reader.tag", tag=shown(tag, 40))) from None
        raise refuse(line, "", phrase("reader.value", what=_yaml_problem(what))) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        if "nesting depth" in str(exc.problem):  # libyaml's own limit, past garou's
            raise refuse(line, "", phrase("reader.too-deep-at", most=MAX_DEPTH)) from None
        said = _yaml_problem(str(exc.problem or exc.context or ""))
        if exc.context and exc.context_mark is not None and exc.context_mark is not mark:
            started = phrase(
                "reader.started", what=_yaml_context(exc.context), line=exc.context_mark.line + 1
            )
            raise refuse(
                line, "", phrase("reader.invalid-in", what=said, started=started)
            ) from None
        raise refuse(line, "", phrase("reader.invalid", what=said)) from None
    except yaml.YAMLError:
        raise refuse(None, "", phrase("reader.invalid", what=_yaml_problem(""))) from None
    except RecursionError:
        raise refuse(None, "", phrase("reader.too-deep")) from None
    if _expanded_size(data, MAX_NODES) > MAX_NODES:
        raise refuse(None, "", phrase("reader.too-many-values", most=MAX_NODES))
    return data


def _too_deep(root: Any) -> int | None:
    """Return the line of the first node of ``root`` (a composed YAML node) nested deeper
    than :data:`MAX_DEPTH`, or None. Each node is measured once (an alias is the same node
    again, a recursive one counts once) and the walk never goes past the bound, so that
    building the values never meets Python's recursion limit."""
    heights: dict[int, int] = {}

    def height(node: Any, level: int) -> int:
        if level > MAX_DEPTH:
            raise _Deep(node.start_mark.line + 1)
        if not isinstance(node.value, list):
            return 1
        known = heights.get(id(node))
        if known is not None:  # measured already (an alias): its caller checks the sum
            return known
        heights[id(node)] = 1  # a cycle (a recursive alias) counts once
        children = [c for pair in node.value for c in pair] if node.id == "mapping" else node.value
        tallest = 1
        for child in children:
            below = height(child, level + 1)
            if level + below > MAX_DEPTH:  # an alias's levels below this node
                raise _Deep(node.start_mark.line + 1)
            tallest = max(tallest, 1 + below)
        heights[id(node)] = tallest
        return tallest

    if root is None:
        return None
    try:
        height(root, 1)
    except _Deep as deep:
        return deep.line
    return None


class _Deep(Exception):
    def __init__(self, line: int):
        self.line = line


_YAML_PROBLEMS = (  # the parser's own words (libyaml's, then PyYAML's), said in the catalogue
    ("mapping values are not allowed", "colon-in-value"),
    ("did not find expected '-' indicator", "dash"),
    ("did not find expected ',' or ']'", "close-list"),
    ("expected ',' or ']'", "close-list"),
    ("did not find expected ',' or '}'", "close-mapping"),
    ("expected ',' or '}'", "close-mapping"),
    ("found unexpected end of stream", "end"),
    ("found undefined alias", "alias"),
    ("found character", "character"),
    ("found unknown escape character", "escape"),
    ("did not find expected key", "key"),
    ("expected <block end>", "key"),
    ("could not find expected ':'", "colon"),
    ("second occurrence", "anchor"),
    ("did not find expected <document start>", "document"),
    ("expected '<document start>'", "document"),
    ("did not find expected node content", "content"),
    ("expected the node content", "content"),
    ("block sequence entries are not allowed", "dash-here"),
    ("tab character", "tab"),
    ("recursive", "recursive"),
    ("directive", "directive"),
    ("for merging", "merge"),
)
_YAML_CONTEXTS = (
    ("block collection", "list"),
    ("block sequence", "list"),
    ("block mapping", "mapping"),
    ("flow sequence", "flow-list"),
    ("flow mapping", "flow-mapping"),
    ("quoted scalar", "quoted"),
    ("simple key", "key"),
    ("anchor", "anchor"),
)


def _yaml_problem(problem: str) -> Phrase:
    """Return the YAML parser's ``problem`` (its English words) said in the catalogue."""
    key = next((key for words, key in _YAML_PROBLEMS if words in problem), "other")
    return phrase(f"reader.yaml.{key}")


def _yaml_context(context: str) -> Phrase:
    """Return what the parser was reading (``while parsing a flow sequence``), said."""
    key = next((key for words, key in _YAML_CONTEXTS if words in context), "other")
    return phrase(f"reader.yaml-in.{key}")


def _refuse(path: str, message: Phrase) -> DataFileError:
    return DataFileError([Problem(path, None, "", message)])


def read_bytes(path: str | Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """Return the bytes of the regular file at ``path``, refusing what cannot be a data file.

    A folder, a device (``/dev/zero``), a pipe or a socket is refused before anything is
    read (a pipe is opened without waiting for a writer), and so is a file larger than
    ``limit`` bytes. Raise :class:`DataFileError` saying what the path is and what to give.
    """
    return b"".join(files.read_chunks(path, limit))


def refused_open(path: str | Path, exc: OSError) -> DataFileError:
    """Return the refusal of a data file that could not be opened or read (``exc``)."""
    name = str(path)
    if isinstance(exc, FileNotFoundError):
        return _refuse(name, phrase("reader.missing"))
    if isinstance(exc, IsADirectoryError):
        return _refuse(name, phrase("reader.folder"))
    if isinstance(exc, PermissionError):
        return _refuse(name, phrase("reader.unreadable"))
    return _refuse(name, phrase("reader.os-error", reason=exc.strerror or str(exc)))


def refused_file(path: str | Path, mode: int, size: int, limit: int) -> DataFileError:
    """Return the refusal of a data file that is not a regular file, or larger than
    ``limit`` bytes (``size``: its size, or what was read of it)."""
    if not stat.S_ISREG(mode):
        return _refuse(str(path), phrase(f"reader.not-file.{file_kind(mode)}"))
    too_large = phrase("reader.too-large", size=_megabytes(size), most=_megabytes(limit))
    return _refuse(str(path), too_large)


def file_kind(mode: int) -> str:
    """What a file that is not a regular file is, from its ``st_mode``: ``folder``,
    ``device``, ``pipe``, ``socket`` or ``other`` (the last word of the messages that refuse
    it, ``reader.not-file.*`` and ``writer.special.*``)."""
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISFIFO(mode):
        return "pipe"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "other"


def _megabytes(size: int) -> float:
    return round(size / (1024 * 1024), 1)


def read_text(path: str | Path, limit: int = MAX_FILE_BYTES) -> str:
    """Return the UTF-8 text of the regular file at ``path`` (see :func:`read_bytes`)."""
    raw = read_bytes(path, limit)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:  # said in the catalogue: the codec's reason is English
        skipped = len(raw) - len(exc.object)  # the byte-order mark utf-8-sig took off
        offset = exc.start + skipped
        line = raw.count(b"\n", 0, offset) + 1
        said = phrase("msgs.reader.not-utf8", offset=str(offset), byte=f"0x{raw[offset]:02X}")
        raise DataFileError([Problem(str(path), line, "", said)]) from None


def read_yaml(path: str | Path) -> Any:
    """Read the YAML file at ``path``; raise :class:`DataFileError` if it cannot be used.

    Only a regular file of at most :data:`MAX_FILE_BYTES` is read, and a document whose
    aliases expand past :data:`MAX_NODES` values is refused: every user file (rules,
    setups, agreements, table states) gets the same guards.
    """
    return parse_yaml(read_text(path), str(path))


def read_document(path: str | Path) -> Any:
    """Read the user's YAML file at ``path`` with no implicit typing; raise DataFileError.

    The same guards as :func:`read_yaml` (a regular file, its size, UTF-8, valid YAML,
    duplicate keys, aliases); each scalar is a :class:`Scalar` holding the text as written,
    each mapping and list is located. :mod:`rules.schema` types the scalars per field.
    """
    return parse_yaml(read_text(path), str(path), source=True)


def refuse_agreement(file: str, data: Any, what: str) -> None:
    """Refuse a table agreement (``garou house pick``'s file) given where a setup, a table
    state or a game record (``what``: "setup", "state", "record") is expected: one problem
    saying so, not one per key it does not know."""
    if not isinstance(data, dict):
        return
    written = str(data.get("format") or "")
    bare = "decisions" in data and not any(k in data for k in ("players", "roles", "events"))
    if written.startswith("garou-agreement") or bare:
        line = data.line_of("decisions") if isinstance(data, LocatedDict) else None
        said = phrase("reader.file.agreement-given", what=phrase(f"reader.file.what.{what}"))
        raise DataFileError([Problem(file, line, "decisions", said)])
