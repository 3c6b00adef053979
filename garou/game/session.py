"""Record, undo, correct and read a live game: the functions the commands call.

(Starting one, which reads the setup and the agreement, is :mod:`garou.game.start`.)

Each one opens nothing itself: it takes an open :class:`~garou.game.journal.Journal` and
the rules, checks the event by replaying the whole game with it inside the journal's
write transaction, and commits it only when the replay accepts it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from garou.core.names import MAX_NAME, MAX_TEXT
from garou.rules.loader import Rulebook

from .errors import StaleFormError
from .journal import Event, GameRow, Journal
from .replay import Replayed, replay, trimmed


def check_player_names(players: Any) -> None:
    """Refuse a player's name garou cannot keep (:func:`garou.core.names.name_problem`: a
    character nobody sees or that moves the terminal, more than :data:`MAX_NAME`
    characters), naming it (shortened)."""
    from garou.core.names import fold, name_problem

    from .errors import IllegalEventError

    seen: dict[str, str] = {}
    for name in players if isinstance(players, list | tuple) else ():
        said = name_problem(name) if isinstance(name, str) else None
        if said is not None:
            raise IllegalEventError(said)
        if isinstance(name, str):  # one player once: as every reader matches a name typed
            if fold(name) in seen:
                raise IllegalEventError("game.names.same", name=name, other=seen[fold(name)])
            seen[fold(name)] = name


def check_start_names(data: Mapping[str, Any]) -> None:
    """Refuse a ``start`` whose players' names break the rule of a name, or whose game's
    name or table's name the rule of a free text (:func:`garou.core.names.text_problem`: no
    hidden character, at most :data:`MAX_TEXT` characters): the one check of every face a
    game starts from (the terminal, the web form, an import), so that what is recorded
    exports and imports again."""
    check_player_names(data.get("players"))
    _check_text(data.get("name"), "name")
    _check_text(data.get("table"), "table")


def as_read(data: Mapping[str, Any]) -> dict[str, Any]:
    """A ``start``'s values as every reader reads them back (a record's import, a form):
    the players' names, the deal's and the game's and table's names trimmed, a blank name
    no name; so that what is recorded is what an export gives back."""

    def trim(value: Any) -> Any:
        return value.strip() if isinstance(value, str) else value

    read = dict(data)
    if isinstance(data.get("players"), list | tuple):
        read["players"] = [trim(p) for p in data["players"]]
    if isinstance(data.get("deal"), Mapping):
        read["deal"] = {trim(k): v for k, v in data["deal"].items()}
    for key in ("name", "table"):
        if key in data:
            read[key] = trim(data[key]) or None
    return read


def _check_text(text: Any, field: str) -> None:
    from garou.core.catalogue import phrase
    from garou.core.names import text_problem
    from garou.core.numbers import too_large, too_large_said

    from .errors import IllegalEventError

    if isinstance(text, str) and too_large(text):  # a number kept as typed: too large
        large = too_large_said(text)
        raise IllegalEventError(phrase("core.text.field", field=field, problem=large))
    said = text_problem(text, field) if isinstance(text, str) else None
    if said is not None:
        raise IllegalEventError(said)


def check_event_texts(data: Any, path: str = "") -> None:
    """Refuse an event whose values (at any depth: a correction's reason, its event, a
    vote's names) hold a text that breaks the rule of a free text (a terminal escape, an
    invisible character, more than :data:`MAX_TEXT` characters), naming its key: the one
    check of every face an event is recorded from (the terminal, the web, an import), so
    that the recap never prints what would move the terminal."""
    if isinstance(data, Mapping):
        for key, value in data.items():
            check_event_texts(key, path)
            check_event_texts(value, f"{path}.{key}" if path else str(key))
    elif isinstance(data, list | tuple):
        for index, value in enumerate(data):
            check_event_texts(value, f"{path}[{index}]")
    else:
        _check_text(data, path or "?")


def new_game(journal: Journal, book: Rulebook, data: Mapping[str, Any]) -> int:
    """Create a game from its ``start`` event data; return its id."""
    check_start_names(data)  # on the names as typed, so that a refusal quotes them so
    data = as_read(data)

    def check(events: list[Event]) -> None:
        replay(book, events)

    return journal.create(str(data["game"]), data.get("name"), ("start", dict(data)), check)


def record(
    journal: Journal,
    book: Rulebook,
    game_id: int,
    kind: str,
    data: Mapping[str, Any],
    lang: str = "en",
) -> Replayed:
    """Record one event, checked by replaying the game with it; return the game after it."""
    done: list[Replayed] = []
    check_event_texts(data)
    data = _named(journal, game_id, data, kind, book)
    row = journal.game(game_id)

    def check(events: list[Event]) -> list[Event]:
        check_rules_read(book, row, events)
        events = trimmed(book, events, lang)
        done.append(_replayed(book, events, lang))
        return events

    journal.record(game_id, kind, dict(data), check)
    return done[-1]


def _named(
    journal: Journal, game_id: int, data: Mapping[str, Any], kind: str = "", book: Any = None
) -> dict[str, Any]:
    """``data`` with every player's name as the game's setup writes it (case, accents), and
    a night call's step by its id (``step=WITCH`` is stored ``witch``: every face then
    names it in its own language)."""
    from .record import named_as_players

    events = journal.events(journal.game(game_id).id)
    named = named_as_players(events[0].data.get("players") if events else None, data)
    game_id_of = events[0].data.get("game") if events else None
    if kind == "call" and book is not None and game_id_of in book.games:
        from .sentences import step_named

        step = step_named(book.games[game_id_of], named.get("step"))
        if step is not None:
            named["step"] = step.id
    return named


def record_form(
    journal: Journal,
    book: Rulebook,
    game_id: int,
    form_id: str,
    kind: str,
    data: Mapping[str, Any],
    lang: str = "en",
    seen: int | None = None,
) -> tuple[Replayed, bool]:
    """Record one event sent by form ``form_id``, once: a repeated submission of the same
    form records nothing more. Return the game after it and True, or (the game as it is,
    False) for a repeat. The check and the form id are committed in one transaction.

    ``seen``: how many events the game had when the form's page was drawn; when the game
    has another count now (another screen recorded, undid or timed something since), the
    form answers a step that is gone and :class:`~garou.game.errors.StaleFormError` refuses
    it, inside the same transaction (two phones sending at once: the second is stale)."""
    done: list[Replayed] = []
    check_event_texts(data)
    data = _named(journal, game_id, data, kind, book)
    row = journal.game(game_id)

    def check(events: list[Event]) -> list[Event]:
        check_rules_read(book, row, events)
        if seen is not None and len(events) - 1 != seen:
            raise stale_form(book, events[:-1], lang)
        events = trimmed(book, events, lang)
        done.append(_replayed(book, events, lang))
        return events

    _, new = journal.record_form(game_id, form_id, kind, dict(data), check)
    if new:
        return done[-1], True
    return load(journal, book, game_id, lang), False


def stale_form(book: Rulebook, events: list[Event], lang: str = "en") -> StaleFormError:
    """The refusal of a form drawn before ``events`` (the game as it is now) were all
    recorded: it names the game's last action now, so the judge sees what changed."""
    from .sentences import event_said

    replayed = replay(book, events, lang)
    if len(replayed.effective) > 1:
        return StaleFormError(
            "web.game.stale.last", last=event_said(replayed, replayed.effective[-1])
        )
    return StaleFormError("web.game.stale.start")


