"""Names enter a game by one check, whatever the face (the terminal, the web form, an
import): no control character, no invisible one, so that what is recorded exports and
imports again, and two names that look the same are never two players."""

from __future__ import annotations

import pytest

from tests.conftest import REPO

NAMES = "Ana,Bob,Cid,Dan,Eve,Fay,Gus,Hal,Ivy,Jon"


@pytest.mark.parametrize("bad", ["A\x1bna", "A\nna", "A\u200bna", "A\u202ena", "A\u00adna"])
def test_a_player_name_holding_a_hidden_character_is_refused_in_the_terminal(garou, tmp_path, bad):
    names = NAMES.replace("Ana", bad)
    db = str(tmp_path / "games.sqlite")
    run = garou("game", "new", "--game", "mafia", "--names", names, "--db", db,
                "--lang", "en")  # fmt: skip
    assert run.exit_code != 0 and "Traceback" not in run.stderr
    assert "invisible or control character" in run.stderr or "given twice" in run.stderr


@pytest.mark.parametrize("bad", ["Jeudi\x07", "Jeudi\u200b", "Jeu\u2028di"])
def test_a_game_name_holding_a_hidden_character_is_refused_in_the_terminal(garou, tmp_path, bad):
    db = str(tmp_path / "games.sqlite")
    run = garou("game", "new", "--game", "mafia", "--names", NAMES, "--name", bad,
                "--db", db, "--lang", "en")  # fmt: skip
    assert run.exit_code == 1 and "invisible or control character" in run.stderr


def test_two_names_that_differ_by_an_invisible_character_are_one_name():
    from garou.core.names import fold

    assert fold("A\u200bna") == fold("Ana") == fold("A\u2060NA")


def test_a_game_name_holding_a_control_character_is_refused_by_the_web_form(tmp_path):
    pytest.importorskip("flask")
    import re

    from garou.web import WebConfig, create_app

    client = create_app(WebConfig(db=tmp_path / "games.sqlite")).test_client()
    html = client.get("/game?lang=en").text
    token = re.search(r'name="csrf" value="([^"]+)"', html)
    assert token
    form = {"csrf": token.group(1), "names": NAMES.replace(",", "\n"), "deal": "",
            "name": "Jeudi\x1b[2J", "turbo": "no"}  # fmt: skip
    response = client.post(
        "/game/new-mafia?lang=en", data=form, headers={"Origin": "http://localhost"}
    )
    assert response.status_code == 400
    assert "invisible or control character" in response.text


def test_an_import_refuses_an_invisible_character_in_a_player_name(garou, tmp_path):
    text = (REPO / "tests/data/games/couple-wins.yaml").read_text(encoding="utf-8")
    record = tmp_path / "record.yaml"
    record.write_text(text.replace("Hugo]", "Hu\u200bgo]"), encoding="utf-8")
    run = garou("game", "import", str(record), "--db", str(tmp_path / "g.sqlite"), "--lang", "en")
    assert run.exit_code == 1 and "U+200B" in run.stderr


def test_a_timer_at_beyond_finite_numbers_is_refused_never_recorded(garou, tmp_path):
    db = str(tmp_path / "games.sqlite")
    garou("game", "new", "--game", "mafia", "--names", NAMES, "--db", db)
    for at in ("1e309", "-1", ".nan", "1e20"):
        run = garou("game", "add", "timer", "action=start", "label=x", f"at={at}", "seconds=60",
                    "--db", db, "--lang", "en")  # fmt: skip
        assert run.exit_code == 1, at
    out = tmp_path / "g.yaml"
    assert garou("game", "export", "-o", str(out), "--db", db).exit_code == 0
    assert garou("game", "import", str(out), "--db", str(tmp_path / "again.sqlite")).exit_code == 0
