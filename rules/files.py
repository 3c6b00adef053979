"""Which rule files garou reads, and a hash of them: no YAML needed.

Kept apart from :mod:`rules.loader` so that a cache keyed on the rules (the search index)
can check that it is fresh without importing the YAML parser or the loader.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

from .errors import DataFileError, Problem

RULES_DIR_ENV = "GAROU_RULES_DIR"
"""Environment variable naming a folder of the user's own rule files."""


def builtin_files() -> list[Path]:
    """Return the built-in rule files, sorted by name."""
    folder = resources.files("garou.rules") / "data"
    return sorted(
        (Path(str(p)) for p in folder.iterdir() if p.name.endswith((".yaml", ".yml"))),
        key=lambda p: p.name,
    )


def user_files(rules_dir: str | Path | None) -> list[Path]:
    """Return the YAML files of the user's folder (``rules_dir`` or $GAROU_RULES_DIR)."""
    folder = rules_dir or os.environ.get(RULES_DIR_ENV) or None
    if folder is None:
        return []
    path = Path(folder).expanduser()
    if not path.is_dir():
        where = f"--rules-dir or ${RULES_DIR_ENV}"
        what = "is a file, not a folder" if path.exists() else "no such folder"
        raise DataFileError(
            [Problem(str(path), None, where, f"{what}; give a folder of .yaml files")]
        )
    return sorted(
        p for p in path.iterdir() if p.suffix.lower() in (".yaml", ".yml") and p.is_file()
    )


def rule_files(rules_dir: str | Path | None = None) -> list[Path]:
    """Return every rule file garou reads: built-in first, then the user's."""
    return builtin_files() + user_files(rules_dir)


def fingerprint(files: Iterable[Path]) -> str:
    """Return a hash of the names and contents of ``files`` (for caches keyed on the rules)."""
    digest = hashlib.sha256()
    for path in files:
        digest.update(str(path.name).encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()
