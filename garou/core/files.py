"""Which rule files garou reads, and a hash of them: no YAML needed.

Kept apart from :mod:`rules.loader` so that a cache keyed on the rules (the search index)
can check that it is fresh without importing the YAML parser or the loader.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from pathlib import Path

from .errors import DataFileError, Problem

RULES_DIR_ENV = "GAROU_RULES_DIR"
"""Environment variable naming a folder of the user's own rule files."""


def cache_folder() -> Path:
    """Return garou's cache folder (``platformdirs.user_cache_dir("garou")``): the search
    index, the rules cache, the message catalogue and the compiled templates live there."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("garou"))


def made_cache_folder(sub: str = "") -> Path:
    """Return garou's cache folder (or its subfolder ``sub``), made first when missing:
    every folder of its path that does not exist yet is created private (mode 0700), the
    user's cache folder itself included (``~/.cache`` on a fresh account, an
    ``XDG_CACHE_HOME`` not made yet), as the XDG rule asks. The one place that makes it,
    for whichever command first needs it. Raise OSError when it cannot be made."""
    folder = cache_folder() / sub if sub else cache_folder()
    missing = []
    for parent in (folder, *folder.parents):
        if parent.is_dir():
            break
        missing.append(parent)
    for path in reversed(missing):
        try:
            path.mkdir(mode=0o700)
        except FileExistsError:
            if not path.is_dir():
                raise
    return folder


def builtin_files() -> list[Path]:
    """Return the built-in rule files, sorted by name."""
    # The package's own folder: what importlib.resources.files would give for a package on
    # the file system (garou is never imported from a zip), without importing it.
    folder = Path(__file__).parent.parent / "rules" / "data"
    return sorted(
        (p for p in folder.iterdir() if p.name.endswith((".yaml", ".yml"))),
        key=lambda p: p.name,
    )


def user_files(rules_dir: str | Path | None) -> list[Path]:
    """Return the YAML files of the user's folder (``rules_dir`` or $GAROU_RULES_DIR)."""
    folder = rules_dir or os.environ.get(RULES_DIR_ENV) or None
    if folder is None:
        return []
    from .catalogue import phrase

    path = Path(folder).expanduser()
    where = f"--rules-dir, ${RULES_DIR_ENV}"
    if not path.is_dir():
        key = "loader.folder.not-folder" if path.exists() else "loader.folder.missing"
        raise DataFileError([Problem(str(path), None, where, phrase(key))])
    try:
        found = sorted(
            p for p in path.iterdir() if p.suffix.lower() in (".yaml", ".yml") and p.is_file()
        )
    except OSError as exc:
        raise DataFileError(
            [Problem(str(path), None, where, phrase("loader.folder.unreadable", reason=_why(exc)))]
        ) from None
    return found


def _why(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def rule_files(rules_dir: str | Path | None = None) -> list[Path]:
    """Return every rule file garou reads: built-in first, then the user's."""
    return builtin_files() + user_files(rules_dir)


def fingerprint(files: Iterable[Path]) -> str:
    """Return a hash of the names and contents of ``files`` (for caches keyed on the rules),
    each read as every data file is (:func:`garou.core.reader.read_chunks`): its size
    checked before its first byte, hashed a piece at a time, never held whole in memory."""
    from .reader import read_chunks

    digest = hashlib.sha256()
    for path in files:
        # os.fsencode: a name that is not UTF-8 hashes as its bytes instead of crashing.
        digest.update(os.fsencode(path.name))
        digest.update(b"\0")
        for chunk in read_chunks(path):
            digest.update(chunk)
        digest.update(b"\0")
    return digest.hexdigest()