def _replayed(book: Rulebook, events: list[Event], lang: str) -> Replayed:
    """Replay ``events`` (the last one new); a correction that makes a later event illegal
    is refused naming that event, its number and its kind, not only the rule it breaks."""
    from .errors import IllegalEventError

    try:
        return replay(book, events, lang)
    except IllegalEventError as exc:
        new = events[-1]
        target = new.data.get("seq") if new.kind == "correct" else None
        later = next((e for e in events[:-1] if e.seq == exc.seq), None)
        if not isinstance(target, int) or later is None or exc.seq <= target:
            raise
        error = IllegalEventError(
            "msgs.correct-breaks",
            seq=str(target),
            later=str(later.seq),
            kind=_event_said(book, events, later),
            why=_Said(exc),
        )
        error.seq = later.seq
        error.event_kind = later.kind
        raise error from None


def _event_said(book: Rulebook, events: list[Event], event: Event) -> Any:
    """``event`` said as a sentence of its game (« Parole à Jo »), not its kind's id."""
    from .sentences import event_sentence

    start = next((e for e in events if e.kind == "start"), None)
    game = book.games.get(str(start.data.get("game"))) if start is not None else None
    return event.kind if game is None else event_sentence(game, event.kind, event.data)


class _Said:
    """An error's message said in the language of the message that quotes it."""

    def __init__(self, error: Any):
        self.error = error

    def get(self, lang: str) -> str:
        return str(self.error.message(lang))


def undo(journal: Journal, book: Rulebook, game_id: int, lang: str = "en") -> Replayed:
    """Cancel the latest event in effect, by recording an ``undo`` marker."""
    return record(journal, book, game_id, "undo", {}, lang)


