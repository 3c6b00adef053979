"""Load and validate the rule data: the built-in files, then the user's own folder.

Every file is read with the safe loader and checked in full (types, required and unknown
keys, duplicate keys and ids, dangling references, missing translations); all problems
are then raised at once as one :class:`~core.errors.DataFileError`. The checked rule
book is cached (see :func:`load_rules`); the reading and checking live in
:mod:`rules.build`, imported only when the cache misses.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from garou.core.catalogue import phrase
from garou.core.errors import UnknownIdError, shown
from garou.core.files import (  # noqa: F401  (rule_files, fingerprint: re-exported)
    RULES_DIR_ENV,
    builtin_files,
    cache_folder,
    caching,
    fingerprint,
    keep_in_cache,
    rule_files,
    user_files,
)
from garou.core.records import record

from .model import Entry, Game


@record
class Rulebook:
    """Every loaded game, and every entry by id."""

    games: dict[str, Game]
    """Game id to game, in load order."""
    files: tuple[Path, ...]
    """The files read."""

    def user_folder(self) -> Path | None:
        """The folder of the user's own rule files read with the built-in ones
        (``--rules-dir``, ``$GAROU_RULES_DIR``), or None when only the built-in rules were."""
        builtin = set(builtin_files())
        return next((p.parent for p in self.files if p not in builtin), None)

    def game(self, game_id: str) -> Game:
        """Return the game called ``game_id`` (its id, a name or an alias: see
        :func:`~core.names.find_game`); raise UnknownGameError naming the closest games and
        the accepted ones if none is (:func:`~core.names.unknown_game`)."""
        if game_id in self.games:
            return self.games[game_id]
        from garou.core.names import find_game, game_names, unknown_game

        names = game_names(self.games)
        found = find_game(game_id, names)
        if found is None:
            raise unknown_game(game_id, names)
        return self.games[found]

    def entries(self) -> Iterator[Entry]:
        """Yield every entry of every game."""
        for game in self.games.values():
            yield from game.entries

    def entry(self, entry_id: str) -> Entry:
        """Return the entry ``entry_id``; raise UnknownIdError with close ids if none."""
        for entry in self.entries():
            if entry.id == entry_id:
                return entry
        from garou.core.names import closest

        hint = closest(entry_id, [e.id for e in self.entries()])
        from garou.core.names import Either

        near = phrase("rules.did-you-mean-any", near=Either(hint)) if hint else ""
        raise UnknownIdError("rules.unknown-entry", id=shown(entry_id), near=near)


CACHE_FORMAT = "1"
"""Version of the cached rule book's layout; bump it when the pickle's meaning changes."""

_CACHE_MAGIC = b"garou-rules\n"
_CACHE_KEEP = 4


def load_rules(rules_dir: str | Path | None = None, *, cache: bool = True) -> Rulebook:
    """Load and validate the built-in rules and the user's folder; raise DataFileError.

    A validated rule book is kept in garou's cache folder, keyed by the rule files (names,
    paths, contents), the code that builds it and :data:`CACHE_FORMAT`: a changed rule
    file gives a new key, a damaged cache file is read as missing and rebuilt, and an
    unwritable or missing cache folder only means the rules are validated on every run.
    """
    files = rule_files(rules_dir)
    use_cache = cache and caching()
    key = _cache_key(files) if use_cache else ""
    if use_cache:
        book = _read_cache(key)
        if book is not None:
            return book
    book = _load(files)
    if use_cache:
        _write_cache(key, book)
    return book


def _load(files: list[Path]) -> Rulebook:
    from .build import build_games  # YAML and validation: only when the cache misses

    return Rulebook(games=build_games(files), files=tuple(files))


def _code_files() -> list[Path]:
    here = Path(__file__).resolve().parent
    core = here.parent / "core"
    code = [here / name for name in ("loader.py", "build.py", "model.py", "schema.py")]
    code += [core / name for name in ("records.py", "reader.py")]
    return [*code, core / "messages" / "rules.yaml"]  # the generated role texts


def _cache_key(files: list[Path]) -> str:
    """Return the key of the rule book of ``files``: rules, paths, code and format."""
    import hashlib
    import sys

    digest = hashlib.sha256()
    parts = [CACHE_FORMAT, sys.version, fingerprint(files)]
    parts += [os.fsencode(str(p)).hex() for p in files]
    for path in _code_files():
        try:
            parts.append(hashlib.sha256(path.read_bytes()).hexdigest())
        except OSError:  # an installed layout without sources: the format version decides
            parts.append(path.name)
    digest.update("\0".join(parts).encode())
    return digest.hexdigest()


def _cache_path(key: str) -> Path:
    return cache_folder() / f"rules-{key[:24]}.pickle"


def _read_cache(key: str) -> Rulebook | None:
    """Return the cached rule book of ``key``, or None when missing, stale or damaged."""
    import hashlib
    import pickle

    try:
        raw = _cache_path(key).read_bytes()
    except OSError:
        return None
    header = _CACHE_MAGIC + key.encode() + b"\n"
    if not raw.startswith(header):
        return None
    digest, _, body = raw[len(header) :].partition(b"\n")
    if hashlib.blake2b(body, digest_size=16).hexdigest().encode() != digest:
        return None
    # The book's thousands of objects live as long as the process: the cycle collector,
    # paused while they are made, would otherwise walk them again and again for nothing.
    import gc

    collecting = gc.isenabled()
    gc.disable()
    try:
        book = pickle.loads(body)  # noqa: S301 - our own file, checked against its digest
    except Exception:  # noqa: BLE001 - any damage reads as "no cache"
        return None
    finally:
        if collecting:
            gc.enable()
    return book if isinstance(book, Rulebook) else None


def _write_cache(key: str, book: Rulebook) -> None:
    """Store ``book`` under ``key``; say nothing when it cannot be kept."""
    import hashlib
    import pickle

    try:
        body = pickle.dumps(book, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, RecursionError):
        return
    digest = hashlib.blake2b(body, digest_size=16).hexdigest().encode()
    header = _CACHE_MAGIC + key.encode() + b"\n" + digest + b"\n"
    keep_in_cache(_cache_path(key), header + body, keep=_CACHE_KEEP)
