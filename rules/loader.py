"""Load and validate the rule data: the built-in files, then the user's own folder.

Every file is read with the safe loader and checked in full (types, required and unknown
keys, duplicate keys and ids, dangling references, missing translations); all problems
are then raised at once as one :class:`~rules.errors.DataFileError`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .errors import DataFileError, UnknownGameError, UnknownIdError
from .files import (  # noqa: F401  (rule_files, fingerprint: re-exported)
    RULES_DIR_ENV,
    builtin_files,
    fingerprint,
    rule_files,
    user_files,
)
from .model import (
    Day,
    Deaths,
    Entry,
    Fouls,
    Game,
    GameInfo,
    Night,
    Role,
    Scoring,
    Setup,
    Source,
    Status,
    Text,
    Win,
)
from .reader import LocatedDict, LocatedList, read_yaml
from .schema import INVALID, Collector, Where, convert, convert_record

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


@dataclass(frozen=True)
class Rulebook:
    """Every loaded game, and every entry by id."""

    games: dict[str, Game]
    """Game id to game, in load order."""
    files: tuple[Path, ...]
    """The files read."""

    def game(self, game_id: str) -> Game:
        """Return game ``game_id``; raise UnknownGameError with the valid ids if none."""
        if game_id in self.games:
            return self.games[game_id]
        from .names import closest, fold

        for game in self.games.values():
            names = {fold(game.id), *(fold(n) for n in game.info.aliases.all())}
            names |= {fold(game.info.name.fr), fold(game.info.name.en)}
            if fold(game_id) in names:
                return game
        hint = closest(game_id, list(self.games))
        raise UnknownGameError(
            f"unknown game {game_id!r}; "
            + (f"did you mean {hint[0]!r}? " if hint else "")
            + f"known games: {', '.join(self.games)}"
        )

    def entries(self) -> Iterator[Entry]:
        """Yield every entry of every game."""
        for game in self.games.values():
            yield from game.entries

    def entry(self, entry_id: str) -> Entry:
        """Return the entry ``entry_id``; raise UnknownIdError with close ids if none."""
        for entry in self.entries():
            if entry.id == entry_id:
                return entry
        from .names import closest

        hint = closest(entry_id, [e.id for e in self.entries()])
        suggestion = f"; did you mean {' or '.join(hint)}?" if hint else ""
        raise UnknownIdError(
            f"no entry with id {entry_id!r}{suggestion} (list them with: garou rules)"
        )


def load_rules(rules_dir: str | Path | None = None) -> Rulebook:
    """Load and validate the built-in rules and the user's folder; raise DataFileError."""
    files = rule_files(rules_dir)
    out = Collector()
    drafts: dict[str, _Draft] = {}
    for path in files:
        _read_file(path, drafts, out)
    games = {}
    known = [d.id for d in drafts.values() if "info" in d.blocks]
    for draft in drafts.values():
        game = _build_game(draft, out, known)
        if game is not None:
            games[game.id] = game
    if not out.problems:
        _check_references(games, drafts, out)
    if out.problems:
        raise DataFileError(out.problems)
    return Rulebook(games=games, files=tuple(files))


def _read_file(path: Path, drafts: dict[str, _Draft], out: Collector) -> None:
    try:
        data = read_yaml(path)
    except DataFileError as exc:
        out.problems.extend(exc.problems)
        return
    top = Where(str(path), 1, "")
    if not isinstance(data, LocatedDict):
        out.add(top, "a rule file is a mapping with a 'game:' key and blocks such as 'entries:'")
        return
    top.line = data.line
    game_id = data.get("game")
    if not isinstance(game_id, str) or not game_id.strip():
        out.add(top, "missing 'game:' (the id of the game this file is for, e.g. loup-garou)")
        return
    draft = drafts.setdefault(game_id, _Draft(game_id))
    draft.files.append(str(path))
    if draft.first is None:
        draft.first = top
    for key in data:
        where = top.key(data, key)
        if key not in _TOP_KEYS:
            out.add(where, f"unknown key {key!r}; valid keys here: {', '.join(_TOP_KEYS)}")
        elif key in _BLOCKS:
            if key in draft.blocks:
                first = draft.blocks[key][1]
                out.add(
                    where,
                    f"'{key}' of game {game_id!r} is already defined at {first.file}:"
                    f"{first.line}; a game has one '{key}' block",
                )
            else:
                draft.blocks[key] = (data[key], where)
        elif key in _LISTS:
            items = data[key]
            if not isinstance(items, LocatedList):
                out.add(where, f"'{key}' must be a list of items (each starting with '- ')")
                continue
            draft.lists[key].extend((item, where.item(items, i)) for i, item in enumerate(items))