def correct(
    journal: Journal,
    book: Rulebook,
    game_id: int,
    seq: int,
    why: str,
    event: Mapping[str, Any],
    lang: str = "en",
) -> Replayed:
    """Replace event ``seq`` by ``event`` (kind and values), saying ``why``."""
    return record(
        journal, book, game_id, "correct", {"seq": seq, "why": why, "event": dict(event)}, lang
    )


def parse_values(pairs: list[str] | tuple[str, ...]) -> dict[str, Any]:
    """Return ``KEY=VALUE`` pairs as an event's values, each VALUE read as YAML (a name, a
    list ``[A, B]``, a mapping ``{A: B}``) and typed by its key as in a game record
    (:func:`garou.game.record.event_data`): ``victim=No`` names the player No. ``garou game
    add|correct`` and the web app's correction form read them alike. UsageError names a pair
    that cannot be read."""
    from garou.core.catalogue import phrase
    from garou.core.errors import DataFileError, UsageError
    from garou.core.reader import parse_yaml

    from .record import event_data, shape_problems

    data: dict[str, Any] = {}
    given: dict[str, list[str]] = {}
    for pair in pairs:  # a key given twice is refused, as in every file garou reads
        key, sep, value = pair.partition("=")
        if sep and key.strip():
            given.setdefault(key.strip(), []).append(pair.strip())
    for key, values in given.items():
        if len(values) > 1:
            raise UsageError("cli.usage.key-twice", key=key, values=values)
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UsageError("game.usage.pair", pair=pair)
        try:
            read = parse_yaml(value, "", source=True) if value.strip() else None
        except DataFileError as exc:  # what is wrong said (a voter twice), not only that
            why = exc.problems[0].message if exc.problems else ""
            raise UsageError("cli.usage.value", pair=pair, why=why) from None
        for _, _, said in shape_problems({key.strip(): read})[:1]:
            # a name that reads as YAML (a list, a mapping): quoted, it is the name
            hint = phrase("cli.usage.quote", key=key.strip(), value=value.strip())
            raise UsageError("msgs.usage.shape", pair=pair, why=said, hint=hint)
        data[key.strip()] = event_data(read, key.strip())
    return data


def format_values(data: Mapping[str, Any], sep: str = "\n") -> str:
    """Return an event's values as ``KEY=VALUE`` pairs that :func:`parse_values` reads back
    (each VALUE as one line of YAML), one a line (or joined by ``sep``)."""
    import json

    return sep.join(f"{key}={json.dumps(value, ensure_ascii=False)}" for key, value in data.items())


def load(journal: Journal, book: Rulebook, game_id: int | None, lang: str = "en") -> Replayed:
    """Return game ``game_id`` (the latest when None) replayed."""
    return stored(journal, book, journal.game(game_id), lang)


def stored(journal: Journal, book: Rulebook, row: GameRow, lang: str = "en") -> Replayed:
    """Return the game of journal row ``row`` replayed from its stored events; a game that
    no longer replays raises UnreplayableGameError naming the game and the event (a
    damaged row raises the journal's DamagedEventError, which names them too), and a game
    whose start names a role or a case the rules read do not have, UnreadRulesError
    (:func:`check_rules_read`)."""
    from .errors import IllegalEventError, UnreplayableGameError

    events = journal.events(row.id)
    check_rules_read(book, row, events)
    try:
        return replay(book, events, lang)
    except UnreplayableGameError:
        raise
    except IllegalEventError as exc:
        kind = next((e.kind for e in events if e.seq == exc.seq), None)
        raise UnreplayableGameError(row.id, row.name, kind, exc) from None


