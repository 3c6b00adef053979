"""Two phones on one show of hands: a draft saved over one another phone saved since is
refused with a word, never a silent overwrite of the other phone's ballots."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import REPO

pytest.importorskip("flask", reason="garou serve needs Flask (pip install -e .)")

from garou.game.journal import open_journal  # noqa: E402
from garou.web import WebConfig, create_app  # noqa: E402

ORIGIN = "http://localhost"
pytestmark = pytest.mark.usefixtures("private_cache")


@pytest.fixture
def at_the_vote(tmp_path: Path) -> Path:
    """A journal whose one game waits for the first day's vote."""
    from garou.game.record import import_record
    from garou.rules import load_rules

    lines = (REPO / "tests/data/games/couple-wins.yaml").read_text("utf-8").splitlines()
    cut = next(i for i, line in enumerate(lines) if "kind: election" in line)
    record = tmp_path / "record.yaml"
    record.write_text("\n".join(lines[: cut + 1]) + "\n", encoding="utf-8")
    db = tmp_path / "games.sqlite"
    with open_journal(db) as journal:
        import_record(journal, load_rules(), record)
    return db


class Phone:
    def __init__(self, app):
        self.client = app.test_client()
        html = self.client.get("/game/1?lang=en").text
        self.fields = {
            name: re.search(rf'name="{name}" value="([^"]*)"', html).group(1)  # type: ignore[union-attr]
            for name in ("csrf", "form_id", "seen", "draft_revision")
        }

    def pick(self, **votes: str):
        form = {**self.fields, **{f"vote.{k}": v for k, v in votes.items()}}
        answer = self.client.post("/game/1/draft?lang=en", data=form, headers={"Origin": ORIGIN})
        data = answer.get_json()
        if data.get("saved"):  # as the page's script does
            self.fields["draft_revision"] = str(data["revision"])
        return data


def _ballots(db: Path) -> dict:
    with open_journal(db) as journal:
        return (journal.draft(1, "ballot") or {}).get("votes", {})


def test_the_second_phone_never_overwrites_the_first_phones_ballots(at_the_vote):
    app = create_app(WebConfig(db=at_the_vote))
    first, second = Phone(app), Phone(app)
    assert first.pick(Alice="Emma")["saved"]
    refused = second.pick(Bruno="Emma")
    assert refused["saved"] is False and refused["changed"]
    assert "Another screen changed these ballots" in refused["problem"]
    assert _ballots(at_the_vote) == {"Alice": "Emma"}


def test_one_phone_saving_pick_after_pick_is_never_refused(at_the_vote):
    app = create_app(WebConfig(db=at_the_vote))
    phone = Phone(app)
    assert phone.pick(Alice="Emma")["saved"]
    assert phone.pick(Alice="Emma", Bruno="Emma")["saved"]
    assert phone.pick(Alice="Emma", Bruno="Emma", Driss="Bruno")["saved"]
    assert _ballots(at_the_vote) == {"Alice": "Emma", "Bruno": "Emma", "Driss": "Bruno"}
    again = Phone(app)  # a page drawn now sees them, and saves over them
    assert again.pick(Alice="Bruno")["saved"]
    assert phone.pick(Alice="Emma")["changed"]


@pytest.mark.parametrize("digits", ["²", "③", "٣"])
def test_a_form_number_in_other_than_ascii_digits_is_refused_never_a_server_error(
    at_the_vote, digits
):
    app = create_app(WebConfig(db=at_the_vote))
    phone = Phone(app)
    form = {**phone.fields, "seen": digits, "draft_revision": digits}
    for path in ("/game/1/record?lang=en", "/game/1/draft?lang=en"):
        answer = phone.client.post(path, data=form, headers={"Origin": ORIGIN})
        assert answer.status_code < 500
    setup = phone.client.get(f"/setup?game=loup-garou&players={digits}&action=suggest&lang=en")
    assert setup.status_code == 400
    assert "whole number" in setup.text or "from" in setup.text
