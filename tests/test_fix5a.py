"""The fifth hostile review's findings on the journal, the club and the command line."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.conftest import REPO

GAMES = REPO / "tests" / "data" / "games"
RECORD = GAMES / "mafia-town-wins.yaml"


def _season(garou, tmp_path, count=3):
    """A journal of ``count`` finished Mafia evenings (the same record, forced in)."""
    db = str(tmp_path / "club.sqlite")
    for _ in range(count):
        made = garou("game", "import", str(RECORD), "--db", db, "--force")
        assert made.exit_code == 0, made.stderr
    return db


def _edit(db, game_id, seq, column, value):
    with sqlite3.connect(db) as c:
        c.execute(
            f"UPDATE events SET {column} = ? WHERE game_id = ? AND seq = ?", (value, game_id, seq)
        )


def _kind(db, game_id, seq):
    with sqlite3.connect(db) as c:
        return c.execute(
            "SELECT kind FROM events WHERE game_id = ? AND seq = ?", (game_id, seq)
        ).fetchone()[0]


# --- F1: a damaged event is one message naming the journal, the game and the event ----


@pytest.mark.parametrize("data", ['{"by": "Ana"', "not json", "[]", "null", '"x"'])
def test_a_damaged_event_is_named_never_a_traceback(garou, tmp_path, data):
    db = _season(garou, tmp_path)
    _edit(db, 2, 5, "data", data)
    kind = _kind(db, 2, 5)
    for lang in ("en", "fr"):
        status = garou("--lang", lang, "game", "status", "2", "--db", db)
        assert status.exit_code == 1
        assert "Traceback" not in status.stderr + status.stdout
        assert "2" in status.stderr and "5" in status.stderr and kind in status.stderr
        assert ("journal" in status.stderr) and ("abîmé" in status.stderr) == (lang == "fr")
    said = garou("--lang", "en", "--json", "game", "status", "2", "--db", db)
    error = said.json()["error"]
    assert said.exit_code == 1 and "game 2, event 5" in error["message"]
    listed = garou("--lang", "en", "--json", "game", "list", "--db", db).json()["games"]
    assert [g["id"] for g in listed] == [1, 2, 3]
    assert [bool(g["damaged"]) for g in listed] == [False, True, False]
    assert listed[0]["winner"] and listed[2]["winner"]
    table = garou("--lang", "en", "game", "list", "--db", db)
    assert table.exit_code == 0 and "damaged" in table.stdout and "event 5" in table.stdout


# --- F2: one game that no longer replays is left out of the season, named -------------


@pytest.mark.parametrize(
    "column, value",
    [("data", '{"votes": "oops"}'), ("kind", "zzz"), ("data", '{"by": 5}'), ("delete", None)],
)
def test_one_broken_game_is_left_out_of_the_standings_and_named(garou, tmp_path, column, value):
    db = _season(garou, tmp_path)
    whole = garou("--json", "club", "standings", "--db", db).json()
    assert whole["games"] == [1, 2, 3] and whole["left_out"] == []
    if column == "delete":
        with sqlite3.connect(db) as c:
            c.execute("DELETE FROM events WHERE game_id = 2 AND seq = 2")
        seq = 3  # the first event the rules refuse once the row before it is gone
    else:
        seq = 12
        _edit(db, 2, seq, column, value)
    said = garou("--lang", "en", "--json", "club", "standings", "--db", db)
    assert said.exit_code == 0, said.stdout
    table = said.json()
    assert table["games"] == [1, 3]
    (left,) = table["left_out"]
    assert left["id"] == 2 and left["name"] == "La Ville gagne"
    assert (
        "game 2 (La Ville gagne)" in left["message"]
        and "nothing was recorded" not in left["message"]
    )
    assert left["seq"] is not None and f"event {left['seq']}" in left["message"]
    ana = next(p for p in table["players"] if p["name"] == "Ana")
    assert ana["games"] == 2  # the other evenings are counted as before
    for lang, word in (("fr", "laissée de côté"), ("en", "left out")):
        text = garou("--lang", lang, "club", "standings", "--db", db)
        assert text.exit_code == 0 and word in text.stdout
        assert "Traceback" not in text.stdout + text.stderr
    status = garou("--lang", "fr", "game", "status", "2", "--db", db)
    assert status.exit_code == 1 and "partie 2 (La Ville gagne)" in status.stderr
    assert "rien n'a été enregistré" not in status.stderr


# --- F3: the same record imported twice is refused, naming the game it duplicates ------


def test_a_record_already_in_the_journal_is_refused_unless_forced(garou, tmp_path):
    db = str(tmp_path / "j.sqlite")
    assert garou("game", "import", str(RECORD), "--db", db).exit_code == 0
    for lang, words in (("en", "it is game 1 (La Ville gagne"), ("fr", "c'est la partie 1")):
        again = garou("--lang", lang, "game", "import", str(RECORD), "--db", db)
        assert again.exit_code == 1 and words in again.stderr and "--force" in again.stderr
    said = garou("--json", "game", "import", str(RECORD), "--db", db)
    assert said.exit_code == 1 and said.json()["error"]["type"] == "DuplicateRecordError"
    assert [g["id"] for g in garou("--json", "game", "list", "--db", db).json()["games"]] == [1]
    # an exported game (a backup) restored onto the journal it came from: the same refusal
    exported = tmp_path / "back.yaml"
    assert garou("game", "export", "1", "--db", db, "-o", str(exported)).exit_code == 0
    assert garou("game", "import", str(exported), "--db", db).exit_code == 1
    # another evening (one event more, or another date) is no copy
    other = tmp_path / "other.yaml"
    other.write_text(RECORD.read_text().replace("date: null", "date: '2026-12-09'", 1))
    assert garou("game", "import", str(other), "--db", db).exit_code == 0
    forced = garou("--json", "game", "import", str(RECORD), "--db", db, "--force")
    assert forced.exit_code == 0 and forced.json()["id"] == 3
    table = garou("--json", "club", "standings", "--db", db).json()
    assert table["games"] == [1, 2, 3]


# --- F19: one date reader for every option and file that takes a date, kept ISO --------

NAMES = "Ana,Bob,Cid,Dan,Eve,Fay,Gus,Hal,Ivy,Jon"


@pytest.mark.parametrize("written", ["15/12/2026", "15.12.2026", "2026-12-15"])
def test_a_french_date_is_read_day_first_and_kept_iso(garou, tmp_path, written):
    db = str(tmp_path / "d.sqlite")
    made = garou("game", "new", "--game", "mafia", "--names", NAMES, "--seed", "7",
                 "--date", written, "--db", db)  # fmt: skip
    assert made.exit_code == 0, made.stderr
    assert "date: '2026-12-15'" in garou("game", "export", "--db", db).stdout
    dated = tmp_path / "dated.yaml"
    dated.write_text(RECORD.read_text().replace("date: null", f"date: '{written}'", 1))
    assert garou("game", "import", str(dated), "--db", db).exit_code == 0
    assert "date: '2026-12-15'" in garou("game", "export", "2", "--db", db).stdout
    # the season's bounds, written either way, compared as dates
    for since, until, games in (
        ("01/12/2026", "31/12/2026", [2]),
        ("16/12/2026", None, []),
        (None, "14.12.2026", []),
        ("2026-12-15", "15/12/2026", [2]),
    ):
        bounds = [*(["--from", since] if since else []), *(["--to", until] if until else [])]
        table = garou("--json", "club", "standings", *bounds, "--db", db)
        assert table.exit_code == 0 and table.json()["games"] == games, bounds
        assert table.json()["since"] in (None, "2026-12-01", "2026-12-16", "2026-12-15")


@pytest.mark.parametrize("bad", ["2026-02-30", "30/02/2026", "31.04.2026", "2026/12/10", "soon"])
def test_a_date_that_is_none_is_refused_where_it_was_written(garou, tmp_path, bad):
    db = str(tmp_path / "d.sqlite")
    for option in ("--from", "--to"):
        said = garou("--lang", "fr", "club", "standings", option, bad, "--db", db)
        assert said.exit_code == 2 and option in said.stderr and bad in said.stderr
    made = garou("--lang", "en", "game", "new", "--game", "mafia", "--names", NAMES,
                 "--date", bad, "--db", db)  # fmt: skip
    assert made.exit_code == 2 and "--date" in made.stderr and bad in made.stderr
    dated = tmp_path / "dated.yaml"
    dated.write_text(RECORD.read_text().replace("date: null", f"date: '{bad}'", 1))
    imported = garou("--lang", "en", "game", "import", str(dated), "--db", db)
    assert imported.exit_code == 1 and "dated.yaml:9 (game.date)" in imported.stderr
    assert (
        not (tmp_path / "d.sqlite").exists()
        or garou("--json", "game", "list", "--db", db).json()["games"] == []
    )


# --- F13: a key given twice is refused, on the terminal and on the phone ---------------


@pytest.mark.parametrize(
    "pairs",
    [["player=Gus", "player=Hal"], ["player=Gus", " player =Gus"], ["player=Gus", "player="]],
)
def test_a_key_given_twice_is_refused_on_the_terminal(garou, tmp_path, pairs):
    db = str(tmp_path / "k.sqlite")
    assert garou("game", "new", "--game", "mafia", "--names", NAMES, "--seed", "7",
                 "--db", db).exit_code == 0  # fmt: skip
    assert garou("game", "add", "day", "--db", db).exit_code == 0
    before = garou("game", "export", "--db", db).stdout
    for lang, words in (("en", "player is given more than once"), ("fr", "player est donné")):
        added = garou("--lang", lang, "game", "add", "foul", *pairs, "--db", db)
        assert added.exit_code == 2 and words in added.stderr, added.stderr
        fixed = garou("--lang", lang, "game", "correct", "2", "foul", *pairs, "--why", "x",
                      "--db", db)  # fmt: skip
        assert fixed.exit_code == 2 and words in fixed.stderr
    assert garou("game", "export", "--db", db).stdout == before


def test_a_key_given_twice_is_refused_in_the_phone_s_correction_box(tmp_path, book):
    pytest.importorskip("flask", reason="garou serve needs Flask (pip install -e .)")
    from garou.game.journal import open_journal
    from garou.web import WebConfig, create_app
    from tests.web.test_mafia import FakeClock, Judge, load, new_game

    db = tmp_path / "web.sqlite"
    client = create_app(WebConfig(db=db, clock=FakeClock())).test_client()
    game_id = new_game(db, book, load(RECORD))
    judge = Judge(client, game_id)
    judge.send("day", {})
    judge.send("nominate", {"by": "Ana", "nominee": "Bob"})
    with open_journal(db) as journal:
        seq = journal.events(game_id)[-1].seq
        count = len(journal.events(game_id))
    values = "by=Ana\nnominee=Bob\nnominee=Cid"
    sent = judge.post("correct", {"seq": str(seq), "kind": "", "values": values, "why": "x"})
    assert sent.status_code == 400 and "nominee is given more than once" in sent.text
    with open_journal(db) as journal:
        assert len(journal.events(game_id)) == count


# --- F5: a read-only journal can still be read; writing says so in the user's language --


@pytest.fixture
def read_only(tmp_path, monkeypatch, garou):
    """A journal of one finished evening whose file and folder cannot be written (the
    permission bits honoured even for root, who would otherwise write anyway)."""
    import os
    import stat

    folder = tmp_path / "share"
    folder.mkdir()
    db = folder / "games.sqlite"
    assert garou("game", "import", str(RECORD), "--db", str(db)).exit_code == 0
    for extra in folder.iterdir():
        if extra != db:
            extra.unlink()
    db.chmod(0o444)
    folder.chmod(0o555)
    real = os.access

    def access(path, mode, *args, **kwargs):
        if mode & os.W_OK and not os.stat(path).st_mode & stat.S_IWUSR:
            return False
        return real(path, mode, *args, **kwargs)

    monkeypatch.setattr("garou.game.journal.os.access", access)
    yield str(db)
    folder.chmod(0o755)
    db.chmod(0o644)


def test_a_read_only_journal_is_read_and_refuses_writing_in_the_user_s_language(garou, read_only):
    before = Path(read_only).read_bytes()
    for command in (["game", "status"], ["game", "list"], ["club", "standings"],
                    ["game", "export", "-o", "-"], ["game", "recap"]):  # fmt: skip
        for lang in ("fr", "en"):
            said = garou("--lang", lang, *command, "--db", read_only)
            assert said.exit_code == 0, (command, said.stderr)
    for lang, words, foreign in (("fr", "ne peut qu'être lu", "read"), ("en", "can only be read",
                                 "lecture")):  # fmt: skip
        added = garou("--lang", lang, "game", "add", "day", "--db", read_only)
        text = added.stderr.replace(read_only, "FILE")
        assert added.exit_code == 1 and words in text
        assert "readonly" not in text and foreign not in text.replace(words, "")
    said = garou("--lang", "en", "--json", "game", "add", "day", "--db", read_only)
    assert said.exit_code == 1 and "can only be read" in said.json()["error"]["message"]
    assert Path(read_only).read_bytes() == before


# --- F4: the standings fold names as a game does ----------------------------------------


def test_the_standings_count_one_player_whatever_the_case_and_accents(garou, tmp_path):
    import re

    db = str(tmp_path / "s.sqlite")
    text = RECORD.read_text()
    variants = [
        text,
        re.sub(r"\bAna\b", "ana", text).replace("date: null", "date: '2026-12-09'", 1),
        re.sub(r"\bBob\b", "Bób", text).replace("date: null", "date: '2026-12-16'", 1),
        re.sub(r"\bAna\b", "ANA", text).replace("date: null", "date: '2026-12-23'", 1),
    ]
    for i, variant in enumerate(variants):
        path = tmp_path / f"g{i}.yaml"
        path.write_text(variant)
        made = garou("game", "import", str(path), "--db", db)
        assert made.exit_code == 0, made.stderr
    table = garou("--json", "club", "standings", "--db", db).json()
    by_name = {p["name"]: p for p in table["players"]}
    assert len(table["players"]) == 10
    assert by_name["Ana"]["games"] == 4 and sorted(by_name["Ana"]["spellings"]) == [
        "ANA",
        "Ana",
        "ana",
    ]
    assert by_name["Bob"]["games"] == 4 and by_name["Bob"]["spellings"] == ["Bob", "Bób"]
    assert by_name["Cid"]["spellings"] == ["Cid"]
    said = garou("--lang", "en", "club", "standings", "--db", db)
    assert "Counted as one player" in said.stdout and "Bób" in said.stdout


# --- F14: game correct says the correction, not the ruling of the game's last event ----


def test_game_correct_confirms_the_event_it_corrected(garou, tmp_path):
    db = str(tmp_path / "c.sqlite")
    assert garou("game", "new", "--game", "mafia", "--names", NAMES, "--seed", "7",
                 "--db", db, "--name", "Friday").exit_code == 0  # fmt: skip
    for event in (["day"], ["foul", "player=Dan"], ["foul", "player=Hal"]):
        assert garou("game", "add", *event, "--db", db).exit_code == 0
    fixed = garou("--lang", "en", "game", "correct", "3", "foul", "player=Jon", "--why", "x",
                  "--db", db)  # fmt: skip
    assert fixed.exit_code == 0, fixed.stderr
    out = " ".join(fixed.stdout.split())
    assert "Game 1 (Friday): event 3 corrected: a foul for Dan → a foul for Jon" in out
    assert "Foul for Jon" in out and "Hal" not in out
    data = garou("--json", "--lang", "en", "game", "correct", "3", "foul", "player=Ivy",
                 "--why", "y", "--db", db).json()  # fmt: skip
    assert data["corrected"]["target"] == 3 and "Ivy" in data["corrected"]["after"]
    assert "Jon" in data["corrected"]["before"] and data["id"] == 1


# --- F8: the first-group advice blames the players' number only when it is to blame ----


@pytest.mark.parametrize(
    "roles, fix",
    [
        ("sorciere=2,chasseur=2,loup-garou=3,villageois=3", "Replace 1 Witch card with 1 Seer"),
        ("chasseur=3,loup-garou=2,villageois=3", "Replace 2 Hunter cards with 1 Seer card"),
        ("loup-garou=5", None),
    ],
)
def test_the_first_group_advice_says_what_takes_the_room(garou, roles, fix):
    said = garou("--lang", "en", "--json", "check", "--game", "loup-garou", "--roles", roles)
    (advice,) = [c for c in said.json()["checks"] if c["id"] == "first-group"]
    assert "players they do not all fit" not in advice["message"], advice
    assert (advice.get("fix") or None) is None if fix is None else fix in advice["fix"]


# --- F9: a role the documents describe once, dealt twice, is said with garou's reading --


@pytest.mark.parametrize(
    "roles, copied",
    [
        ("sorciere=2,chasseur=2,loup-garou=2,villageois=4", {"sorciere", "chasseur"}),
        ("voyante=2,loup-garou=2,villageois=5", {"voyante"}),
        ("loup-garou=3,voyante,sorciere,villageois=5", set()),
    ],
)
def test_a_role_dealt_more_than_once_is_advised_as_garou_s_reading(garou, roles, copied):
    for lang, reading in (("en", "garou's reading"), ("fr", "lecture de garou")):
        said = garou("--lang", lang, "--json", "check", "--game", "loup-garou", "--roles", roles)
        found = [c for c in said.json()["checks"] if c["id"] == "role-copies"]
        assert {c["entry"].removeprefix("lg-role-") for c in found} == copied
        for advice in found:
            assert advice["status"] == "advice" and advice["fix"]
            if advice["entry"] == "lg-role-sorciere":
                assert reading in advice["message"]


# --- F6: one limit on a player's name for every face, saying which name ----------------


@pytest.mark.parametrize("length", [41, 300])
def test_a_name_too_long_for_the_phone_is_refused_on_every_face(garou, tmp_path, length):
    db = str(tmp_path / "n.sqlite")
    long = "B" * length
    names = NAMES.replace("Bob", long)
    made = garou("--lang", "en", "game", "new", "--game", "mafia", "--names", names,
                 "--seed", "2", "--db", db)  # fmt: skip
    assert made.exit_code == 1 and f"is {length} characters long: at most 40" in made.stderr
    record = tmp_path / "long.yaml"
    record.write_text(RECORD.read_text().replace("Bob", long))
    imported = garou("--lang", "fr", "game", "import", str(record), "--db", db)
    assert imported.exit_code == 1 and f"a {length} caractères" in imported.stderr
    fine = garou("game", "new", "--game", "mafia", "--names", NAMES.replace("Bob", "B" * 40),
                 "--seed", "2", "--db", db)  # fmt: skip
    assert fine.exit_code == 0, fine.stderr


# --- F7: garou's own role is marked on the agreement and in house show ------------------


def test_garou_s_own_role_is_marked_on_the_agreement_and_in_house_show(garou, tmp_path):
    with_cupid = tmp_path / "a.yaml"
    made = garou("--lang", "en", "house", "pick", "--game", "loup-garou", "--defaults",
                 "--players", "8", "--roles", "loup-garou=2,voyante,cupidon,villageois=4",
                 "-o", str(with_cupid))  # fmt: skip
    assert made.exit_code == 0, made.stderr
    for lang, cupid, note in (
        ("en", "Cupid", "garou addition"),
        ("fr", "Cupidon", "Ajout de garou"),
    ):
        sheet = garou("--lang", lang, "print", "agreement", str(with_cupid), "-f", "md", "-o", "-")
        assert sheet.exit_code == 0, sheet.stderr
        assert f"1 × {cupid}\\*" in sheet.stdout and note in sheet.stdout
        shown = garou("--lang", lang, "house", "show", str(with_cupid))
        assert f"{cupid}* × 1" in shown.stdout and note in " ".join(shown.stdout.split())
    plain = tmp_path / "b.yaml"
    garou("--lang", "en", "house", "pick", "--game", "loup-garou", "--defaults", "--players",
          "8", "--roles", "loup-garou=2,voyante,villageois=5", "-o", str(plain))  # fmt: skip
    shown = garou("--lang", "en", "house", "show", str(plain))
    assert "Seer × 1" in shown.stdout and "garou addition" not in shown.stdout


# --- F18: small things ---------------------------------------------------------------------


def test_check_json_keeps_the_unknown_names_it_counts(garou):
    data = garou("--json", "check", "--game", "loup-garou", "--roles", "foo=2,villageois=6").json()
    assert data["players"] == 8 and data["roles"] == {"villageois": 6}
    assert data["unknown"] == {"foo": 2}
    assert sum(data["roles"].values()) + sum(data["unknown"].values()) == data["players"]


def test_game_correct_under_json_asks_nothing(garou, tmp_path):
    db = str(tmp_path / "q.sqlite")
    assert garou("game", "new", "--game", "mafia", "--names", NAMES, "--seed", "7",
                 "--db", db).exit_code == 0  # fmt: skip
    garou("game", "add", "day", "--db", db)
    said = garou("--json", "--lang", "en", "game", "correct", "2", "day", "--db", db)
    assert said.exit_code == 2 and "Say why" in said.json()["error"]["message"]
    assert said.stderr == ""


def test_serve_lan_says_how_many_older_games_it_does_not_list(tmp_path, book, capsys):
    from garou.cli.commands.serve import GAMES_SHOWN, _print_games
    from garou.game import session
    from garou.game.journal import open_journal
    from garou.game.mafia import start_data

    db = tmp_path / "many.sqlite"
    with open_journal(db) as journal:
        for _ in range(GAMES_SHOWN + 2):
            session.new_game(
                journal, book, start_data(book.game("mafia"), NAMES.split(","), seed=1)
            )
    _print_games(db, "http://10.0.0.2:8765", "en")
    out = capsys.readouterr().out
    assert out.count("/game/") >= GAMES_SHOWN and "and 2 older games" in out
    _print_games(db, "http://10.0.0.2:8765", "fr")
    assert "et 2 parties plus anciennes" in capsys.readouterr().out


@pytest.mark.parametrize("value", ["[x]", "a: b", "{k: v}"])
def test_a_name_that_reads_as_yaml_is_refused_with_the_quoting_that_works(garou, tmp_path, value):
    db = str(tmp_path / "y.sqlite")
    names = f'Ana,Bob,Cid,Dan,Eve,Fay,Gus,Hal,Ivy,"{value}"'
    assert garou("game", "new", "--game", "mafia", "--names", names, "--seed", "3",
                 "--db", db).exit_code == 0  # fmt: skip
    garou("game", "add", "day", "--db", db)
    said = garou("--lang", "en", "game", "add", "nominate", "by=Ana", f"nominee={value}",
                 "--db", db)  # fmt: skip
    assert said.exit_code == 2 and f"'nominee=\"{value}\"'" in said.stderr, said.stderr
    quoted = garou("--lang", "en", "game", "add", "nominate", "by=Ana", f'nominee="{value}"',
                   "--db", db)  # fmt: skip
    assert quoted.exit_code == 0, quoted.stderr
