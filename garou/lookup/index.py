"""The search index: its schema, its documents, and its cache in the user's cache folder.

The index lives in garou's cache folder, in a folder named after a hash of the rule files
(built-in and the user's), garou's vocabulary and the analyzer version. It is built once,
into a temporary folder under a lock, and renamed into place, so that processes starting
together never see half an index; readers take no lock. A folder whose files do not match
their recorded checksums is rebuilt; a cache that cannot be written is replaced by a
private temporary index for the run (``garou index --rebuild`` then fails and says why).

The fresh path (the index exists and matches) imports neither YAML nor the rules loader:
what a hit displays is stored in the index, the synonyms beside it in ``lexicon.json``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from garou.core.errors import GarouError
from garou.core.files import cache_folder as cache_root
from garou.core.files import fingerprint, rule_files
from garou.core.records import record

from .analysis import ANALYZER_VERSION
from .text import LEXICON_FILE, collapsed, fold_chars, gap_words, gaps, key, spellings, widen

if TYPE_CHECKING:  # pragma: no cover
    from whoosh.index import Index

    from garou.rules import Entry, Game, Role, Rulebook, Status
    from garou.rules.model import Text

INDEX_FORMAT = "21"
"""Bump when the schema or the stored fields change."""

LOCK_TIMEOUT = 120.0
"""Seconds ``garou index --rebuild`` waits in all for another process's lock on the cache."""
LOCK_NOTICE = 1.0
"""Seconds after which ``garou index --rebuild`` waiting for the lock says so."""
SEARCH_WAIT = 2.0
"""Seconds a search waits for another process's lock on the cache: the index builds in
under a second, so a lock held longer is a stopped or stuck process. The search then
builds a private temporary index for its run, saying nothing (it is no fault)."""
BIG_RULE_SET = 2000
"""A rule set with more entries than this says that its index is being built."""
KEEP_INDEXES = 3
"""How many index folders (for different rule sets) the cache keeps."""

META = "meta.json"
LEXICON = "lexicon.json"
WORDS = "words.txt"
"""The everyday words of French and English (:func:`everyday_words`), beside the index."""
WORD_COUNT = 100
"""How often a word must be said in pyspellchecker's corpus to count as an everyday word."""

LANGS = ("fr", "en")
TEXT_FIELDS: tuple[str, ...] = (
    "title_fr", "title_en", "names_fr", "names_en", "about_fr", "about_en",
    "text_fr", "text_en", "asks_fr", "asks_en",
)  # fmt: skip
"""The analysed fields a query looks in. ``asks_*`` holds the questions players ask that
the entry answers (the rule data's ``asks``), analysed like the text."""


class SearchIndexError(GarouError):
    """Raised when the search index can be neither read, nor built, nor replaced."""


@record
class IndexStatus:
    """Where the index of a rule set is, and whether it matches the rules."""

    path: Path
    fresh: bool
    """True when the folder holds a sound index of the current rules and analyzer."""
    entries: int
    """Entries of the current rules."""
    state: str = "fresh"
    """fresh; missing (not built yet) or damaged: built by the next search; unusable: the
    cache folder cannot hold an index, and every search builds a private temporary one."""
    problem: str | None = None
    """Why the cache folder cannot hold the index (state unusable)."""
    seconds: float | None = None
    """How long the rebuild took (from :func:`lookup.rebuild` only)."""

    def to_dict(self) -> dict[str, Any]:
        """Return the status as plain JSON-ready values."""
        data: dict[str, Any] = {"path": str(self.path), "fresh": self.fresh,
                                "state": self.state, "entries": self.entries,
                                "problem": self.problem}  # fmt: skip
        if self.seconds is not None:
            data["seconds"] = round(self.seconds, 3)
        return data


@dataclass
class OpenIndex:
    """An opened index, with the data stored beside it."""

    index: Index
    path: Path
    lexicon: dict[str, Any]
    """What :func:`lexicon` returned at build time, and the fields' lengths."""
    entries: int
    temporary: bool = False
    """True for a private index that is deleted on close."""
    notices: list[Any] = field(default_factory=list)
    """One-line notices for the user (a damaged or unwritable cache): catalogue phrases."""
    key: str = ""

    def sound(self) -> bool:
        """Return True when the index files still match their recorded checksums."""
        return _read_meta(self.path, self.key) is not None

    def close(self) -> None:
        """Close the index, and delete it when it is a private temporary one."""
        self.index.close()
        if self.temporary:
            shutil.rmtree(self.path, ignore_errors=True)


