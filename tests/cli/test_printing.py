"""Tests of ``garou/cli/printing.py``."""

from __future__ import annotations

import re

import pytest

from garou.game import session
from garou.game.journal import open_journal
from tests import helpers
from tests.helpers import MAFIA_NAMES as MAFIA
from tests.helpers import MAFIA_ROLES, _agreement


@pytest.mark.parametrize("sheet", ["agreement", "cheatsheet"])
@pytest.mark.parametrize("fmt", [pytest.param("pdf", marks=helpers.needs_pdf()), "md", "html"])
def test_print_json_says_the_file_written_its_format_and_pages(garou, tmp_path, sheet, fmt):
    if fmt == "pdf":
        pytest.importorskip("weasyprint")
    source = _agreement(garou, tmp_path, "with-captain")[1]
    args = ["print", sheet, source] if sheet == "agreement" else ["print", sheet, "-g", "mafia"]
    out = tmp_path / f"sheet.{fmt}"
    written = garou(*args, "-o", str(out), "--json")
    assert written.exit_code == 0, written.stdout
    data = written.json()
    assert data["path"] == str(out) and data["format"] == fmt and out.exists()
    if fmt == "pdf":
        assert data["pages"] == 1
        assert out.read_bytes().count(b"/Type /Page") in (0, 1)  # compressed, or one page
    else:
        assert data["pages"] is None
    again = garou(*args, "-o", str(out), "--json")  # never over a file without --force
    assert again.exit_code == 1 and again.json()["error"]["type"] == "OutputExistsError"
    if fmt != "pdf":
        to_stdout = garou(*args, "-o", "-", "-f", fmt, "--json").json()
        assert to_stdout["path"] == "-" and to_stdout["content"] == out.read_text()


@pytest.mark.parametrize("args", [["print", "cheatsheet"], ["print", "agreement", "nowhere.yaml"]])
def test_print_errors_are_json_with_json(garou, args):
    failed = garou(*args, "--json")
    assert failed.exit_code != 0
    assert failed.json()["error"]["exit_code"] == failed.exit_code


def test_the_sheet_s_badge_is_spaced_from_the_answer(garou, tmp_path):
    run = garou("print", "cheatsheet", "--game", "loup-garou", "-f", "html", "-o", "-")
    assert run.exit_code == 0, run.stderr
    assert 'class="tag"' in run.stdout
    assert re.search(r'</b>(<[^>]*>)*<span class="tag', run.stdout) is None


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_three_fouls_say_whose_reading_the_lost_speech_is(garou, tmp_path, lang):
    from garou.rules import load_rules

    book = load_rules()
    db, game_id = str(tmp_path / "m.sqlite"), 1
    with open_journal(db, create=True) as journal:
        from garou.game.mafia import start_data

        session.new_game(journal, book, start_data(book.game("mafia"), MAFIA, roles=MAFIA_ROLES))
        session.record(journal, book, game_id, "day", {}, lang)
        for _ in range(3):
            state = session.record(journal, book, game_id, "foul", {"player": "Bob"}, lang).state
    reading = {"fr": "lecture de garou", "en": "garou's reading"}[lang]
    told = [line.text.say(lang) for line in state.story if "Bob" in line.text.say(lang)]
    # The third foul's line says the lost speech is garou's reading of the document.
    assert any("3" in t and reading in t for t in told), told
    status = garou("game", "status", "--db", db, "--json", "--lang", lang).json()
    assert any(reading in w["message"] for w in status["warnings"]), status["warnings"]
    sheet = garou("print", "cheatsheet", "--game", "mafia", "-f", "md", "-o", "-", "--lang", lang)
    line = next(x for x in sheet.stdout.splitlines() if x.startswith("- **3 ×"))
    assert reading in line and "au tour suivant" in line
