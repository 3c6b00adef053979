"""garou.game.table: the live Loup-Garou game's warnings and its dawn announcement."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from garou.game import session
from garou.game.journal import open_journal
from garou.game.start import start_data
from garou.game.table import warnings
from tests.helpers import lg_setup

HUNTER_TABLE = {"loup-garou": 2, "chasseur": 1, "sorciere": 1, "villageois": 4}
HUNTER_DEAL = {"Alice": "loup-garou", "Bruno": "loup-garou", "Chloé": "chasseur",
               "Driss": "sorciere", "Emma": "villageois", "Farid": "villageois",
               "Gaëlle": "villageois", "Hugo": "villageois"}  # fmt: skip
TO_THE_HUNTERS_NIGHT: list[tuple[str, dict[str, Any]]] = [
    ("kill", {"victim": "Emma"}),
    ("potions", {"poison": "Farid"}),
    ("dawn", {}),
    ("election", {"captain": "Driss"}),
    ("vote", {"votes": {"Alice": "Gaëlle", "Bruno": "Gaëlle"}}),
]
"""Night 1 and day 1: two wolves are left against three (the hunter, the witch, Hugo), the
witch's death potion spent."""


def _hunters_night(db: Path, book, tmp_path: Path, victim: str = "Chloé") -> tuple[int, Any]:
    with open_journal(db) as journal:
        data = start_data(book, lg_setup(tmp_path, HUNTER_TABLE), deal=HUNTER_DEAL)
        game_id = session.new_game(journal, book, data)
        for kind, values in [*TO_THE_HUNTERS_NIGHT, ("kill", {"victim": victim})]:
            state = session.record(journal, book, game_id, kind, values, "en").state
    return game_id, state


def _parity(state) -> str | None:
    found = [w for w in warnings(state) if w.code == "parity-tonight"]
    return found[0].text.say("en") if found else None


def test_the_hunter_as_tonights_victim_can_still_prevent_parity(book, tmp_path):
    _, state = _hunters_night(tmp_path / "g.sqlite", book, tmp_path)
    text = _parity(state)
    assert text is not None and "nothing can prevent" not in text
    assert "life potion: saving Chloé" in text and "Chloé shoots while dying" in text
    assert "Alice or Bruno" in text


@pytest.mark.parametrize(
    ("lang", "said", "unsaid"),
    [
        ("en", "Chloé shoots while dying and can still prevent it", "nothing can prevent"),
        ("fr", "Chloé tire en mourant et peut encore l'empêcher", "plus rien ne peut"),
    ],
)
def test_the_warning_and_the_recap_say_the_shot_once_the_witch_has_passed(
    garou, book, tmp_path, lang, said, unsaid
):
    db = tmp_path / "g.sqlite"
    game_id, _ = _hunters_night(db, book, tmp_path)
    added = garou("game", "add", "potions", "save=false", "--db", str(db), "--json", "--lang", lang)
    assert added.exit_code == 0, added.stderr
    messages = [w["message"] for w in added.json()["warnings"] if w["code"] == "parity-tonight"]
    assert len(messages) == 1 and said in messages[0] and "potion" not in messages[0]
    recap = garou("game", "recap", str(game_id), "--db", str(db), "--lang", lang)
    assert recap.exit_code == 0 and said in recap.stdout and unsaid not in recap.stdout


def test_a_plain_villager_as_the_victim_once_the_witch_has_passed_is_certain(garou, book, tmp_path):
    db = tmp_path / "g.sqlite"
    _hunters_night(db, book, tmp_path, victim="Hugo")
    added = garou("game", "add", "potions", "save=false", "--db", str(db), "--json", "--lang", "en")
    messages = [w["message"] for w in added.json()["warnings"] if w["code"] == "parity-tonight"]
    assert messages == [
        "If Hugo dies tonight, the wolves reach parity and win at dawn; "
        "nothing can prevent it tonight any more."
    ]


def test_the_phone_shows_the_same_warning(book, tmp_path):
    pytest.importorskip("flask")
    from garou.web import WebConfig, create_app

    db = tmp_path / "g.sqlite"
    game_id, state = _hunters_night(db, book, tmp_path)
    page = create_app(WebConfig(db=db)).test_client().get(f"/game/{game_id}?lang=en")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "Chloé shoots while dying" in html


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_dawn_read_aloud_groups_the_deaths_without_the_shot(book, tmp_path, lang):
    from garou.game.table import announcement

    db = tmp_path / "g.sqlite"
    game_id, _ = _hunters_night(db, book, tmp_path)
    with open_journal(db) as journal:
        session.record(journal, book, game_id, "potions", {"save": False}, lang)
        dawn = {"shoot": {"Chloé": "Hugo"}}
        state = session.record(journal, book, game_id, "dawn", dawn, lang).state
    said = " ".join(p.say(lang) for p in announcement(state))
    assert said.index("Chloé") < said.index("Hugo")  # seat order, not the order of events
    assert said.count("Chloé") == 1 and said.count("Hugo") == 1
    assert not any(word in said for word in ("shoot", "tire", "shot", "abat"))


@pytest.mark.parametrize(
    ("roles", "deal", "step", "said"),
    [
        ({"loup-garou": 2, "voyante": 1, "villageois": 5}, {"Alice": "loup-garou",
          "Bruno": "loup-garou", "Chloé": "voyante"}, "voyante", "Voyante appelée en retard"),
        ({"loup-garou": 2, "chasseur": 1, "cupidon": 1, "villageois": 4}, {"Alice": "loup-garou",
          "Bruno": "loup-garou", "Chloé": "cupidon"}, "couple", "Cupidon appelé en retard"),
    ],
)  # fmt: skip
def test_a_late_call_agrees_with_the_roles_gender(book, tmp_path, roles, deal, step, said):
    with open_journal(tmp_path / "g.sqlite") as journal:
        data = start_data(book, lg_setup(tmp_path, roles), deal=deal)
        game_id = session.new_game(journal, book, data)
        session.record(journal, book, game_id, "kill", {"victim": "Hugo"}, "fr")
        state = session.record(journal, book, game_id, "call", {"step": step}, "fr").state
    late = [
        line.text.say("fr") for line in state.story if line.text.key.startswith("game.story.late")
    ]
    assert late and late[-1].startswith(said) and "·" not in late[-1]
