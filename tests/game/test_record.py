"""Tests of ``garou/game/record.py``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from garou.game import session
from tests.helpers import GAMES


def _extras(journal, book, game_id: int) -> None:
    """Add to a game the event kinds its record lacks: timers (clock times with decimals and
    without), a correction, an undo, and the game's rare kinds."""
    from garou.game.replay import replay

    def add(kind: str, **data: Any):
        return session.record(journal, book, game_id, kind, data, "en")

    events = journal.events(game_id)
    last = [e for e in events if e.kind not in ("timer", "undo", "correct")][-1]
    add("timer", action="start", label="speech:x", at=1796135391.663, seconds=60)
    add("timer", action="pause", label="speech:x", at=1796135392.5)
    add("timer", action="resume", label="speech:x", at=1796135400)
    add("timer", action="stop", label="speech:x", at=1796135401.25)
    add("correct", seq=last.seq, why="misheard", event={"kind": last.kind, **last.data})
    state = replay(book, journal.events(game_id), "en").state
    if state.game.id == "mafia":
        alive = [s.name for s in state.seats if s.alive]
        if state.phase != "over":
            add("disqualify", player=alive[0], behaviour="leave-table")
            add("opponent-victory", player=alive[1])
    else:
        roles = state.known_roles()
        unknown = [name for name, role in roles.items() if role is None]
        if unknown:
            left = state.remaining_cards()
            add("roles", roles={unknown[0]: next(iter(left))})
    add("undo")


ROLES_FIRST = """\
game: {id: loup-garou, name: Cartes notées}
setup:
  players: [Alice, Bruno, Chloé, Driss, Emma, Farid, Gaëlle, Hugo]
  roles: {loup-garou: 2, voyante: 1, sorciere: 1, villageois: 4}
  deal: {}
agreement: {}
events:
  - {kind: roles, roles: {Chloé: voyante}}
  - {kind: look, target: Alice, role: loup-garou, by: [Chloé]}
  - {kind: kill, victim: Emma, by: [Alice, Bruno]}
"""


def _table_decides(path: Path) -> Path:
    """A Mafia evening of the table's absolute majority whose vote nobody wins by more than
    half: the table's decision (``table-decision``, rules of order 3) recorded, exported."""
    from garou.game.journal import open_journal
    from garou.game.mafia import start_data
    from garou.game.record import dump_record, game_record
    from garou.rules import load_rules

    book = load_rules()
    names = ["Ana", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]
    cards = ["citoyen", "mafia", "citoyen", "sherif", "citoyen", "don", "citoyen", "mafia",
             "citoyen", "citoyen"]  # fmt: skip
    with open_journal(path.with_suffix(".sqlite"), create=True) as journal:
        data = start_data(book.game("mafia"), names, roles=dict(zip(names, cards, strict=True)),
                          agreement={"mf-contested-majority": "absolute-majority"})  # fmt: skip
        game_id = session.new_game(journal, book, data)

        def add(kind: str, **values: Any) -> None:
            session.record(journal, book, game_id, kind, values, "en")

        add("day")
        for name in names:
            add("speech", player=name)
        for by, nominee in (("Ana", "Bob"), ("Cid", "Hal"), ("Eve", "Fay")):
            add("nominate", by=by, nominee=nominee)
        votes = dict.fromkeys(("Ana", "Cid", "Eve", "Gus"), "Bob")
        add("vote", votes=votes | dict.fromkeys(("Dan", "Ivy", "Jon"), "Hal"))
        add("table-decision", then="nobody")
        path.write_text(dump_record(game_record(journal, game_id)), encoding="utf-8")
    return path


def _evenings(tmp_path: Path) -> list[Path]:
    extra = tmp_path / "roles-first.yaml"
    extra.write_text(ROLES_FIRST, encoding="utf-8")
    return [*sorted(GAMES.glob("*.yaml")), extra, _table_decides(tmp_path / "table.yaml")]


@pytest.mark.parametrize("index", range(len(list(GAMES.glob("*.yaml"))) + 2))
def test_a_played_evening_survives_export_then_import(journal, book, tmp_path, index):
    from garou.game.record import dump_record, game_record, import_record

    first = import_record(journal, book, _evenings(tmp_path)[index])
    _extras(journal, book, first)
    path = tmp_path / "out.yaml"
    path.write_text(dump_record(game_record(journal, first)), encoding="utf-8")
    second = import_record(journal, book, path, force=True)
    assert game_record(journal, second) == game_record(journal, first)
    assert session.status(journal, book, second, "en") | {"id": first} == session.status(
        journal, book, first, "en"
    )


