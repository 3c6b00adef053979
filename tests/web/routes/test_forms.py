"""garou.web.routes.forms: what several pages read from a request. A card count is never
dropped without a word, whatever page reads it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("flask", reason="garou serve needs Flask (pip install -e .)")

from garou.web import WebConfig, create_app  # noqa: E402

ORIGIN = "http://localhost"
pytestmark = pytest.mark.usefixtures("private_cache")
SETUP = "game=loup-garou&players=8&n.loup-garou=2&n.villageois=5"


def problem_of(html: str) -> str:
    found = re.search(r'class="problem[^"]*"[^>]*>(.*?)<', html, re.S)
    return found.group(1) if found else ""


@pytest.mark.parametrize(
    "field, said",
    [
        ("n.voyante=99999999999999999999", "from 0 to 99"),
        ("n.voyante=-1", "from 0 to 99"),
        ("n.seer=99999999999999999999", "from 0 to 99"),  # a role by its English name
        ("n.wolfz=-1", "unknown role"),  # a field naming no role: never dropped silently
        ("n.don=1", "unknown role"),  # a role of the other game
        ("n.voyante=1&n.voyante=2", "not two"),
        ("n.voyante=1&n.seer=1", "not two"),
    ],
)
@pytest.mark.parametrize("path", ["/setup", "/cheatsheet"])
def test_a_card_count_that_cannot_be_used_is_refused_with_garous_message(
    tmp_path: Path, path, field, said
):
    client = create_app(WebConfig(db=tmp_path / "g.sqlite")).test_client()
    response = client.get(f"{path}?{SETUP}&{field}&action=check&lang=en")
    assert response.status_code == 400
    assert said in problem_of(response.text)


def test_a_role_by_its_other_name_counts_as_that_role(tmp_path: Path):
    client = create_app(WebConfig(db=tmp_path / "g.sqlite")).test_client()
    response = client.get(f"/setup?{SETUP}&n.seer=1&action=check&lang=en")
    assert response.status_code == 200 and not problem_of(response.text)
    assert "ready to deal" in response.text


def test_a_bad_count_on_the_start_form_is_said_on_the_form_never_a_server_error(tmp_path: Path):
    client = create_app(WebConfig(db=tmp_path / "g.sqlite")).test_client()
    token = re.search(r'name="csrf" value="([^"]+)"', client.get("/game?lang=en").text)
    assert token
    for bad in ("-1", "99999999999999999999", "x"):
        form = {"csrf": token.group(1), "names": "A\nB\nC\nD\nE\nF\nG\nH",
                "n.loup-garou": bad, "n.villageois": "6"}  # fmt: skip
        response = client.post("/game/new?lang=en", data=form, headers={"Origin": ORIGIN})
        assert response.status_code == 400, bad
        assert "from 0 to 99" in problem_of(response.text)
        assert f'value="{bad}"' in response.text  # the form comes back as it was sent
