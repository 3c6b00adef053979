"""The rules of both games: the YAML data, its loader and typed model, and what uses them.

The names below are imported lazily, on first use: importing ``core.files`` or
``core.errors`` (as a search on a fresh index does) must not load YAML or the model.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_EXPORTS = {
    "garou.core.errors": ["DataFileError", "ExitCode", "GarouError", "Problem", "UnknownGameError",
               "UnknownIdError", "UnknownLanguageError", "UsageError"],
    "garou.core.files": ["RULES_DIR_ENV", "fingerprint", "rule_files"],
    "garou.rules.loader": ["Rulebook", "load_rules"],
    "garou.rules.model": ["LANGS", "Entry", "Game", "Role", "Status", "Text"],
    "garou.core.names": ["LANG_ENV", "fold", "resolve_language", "resolve_role"],
    "garou.rules.odds": ["village_win_chance"],
    "garou.core.reader": ["read_document", "read_yaml"],
    "garou.rules.schema": ["read_record"],
    "garou.rules.distribution": [
              "CheckResult", "Distribution", "NoSoundDistributionError", "Verdict",
              "check_distribution", "describe", "make_distribution", "parse_players",
              "parse_role_counts", "parse_roles", "read_setup", "suggest_distribution"],
}  # fmt: skip
_MODULE_OF = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = [
    "CheckResult",
    "DataFileError",
    "Distribution",
    "Entry",
    "ExitCode",
    "Game",
    "GarouError",
    "LANGS",
    "LANG_ENV",
    "NoSoundDistributionError",
    "Problem",
    "RULES_DIR_ENV",
    "Role",
    "Rulebook",
    "Status",
    "Text",
    "UnknownGameError",
    "UnknownIdError",
    "UnknownLanguageError",
    "UsageError",
    "Verdict",
    "check_distribution",
    "describe",
    "fingerprint",
    "fold",
    "load_rules",
    "make_distribution",
    "parse_players",
    "parse_role_counts",
    "parse_roles",
    "read_document",
    "read_record",
    "read_setup",
    "read_yaml",
    "resolve_language",
    "resolve_role",
    "rule_files",
    "suggest_distribution",
    "village_win_chance",
]


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'garou.rules' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:
    from garou.core.errors import (
        DataFileError,
        ExitCode,
        GarouError,
        Problem,
        UnknownGameError,
        UnknownIdError,
        UnknownLanguageError,
        UsageError,
    )
    from garou.core.files import RULES_DIR_ENV, fingerprint, rule_files
    from garou.core.names import LANG_ENV, fold, resolve_language, resolve_role
    from garou.core.reader import read_document, read_yaml

    from .distribution import (
        CheckResult,
        Distribution,
        NoSoundDistributionError,
        Verdict,
        check_distribution,
        describe,
        make_distribution,
        parse_players,
        parse_role_counts,
        parse_roles,
        read_setup,
        suggest_distribution,
    )
    from .loader import Rulebook, load_rules
    from .model import LANGS, Entry, Game, Role, Status, Text
    from .odds import village_win_chance
    from .schema import read_record
