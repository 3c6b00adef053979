"""Tests of ``garou/cli/check.py``."""

from __future__ import annotations

import pytest


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


def test_check_json_keeps_the_unknown_names_it_counts(garou):
    data = garou("--json", "check", "--game", "loup-garou", "--roles", "foo=2,villageois=6").json()
    assert data["players"] == 8 and data["roles"] == {"villageois": 6}
    assert data["unknown"] == {"foo": 2}
    assert sum(data["roles"].values()) + sum(data["unknown"].values()) == data["players"]


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
