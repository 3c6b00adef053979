"""The review's findings of the fixb wave: each test fails on the tree before its fix."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from garou.game import session
from garou.game.journal import open_journal
from garou.game.table import announcement

from .conftest import REPO, play_then_stop
from .helpers import MAFIA_DEAL, NAMES, lg_setup, lg_start_of

GAMES = REPO / "tests" / "data" / "games"
LG_RECORDS = sorted(p for p in GAMES.glob("*.yaml") if not p.name.startswith("mafia-"))
NIGHT_WORDS = {"en": ("Tonight", "wakes up", "died tonight"), "fr": ("Cette nuit", "se réveille")}
VOTE_WORDS = {"en": "has voted", "fr": "a voté"}


def _load(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


# --- 6: what is read aloud says what happened in the phase ---------------------------------


def _said(state, lang: str) -> str:
    return " ".join(p.say(lang) for p in announcement(state)).replace("\u00a0", " ")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("record", LG_RECORDS, ids=lambda p: p.stem)
def test_each_announcement_says_the_phase_it_closes(journal, book, record, lang):
    data = _load(record)
    game_id = session.new_game(journal, book, lg_start_of(data))
    told = 0
    for event in data["events"]:
        kind = event["kind"]
        values = {k: v for k, v in event.items() if k != "kind"}
        state = session.record(journal, book, game_id, kind, values, lang).state
        text = _said(state, lang)
        if kind not in ("dawn", "vote"):
            assert text == "", (kind, text)
            continue
        if kind == "vote" and state.tied and state.vote_round == "revote":
            assert text == ""  # a tie announces nothing yet: the revote comes
            continue
        told += 1
        if kind == "dawn":
            assert any(w in text for w in NIGHT_WORDS[lang]), text
            assert VOTE_WORDS[lang] not in text
        else:
            assert VOTE_WORDS[lang] in text, text
            assert not any(w in text for w in NIGHT_WORDS[lang]), text
        for name, _, _ in state.told_deaths:
            role = state.game.role(state.role_of(name)).name.get(lang)
            assert f"{name} ({role})" in text
            # no shot said apart: it would tell the order of events (loup-garou.txt)
            assert not re.search(r"\b(shoots|tire)\b", text), text
    assert told


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_terminal_reads_the_vote_as_a_vote(garou, tmp_path, lang):
    db = str(tmp_path / "g.sqlite")
    setup = lg_setup(tmp_path, {"loup-garou": 1, "voyante": 1, "villageois": 3}, NAMES[:5])
    garou(
        "game", "new", "--setup", str(setup), "--db", db, "--deal", "Alice=loup-garou,Bruno=voyante"
    )
    answers = [
        "",
        "Alice",
        "Chloé",
        "oui",
        "",
        "",
        "Bruno",
        "non",
        "Alice",
        "Alice",
        "Driss",
        "Alice",
    ]
    run = garou("game", "play", "--db", db, "--lang", lang, input="\n".join(answers) + "\n")
    out = " ".join(run.stdout.replace("\u00a0", " ").split())
    card = {"en": "Werewolf", "fr": "Loup-Garou"}[lang]
    assert f"{VOTE_WORDS[lang]}: Alice ({card})" in out.replace(" :", ":"), out
    # the morning's announcement came once, before the vote; the vote's is not a night's
    after_vote = out[out.index(VOTE_WORDS[lang]) :]
    assert not any(w in after_vote for w in NIGHT_WORDS[lang])


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("record", LG_RECORDS, ids=lambda p: p.stem)
def test_the_web_reads_each_phase_as_what_happened(tmp_path, book, record, lang):
    from garou.web.app import WebConfig, create_app

    from .test_web_game import GameMaster, play

    db = tmp_path / "web.sqlite"
    data = _load(record)
    with open_journal(db) as journal:
        game_id = session.new_game(journal, book, lg_start_of(data))
    client = create_app(WebConfig(db=db)).test_client()
    gm = GameMaster(client, game_id, lang)
    seen: list[str] = []

    def check() -> None:
        html = gm.page()
        found = re.search(r"data-announcement>.*?</span>(.*?)</div>", html, re.S)
        if found:
            seen.append(" ".join(found.group(1).replace("\u00a0", " ").split()))

    play(gm, data["events"], after_each=check)
    votes = [s for s in seen if VOTE_WORDS[lang] in s]
    assert votes or not any(e["kind"] == "vote" for e in data["events"])
    for text in votes:
        assert not any(w in text for w in NIGHT_WORDS[lang]), text


# --- 2: a played evening, every event kind, survives export then import ---------------------


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
    from garou.game.record import dump_record, record_to_dict
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
        path.write_text(dump_record(record_to_dict(journal, game_id)), encoding="utf-8")
    return path


def _evenings(tmp_path: Path) -> list[Path]:
    extra = tmp_path / "roles-first.yaml"
    extra.write_text(ROLES_FIRST, encoding="utf-8")
    return [*sorted(GAMES.glob("*.yaml")), extra, _table_decides(tmp_path / "table.yaml")]


@pytest.mark.parametrize("index", range(len(list(GAMES.glob("*.yaml"))) + 2))
def test_a_played_evening_survives_export_then_import(journal, book, tmp_path, index):
    from garou.game.record import dump_record, import_record, record_to_dict

    first = import_record(journal, book, _evenings(tmp_path)[index])
    _extras(journal, book, first)
    path = tmp_path / "out.yaml"
    path.write_text(dump_record(record_to_dict(journal, first)), encoding="utf-8")
    second = import_record(journal, book, path, force=True)
    assert record_to_dict(journal, second) == record_to_dict(journal, first)
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


def test_a_timer_typed_at_the_command_line_reads_its_time(garou, tmp_path):
    db = str(tmp_path / "g.sqlite")
    garou("game", "import", str(GAMES / "parity.yaml"), "--db", db)
    garou("game", "undo", "--db", db)
    for at in ("1796135391", "1796135391.663"):
        run = garou(
            "game", "add", "timer", "action=start", "label=debate:d1", f"at={at}",
            "seconds=300", "--db", db, "--lang", "en",
        )  # fmt: skip
        assert run.exit_code == 0, run.stderr


# --- 3: the ballots typed survive a Ctrl-C, a crash or a reloaded page -----------------------

TABLE6 = {"loup-garou": 1, "voyante": 1, "villageois": 3}
DEAL6 = "Alice=loup-garou,Bruno=voyante"
TO_THE_VOTE = ["", "Alice", "Chloé", "oui", "", "", "Bruno", "non"]  # night 1, captain Bruno


def _six(garou, tmp_path: Path) -> str:
    db = str(tmp_path / "g.sqlite")
    setup = lg_setup(tmp_path, TABLE6, NAMES[:5])
    garou("game", "new", "--setup", str(setup), "--db", db, "--deal", DEAL6)
    return db


@pytest.mark.parametrize("stop", ["eof", "ctrl-c"])
def test_the_ballots_typed_before_a_stop_are_kept_and_the_vote_resumes(
    garou, tmp_path, monkeypatch, stop
):
    db = _six(garou, tmp_path)
    first = [*TO_THE_VOTE, "Driss", ""]  # Alice's ballot, Bruno's (no vote); then the stop
    play_then_stop(garou, monkeypatch, db, first, "Emma\n", stop)
    exported = garou("game", "export", "--db", db).stdout
    assert yaml.safe_load(exported)["events"][-1]["kind"] == "election"  # no vote yet
    run = garou("game", "play", "--db", db, "--lang", "en", input="Alice\nAlice\nq\n")
    out = " ".join(run.stdout.split())
    assert "Bruno votes against" not in out and "Driss votes against" in out  # resumed
    assert "Debate" not in out  # the debate was held before the stop
    events = garou("game", "export", "--db", db).stdout
    vote = yaml.safe_load(events)["events"][-1]
    assert vote == {
        "kind": "vote",
        "votes": {"Alice": "Driss", "Driss": "Alice", "Emma": "Alice"},
    }


def test_a_draft_is_forgotten_once_another_event_is_recorded(tmp_path, book):
    with open_journal(tmp_path / "g.sqlite") as journal:
        data = {"game": "loup-garou", "name": None, "players": NAMES[:5], "roles": TABLE6,
                "agreement": {}, "table": None, "date": None, "deal": {}}  # fmt: skip
        game_id = session.new_game(journal, book, data)
        journal.save_draft(game_id, "ballot", {"votes": {"Alice": "Bruno"}})
        assert journal.draft(game_id, "ballot") == {"votes": {"Alice": "Bruno"}}
        session.record(journal, book, game_id, "timer", {"action": "start", "label": "x",
                       "at": 1.5, "seconds": 60})  # fmt: skip
        assert journal.draft(game_id, "ballot") is not None  # a countdown changes nothing
        session.record(journal, book, game_id, "call", {"step": "couple"})
        assert journal.draft(game_id, "ballot") is None


def test_the_web_ballots_waiting_for_the_captain_survive_a_reload(tmp_path, book):
    from garou.game.start import start_data
    from garou.web.app import WebConfig, create_app

    from .test_web_game import GameMaster

    db = tmp_path / "web.sqlite"
    deal = dict(pair.split("=") for pair in DEAL6.split(","))
    with open_journal(db) as journal:
        game_id = session.new_game(
            journal, book, start_data(book, lg_setup(tmp_path, TABLE6, NAMES[:5]), deal=deal)
        )
        for kind, data in [("look", {"target": "Alice"}), ("kill", {"victim": "Chloé"}),
                           ("dawn", {}), ("election", {"captain": "Bruno"})]:  # fmt: skip
            session.record(journal, book, game_id, kind, data, "en")
    client = create_app(WebConfig(db=db)).test_client()
    gm = GameMaster(client, game_id, "en")
    ballots = {"Alice": "Driss", "Bruno": "Emma", "Driss": "Emma", "Emma": "Driss"}
    asked = gm.send("vote", {"how": "ballots", **{f"vote.{k}": v for k, v in ballots.items()}})
    assert asked.status_code == 200 and "data-pending" in asked.text
    reloaded = gm.page()  # the phone reloads, or another phone opens the page
    assert "data-pending" in reloaded and 'data-choice="Emma"' in reloaded
    base = re.search(r'name="base" value="([^"]+)"', reloaded)
    assert base
    form = {**gm.fields(reloaded), "kind": "vote", "captain_pick": "Emma",
            "base": base.group(1).replace("&#34;", '"').replace("&quot;", '"')}  # fmt: skip
    assert gm.post("record", form).status_code == 303
    with open_journal(db) as journal:
        last = journal.events(game_id)[-1]
    assert last.kind == "vote" and last.data["captain_pick"] == "Emma"
    assert last.data["votes"] == ballots
    assert "data-pending" not in gm.page()


# --- 7: a game command without an id acts on the game last written to, and says which -------

MAFIA = ["--game", "mafia", "--names", "1,2,3,4,5,6,7,8,9,10", "--deal", MAFIA_DEAL]


def _two_games(garou, tmp_path: Path) -> str:
    db = str(tmp_path / "g.sqlite")
    setup = lg_setup(tmp_path, {"loup-garou": 2, "voyante": 1, "villageois": 5}, NAMES)
    garou("game", "new", "--setup", str(setup), "--name", "Table A", "--db", db)
    garou("game", "new", *MAFIA, "--db", db)
    return db


def test_undo_without_an_id_undoes_the_game_last_written_to_and_names_it(garou, tmp_path):
    db = _two_games(garou, tmp_path)
    assert garou("game", "add", "day", "--id", "2", "--db", db).exit_code == 0
    before = garou("game", "status", "1", "--db", db, "--json").json()
    assert garou("game", "add", "call", "step=voyante", "--id", "1", "--db", db).exit_code == 0
    run = garou("game", "undo", "--db", db, "--lang", "en")
    assert run.exit_code == 0
    assert run.stdout.startswith("Game 1 (Table A): event 2 undone (the call of Seer)")
    one = garou("game", "status", "1", "--db", db, "--json").json()
    two = garou("game", "status", "2", "--db", db, "--json").json()
    assert one == before and two["day"] == 1  # game 2's morning untouched
    # the undo marker is a write: the bare status shows game 1 too, then game 2 once touched
    assert garou("game", "status", "--db", db, "--json").json()["id"] == 1
    garou("game", "undo", "--id", "2", "--db", db)
    assert garou("game", "status", "--db", db, "--json").json()["id"] == 2


def test_every_game_command_that_takes_a_game_takes_id_too(garou, tmp_path):
    import inspect

    from garou.cli.commands import game as commands

    taking = [
        name.removesuffix("_command")
        for name, fn in vars(commands).items()
        if name.endswith("_command") and "game_id" in inspect.signature(fn).parameters
    ]
    assert {"undo", "status", "recap", "export", "play", "add", "correct"} <= set(taking)
    db = _two_games(garou, tmp_path)
    for name in taking:
        helped = garou("game", name, "--help", "--lang", "en")
        assert "--id" in helped.stdout, name
    for args in (["status"], ["recap"], ["export"], ["points"], ["protocol", "-o", "-"]):
        by_option = garou("game", *args, "--id", "2", "--db", db, "--lang", "en")
        positional = garou("game", *args, "2", "--db", db, "--lang", "en")
        assert by_option.exit_code == positional.exit_code, (args, by_option.stderr)
        assert by_option.stdout == positional.stdout, args
    both = garou("game", "status", "1", "--id", "2", "--db", db, "--lang", "en")
    assert both.exit_code == 2 and "two games" in both.stderr


# --- 10: the event numbers garou game correct needs are shown --------------------------------


@pytest.mark.parametrize("record", sorted(GAMES.glob("*.yaml")), ids=lambda p: p.stem)
def test_recap_and_export_show_each_events_number(garou, tmp_path, record):
    db = str(tmp_path / "g.sqlite")
    garou("game", "import", str(record), "--db", db)
    with open_journal(db) as journal:
        events = journal.events(1)
    exported = garou("game", "export", "--db", db).stdout
    lines = exported.split("events:", 1)[1].splitlines()[1:]
    assert [int(line.rsplit("# ", 1)[1]) for line in lines] == [e.seq for e in events[1:]]
    for line, event in zip(lines, events[1:], strict=True):
        assert yaml.safe_load(line.strip()[2:])["kind"] == event.kind
    recap = garou("game", "recap", "--db", db, "--json").json()
    told = {line["seq"] for part in recap["timeline"] for line in part["lines"]}
    assert told and told <= {e.seq for e in events} | {0}
    text = garou("game", "recap", "--db", db, "--lang", "en").stdout
    shown = {int(n) for n in re.findall(r"^\s+#(\d+) ", text, re.M)}
    assert shown - {1} == told - {0, 1}


def test_correct_takes_the_number_the_recap_shows(garou, tmp_path):
    db = str(tmp_path / "g.sqlite")
    garou("game", "import", str(GAMES / "parity.yaml"), "--db", db)
    text = garou("game", "recap", "--db", db, "--lang", "en").stdout
    number = re.search(r"#(\d+) The wolves \([^)]*\) choose (\w+)", text)
    assert number
    with open_journal(db) as journal:
        event = journal.events(1)[int(number.group(1)) - 1]
    assert event.kind == "kill" and event.data["victim"] == number.group(2)
    helped = garou("game", "correct", "--help", "--lang", "en").stdout
    assert "#N" in helped and "recap" in helped and "export" in helped


# --- 14: night steps said and read by their roles' names, in both languages -----------------

STEPS12 = {"loup-garou": 2, "voyante": 1, "sorciere": 1, "cupidon": 1, "villageois": 3}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_night_step_is_called_by_a_role_name_of_either_language(journal, book, tmp_path, lang):
    from garou.core.names import fold
    from garou.game.start import start_data

    game_id = session.new_game(journal, book, start_data(book, lg_setup(tmp_path, STEPS12)))
    state = session.load(journal, book, game_id, lang).state
    ids = [s.id for s in state.steps()]
    for step in state.steps():
        name = state.game.role(step.roles[0]).name.get(lang)
        typed = fold(name) if lang == "fr" else name.upper()  # accents and case optional
        after = session.record(journal, book, game_id, "call", {"step": typed}, lang).state
        assert step.id in after.done
    other = "fr" if lang == "en" else "en"
    session.undo(journal, book, game_id)
    last = state.game.role(state.steps()[-1].roles[0]).name.get(other)
    assert session.record(journal, book, game_id, "call", {"step": last}, lang).state.done
    assert ids


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_night_refusals_name_the_steps_in_the_language(garou, tmp_path, book, lang):
    db = str(tmp_path / "g.sqlite")
    garou("game", "new", "--setup", str(lg_setup(tmp_path, STEPS12)), "--db", db)
    game = book.game("loup-garou")
    ids = {s.id for s in (*game.night.first, *game.night.every)} - {
        fold for r in game.roles for fold in (r.name.fr.lower(), r.name.en.lower())
    }
    said = []
    tries = ["potions poison=Emma", "call step=xyz", "call step=cupidon", "call step=cupidon",
             "call step=voyante", "call step=couple"]  # fmt: skip
    for args in (t.split() for t in tries):
        run = garou("game", "add", *args, "--db", db, "--lang", lang)
        said.append(run.stderr)
    text = " ".join(said).replace("\u00a0", " ")
    assert text.count("Error" if lang == "en" else "Erreur") >= 4, text
    for step_id in ids:
        assert not re.search(rf"['«] ?{step_id}\b", text), (step_id, text)
    witch = game.role("sorciere").name.get(lang)
    assert witch in text


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("game_id", "other"), [("loup-garou", "mafia"), ("mafia", "loup-garou")])
def test_check_says_a_card_of_the_other_game_is_the_other_games(garou, book, game_id, other, lang):
    mine = book.game(game_id)
    for role in book.game(other).roles:
        if any(role.id == r.id for r in mine.roles):
            continue
        run = garou("check", "--game", game_id, "--roles", f"{role.id}=1,{mine.roles[0].id}=9",
                    "--lang", lang, "--json")  # fmt: skip
        text = run.stdout.replace("\u00a0", " ")
        assert book.game(other).info.name.get(lang) in text and role.name.get(lang) in text, text
        assert "did you mean" not in text and "vouliez-vous" not in text, text


# --- 16: a player's name in any case and without its accents, wherever an event is typed ----

ACCENTED = ["Ana", "Bob", "Chloé", "Driss", "Émile", "Fay", "Gaëlle", "Hugo"]


def test_add_correct_and_import_read_names_whatever_their_case_and_accents(garou, tmp_path):
    db = str(tmp_path / "g.sqlite")
    roles = {"loup-garou": 2, "voyante": 1, "cupidon": 1, "villageois": 4}
    setup = lg_setup(tmp_path, roles, ACCENTED)
    deal = "Ana=loup-garou,Bob=loup-garou,Chloé=voyante,Driss=cupidon"
    garou("game", "new", "--setup", str(setup), "--db", db, "--deal", deal)
    for event in ("couple", "lovers=[emile, GAELLE]", "by=driss"), ("look", "target=ANA"), (
        "kill", "victim=chloe", "by=[ana, bob]"):  # fmt: skip
        run = garou("game", "add", *event, "--db", db, "--lang", "en")
        assert run.exit_code == 0, (event, run.stderr)
    fixed = garou("game", "correct", "4", "kill", "victim=HUGO", "--why", "x", "--db", db)
    assert fixed.exit_code == 0, fixed.stderr
    record = yaml.safe_load(garou("game", "export", "--db", db).stdout)
    assert record["events"][0]["lovers"] == ["Émile", "Gaëlle"]
    assert record["events"][1]["target"] == "Ana" and record["events"][2]["victim"] == "Chloé"
    assert record["events"][3]["event"]["victim"] == "Hugo"
    # the same record typed carelessly imports as the same game
    for event in record["events"]:
        for key in ("lovers", "by"):
            if isinstance(event.get(key), list):
                event[key] = [n.lower() for n in event[key]]
    record["events"][2]["victim"] = "CHLOE"
    careless = tmp_path / "careless.yaml"
    careless.write_text(yaml.safe_dump(record, allow_unicode=True), encoding="utf-8")
    assert garou("game", "import", str(careless), "--db", db, "--force").exit_code == 0
    again = yaml.safe_load(garou("game", "export", "2", "--db", db).stdout)
    assert (
        again["events"] == yaml.safe_load(garou("game", "export", "1", "--db", db).stdout)["events"]
    )


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


# --- 17: nobody whose card is known is offered, or taken, as another role's holder ----------


def test_who_wakes_up_never_offers_a_known_card_and_refuses_it_at_once(garou, tmp_path):
    db = str(tmp_path / "g.sqlite")
    roles = {"loup-garou": 2, "voyante": 1, "cupidon": 1, "villageois": 4}
    garou("game", "new", "--setup", str(lg_setup(tmp_path, roles)), "--db", db)
    answers = ["Alice", "Bruno, Chloé", "Alice", "Driss", "Emma", "Villager", "Alice, Driss", "q"]
    run = garou("game", "play", "--db", db, "--lang", "en", input="\n".join(answers) + "\n")
    out = " ".join(run.stdout.split())
    seer = re.findall(r"Who wakes up \(Seer, 1 player\)\? \(([^)]*)\)", out)
    assert len(seer) == 2 and all("Alice" not in s.split(", ") for s in seer)  # asked again
    assert "Give 1 name among Bruno" in out  # Alice (Cupid) refused at once
    wolves = re.findall(r"Who wakes up \(Werewolf, 2 players\)\? \(([^)]*)\)", out)
    assert wolves and not {"Alice", "Driss"} & set(wolves[0].split(", "))
    status = garou("game", "status", "--db", db, "--json").json()
    assert status["looks"][0]["target"] == "Emma"  # nothing lost on the way


def test_a_refusal_with_a_hint_is_two_sentences(journal, book, tmp_path):
    from garou.game.errors import IllegalEventError
    from garou.game.start import start_data

    roles = {"loup-garou": 2, "voyante": 1, "cupidon": 1, "villageois": 4}
    data = start_data(book, lg_setup(tmp_path, roles), deal={"Alice": "cupidon"})
    game_id = session.new_game(journal, book, data)
    with pytest.raises(IllegalEventError) as refused:
        session.record(journal, book, game_id, "roles", {"roles": {"Alice": "voyante"}}, "en")
    assert re.search(r"Cupid\. \S", refused.value.message("en")), refused.value.message("en")


# --- 19: the Mafia speech prompt says an unknown word is no command --------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_speech_prompt_answers_an_unknown_word_with_the_commands(garou, tmp_path, lang):
    db = str(tmp_path / "g.sqlite")
    garou("game", "new", *MAFIA, "--db", db)
    garou("game", "add", "day", "--db", db)
    run = garou("game", "play", "--db", db, "--lang", lang, "--no-countdown",
                input="help\n2\nbonjour tout\nq\n")  # fmt: skip
    out = " ".join(run.stdout.replace("\u00a0", " ").split())
    unknown = {"en": "unknown command", "fr": "commande inconnue"}[lang]
    assert out.count(unknown) == 2 and ("'2'" in out or "« 2 »" in out), out
    assert out.count("foul NAME" if lang == "en" else "faute NOM") >= 3  # the list, each time
    exported = yaml.safe_load(garou("game", "export", "--db", db).stdout)
    assert [e["kind"] for e in exported["events"]] == ["day"]  # nothing recorded meanwhile


# --- 21: a reading command never turns a file into a journal ---------------------------------

READING = [["list"], ["status"], ["recap"], ["export"], ["points"], ["protocol", "-o", "-"],
           ["undo"], ["add", "dawn"], ["play"]]  # fmt: skip


@pytest.mark.parametrize("args", READING, ids=lambda a: a[0])
def test_an_empty_file_is_no_journal_and_stays_empty(garou, tmp_path, args):
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    run = garou("game", *args, "--db", str(empty), "--lang", "en", input="q\n")
    assert run.exit_code == 1 and "no game journal" in run.stderr, run.stderr
    assert empty.read_bytes() == b""
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("empty")) == [
        "empty.sqlite"
    ]


def test_new_still_starts_a_journal_in_an_empty_file(garou, tmp_path):
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    setup = lg_setup(tmp_path, {"loup-garou": 2, "voyante": 1, "villageois": 5})
    assert garou("game", "new", "--setup", str(setup), "--db", str(empty)).exit_code == 0
    assert garou("game", "list", "--db", str(empty), "--json").exit_code == 0


# --- 9: every web names field says the server's rule: one name a line ------------------------

NAME_PAGES = ["/house?game=loup-garou", "/house?game=mafia", "/game"]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("path", NAME_PAGES)
def test_each_web_names_field_says_one_name_a_line(tmp_path, lang, path, private_cache):
    from garou.web.app import WebConfig, create_app

    client = create_app(WebConfig(db=tmp_path / "g.sqlite")).test_client()
    html = client.get(f"{path}&lang={lang}" if "?" in path else f"{path}?lang={lang}").text
    fields = re.findall(r'<textarea name="(?:names|players)"', html)
    assert fields, html[:500]
    for found in re.finditer(r'<textarea name="(?:names|players)"', html):
        label = html[html.rfind("<label", 0, found.start()) : found.start()]
        label = " ".join(re.sub(r"<[^>]+>", " ", label).split()).lower()
        assert "virgule" not in label and "comma" not in label, label
        block = html[html.rfind("<label", 0, found.start()) : found.start() + 1500]
        block = " ".join(re.sub(r"<[^>]+>", " ", block).split()).lower()
        assert ("par ligne" in block) if lang == "fr" else ("a line" in block), block