def test_the_round_trip_covers_every_event_kind(journal, book, tmp_path):
    from garou.game.mafia import KINDS as MAFIA_KINDS
    from garou.game.record import import_record
    from garou.game.replay import META_KINDS
    from garou.game.table import KINDS as LG_KINDS

    kinds: set[str] = set()
    for record in _evenings(tmp_path):
        game_id = import_record(journal, book, record)
        _extras(journal, book, game_id)
        kinds |= {e.kind for e in journal.events(game_id)}
    assert kinds >= {*LG_KINDS, *MAFIA_KINDS, *META_KINDS}, {
        *LG_KINDS,
        *MAFIA_KINDS,
        *META_KINDS,
    } - kinds


def test_only_a_truly_ambiguous_name_is_refused():
    from garou.game.errors import IllegalEventError
    from garou.game.record import named_as_players

    players = ["Léa", "Lea", "Bob"]
    assert named_as_players(players, {"victim": "Lea"}) == {"victim": "Lea"}  # exact
    assert named_as_players(players, {"votes": {"bob": "Léa"}}) == {"votes": {"Bob": "Léa"}}
    assert named_as_players(players, {"roles": {"BOB": "voyante"}}) == {"roles": {"Bob": "voyante"}}
    with pytest.raises(IllegalEventError) as refused:
        named_as_players(players, {"victim": "LEA"})
    assert "Léa" in refused.value.message("en") and "Lea" in refused.value.message("en")


RECORD_WITH_COUNT = """\
game: {id: loup-garou, name: x, table: null, date: null}
setup:
  players: [Alice, Bruno, Chloé, Driss, Emma, Farid, Gaëlle, Hugo]
  roles: {loup-garou: COUNT, voyante: 1, sorciere: 1, villageois: 4}
agreement: {lg-setting-captain: without-captain}
events: []
"""


@pytest.mark.parametrize("count", ["1e3", "2.0", "abc", "~", "0x2", "'7'", "²"])
def test_an_imported_start_whose_role_count_is_no_whole_number_is_said_at_its_line(
    garou, tmp_path, count
):
    record = tmp_path / "record.yaml"
    record.write_text(RECORD_WITH_COUNT.replace("COUNT", count), encoding="utf-8")
    run = garou("--lang", "en", "game", "import", str(record), "--db", str(tmp_path / "g.db"))
    assert run.exit_code != 0 and "Traceback" not in run.stderr
    assert f"{record}:4 (setup.roles.loup-garou): expected a whole number" in run.stderr


def test_an_imported_start_that_garou_check_refuses_is_refused_unless_forced(garou, tmp_path):
    record = tmp_path / "record.yaml"
    four_wolves = RECORD_WITH_COUNT.replace("COUNT", "4").replace("villageois: 4", "villageois: 2")
    record.write_text(four_wolves, encoding="utf-8")
    db = str(tmp_path / "g.db")
    refused = garou("--lang", "en", "game", "import", str(record), "--db", db)
    assert refused.exit_code != 0 and "breaks the rules (garou check)" in refused.stderr
    assert "lg-wolf-count" in refused.stderr
    assert garou("game", "list", "--db", db, "--json").json()["games"] == []
    forced = garou("--lang", "en", "game", "import", str(record), "--db", db, "--force")
    assert forced.exit_code == 0


def test_a_start_with_a_card_count_other_than_the_players_is_refused_even_forced(garou, tmp_path):
    """One card a player: with one card less, a player's card could never be learned (the
    live game asked for it forever); --force deals a setup garou check refuses, not that."""
    record = tmp_path / "record.yaml"
    record.write_text(RECORD_WITH_COUNT.replace("COUNT", "5"), encoding="utf-8")
    db = str(tmp_path / "g.db")
    for force in ([], ["--force"]):
        run = garou("--lang", "en", "game", "import", str(record), "--db", db, *force)
        assert run.exit_code == 1 and "11 cards for 8 players" in run.stderr, run.stderr
        assert f"{record}:" in run.stderr
    assert garou("game", "list", "--db", db, "--json").json()["games"] == []


