"""Build the games from the rule files: read, convert, check; every problem at once.

Every file is read with the safe loader and checked in full (types, required and unknown
keys, duplicate keys and ids, dangling references, missing translations); all problems
are then raised at once as one :class:`~core.errors.DataFileError`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from garou.core.catalogue import Phrase, phrase
from garou.core.errors import DataFileError, safe_text, shown
from garou.core.files import builtin_files
from garou.core.numbers import is_whole_number
from garou.core.reader import LocatedDict, LocatedList, read_document

from .model import (
    Day,
    Deaths,
    Entry,
    Fouls,
    Game,
    GameInfo,
    Night,
    Reading,
    Role,
    Scoring,
    Setup,
    Source,
    Status,
    Text,
    Win,
)
from .schema import INVALID, Collector, Where, convert, convert_record, unknown_key

_BLOCKS: dict[str, type] = {
    "info": GameInfo,
    "setup": Setup,
    "night": Night,
    "day": Day,
    "deaths": Deaths,
    "win": Win,
    "fouls": Fouls,
    "scoring": Scoring,
}
_REQUIRED_BLOCKS = ("info", "setup", "night", "day", "deaths", "win")
_LISTS: dict[str, type] = {"roles": Role, "statuses": Status, "entries": Entry}
_TOP_KEYS = ("game", *_BLOCKS, *_LISTS)


@dataclass
class _Draft:
    """A game being assembled from several files."""

    id: str
    blocks: dict[str, tuple[Any, Where]] = field(default_factory=dict)
    lists: dict[str, list[tuple[Any, Where]]] = field(
        default_factory=lambda: {k: [] for k in _LISTS}
    )
    files: list[str] = field(default_factory=list)
    first: Where | None = None


def build_games(files: list[Path]) -> dict[str, Game]:
    """Read, convert and check every rule file; return the games or raise DataFileError."""
    out = Collector()
    drafts: dict[str, _Draft] = {}
    for path in files:
        _read_file(path, drafts, out)
    # A file that could not be read at all hides its ids: do not call references to them
    # unknown (they would bury the one real problem under dozens of false ones).
    complete = not out.problems
    games = {}
    known = [d.id for d in drafts.values() if "info" in d.blocks]
    for draft in drafts.values():
        game = _build_game(draft, out, known)
        if game is not None:
            games[game.id] = game
    # Run even when some records failed: every problem of every file is reported at once.
    _check_references(games, drafts, out, complete)
    if out.problems:
        raise DataFileError(out.problems)
    return games


def _read_file(path: Path, drafts: dict[str, _Draft], out: Collector) -> None:
    try:
        data = read_document(path)  # each scalar typed by its field, as in every user file
    except DataFileError as exc:
        out.problems.extend(exc.problems)
        return
    top = Where(str(path), 1, "")
    if not isinstance(data, LocatedDict):
        out.add(top, phrase("loader.not-mapping"))
        return
    top.line = data.line
    game_id = data.get("game")
    if not isinstance(game_id, str) or not game_id.strip():
        out.add(top, phrase("loader.no-game"))
        return
    game_id = str(game_id)  # the text, not the Scalar that remembers how it was written
    draft = drafts.setdefault(game_id, _Draft(game_id))
    draft.files.append(str(path))
    if draft.first is None:
        draft.first = top
    for key in data:
        where = top.key(data, key)
        if key not in _TOP_KEYS:
            out.add(where, unknown_key(key, list(_TOP_KEYS)))
        elif key in _BLOCKS:
            if key in draft.blocks:
                first = draft.blocks[key][1]
                out.add(
                    where,
                    phrase(
                        "loader.block-twice",
                        block=key,
                        game=shown(game_id),
                        first=f"{safe_text(first.file)}:{first.line}",
                    ),
                )
            else:
                draft.blocks[key] = (data[key], where)
        elif key in _LISTS:
            items = data[key]
            if not isinstance(items, LocatedList):
                out.add(where, phrase("loader.not-list", key=key))
                continue
            draft.lists[key].extend((item, where.item(items, i)) for i, item in enumerate(items))


def _build_game(draft: _Draft, out: Collector, known: list[str]) -> Game | None:
    first = draft.first or Where("?", None, "")
    built: dict[str, Any] = {}
    if "info" not in draft.blocks and known:
        from garou.core.names import near_games

        hint = near_games(draft.id, {gid: [gid] for gid in known})
        out.add(
            Where(first.file, first.line, "game"),
            phrase(
                "loader.unknown-game",
                game=shown(draft.id),
                near=phrase("rules.did-you-mean", near=shown(hint[0])) if hint else "",
                games=", ".join(known),
                blocks=", ".join(_REQUIRED_BLOCKS),
            ),
        )
        return None
    for name in _REQUIRED_BLOCKS:
        if name not in draft.blocks:
            out.add(
                Where(first.file, first.line, name),
                phrase("loader.missing-block", game=shown(draft.id), block=name),
            )
    for name, (value, where) in draft.blocks.items():
        built[name] = convert(_BLOCKS[name], value, where, out)
    if any(v is INVALID for v in built.values()) or any(n not in built for n in _REQUIRED_BLOCKS):
        # Still check the lists, so that every problem is reported in one go.
        for key, cls in _LISTS.items():
            for value, where in draft.lists[key]:
                convert_record(cls, value, where, out, game=draft.id)
        return None
    info: GameInfo = built["info"]
    headings = {s.id: s.heading for s in info.sections}

    builtin = {str(p) for p in builtin_files()}

    def source_of(
        section: str, addition: bool, sub: str, file: str, readings: tuple[Reading, ...] = ()
    ) -> Source:
        heading = headings.get(section, "")
        if sub:
            heading = f"{heading} > {sub}" if heading else sub
        said = tuple(r.text for r in readings)
        if file not in builtin:
            name = safe_text(Path(file).name)
            return Source(name, heading or section, addition=True, user=True, readings=said)
        if addition or not heading:
            return Source("garou", heading or section, addition=True, readings=said)
        return Source(info.document, heading, readings=said)

    roles, statuses, entries, generated = [], [], [], []
    for value, where in draft.lists["roles"]:
        role = convert_record(Role, value, where, out, game=draft.id)
        if role is not INVALID:
            role = replace(role, entry_id=f"{info.prefix or draft.id}-role-{role.id}")
            roles.append(role)
            source = source_of(role.section, role.addition, role.heading, where.file, role.readings)
            generated.append(_role_entry(role, source))
    for value, where in draft.lists["statuses"]:
        status = convert_record(Status, value, where, out, game=draft.id)
        if status is not INVALID:
            status = replace(status, entry_id=f"{info.prefix or draft.id}-status-{status.id}")
            statuses.append(status)
            source = source_of(status.section, status.addition, status.heading, where.file)
            generated.append(_status_entry(status, source))
    for value, where in draft.lists["entries"]:
        entry = convert_record(Entry, value, where, out, game=draft.id)
        if entry is not INVALID:
            source = source_of(
                entry.section, entry.addition, entry.heading, where.file, entry.readings
            )
            entries.append(replace(entry, source=source))
    return Game(
        id=draft.id,
        info=info,
        roles=tuple(roles),
        statuses=tuple(statuses),
        entries=tuple(generated + entries),
        setup=built["setup"],
        night=built["night"],
        day=built["day"],
        deaths=built["deaths"],
        win=built["win"],
        fouls=built.get("fouls"),
        scoring=built.get("scoring"),
        files=tuple(draft.files),
    )


def _role_entry(role: Role, source: Source) -> Entry:
    text = role.summary
    if role.night_action is not None:
        from garou.core.catalogue import say

        values: dict[str, Any] = {"summary": role.summary, "action": role.night_action}
        text = Text(fr=say("loader.role-at-night", "fr", **values),
                    en=say("loader.role-at-night", "en", **values))  # fmt: skip
    return _generated_entry(role, "role", text, source, role.readings)


def _status_entry(status: Status, source: Source) -> Entry:
    return _generated_entry(status, "status", status.summary, source)


def _generated_entry(
    item: Role | Status,
    kind: Literal["role", "status"],
    text: Text,
    source: Source,
    readings: tuple[Reading, ...] = (),
) -> Entry:
    """The entry the loader generates for a role or a status (``kind``): its id, name, words,
    related entries, heading and game are the item's, ``text`` and ``source`` as given."""
    return Entry(
        id=item.entry_id,
        section=item.section,
        kind=kind,
        title=item.name,
        text=text,
        keywords=item.keywords,
        aliases=item.aliases,
        asks=item.asks,
        leaves_open=item.leaves_open,
        related=item.related,
        roles=(item.id,),
        addition=item.addition,
        heading=item.heading,
        readings=readings,
        game=item.game,
        source=source,
    )


