"""garou.web.routes.game: the phone asks what the terminal asks, with the step, the text
to read aloud and the count."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

flask = pytest.importorskip("flask")

from garou.game import session  # noqa: E402
from garou.game.journal import open_journal  # noqa: E402
from garou.web import WebConfig, create_app  # noqa: E402
from tests.conftest import REPO  # noqa: E402
from tests.helpers import lg_start_of  # noqa: E402

PARITY = REPO / "tests" / "data" / "games" / "parity.yaml"
pytestmark = pytest.mark.usefixtures("private_cache")


def _phone(db: Path, record: dict):
    with open_journal(db) as journal:
        from garou.rules import load_rules

        game_id = session.new_game(journal, load_rules(), lg_start_of(record))
    return create_app(WebConfig(db=db)).test_client(), game_id


def _send(client, game_id: int, kind: str, values: dict, lang: str):
    page = client.get(f"/game/{game_id}?lang={lang}").text
    fields = {k: re.search(rf'name="{k}" value="([^"]+)"', page).group(1)
              for k in ("csrf", "form_id", "seen")}  # fmt: skip
    return client.post(
        f"/game/{game_id}/record?lang={lang}",
        data={**fields, "kind": kind, **values},
        headers={"Origin": "http://localhost"},
    )


@pytest.mark.parametrize(("lang", "read"), [("en", "Read aloud"), ("fr", "À lire")])
def test_the_card_question_shows_the_step_and_the_text_to_read(tmp_path, lang, read):
    record = yaml.safe_load(PARITY.read_text(encoding="utf-8"))
    record["setup"]["deal"] = {"Chloé": "voyante"}
    client, game_id = _phone(tmp_path / "g.sqlite", record)
    assert _send(client, game_id, "call", {"step": "couple"}, lang).status_code == 303
    asked = _send(client, game_id, "look", {"target": "Alice"}, lang)
    assert asked.status_code == 200 and "data-pending" in asked.text
    before = asked.text.split('class="pending"', 1)[0]
    assert "data-pending-step" in before and read in before
    assert "sees their card" in before or "voit sa carte" in before
