"""Which rule files garou reads, and a hash of them: no YAML needed.

Kept apart from :mod:`rules.loader` so that a cache keyed on the rules (the search index)
can check that it is fresh without importing the YAML parser or the loader.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from .errors import DataFileError, Problem

MAX_FILE_BYTES = 4 * 1024 * 1024
"""The largest data file garou reads (rules, setups, agreements, records): 4 MiB."""

RULES_DIR_ENV = "GAROU_RULES_DIR"
"""Environment variable naming a folder of the user's own rule files."""

AGREEMENT_ENV = "GAROU_AGREEMENT"
"""Environment variable naming the table's agreement file, as --agreement does (``garou
search``, ``vote``, ``cascade``, ``win``, ``fouls``)."""


def cache_folder() -> Path:
    """Return garou's cache folder (``platformdirs.user_cache_dir("garou")``): the search
    index, the rules cache, the message catalogue and the compiled templates live there."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("garou"))


CACHE_ENV = "GAROU_RULES_CACHE"
"""Set to 0 to run without garou's caches of parsed files (the rules, the message
catalogue, the search's vocabulary, the compiled templates): neither read nor written."""


def caching() -> bool:
    """Return False when :data:`CACHE_ENV` turns garou's caches of parsed files off."""
    return os.environ.get(CACHE_ENV, "1") != "0"


def keep_in_cache(path: Path, body: bytes, keep: int = 1) -> None:
    """Write ``body`` to ``path``, a file of garou's cache folder named ``KIND-KEY.SUFFIX``,
    atomically (never half a file), then delete all but the ``keep`` newest files of its
    kind. Say nothing when the folder cannot be written: a cache only saves time."""
    import contextlib
    import tempfile

    kind = path.name.split("-", 1)[0]
    try:
        made_cache_folder()
        handle, temp = tempfile.mkstemp(prefix=f".{kind}-", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(body)
            os.replace(temp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
        others = []
        for other in path.parent.glob(f"{kind}-*{path.suffix}"):
            with contextlib.suppress(OSError):
                if other != path:
                    others.append((other.stat().st_mtime, other))
        for _, other in sorted(others, reverse=True)[keep - 1 :]:
            with contextlib.suppress(OSError):
                other.unlink()
    except OSError:
        return


def parsed(kind: str, sources: bytes, parse: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """Return ``parse()``, the data parsed from ``sources`` (the bytes of the files it reads),
    kept in garou's cache folder as ``KIND-DIGEST.marshal``, keyed by the digest of
    ``sources``: a run parses no YAML unless a file changed (a damaged or missing copy is
    parsed again; an unwritable folder only costs the parse). :mod:`marshal` (strings,
    dicts and lists only) reads it in half the time of JSON and needs no import: the
    digest covers its format version."""
    import contextlib
    import marshal

    digest = hashlib.blake2b(f"marshal {marshal.version}\0".encode() + sources, digest_size=16)
    cached = cache_folder() / f"{kind}-{digest.hexdigest()}.marshal" if caching() else None
    if cached is not None:
        with contextlib.suppress(OSError, ValueError, EOFError, TypeError):
            found = marshal.loads(cached.read_bytes())
            if isinstance(found, dict):
                return found
    found = parse()
    if cached is not None:
        keep_in_cache(cached, marshal.dumps(found))
    return found


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
        key = "loader.folder.missing"
        if path.exists():  # a file, or a pipe, a device, a socket: said for what it is
            from .reader import file_kind

            kind = file_kind(path.stat().st_mode)
            key = f"loader.folder.not-folder.{'file' if kind == 'other' else kind}"
        raise DataFileError([Problem(str(path), None, where, phrase(key))])
    try:
        found = sorted(p for p in path.iterdir() if p.suffix.lower() in (".yaml", ".yml"))
    except OSError as exc:
        raise DataFileError(
            [Problem(str(path), None, where, phrase("loader.folder.unreadable", reason=_why(exc)))]
        ) from None
    problems = [problem for p in found if (problem := _not_a_rule_file(p)) is not None]
    if problems:  # never skipped silently: the user put it there to be read
        raise DataFileError(problems)
    return found


def _not_a_rule_file(path: Path) -> Problem | None:
    """Why the folder's ``.yaml`` entry ``path`` cannot be read as a rule file (a dangling
    symbolic link, a pipe, a folder...), or None when it is a regular file."""
    from .catalogue import phrase
    from .reader import file_kind

    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        target = os.readlink(path) if path.is_symlink() else ""
        return Problem(str(path), None, "", phrase("loader.folder.broken-link", target=target))
    except OSError as exc:
        return Problem(str(path), None, "", phrase("reader.os-error", reason=_why(exc)))
    if stat.S_ISREG(mode):
        return None
    return Problem(str(path), None, "", phrase(f"reader.not-file.{file_kind(mode)}"))


def _why(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def rule_files(rules_dir: str | Path | None = None) -> list[Path]:
    """Return every rule file garou reads: built-in first, then the user's."""
    return builtin_files() + user_files(rules_dir)


def fingerprint(files: Iterable[Path]) -> str:
    """Return a hash of the names and contents of ``files`` (for caches keyed on the rules),
    each read as every data file is (:func:`read_chunks`): its size checked before its
    first byte, hashed a piece at a time, never held whole in memory."""
    digest = hashlib.sha256()
    for path in files:
        # os.fsencode: a name that is not UTF-8 hashes as its bytes instead of crashing.
        digest.update(os.fsencode(path.name))
        digest.update(b"\0")
        for chunk in read_chunks(path):
            digest.update(chunk)
        digest.update(b"\0")
    return digest.hexdigest()


def read_chunks(path: str | Path, limit: int | None = None) -> Iterator[bytes]:
    """Yield the bytes of the regular file at ``path`` a piece at a time, checked as
    :func:`garou.core.reader.read_bytes` checks a data file: its kind and its size (at most
    ``limit``, by default the reader's), before the first byte is read. What hashes a file
    without holding it whole in memory; the refusal is said by :mod:`garou.core.reader`,
    imported only then (a search checking its index's freshness never loads it)."""
    most = MAX_FILE_BYTES if limit is None else limit
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        from .reader import refused_open

        raise refused_open(path, exc) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > most:
            from .reader import refused_file

            raise refused_file(path, info.st_mode, info.st_size, most)
        total = 0
        while chunk := os.read(fd, 1 << 16):
            total += len(chunk)
            if total > most:  # the file grew while being read
                from .reader import refused_file

                raise refused_file(path, info.st_mode, total, most)
            yield chunk
    except OSError as exc:
        from .reader import refused_open

        raise refused_open(path, exc) from None
    finally:
        os.close(fd)