def check_rules_read(book: Rulebook, row: GameRow, events: Sequence[Event]) -> None:
    """Refuse a game whose ``start`` names a role (a count of cards, a card dealt) or a case
    of its agreement that ``book`` does not have, with UnreadRulesError: a game made with a
    rules folder (a house role, a house case) and read without it. Its journal is sound,
    and the refusal says so, naming the role or case and how to give the folder, where the
    replay would call the game damaged (or, for a count of cards alone, replay it
    quietly)."""
    from garou.core.catalogue import phrase
    from garou.core.names import fold, role_names

    from .errors import UnreadRulesError

    start = next((e for e in events if e.kind == "start"), None)
    data = start.data if start is not None else {}
    game_id = data.get("game")
    game = book.games.get(game_id) if isinstance(game_id, str) else None
    if game is None:  # no start, another game: the replay says what is wrong
        return
    known = {r.id for r in game.roles}
    names: set[str] = set()

    def unknown(role: Any) -> bool:
        if not isinstance(role, str) or role in known:
            return False  # a role that is not a name: the replay says what is wrong
        if not names:
            names.update(n for r in game.roles for n in role_names(r))
            names.update(fold(n) for s in game.statuses for n in (s.id, s.name.fr, s.name.en))
        return fold(role) not in names

    roles, deal = _mapping(data.get("roles")), _mapping(data.get("deal"))
    # Loup-Garou: roles is role -> count, deal is player -> role; Mafia: roles is the deal.
    cards = [*roles.values()] if game.id == "mafia" else [*roles, *deal.values()]
    what = next((phrase("game.rules-unread.role", role=r) for r in cards if unknown(r)), None)
    if what is None:
        agreed = _mapping(data.get("agreement"))
        cases = {e.id for e in (*game.contested(), *game.settings())}
        case = next((c for c in agreed if isinstance(c, str) and c not in cases), None)
        what = phrase("game.rules-unread.case", case=case) if case is not None else None
    if what is None:
        return
    folder = book.user_folder()
    read = (
        phrase("game.rules-unread.builtin", game=game.id)
        if folder is None
        else phrase("game.rules-unread.folder", game=game.id, folder=str(folder))
    )
    raise UnreadRulesError(row.id, row.name, what, read)


def _mapping(value: Any) -> Mapping[Any, Any]:
    """``value`` when it is a mapping, else an empty one (the replay says what is wrong)."""
    return value if isinstance(value, Mapping) else {}


def status(journal: Journal, book: Rulebook, game_id: int | None, lang: str) -> dict[str, Any]:
    """Return the ``status --json`` data of a game."""
    return snapshot(journal, book, game_id, lang)[1]


def listing(journal: Journal, book: Rulebook, lang: str) -> list[dict[str, Any]]:
    """Every game of the journal with where it stands: ``id, game, name, created, phase,
    night, day, winner, winner_name, damaged, rules_unread``. A game that does not replay is
    listed all the same, its phase None and ``damaged`` saying why, so that the judge knows
    what to repair; one made with a rules folder this run did not read is not damaged:
    ``rules_unread`` says which role or case it names and how to give the folder."""
    from garou.core.errors import GarouError

    from .errors import UnreadRulesError

    rows = []
    for row in journal.games():
        damaged = unread = None
        try:
            data = status(journal, book, row.id, lang)
        except UnreadRulesError as exc:
            data, unread = {}, exc.message(lang)
        except GarouError as exc:
            data, damaged = {}, exc.message(lang)
        where = {k: data.get(k) for k in ("phase", "night", "day", "winner", "winner_name")}
        rows.append(
            {"id": row.id, "game": row.game, "name": row.name, "created": row.created}
            | where
            | {"damaged": damaged, "rules_unread": unread}
        )
    return rows


def snapshot(
    journal: Journal, book: Rulebook, game_id: int | None, lang: str
) -> tuple[Replayed, dict[str, Any]]:
    """Return a game replayed once, and its ``status --json`` data."""
    row = journal.game(game_id)
    replayed = stored(journal, book, row, lang)
    # each game's state says its own status
    data = {"id": row.id, **replayed.state.to_dict(lang), "events": len(replayed.effective)}
    return replayed, data


__all__ = [
    "MAX_NAME",
    "MAX_TEXT",
    "check_player_names",
    "check_event_texts",
    "check_start_names",
    "correct",
    "load",
    "format_values",
    "new_game",
    "parse_values",
    "record",
    "record_form",
    "snapshot",
    "status",
    "stored",
    "undo",
]


def mafia_ballots(journal: Journal, book: Rulebook, game_id: int, lang: str = "en") -> Any:
    """Return the ballots typed for the Mafia vote being held (a
    :class:`~garou.game.mafia_script.Ballots`), from the journal's draft, checked against
    the events recorded since it was kept: the terminal and the judge's phone read the same.
    A draft that changed is kept again as it now stands (what changed is told once)."""
    return _checked_ballots(journal, book, game_id, lang, mafia=True)[0]