# --- the schema and the documents -----------------------------------------------------------


def schema() -> Any:
    """Return the index schema: ids, French and English fields, the unstemmed field."""
    from whoosh.fields import ID, STORED, TEXT, Schema

    from .analysis import english_analyzer, french_analyzer, plain_analyzer

    fr, en, plain = french_analyzer(), english_analyzer(), plain_analyzer()
    text = {name: TEXT(analyzer=fr if name.endswith("_fr") else en, phrase=False)
            for name in TEXT_FIELDS}  # fmt: skip
    return Schema(
        id=ID(stored=True, unique=True),
        game=ID(stored=True),
        kind=ID(stored=True),
        section=ID(stored=True),
        plain=TEXT(analyzer=plain, phrase=False),
        data=STORED(),
        **text,
    )


def _words(*groups: Any) -> str:
    return "\n".join(str(w) for group in groups for w in group if w)


def _both(text: Text) -> dict[str, str]:
    return {lang: text.get(lang) for lang in LANGS}


def _fields(game: Game, entry: Entry, lang: str) -> dict[str, str]:
    """Return the analysed fields of ``entry`` in ``lang``."""
    items: list[Role | Status] = [*game.roles, *game.statuses]
    holders = [item for holder in entry.roles for item in items if item.id == holder]
    options = [o.label.get(lang) for o in entry.options]
    options += [o.text.get(lang) for o in entry.options if o.text]
    section = game.section(entry.section).title.get(lang)
    return {
        f"title_{lang}": entry.title.get(lang),
        f"names_{lang}": _words(entry.aliases.get(lang), entry.keywords.get(lang)),
        f"about_{lang}": _words(
            [h.name.get(lang) for h in holders], [a for h in holders for a in h.aliases.get(lang)]
        ),
        f"text_{lang}": _words([entry.text.get(lang)], options, [section]),
        f"asks_{lang}": _words(entry.asks.get(lang)),
    }


def _shown(game: Game, entry: Entry, titles: dict[str, Text]) -> dict[str, Any]:
    """Return what a hit of ``entry`` displays, stored in the index."""
    from garou.rules.export import readings_of

    default = None
    if entry.default is not None:
        default = {
            "option": entry.default.option,
            "reason": _both(entry.default.reason),
            "addition": entry.default.addition,
        }
    return {
        "id": entry.id,
        "game": game.id,
        "kind": entry.kind,
        "section_id": entry.section,
        "game_name": _both(game.info.name),
        "section": _both(game.section(entry.section).title),
        "title": _both(entry.title),
        "text": _both(entry.text),
        "related": [[rel, _both(titles[rel]) if rel in titles else None] for rel in entry.related],
        "options": [
            {
                "id": option.id,
                "label": _both(option.label),
                "text": _both(option.text) if option.text else None,
                "addition": option.addition,
            }
            for option in entry.options
        ],
        "default": default,
        "source": {lang: entry.source.label(lang) for lang in LANGS},
        "addition": entry.addition or entry.source.addition,
        "readings": {lang: readings_of(entry, lang) for lang in LANGS},
    }


def documents(book: Rulebook) -> list[dict[str, Any]]:
    """Return one index document per entry, in the rule files' order (deterministic)."""
    titles = {e.id: e.title for e in book.entries()}
    docs = []
    for game in book.games.values():
        for entry in game.entries:
            doc: dict[str, Any] = {"id": entry.id, "game": game.id, "kind": entry.kind,
                                   "section": entry.section}  # fmt: skip
            for lang in LANGS:
                doc.update(_fields(game, entry, lang))
            # The asks too: the typo correction then knows the words players use ("boulot"
            # is no typo of "bouton", "vite" none of "vote").
            doc["plain"] = _words([doc[name] for name in TEXT_FIELDS])
            doc["data"] = _shown(game, entry, titles)
            docs.append(doc)
    return docs


