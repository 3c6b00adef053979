"""Read YAML safely, remembering the line of every key and item.

Every data file garou reads (rules, setups, agreements, table states) goes through
:func:`read_yaml`, so that a problem can always be reported as ``file:line (key.path)``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import DataFileError, Problem

try:  # The C loader is several times faster; construction stays in Python.
    _BaseLoader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _BaseLoader = yaml.SafeLoader


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


class _DuplicateKey(Exception):
    def __init__(self, key: Any, line: int, first: int):
        self.key, self.line, self.first = key, line, first


class _Loader(_BaseLoader):  # type: ignore[misc, valid-type]
    """Safe loader that builds Located containers and rejects duplicate keys.

    Dates and times stay plain text: an impossible date (2024-02-30) must not crash a
    reader, and no garou file needs YAML's timestamp type.
    """


_Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in _BaseLoader.yaml_implicit_resolvers.items()  # type: ignore[attr-defined]
}


def _construct_mapping(loader: yaml.SafeLoader, node: yaml.MappingNode) -> LocatedDict:
    loader.flatten_mapping(node)
    result = LocatedDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, "a key must be a plain value", key_node.start_mark
            ) from None
        line = key_node.start_mark.line + 1
        if key in result:
            raise _DuplicateKey(key, line, result.key_lines[key])
        try:
            result[key] = loader.construct_object(value_node, deep=True)
        except (ValueError, TypeError, OverflowError) as exc:  # e.g. an explicit !!timestamp
            raise yaml.constructor.ConstructorError(
                None, None, f"cannot read this value ({exc})", value_node.start_mark
            ) from None
        result.key_lines[key] = line
    return result


def _construct_sequence(loader: yaml.SafeLoader, node: yaml.SequenceNode) -> LocatedList:
    result = LocatedList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def parse_yaml(text: str, name: str) -> Any:
    """Parse YAML ``text`` (named ``name`` in messages) with the safe loader."""
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader derives from SafeLoader
    except _DuplicateKey as dup:
        raise DataFileError(
            [
                Problem(
                    name,
                    dup.line,
                    str(dup.key),
                    f"duplicate key {dup.key!r} (first written on line {dup.first}); "
                    "keep only one of them",
                )
            ]
        ) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        what = exc.problem or exc.context or "invalid YAML"
        if exc.context and exc.context_mark is not None and exc.context_mark is not mark:
            what = f"{what} ({exc.context} started on line {exc.context_mark.line + 1})"
        raise DataFileError(
            [Problem(name, line, "", f"not valid YAML: {what}; check the indentation and quotes")]
        ) from None
    except yaml.YAMLError as exc:
        raise DataFileError([Problem(name, None, "", f"not valid YAML: {exc}")]) from None


def read_yaml(path: str | Path) -> Any:
    """Read the YAML file at ``path``; raise :class:`DataFileError` if it cannot be used."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataFileError([Problem(str(path), None, "", "no such file")]) from None
    except IsADirectoryError:
        raise DataFileError([Problem(str(path), None, "", "is a folder, not a file")]) from None
    except UnicodeDecodeError as exc:
        raise DataFileError(
            [Problem(str(path), None, "", f"not UTF-8 text ({exc.reason}); save it as UTF-8")]
        ) from None
    except OSError as exc:
        raise DataFileError([Problem(str(path), None, "", exc.strerror or str(exc))]) from None
    return parse_yaml(text, str(path))