def _build_game(draft: _Draft, out: Collector, known: list[str]) -> Game | None:
    first = draft.first or Where("?", None, "")
    built: dict[str, Any] = {}
    if "info" not in draft.blocks and known:
        from .names import closest

        hint = closest(draft.id, known)
        out.add(
            Where(first.file, first.line, "game"),
            f"unknown game {draft.id!r}"
            + (f"; did you mean {hint[0]!r}?" if hint else "")
            + f" A file that extends a game names it exactly ({', '.join(known)}); "
            "a new game needs the blocks " + ", ".join(_REQUIRED_BLOCKS),
        )
        return None
    for name in _REQUIRED_BLOCKS:
        if name not in draft.blocks:
            out.add(
                Where(first.file, first.line, name),
                f"game {draft.id!r} has no '{name}' block; add one (see rules/data/*.yaml)",
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

    def source_of(section: str, addition: bool, sub: str, file: str) -> Source:
        heading = headings.get(section, "")
        if sub:
            heading = f"{heading} > {sub}" if heading else sub
        if file not in builtin:
            return Source(Path(file).name, heading or section, addition=True, user=True)
        if addition or not heading:
            return Source("garou", heading or section, addition=True)
        return Source(info.document, heading)

    roles, statuses, entries, generated = [], [], [], []
    for value, where in draft.lists["roles"]:
        role = convert_record(Role, value, where, out, game=draft.id)
        if role is not INVALID:
            role = replace(role, entry_id=f"{info.prefix or draft.id}-role-{role.id}")
            roles.append(role)
            source = source_of(role.section, role.addition, role.heading, where.file)
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
            source = source_of(entry.section, entry.addition, entry.heading, where.file)
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
        text = Text(
            fr=f"{role.summary.fr} La nuit : {role.night_action.fr}",
            en=f"{role.summary.en} At night: {role.night_action.en}",
        )
    return Entry(
        id=role.entry_id,
        section=role.section,
        kind="role",
        title=role.name,
        text=text,
        keywords=role.keywords,
        aliases=role.aliases,
        related=role.related,
        roles=(role.id,),
        addition=role.addition,
        heading=role.heading,
        game=role.game,
        source=source,
    )


def _status_entry(status: Status, source: Source) -> Entry:
    return Entry(
        id=status.entry_id,
        section=status.section,
        kind="status",
        title=status.name,
        text=status.summary,
        keywords=status.keywords,
        aliases=status.aliases,
        related=status.related,
        roles=(status.id,),
        addition=status.addition,
        heading=status.heading,
        game=status.game,
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


def _check_references(games: dict[str, Game], drafts: dict[str, _Draft], out: Collector) -> None:
    _check_unique_ids(drafts, out)
    all_ids = {e.id for g in games.values() for e in g.entries}
    for game in games.values():
        problem = _Reporter(drafts[game.id], game, out)
        role_ids = {r.id for r in game.roles}
        holders = role_ids | {s.id for s in game.statuses}
        camp_ids = {c.id for c in game.info.camps}
        section_ids = {s.id for s in game.info.sections}

        if game.info.players not in camp_ids:
            problem("info.players", f"unknown camp {game.info.players!r}; camps: {camp_ids}")
        for kind, items in (("role", game.roles), ("status", game.statuses)):
            ids = [i.id for i in items]
            for dup in {i for i in ids if ids.count(i) > 1}:
                problem(f"{kind}:{dup}", f"{kind} id {dup!r} is defined twice in {game.id}")
        for role in game.roles:
            if role.camp not in camp_ids:
                problem(
                    f"role:{role.id}.camp",
                    f"role {role.id!r} has unknown camp {role.camp!r}; "
                    f"camps of {game.id}: {', '.join(sorted(camp_ids))}",
                )
        for entry in game.entries:
            base = f"entry:{entry.id}"
            if entry.section not in section_ids:
                problem(
                    f"{base}.section",
                    f"unknown section {entry.section!r}; sections of {game.id}: "
                    f"{', '.join(sorted(section_ids))}",
                )
            for rel in entry.related:
                if rel not in all_ids:
                    problem(f"{base}.related", f"related id {rel!r} is not an entry id")
                if rel == entry.id:
                    problem(f"{base}.related", "an entry cannot be related to itself")
            for holder in entry.roles:
                if holder not in holders:
                    problem(
                        f"{base}.roles",
                        f"unknown role or status {holder!r} in {game.id}; known: "
                        f"{', '.join(sorted(holders))}",
                    )
            _check_options(entry, base, problem)
            for option in entry.options:
                for gone in option.without:
                    if gone not in holders:
                        problem(
                            f"{base}.options",
                            f"option {option.id!r} takes out {gone!r}, which is no role or "
                            f"status of {game.id}; known: {', '.join(sorted(holders))}",
                        )
        for block in ("setup", "night", "day", "deaths", "win", "fouls", "scoring"):
            value = getattr(game, block)
            for path, name, inner in _walk(value, block):
                if name in _ENTRY_FIELDS and isinstance(inner, str) and inner not in all_ids:
                    problem(path, f"{inner!r} is not an entry id")
                if name in _ROLE_FIELDS and isinstance(inner, str):
                    valid = holders if name == "holder" else role_ids
                    if inner not in valid:
                        problem(path, f"unknown role {inner!r}; roles: {', '.join(sorted(valid))}")
                if name in ("roles",) and isinstance(inner, tuple | dict):
                    for rid in inner:
                        if rid not in role_ids:
                            problem(
                                path,
                                f"unknown role {rid!r}; roles: {', '.join(sorted(role_ids))}",
                            )
                if name in ("camp",) and isinstance(inner, str) and inner not in camp_ids:
                    problem(path, f"unknown camp {inner!r}; camps: {', '.join(sorted(camp_ids))}")
                if name == "win_points" and isinstance(inner, dict):
                    for cid in inner:
                        if cid not in camp_ids:
                            problem(path, f"unknown camp {cid!r}")


def _check_unique_ids(drafts: dict[str, _Draft], out: Collector) -> None:
    """Report every entry id written twice, at its second place, naming the first."""
    first_seen: dict[str, Where] = {}
    for draft in drafts.values():
        for value, where in draft.lists["entries"]:
            entry_id = value.get("id") if isinstance(value, LocatedDict) else None
            if not isinstance(entry_id, str):
                continue
            here = where.key(value, "id")
            if entry_id in first_seen:
                before = first_seen[entry_id]
                out.add(
                    here,
                    f"entry id {entry_id!r} is already used at {before.file}:{before.line}; "
                    "ids are unique across all games: choose another id",
                )
            else:
                first_seen[entry_id] = here


def _check_options(entry: Entry, base: str, problem: Any) -> None:
    if entry.kind in ("contested", "setting"):
        if len(entry.options) < 2:
            problem(f"{base}.options", f"a {entry.kind} entry needs at least two options")
        if entry.default is None:
            problem(f"{base}.default", f"a {entry.kind} entry needs a default option")
    elif entry.options or entry.default:
        problem(f"{base}.options", "only contested and setting entries have options")
    ids = [o.id for o in entry.options]
    for dup in {i for i in ids if ids.count(i) > 1}:
        problem(f"{base}.options", f"option id {dup!r} is used twice")
    if entry.default is not None and entry.default.option not in ids:
        problem(
            f"{base}.default.option",
            f"{entry.default.option!r} is not one of the options: {', '.join(ids)}",
        )


class _Reporter:
    """Record a problem of one game at the file and line its short path points to."""

    def __init__(self, draft: _Draft, game: Game, out: Collector):
        self.locator = _Locator(draft)
        self.first = draft.first or Where("?", None, "")
        self.out = out
        self.generated = {r.entry_id: f"role:{r.id}" for r in game.roles}
        self.generated |= {s.entry_id: f"status:{s.id}" for s in game.statuses}

    def __call__(self, path: str, message: str) -> None:
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
                if isinstance(value, LocatedList) and number.isdigit() and int(number) < len(value):
                    where = where.item(value, int(number))
                    value = value[int(number)]
        return where