def _walk(value: Any, path: str) -> Iterator[tuple[str, str, Any]]:
    """Yield (path, field name, value) for every field of nested records."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            inner = getattr(value, f.name)
            sub = f"{path}.{f.name}" if path else f.name
            yield sub, f.name, inner
            yield from _walk(inner, sub)
    elif isinstance(value, tuple):
        for i, item in enumerate(value):
            yield from _walk(item, f"{path}[{i}]")


_ENTRY_FIELDS = {"entry", "reveal_entry", "abstention_entry", "technical_entry",
                 "disqualifying_entry", "lift_entry"}  # fmt: skip
_ROLE_FIELDS = {"role", "after", "filler", "holder"}


def _written_ids(drafts: dict[str, _Draft]) -> dict[str, set[str]]:
    """Return, per game, every entry id written or generated, converted or not.

    References are checked against these, so that an entry with a problem of its own does
    not also make every entry that points at it look wrong.
    """
    found: dict[str, set[str]] = {}
    for draft in drafts.values():
        prefix = _prefix_of(draft)
        ids = found.setdefault(draft.id, set())
        for key, kind in (("entries", ""), ("roles", "role"), ("statuses", "status")):
            for value, _where in draft.lists[key]:
                item_id = value.get("id") if isinstance(value, LocatedDict) else None
                if isinstance(item_id, str):
                    ids.add(f"{prefix}-{kind}-{item_id}" if kind else item_id)
    return found


def _prefix_of(draft: _Draft) -> str:
    info = draft.blocks.get("info", (None, None))[0]
    prefix = info.get("prefix") if isinstance(info, LocatedDict) else None
    return prefix if isinstance(prefix, str) and prefix.strip() else draft.id


def _check_references(
    games: dict[str, Game], drafts: dict[str, _Draft], out: Collector, complete: bool = True
) -> None:
    _check_unique_ids(drafts, out)
    written = _written_ids(drafts)
    game_of = {i: g for g, ids in written.items() for i in ids}
    for game in games.values():
        problem = _Reporter(drafts[game.id], game, out)
        own_ids = written.get(game.id, set()) | {e.id for e in game.entries}

        def check_ref(
            path: str, ref: str, own: set[str] = own_ids, g: Game = game, problem: Any = problem
        ) -> None:
            if ref in own:
                return
            if ref in game_of:
                problem(
                    path,
                    phrase("loader.ref-other-game", id=shown(ref), other=game_of[ref], game=g.id),
                )
            elif complete:
                problem(path, phrase("loader.ref-unknown", id=shown(ref), game=g.id))

        role_ids = {r.id for r in game.roles}
        holders = role_ids | {s.id for s in game.statuses}
        camp_ids = {c.id for c in game.info.camps}
        section_ids = {s.id for s in game.info.sections}
        known_holders = ", ".join(sorted(holders))

        if game.info.players not in camp_ids:
            problem(
                "info.players",
                phrase("loader.unknown-camp", camp=shown(game.info.players),
                       camps=", ".join(sorted(camp_ids))),
            )  # fmt: skip
        for role in game.roles:
            if role.camp not in camp_ids:
                problem(
                    f"role:{role.id}.camp",
                    phrase("loader.role-camp", role=role.id, camp=shown(role.camp),
                           game=game.id, camps=", ".join(sorted(camp_ids))),
                )  # fmt: skip
        for entry in game.entries:
            base = f"entry:{entry.id}"
            if entry.section not in section_ids:
                problem(
                    f"{base}.section",
                    phrase("loader.unknown-section", section=shown(entry.section),
                           game=game.id, sections=", ".join(sorted(section_ids))),
                )  # fmt: skip
            seen: set[str] = set()
            for rel in entry.related:
                if rel == entry.id:
                    problem(f"{base}.related", phrase("loader.related-self"))
                elif rel in seen:
                    problem(f"{base}.related", phrase("loader.related-twice", id=shown(rel)))
                else:
                    check_ref(f"{base}.related", rel)
                seen.add(rel)
            for holder in entry.roles:
                if holder not in holders:
                    problem(
                        f"{base}.roles",
                        phrase("loader.unknown-holder", name=shown(holder), game=game.id,
                               known=known_holders),
                    )  # fmt: skip
            _check_options(entry, base, problem)
            for option in entry.options:
                for gone in option.without:
                    if gone not in holders:
                        problem(
                            f"{base}.options",
                            phrase("loader.option-without", option=shown(option.id),
                                   name=shown(gone), game=game.id, known=known_holders),
                        )  # fmt: skip
        for block in ("setup", "night", "day", "deaths", "win", "fouls", "scoring"):
            value = getattr(game, block)
            for path, name, inner in _walk(value, block):
                if name in _ENTRY_FIELDS and isinstance(inner, str):
                    check_ref(path, inner)
                if name in _ROLE_FIELDS and isinstance(inner, str):
                    valid = holders if name == "holder" else role_ids
                    if inner not in valid:
                        problem(path, phrase("loader.unknown-role", role=shown(inner),
                                             roles=", ".join(sorted(valid))))  # fmt: skip
                if name in ("roles",) and isinstance(inner, tuple | dict):
                    for rid in inner:
                        if rid not in role_ids:
                            problem(path, phrase("loader.unknown-role", role=shown(rid),
                                                 roles=", ".join(sorted(role_ids))))  # fmt: skip
                if name in ("camp",) and isinstance(inner, str) and inner not in camp_ids:
                    problem(path, phrase("loader.unknown-camp", camp=shown(inner),
                                         camps=", ".join(sorted(camp_ids))))  # fmt: skip
                if name == "win_points" and isinstance(inner, dict):
                    for cid in inner:
                        if cid not in camp_ids:
                            problem(path, phrase("loader.unknown-camp", camp=shown(cid),
                                                 camps=", ".join(sorted(camp_ids))))  # fmt: skip
        _check_readings(game, problem)
        _check_count_table(game, problem)
        _check_role_names(game, drafts[game.id], out)


def _structured_paths(game: Game) -> set[str]:
    """Return every path a reading may name: block fields, list items, role fields."""
    paths = set()
    for block in ("setup", "night", "day", "deaths", "win", "fouls", "scoring"):
        value = getattr(game, block)
        if value is not None:
            paths.add(block)
            paths |= {path for path, _name, _inner in _walk(value, block)}
    for role in game.roles:
        paths |= {f"role:{role.id}.{f.name}" for f in dataclasses.fields(role)}
    for path in list(paths):  # a list item ("win.conditions[1]") holds its fields
        while "." in path:
            path = path.rsplit(".", 1)[0]
            paths.add(path)
    return paths


def _check_readings(game: Game, problem: Any) -> None:
    """Report a reading that names a structured value the game does not have."""
    paths: set[str] | None = None
    for entry in game.entries:
        for index, reading in enumerate(entry.readings):
            for field_ in reading.fields:
                paths = _structured_paths(game) if paths is None else paths
                if field_ not in paths:
                    problem(
                        f"entry:{entry.id}.readings[{index}].fields",
                        phrase("loader.reading-field", field=shown(field_), game=game.id),
                    )


def _check_count_table(game: Game, problem: Any) -> None:
    """Report an empty or contradictory player-count table: every row must stand alone."""
    table = game.setup.count_table
    if table is None:
        return
    base = "setup.count_table.bands"
    if not table.bands:
        problem(base, phrase("loader.table-empty"))
        return
    rows = sorted(enumerate(table.bands), key=lambda item: (item[1].min, item[1].max))
    for index, band in enumerate(table.bands):
        where = f"{base}[{index}]"
        if band.min > band.max:
            problem(where, phrase("loader.table-reversed", low=band.min, high=band.max))
            continue
        if band.min < 1 or band.count < 1:
            problem(where, phrase("loader.table-zero", low=band.min, high=band.max,
                                  count=band.count))  # fmt: skip
            continue
        if game.setup.minority_fewer is not None and 2 * band.count >= band.min:
            problem(where, phrase("loader.table-minority", low=band.min, high=band.max,
                                  count=band.count, others=band.min - band.count,
                                  most=(band.min - 1) // 2))  # fmt: skip
    valid = [(i, b) for i, b in rows if b.min <= b.max]
    for (i, before), (j, after) in zip(valid, valid[1:], strict=False):
        if after.min <= before.max:
            problem(
                f"{base}[{max(i, j)}]",
                phrase("loader.table-overlap", row=min(i, j) + 1, other=max(i, j) + 1,
                       low=after.min, high=min(before.max, after.max)),
            )  # fmt: skip


def _check_role_names(game: Game, draft: _Draft, out: Collector) -> None:
    """Report a role or status whose name or alias is already another's: typed, it would
    always find the first one."""
    from garou.core.names import fold, role_names

    owner: dict[str, str] = {}
    located = {
        (key, value.get("id")): (value, where)
        for key in ("roles", "statuses")
        for value, where in draft.lists[key]
        if isinstance(value, LocatedDict)
    }
    items: list[tuple[str, Any, set[str]]] = [("roles", r, role_names(r)) for r in game.roles]
    items += [
        ("statuses", s, {fold(n) for n in (s.id, s.name.fr, s.name.en, *s.aliases.all())})
        for s in game.statuses
    ]
    for key, item, names in items:
        clashes = sorted({owner[n] for n in names if n in owner and owner[n] != item.id})
        if clashes:
            value, where = located.get((key, item.id), (None, Where("?", None, "")))
            if isinstance(value, LocatedDict):
                where = where.key(value, "name") if "name" in value else where
            out.add(where, phrase("loader.name-shadows", item=item.id, others=", ".join(clashes),
                                  game=game.id))  # fmt: skip
        for n in names:
            owner.setdefault(n, item.id)


def _check_unique_ids(drafts: dict[str, _Draft], out: Collector) -> None:
    """Report every id written twice, at its second place, naming the first.

    Entry ids are unique across all games, generated role and status entries included; a
    role or status id is unique within its game.
    """
    first_seen: dict[str, tuple[Where, Phrase]] = {}
    for draft in drafts.values():
        prefix = _prefix_of(draft)
        for key, kind in (("roles", "role"), ("statuses", "status")):
            local: dict[str, Where] = {}
            for value, where in draft.lists[key]:
                item_id = value.get("id") if isinstance(value, LocatedDict) else None
                if not isinstance(item_id, str):
                    continue
                here = where.key(value, "id")
                if item_id in local:
                    before = local[item_id]
                    first = _at(before)
                    key_ = f"loader.{kind}-twice"
                    out.add(here, phrase(key_, id=shown(item_id), game=draft.id, first=first))
                    continue
                local[item_id] = here
                entry_id = f"{prefix}-{kind}-{item_id}"
                if entry_id in first_seen:
                    before, what = first_seen[entry_id]
                    first = _at(before)
                    out.add(
                        here, phrase("loader.generated-taken", id=entry_id, what=what, first=first)
                    )
                else:
                    first_seen[entry_id] = (here, phrase(f"loader.generated.{kind}", id=item_id))
    for draft in drafts.values():
        for value, where in draft.lists["entries"]:
            written = value.get("id") if isinstance(value, LocatedDict) else None
            if not isinstance(written, str):
                continue
            entry_id = written
            here = where.key(value, "id")
            if entry_id in first_seen:
                before, what = first_seen[entry_id]
                out.add(
                    here,
                    phrase("loader.id-taken", id=shown(entry_id), what=what, first=_at(before)),
                )
            else:
                first_seen[entry_id] = (here, phrase("loader.generated.entry"))


def _at(where: Where) -> str:
    return f"{safe_text(where.file)}:{where.line}"


def _check_options(entry: Entry, base: str, problem: Any) -> None:
    if entry.kind in ("contested", "setting"):
        if len(entry.options) < 2:
            problem(f"{base}.options", phrase("loader.options-few", kind=entry.kind))
        if entry.default is None:
            problem(f"{base}.default", phrase("loader.options-default", kind=entry.kind))
    elif entry.options or entry.default:
        problem(f"{base}.options", phrase("loader.options-kind"))
    ids = [o.id for o in entry.options]
    for dup in sorted({i for i in ids if ids.count(i) > 1}):
        problem(f"{base}.options", phrase("loader.option-twice", id=shown(dup)))
    if entry.default is not None and entry.default.option not in ids:
        problem(
            f"{base}.default.option",
            phrase("loader.default-unknown", id=shown(entry.default.option),
                   options=", ".join(ids)),
        )  # fmt: skip


class _Reporter:
    """Record a problem of one game at the file and line its short path points to."""

    def __init__(self, draft: _Draft, game: Game, out: Collector):
        self.locator = _Locator(draft)
        self.first = draft.first or Where("?", None, "")
        self.out = out
        self.generated = {r.entry_id: f"role:{r.id}" for r in game.roles}
        self.generated |= {s.entry_id: f"status:{s.id}" for s in game.statuses}

    def __call__(self, path: str, message: str | Phrase) -> None:
        head, dot, rest = path.partition(".")
        if head.startswith("entry:") and head[6:] in self.generated:
            path = self.generated[head[6:]] + dot + rest
        where = self.locator.find(path) or Where(self.first.file, self.first.line, path)
        self.out.add(where, message)


class _Locator:
    """Find the file and line of a record of a draft from a short path."""

    def __init__(self, draft: _Draft):
        self.draft = draft

    def find(self, path: str) -> Where | None:
        head, _, rest = path.partition(".")
        if ":" in head:
            kind, _, item_id = head.partition(":")
            key = {"entry": "entries", "role": "roles", "status": "statuses"}[kind]
            for value, where in self.draft.lists[key]:
                if isinstance(value, LocatedDict) and value.get("id") == item_id:
                    return self._descend(value, where, rest)
            return None
        if head in self.draft.blocks:
            value, where = self.draft.blocks[head]
            return self._descend(value, where, rest)
        return None

    @staticmethod
    def _descend(value: Any, where: Where, rest: str) -> Where:
        for part in rest.split(".") if rest else []:
            name, _, index = part.partition("[")
            if isinstance(value, LocatedDict) and name in value:
                where = where.key(value, name)
                value = value[name]
            else:
                break
            while index:
                number, _, index = index.partition("]")
                index = index.lstrip("[")
                if (
                    isinstance(value, LocatedList)
                    and is_whole_number(number)
                    and int(number) < len(value)
                ):
                    where = where.item(value, int(number))
                    value = value[int(number)]
        return where
