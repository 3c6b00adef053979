"""Tests of ``garou/cli/club.py``."""

from __future__ import annotations

import sqlite3

import pytest

from tests.helpers import FINISHED_ROLES, RECORD, _edit, _season


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
        seq = 2  # the missing event: the journal says the gap before any replay
    else:
        seq = 12
        _edit(db, 2, seq, column, value)
    said = garou("--lang", "en", "--json", "club", "standings", "--db", db)
    assert said.exit_code == 0, said.stdout
    table = said.json()
    assert table["games"] == [1, 3]
    (left,) = table["left_out"]
    assert left["id"] == 2 and left["name"] == "La Ville gagne"
    if column == "delete":  # the journal's own damage: the game and the missing event
        assert "game 2, event 2 is missing" in left["message"] and left["seq"] == seq
    else:
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
    named = "partie 2, l'événement 2 manque" if column == "delete" else "partie 2 (La Ville gagne)"
    assert status.exit_code == 1 and named in status.stderr
    assert "rien n'a été enregistré" not in status.stderr


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


def test_club_standings_say_roles_and_numbers_in_the_output_language(garou, finished_mafia):
    from garou.rules import load_rules

    db = finished_mafia
    game = load_rules().game("mafia")
    for lang, other in (("fr", "en"), ("en", "fr")):
        run = garou("club", "standings", "--db", db, "--lang", lang)
        assert run.exit_code == 0, run.stderr
        for role in set(FINISHED_ROLES):
            name = game.role(role).name
            assert name.get(lang) in run.stdout
            if name.get(other) != name.get(lang):
                assert name.get(other) not in run.stdout
        assert ("1,35" in run.stdout) == (lang == "fr")
        assert ("1.35" in run.stdout) == (lang == "en")
        assert "sherif" not in run.stdout  # the data's id, unaccented