def lexicon(book: Rulebook, docs: list[dict[str, Any]]) -> dict[str, Any]:
    """Return the synonyms of the rule data and of garou's vocabulary, keyed for matching
    at query time, and how the words of ``docs`` are spelled.

    Groups: each game (id, names, aliases), each role and status (names, id, aliases), each
    entry with aliases (title and aliases), then garou's vocabulary (``lookup/lexicon.yaml``):
    each community word set, each outside concept and each synonym group; every group but
    a synonym group of both games belongs to a game.
    """
    from garou.rules.model import KINDS

    from .vocabulary import compiled

    groups: list[dict[str, Any]] = []

    def add(game: str, source: str, entry: str | None, phrases: list[str],
            targets: list[str] | None = None) -> None:  # fmt: skip
        unique = list(dict.fromkeys(p.strip() for p in phrases if p and p.strip()))
        if unique:
            groups.append({"game": game, "source": source, "entry": entry, "phrases": unique})
            if targets:
                groups[-1]["targets"] = targets

    games = {}
    for game in book.games.values():
        names = [game.id, game.info.name.fr, game.info.name.en, *game.info.aliases.all()]
        add(game.id, "game", None, names)
        games[game.id] = {"keys": sorted({" ".join(key(n)) for n in names} - {""})}
        items: list[Role | Status] = [*game.roles, *game.statuses]
        for item in items:
            source = "role" if item in game.roles else "status"
            add(game.id, source, item.entry_id,
                [item.name.fr, item.name.en, item.id, *item.aliases.all()])  # fmt: skip
        generated = {i.entry_id for i in items}
        for entry in game.entries:
            if entry.aliases.all() and entry.id not in generated:
                add(game.id, "entry", entry.id,
                    [entry.title.fr, entry.title.en, *entry.aliases.all()])  # fmt: skip
    vocabulary = compiled()
    for item in vocabulary["community"]:
        if item["game"] in book.games:
            targets = item["targets"]
            add(item["game"], "community", None, [*item["words"], *targets], targets)
    outside = {}
    for item in vocabulary["outside"]:
        add(item["game"], "outside", item["id"], item["words"])
        outside[item["id"]] = {k: item[k] for k in ("id", "kind", "game", "name")}
    for item in vocabulary["synonyms"]:
        add(item["game"], "synonym", None, item["words"])
    index: dict[str, list[int]] = {}
    allowed: dict[str, list[int]] = {}
    linked: dict[str, set[str]] = {}
    for number, group in enumerate(groups):
        for phrase in group["phrases"]:
            k = "" if collapsed(phrase) else " ".join(key(phrase))
            if not k:
                continue
            if number not in index.setdefault(k, []):
                index[k].append(number)
            widen(allowed, k, gaps(phrase))
            if " " in k:
                linked.setdefault(k, set()).update(gap_words(phrase))
    # Multi-word titles, keywords and aliases, by first word: typed as they are written,
    # they point at their entry more surely than their words one by one.
    phrases: dict[str, dict[str, list[str]]] = {}
    for entry in book.entries():
        for text in [entry.title.fr, entry.title.en, *entry.keywords.all(), *entry.aliases.all()]:
            words = key(text)
            if len(words) >= 2:
                ids = phrases.setdefault(words[0], {}).setdefault(" ".join(words[1:]), [])
                if entry.id not in ids:
                    ids.append(entry.id)
    # How the words are written (accents), to show a corrected word as the rules spell it:
    # per language, so that "role" is "rôle" in French and stays "role" in English. Not
    # the asks: they are typed as players type, often without their accents.
    fields = ("title", "names", "about", "text")
    french = spellings(doc[f"{f}_fr"] for doc in docs for f in fields)
    english = spellings((doc[f"{f}_en"] for doc in docs for f in fields), keep=french)
    return {"groups": groups, "keys": index, "gaps": allowed,
            "linked": {k: sorted(v) for k, v in linked.items() if v}, "phrases": phrases,
            "games": games, "kinds": list(KINDS), "spellings": {"fr": french, "en": english},
            "outside": outside, "essential": vocabulary["essential"],
            "advice": vocabulary["advice"],
            "bank": _bank(book),
            "messages": _search_messages(),
            "not_reflexive": vocabulary["not_reflexive"]}  # fmt: skip