def cast_ballots(
    journal: Journal,
    book: Rulebook,
    game_id: int,
    mine: Mapping[str, str],
    cast: Mapping[str, str | None],
    asked: Sequence[str] = (),
    lang: str = "en",
) -> Any:
    """Keep the ballots one screen just typed (``cast``: voter → target, None for a hand not
    raised; ``asked``: the voters, or Mafia nominees, it has asked now) on top of the ballots
    kept now, whichever screen typed them, and return them as they then stand.

    ``mine`` is the ballots as that screen last read them: a ballot another screen typed or
    changed since (a phone on the same show of hands) is kept, never overwritten, and said in
    the result's ``told``. Saved at the revision read, read again when another screen saved
    in between: nothing typed on either screen is lost without a word. Works for either
    game's vote (the draft of the game the vote is held in)."""
    from garou.core.catalogue import phrase

    from .journal import DraftChangedError

    mafia = journal.events(game_id)[0].data.get("game") == "mafia"
    _, name, draft_of = _ballot_rules(mafia)
    while True:
        kept, state = _checked_ballots(journal, book, game_id, lang, mafia)
        revision = journal.draft_revision(game_id, name)
        theirs = {
            voter: target
            for voter, target in kept.votes.items()
            if mine.get(voter) != target and voter not in cast
        }
        dropped = [v for v in mine if v not in kept.votes and v not in cast]
        votes = {**kept.votes, **{v: t for v, t in cast.items() if t is not None}}
        for voter, target in cast.items():
            if target is None:
                votes.pop(voter, None)
        done = [*_asked(kept), *(a for a in asked if a not in _asked(kept))]
        try:
            journal.save_draft(game_id, name, draft_of(state, votes, done), revision=revision)
        except DraftChangedError:
            continue  # saved on another screen meanwhile: read again, cast again
        told = [*kept.told]
        for voter, target in theirs.items():
            told.append(phrase("game.draft.ballot-elsewhere", voter=voter, target=target))
        for voter in dropped:
            told.append(phrase("game.draft.ballot-dropped-elsewhere", voter=voter))
        return type(kept)(votes, tuple(done), tuple(told))


def lg_ballots(journal: Journal, book: Rulebook, game_id: int, lang: str = "en") -> Any:
    """Return the ballots typed for the Loup-Garou show of hands being held (a
    :class:`~garou.game.script.Ballots`), from the journal's draft, checked against the
    events recorded since it was kept, as :func:`mafia_ballots` checks the Mafia's: the
    terminal and the phone read the same. A draft that changed is kept again as it now
    stands (what changed is told once)."""
    return _checked_ballots(journal, book, game_id, lang, mafia=False)[0]


def _checked_ballots(
    journal: Journal, book: Rulebook, game_id: int, lang: str, mafia: bool
) -> tuple[Any, Any]:
    """The ballots of the vote being held, checked by the game's script (``next_step``,
    ``kept_ballots``, ``Ballots``) against the events recorded since they were kept, and
    kept again when that changed anything; with the game's state they were checked on."""
    script, name, draft = _ballot_rules(mafia)
    replayed = load(journal, book, game_id, lang)
    state = replayed.state
    kept = journal.kept_draft(game_id, name)
    if kept is None or script.next_step(state).kind != "vote":
        return script.Ballots({}, ()), state
    after, saved = kept
    since = _since(journal, replayed, game_id, after)
    ballots = script.kept_ballots(state, saved, since)
    if ballots.changed or since:
        journal.save_draft(game_id, name, draft(state, ballots.votes, _asked(ballots)))
    return ballots, state


def _ballot_rules(mafia: bool) -> tuple[Any, str, Any]:
    """The vote's script, its draft's name and the function writing that draft, by game."""
    from . import mafia_script, script

    if mafia:
        return mafia_script, mafia_script.DRAFT, mafia_script.draft_data
    return script, script.BALLOT_DRAFT, script.ballot_draft


def _asked(ballots: Any) -> tuple[str, ...]:
    """Who was asked already: the voters (Loup-Garou), the nominees (Mafia)."""
    return tuple(ballots.done if hasattr(ballots, "done") else ballots.asked)


def _since(journal: Journal, replayed: Replayed, game_id: int, after: int) -> list[Any]:
    """The events recorded after event ``after`` (countdowns aside), said."""
    return [
        _said_since(replayed, e)
        for e in journal.events(game_id)
        if e.seq > after and e.kind != "timer"
    ]


def _said_since(replayed: Replayed, event: Event) -> Any:
    """One event recorded since a draft was kept, said: an undo or a correction by what it
    did (never as its raw values), any other by its sentence."""
    from garou.core.catalogue import phrase

    from .sentences import event_said

    if event.kind == "undo":
        return _undo_said(replayed, event)
    if event.kind == "correct":
        target, why = event.data.get("seq"), event.data.get("why")
        return phrase("game.draft.correct", target=target, why=why or "-")
    return event_said(replayed, event)


def _undo_said(replayed: Replayed, event: Event) -> Any:
    from garou.core.catalogue import phrase

    return phrase("game.draft.undo", seq=event.seq)
