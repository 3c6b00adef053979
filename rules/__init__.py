"""The rules of both games: the YAML data, its loader and typed model, and what uses them."""

from .errors import (
    DataFileError,
    ExitCode,
    GarouError,
    Problem,
    UnknownGameError,
    UnknownIdError,
    UnknownLanguageError,
    UsageError,
)
from .loader import RULES_DIR_ENV, Rulebook, fingerprint, load_rules, rule_files
from .model import LANGS, Entry, Game, Role, Status, Text
from .names import LANG_ENV, fold, resolve_language, resolve_role
from .reader import read_yaml

__all__ = [
    "LANGS",
    "LANG_ENV",
    "RULES_DIR_ENV",
    "DataFileError",
    "Entry",
    "ExitCode",
    "Game",
    "GarouError",
    "Problem",
    "Role",
    "Rulebook",
    "Status",
    "Text",
    "UnknownGameError",
    "UnknownIdError",
    "UnknownLanguageError",
    "UsageError",
    "fingerprint",
    "fold",
    "load_rules",
    "read_yaml",
    "resolve_language",
    "resolve_role",
    "rule_files",
]