def _bank(book: Rulebook) -> dict[str, Any]:
    """Return the question bank (:mod:`garou.lookup.bank`), analysed as a query is."""
    from .analysis import english_analyzer, french_analyzer
    from .bank import build

    analyzers = {"fr": french_analyzer(), "en": english_analyzer()}
    return build(book, lambda text, lang: [t.text for t in analyzers[lang](text, mode="query")])


def _search_messages() -> dict[str, Any]:
    """Return the catalogue's ``search.*`` messages, to store beside the index: a search
    then prints its words without reading the catalogue's YAML."""
    from garou.core.catalogue import messages

    return {k: v for k, v in messages().items() if k.startswith("search.")}


# --- the cache ------------------------------------------------------------------------------


def index_key(files: list[Path]) -> str:
    """Return the cache key of an index of ``files``: rules, garou's vocabulary, the
    search's messages, analyzer and format."""
    import whoosh

    messages = Path(__file__).resolve().parents[1] / "core" / "messages" / "search.yaml"
    parts = [
        fingerprint([*files, LEXICON_FILE, *([messages] if messages.is_file() else [])]),
        ANALYZER_VERSION,
        INDEX_FORMAT,
        whoosh.versionstring(),
    ]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def index_path(rules_dir: str | Path | None = None) -> tuple[Path, str]:
    """Return the folder and the key of the index of the current rules."""
    key_ = index_key(rule_files(rules_dir))
    return cache_root() / f"index-{key_[:24]}", key_


def _digests(folder: Path) -> dict[str, list[Any]]:
    found = {}
    for path in sorted(folder.iterdir()):
        if path.name != META and path.is_file():
            data = path.read_bytes()
            found[path.name] = [len(data), hashlib.blake2b(data, digest_size=16).hexdigest()]
    return found


def _read_meta(folder: Path, key_: str) -> dict[str, Any] | None:
    """Return the folder's metadata if every file matches it, else None."""
    try:
        meta = json.loads((folder / META).read_text(encoding="utf-8"))
        sound = (
            isinstance(meta, dict)
            and meta.get("key") == key_
            and _digests(folder) == meta.get("files")
        )
    except (OSError, ValueError):
        return None
    return meta if sound else None


def _open(folder: Path, key_: str, temporary: bool = False) -> OpenIndex | None:
    """Open the index in ``folder`` if it is sound, else return None."""
    meta = _read_meta(folder, key_)
    if meta is None:
        return None
    try:
        from whoosh.filedb.filestore import FileStorage

        index = FileStorage(str(folder), readonly=True).open_index()
        if index.doc_count() != meta["entries"]:
            index.close()
            return None
        lex = json.loads((folder / LEXICON).read_text(encoding="utf-8"))
    except Exception:  # a damaged index can fail in any way: it is rebuilt
        return None
    return OpenIndex(index, folder, lex, meta["entries"], temporary=temporary, key=key_)


def cache_problem(root: Path) -> str | None:
    """Return why the folder ``root`` cannot hold an index (a file in the way, no write
    permission), or None when it can or can be created. Nothing is written."""
    path = root
    while not (path.exists() or path.is_symlink()):
        if path.parent == path:
            return None
        path = path.parent
    if not path.is_dir():
        return f"{path} is a file, not a folder" if path.is_file() else f"{path} is not a folder"
    if not os.access(path, os.W_OK | os.X_OK):
        return f"{path} is not writable (permission denied)"
    return None


def _why(root: Path, exc: BaseException) -> str:
    """Return why the cache in ``root`` could not be used, for a one-line message."""
    problem = cache_problem(root)
    if problem:
        return problem
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.filename}: {exc.strerror}" if exc.filename else exc.strerror
    return str(exc) or type(exc).__name__


def status(rules_dir: str | Path | None = None) -> IndexStatus:
    """Return where the index of the current rules is and whether it is fresh.

    When it is not, the entries are counted in the rule files (which loads them: raise
    DataFileError when they are invalid).
    """
    folder, key_ = index_path(rules_dir)
    opened = _open(folder, key_)
    if opened is not None:
        opened.close()
        return IndexStatus(folder, True, opened.entries)
    from garou.rules.loader import load_rules

    entries = len(list(load_rules(rules_dir).entries()))
    problem = cache_problem(folder.parent)
    if problem:
        return IndexStatus(folder, False, entries, "unusable", problem)
    state = "damaged" if os.path.lexists(folder) else "missing"
    return IndexStatus(folder, False, entries, state)