def _renamed(value: Any, names: dict[str, str]) -> Any:
    """``value`` with every player's name (a value or a key, at any depth) renamed."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list | tuple):
        return [_renamed(v, names) for v in value]
    if isinstance(value, dict):
        return {_renamed(k, names): _renamed(v, names) for k, v in value.items()}
    return value


_TRICKY = st.sampled_from([*"AbÉéßØ 'ʼ\":,;=#-[]{}!&*?|>%@`~.\\/0123", "\u00a0", "🐺", "ﬁ"])
_ANY_TEXT = st.one_of(  # mostly what a table might type, YAML's special characters among it
    st.text(_TRICKY, min_size=1, max_size=20),
    st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=60),
)


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(data=st.data())
def test_whatever_add_accepts_exports_and_imports_back_to_the_same_status(book, data):
    """Any names, game name, texts and clock times that recording a game accepts (the one
    check of the terminal, ``game add``, the phone's forms and an import) export to a
    record that imports back to the same game: nothing accepted is lost on the way."""
    import contextlib
    import tempfile

    from garou.core.errors import GarouError
    from garou.game.journal import open_journal
    from garou.game.record import dump_record, game_record, import_record

    evening = data.draw(st.sampled_from(sorted(GAMES.glob("*.yaml"))), label="evening")
    with tempfile.TemporaryDirectory() as folder, open_journal(Path(folder) / "a.sqlite") as j:
        played = j.events(import_record(j, book, evening))
        start = played[0].data
        names = dict(zip(start["players"], data.draw(
            st.lists(_ANY_TEXT, min_size=len(start["players"]),
                     max_size=len(start["players"]), unique=True), label="names"),
            strict=True))  # fmt: skip
        renamed = _renamed(dict(start), names) | {"name": data.draw(_ANY_TEXT, label="game")}
        try:
            game_id = session.new_game(j, book, renamed)
        except GarouError:
            assume(False)  # refused at entry, as it should be: nothing was recorded
        forms = iter(range(10**6))

        def add(kind: str, values: dict[str, Any]) -> None:
            # the terminal and game add record through record, the phone through record_form
            if data.draw(st.booleans(), label="from a phone"):
                session.record_form(j, book, game_id, f"form-{next(forms)}", kind, values, "en")
            else:
                session.record(j, book, game_id, kind, values, "en")

        upto = data.draw(st.integers(1, min(len(played) - 1, 12)), label="events kept")
        for event in played[1:upto]:
            try:
                add(event.kind, _renamed(event.data, names))
            except GarouError:
                break  # what was accepted so far is the game to export
        last = [e for e in j.events(game_id) if e.kind not in ("timer", "undo", "correct")][-1]
        extras = [
            ("timer", {"action": "start", "label": data.draw(_ANY_TEXT, label="label"),
                       "at": data.draw(st.floats(), label="at"), "seconds": 60}),
            ("correct", {"seq": last.seq, "why": data.draw(_ANY_TEXT, label="why"),
                         "event": {"kind": last.kind, **last.data}}),
        ]  # fmt: skip
        for kind, values in extras:
            with contextlib.suppress(GarouError):  # refused at entry: never recorded
                add(kind, values)
        path = Path(folder) / "out.yaml"
        path.write_text(dump_record(game_record(j, game_id)), encoding="utf-8")
        again = import_record(j, book, path, force=True)
        assert game_record(j, again)["events"] == game_record(j, game_id)["events"]
        first, second = (session.status(j, book, i, "en") for i in (game_id, again))
        assert second | {"id": game_id} == first


@pytest.mark.parametrize("order", ["0", "5", "-5"])
def test_an_unknown_rules_of_order_is_said_at_the_game_order_line(garou, tmp_path, order):
    record = tmp_path / "go.yaml"
    text = RECORD_WITH_COUNT.replace("COUNT", "2").replace(
        "game: {id: loup-garou, name: x, table: null, date: null}",
        f"game:\n  id: loup-garou\n  name: x\n  order: {order}",
    )
    record.write_text(text, encoding="utf-8")
    run = garou("--lang", "en", "game", "import", str(record), "--db", str(tmp_path / "g.db"))
    assert run.exit_code == 1 and f"{record}:4 (game.order)" in run.stderr, run.stderr
