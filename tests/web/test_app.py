"""garou serve's one error path: garou's own errors as 4xx with garou's sentence, nothing
of the server told to a client without the key, an id out of range as no such game."""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from tests.conftest import REPO

flask = pytest.importorskip("flask", reason="garou serve needs Flask (pip install -e .)")

from garou.web import WebConfig, create_app  # noqa: E402

ORIGIN = "http://localhost"
RECORD = REPO / "tests" / "data" / "games" / "couple-wins.yaml"
pytestmark = pytest.mark.usefixtures("private_cache")


@pytest.fixture(scope="module")
def three_games(tmp_path_factory) -> Path:
    from garou.game.journal import open_journal
    from garou.game.record import import_record
    from garou.rules import load_rules

    path = tmp_path_factory.mktemp("web") / "games.sqlite"
    with open_journal(path) as journal:
        for _ in range(3):
            import_record(journal, load_rules(), RECORD, force=True)
    return path


def _edited_start(source: Path, folder: Path, **values) -> Path:
    """A copy of ``source`` whose game 1 has its start edited by hand."""
    path = folder / "edited.sqlite"
    shutil.copy(source, path)
    db = sqlite3.connect(path)
    data = json.loads(db.execute("SELECT data FROM events WHERE game_id=1 AND seq=1").fetchone()[0])
    data.update(values)
    db.execute("UPDATE events SET data=? WHERE game_id=1 AND seq=1", (json.dumps(data),))
    db.commit()
    db.close()
    return path


@pytest.mark.parametrize("values", [{"players": "Ana"}, {"agreement": "x"}])
@pytest.mark.parametrize("page", ["/game/1", "/game/1/table"])
def test_a_start_edited_by_hand_is_a_4xx_with_garous_message(three_games, tmp_path, values, page):
    client = create_app(WebConfig(db=_edited_start(three_games, tmp_path, **values))).test_client()
    response = client.get(page + "?lang=en")
    assert response.status_code == 409
    assert "the start event is damaged" in response.text
    assert client.get("/game/2/table?lang=en").status_code == 200


@pytest.mark.parametrize("game_id", ["999", "9223372036854775808", "1" * 40])
@pytest.mark.parametrize("page", ["/game/{}", "/game/{}/table"])
def test_an_unknown_or_out_of_range_game_is_404_naming_no_other_game(three_games, game_id, page):
    client = create_app(WebConfig(db=three_games)).test_client()
    response = client.get(page.format(game_id) + "?lang=en")
    assert response.status_code == 404
    assert "No game number" in response.text and "1, 2" not in response.text


def test_the_table_screen_of_a_damaged_game_names_nothing_of_the_server_under_lan(
    three_games, tmp_path
):
    path = _edited_start(three_games, tmp_path, roles="x")
    client = create_app(WebConfig(db=path, lan=True)).test_client()
    response = client.get("/game/1/table?lang=en")
    assert response.status_code == 409
    assert str(tmp_path) not in response.text and "sqlite" not in response.text
    assert "game 1" not in response.text and "roles" not in response.text
    # the server's own face (loopback, the game master) is told why
    local = create_app(WebConfig(db=path)).test_client().get("/game/1/table?lang=en")
    assert "'roles'" in local.text


@pytest.mark.parametrize(
    "base", ["[" * 10_000 + "]" * 10_000, '{"a":' * 2000 + "1" + "}" * 2000, '{"at": NaN}']
)
def test_a_hostile_base_field_in_a_game_form_is_a_4xx(three_games, tmp_path, base):
    path = tmp_path / "games.sqlite"
    shutil.copy(three_games, path)
    client = create_app(WebConfig(db=path)).test_client()
    html = client.get("/game/3?lang=en").text
    token = re.search(r'name="csrf" value="([^"]+)"', html)
    form_id = re.search(r'name="form_id" value="([^"]+)"', html)
    seen = re.search(r'name="seen" value="([^"]+)"', html)
    assert token and form_id and seen
    form = {
        "csrf": token.group(1),
        "form_id": form_id.group(1),
        "seen": seen.group(1),
        "kind": "vote",
        "base": base,
    }
    response = client.post("/game/3/record?lang=en", data=form, headers={"Origin": ORIGIN})
    assert 400 <= response.status_code < 500, response.text[:200]
    assert "Unreadable form" in response.text