def everyday_words() -> list[str]:
    """Return the French and English words of four letters or more that pyspellchecker's
    frequency lists count at least ``WORD_COUNT`` times, folded: « soir », "discord",
    « pause »; no typo is among them (« sorcirer », "voyannte" are not)."""
    import gzip
    from importlib.resources import files

    found: set[str] = set()
    for lang in LANGS:
        packed = (files("spellchecker") / "resources" / f"{lang}.json.gz").read_bytes()
        counts: dict[str, int] = json.loads(gzip.decompress(packed))
        found.update(fold_chars(word).lower() for word, count in counts.items()
                     if count >= WORD_COUNT and len(word) >= 4 and word.isalpha())  # fmt: skip
    return sorted(found)


def field_lengths(index: Index) -> dict[str, list[int]]:
    """Return the length of each scored field in every document, as Whoosh stores it (0
    when the document has none), for BM25's length norm. Read once, at build time, through
    the public ``doc_field_length`` (one document at a time: nothing public reads a field's
    lengths at once, and reading Whoosh 3's length column would take its private names)."""
    with index.reader() as reader:
        count = reader.doc_count_all()
        return {name: [reader.doc_field_length(d, name, 0) or 0 for d in range(count)]
                for name in index.schema.scorable_names()}  # fmt: skip


def build_into(folder: Path, book: Rulebook, key_: str) -> None:
    """Build the index of ``book`` into the empty ``folder``."""
    from whoosh.filedb.filestore import FileStorage

    docs = documents(book)
    index = FileStorage(str(folder)).create_index(schema())
    writer = index.writer(limitmb=128)
    for doc in docs:
        writer.add_document(**doc)
    writer.commit()
    stored = {**lexicon(book, docs), "lengths": field_lengths(index)}
    index.close()
    (folder / LEXICON).write_text(json.dumps(stored, ensure_ascii=False), "utf-8")
    (folder / WORDS).write_text("\n".join(everyday_words()), "utf-8")
    meta = {"key": key_, "entries": len(docs), "analyzer": ANALYZER_VERSION,
            "format": INDEX_FORMAT, "files": _digests(folder)}  # fmt: skip
    (folder / META).write_text(json.dumps(meta, indent=1), encoding="utf-8")


def _discard(path: Path) -> None:
    """Rename ``path`` (a folder, a file or a link) out of the way atomically, so that no
    reader sees it half deleted, then delete it; what cannot be deleted is left."""
    trash = path.with_name(f".trash-{os.getpid()}-{os.urandom(4).hex()}")
    try:
        os.rename(path, trash)
    except FileNotFoundError:
        return
    if trash.is_dir() and not trash.is_symlink():
        shutil.rmtree(trash, ignore_errors=True)
    else:
        with contextlib.suppress(OSError):
            trash.unlink()


def _prune(root: Path, keep: Path) -> None:
    """Delete leftovers of crashed builds and all but the newest few index folders (run
    under the lock, so no other process is building)."""
    old = [p for p in root.glob("index-*") if p.is_dir() and p != keep]
    old.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    for path in [*root.glob(".build-*"), *root.glob(".trash-*"), *old[KEEP_INDEXES - 1 :]]:
        _discard(path)


Notify = Callable[[Any], None]
"""Told a catalogue phrase at once (a wait for another process, a long build)."""


class _LockBusy(Exception):
    """Another process held the cache's lock for longer than a search waits."""


def _build(book: Rulebook, key_: str, tmp: Path, folder: Path | None = None) -> OpenIndex | None:
    """Build the index of ``book`` in the new folder ``tmp``, then move it to ``folder``
    (in place of what is there: a damaged index, a file in its way), or, without one, keep
    it in ``tmp`` as a private index deleted on close. Return it opened, None when it
    cannot be read back; ``tmp`` is deleted when the build fails."""
    try:
        build_into(tmp, book, key_)
        if folder is not None:
            _discard(folder)
            os.rename(tmp, folder)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return _open(folder or tmp, key_, temporary=folder is None)


def _build_cached(
    folder: Path,
    key_: str,
    rules_dir: Any,
    force: bool,
    notify: Notify | None = None,
    wait: float | None = None,
) -> OpenIndex:
    """Build the index into the cache folder (made private, 0700, as XDG asks) under its
    lock, unless another process just did.

    ``wait`` (a search): raise _LockBusy when another process holds the lock that long,
    and tell nothing. Otherwise, when another process holds the lock, ``notify`` is told
    within ``LOCK_NOTICE`` seconds, then the wait goes on up to ``LOCK_TIMEOUT``
    (filelock.Timeout after that)."""
    from filelock import FileLock, Timeout

    from garou.core.catalogue import phrase
    from garou.core.files import made_cache_folder
    from garou.rules.loader import load_rules

    root = made_cache_folder()
    lock = FileLock(str(root / ".index.lock"))
    try:
        lock.acquire(timeout=LOCK_NOTICE if wait is None else wait)
    except Timeout:
        if wait is not None:
            raise _LockBusy from None
        if notify is not None:
            notify(phrase("index.waiting", path=str(root), seconds=int(LOCK_TIMEOUT)))
        lock.acquire(timeout=LOCK_TIMEOUT)
    try:
        opened = None if force else _open(folder, key_)
        if opened is None:
            book = load_rules(rules_dir)
            entries = len(list(book.entries()))
            if notify is not None and entries > BIG_RULE_SET:
                notify(phrase("index.building", entries=entries))
            _prune(root, keep=folder)
            tmp = Path(tempfile.mkdtemp(prefix=".build-", dir=root))
            opened = _build(book, key_, tmp, folder)
    finally:
        lock.release()
    if opened is None:
        raise OSError(f"the index just built in {folder} cannot be read back")
    return opened


def _build_private(rules_dir: Any, key_: str) -> OpenIndex:
    """Build a private index in a temporary folder, deleted when it is closed."""
    from garou.rules.loader import load_rules

    book = load_rules(rules_dir)
    tmp = Path(tempfile.mkdtemp(prefix="garou-index-"))
    opened = _build(book, key_, tmp)
    if opened is None:
        shutil.rmtree(tmp, ignore_errors=True)
        raise SearchIndexError("index.unreadable", path=str(tmp))
    return opened


def open_index(
    rules_dir: str | Path | None = None, rebuild: bool = False, notify: Notify | None = None
) -> OpenIndex:
    """Open the index of the current rules, building it first when missing, stale or damaged.

    Raise DataFileError when the rule files are invalid, SearchIndexError when no index
    can be built at all. Notices for the user (damaged or unwritable cache) are returned
    in ``OpenIndex.notices``; nothing is printed.
    """
    folder, key_ = index_path(rules_dir)
    if not rebuild:
        opened = _open(folder, key_)
        if opened is not None:
            return opened
    from garou.core.catalogue import phrase

    damaged = not rebuild and (folder / META).exists()
    try:
        opened = _build_cached(folder, key_, rules_dir, rebuild, notify, wait=SEARCH_WAIT)
    except GarouError:
        raise
    except _LockBusy:
        # Another process holds the lock (stopped, or stuck): this run answers from its
        # own index; the cache is sound, so there is nothing to tell.
        return _build_private(rules_dir, key_)
    except Exception as exc:  # unwritable, full disk: a private index
        opened = _build_private(rules_dir, key_)
        why = _why(folder.parent, exc)
        opened.notices.append(phrase("index.private", root=str(folder.parent), why=why))
        return opened
    if damaged:
        opened.notices.append(phrase("index.damaged-rebuilt", path=str(folder)))
    return opened


def rebuild_cached(rules_dir: str | Path | None = None, notify: Notify | None = None) -> OpenIndex:
    """Rebuild the index of the current rules in the cache now, and open it; ``notify`` is
    told when another process holds the cache's lock.

    Unlike :func:`open_index`, never fall back on a private index: raise SearchIndexError
    saying where and why when the cache cannot hold it, DataFileError for invalid rules.
    """
    folder, key_ = index_path(rules_dir)
    try:
        return _build_cached(folder, key_, rules_dir, force=True, notify=notify)
    except GarouError:
        raise
    except Exception as exc:  # unwritable, full disk, lock timeout
        root = folder.parent
        raise SearchIndexError("index.cannot-build", root=str(root), why=_why(root, exc)) from exc
