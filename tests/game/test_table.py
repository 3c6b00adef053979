"""Tests of ``garou/game/table.py``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from garou.game import session
from garou.game.errors import IllegalEventError
from garou.game.journal import open_journal
from garou.game.start import start_data
from garou.game.table import warnings
from tests.helpers import BOOK, lg_setup
from tests.helpers import MAFIA_SEATS_TYPED as MAFIA_NAMES

TWELVE = ["Ana", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Léa"]


DEAL12 = {"Ana": "cupidon", "Bob": "voyante", "Cid": "sorciere", "Dee": "chasseur"}
DEAL12 |= {"Eve": "loup-garou", "Fay": "loup-garou", "Gus": "loup-garou"}


CHAINS = [
    # the poisoned hunter shoots a lover at dawn: her lover follows
    ["couple lovers=[Ivy,Jon]", "look target=Fay", "kill victim=Hal", "potions poison=Dee",
     "dawn shoot={Dee: Ivy}"],
    # the village votes out the hunter's lover: he follows and shoots
    ["couple lovers=[Dee,Kim]", "look target=Fay", "kill victim=Hal", "potions save=false",
     "dawn", "election captain=Bob",
     "vote votes={" + ", ".join(f"{n}: Kim" for n in TWELVE if n != "Hal") + "} shoot={Dee: Eve}"],
]  # fmt: skip


def _records():
    from tests.helpers import LG_RECORDS, _load, lg_start_of

    for path in LG_RECORDS:
        data = _load(path)
        yield lg_start_of(data), [(e["kind"], {k: v for k, v in e.items() if k != "kind"})
                             for e in data["events"]]  # fmt: skip
    start = {"game": "loup-garou", "name": None, "players": TWELVE, "table": None, "date": None,
             "roles": {"loup-garou": 3, "voyante": 1, "sorciere": 1, "chasseur": 1,
                       "cupidon": 1, "villageois": 5},
             "agreement": {}, "deal": DEAL12}  # fmt: skip
    for chain in CHAINS:
        events = []
        for text in chain:
            kind, _, rest = text.partition(" ")
            values: dict = {}
            for part in re.findall(r"(\w+)=(\[[^\]]*\]|\{[^}]*\}|\S+)", rest):
                values[part[0]] = yaml.safe_load(part[1])
            events.append((kind, values))
        yield start, events


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_deaths_read_aloud_are_one_list_in_seat_order(tmp_path, lang):
    from garou.core.catalogue import join
    from garou.game import session
    from garou.game.journal import open_journal
    from garou.game.table import announcement

    book = BOOK
    chained = 0
    with open_journal(tmp_path / "g.sqlite") as journal:
        for start, events in _records():
            game_id = session.new_game(journal, book, start)
            for kind, values in events:
                state = session.record(journal, book, game_id, kind, values, lang).state
                said = " ".join(p.say(lang) for p in announcement(state)).replace("\u00a0", " ")
                deaths = state.told_deaths
                if not deaths:
                    continue
                seats = [s.name for s in state.seats]
                ordered = sorted(deaths, key=lambda d: seats.index(d[0]))

                def card(name, state=state):
                    return f"{name} ({state.game.role(state.role_of(name)).name.get(lang)})"

                listed = join([card(n) for n, _, _ in ordered], lang, "and")
                voted = [n for n, cause, _ in deaths if cause == "vote"]
                if len(deaths) > len(voted):
                    chained += 1
                    assert listed in said, (said, listed)
                for name, _, _ in deaths:
                    # each name once in the grouped list (twice for the voted-out, named
                    # by the vote too), never again as a shot: that tells the order
                    expected = 1 + (name in voted and len(deaths) > len(voted))
                    if len(deaths) == len(voted):
                        expected = 1
                    assert said.count(card(name)) == expected, (name, said)
    assert chained >= len(CHAINS)


def test_a_loup_garou_typo_gets_the_near_key_too(book, tmp_path):
    from garou.game.start import start_data as lg_start

    setup = tmp_path / "t.yaml"
    setup.write_text(
        "game: loup-garou\nplayers: 6\nroles: {loup-garou: 2, voyante: 1, villageois: 3}\n"
        "names: [Ana, Bob, Cid, Dee, Eve, Fay]\n",
        encoding="utf-8",
    )
    journal = open_journal(tmp_path / "lg.sqlite", create=True)
    game_id = session.new_game(journal, book, lg_start(book, setup))
    with pytest.raises(IllegalEventError) as caught:
        session.record(journal, book, game_id, "look", {"targt": "Bob"}, "en")
    assert "'target'" in caught.value.message("en")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_best_move_refusal_says_it_is_garous_reading(garou, tmp_path, monkeypatch, lang):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    deal = ",".join([f"{n}=citoyen" for n in range(1, 7)] + ["7=sherif", "8=mafia", "9=mafia",
                                                             "10=don"])  # fmt: skip
    assert garou("game", "new", "--game", "mafia", "--names", MAFIA_NAMES, "--deal", deal,
                 "--lang", lang).exit_code == 0  # fmt: skip
    assert garou("game", "add", "day").exit_code == 0
    for seat in range(1, 11):
        assert garou("game", "add", "speech", f"player={seat}", "seconds=60").exit_code == 0
    assert garou("game", "add", "nominate", "by=1", "nominee=2").exit_code == 0
    assert garou("game", "add", "vote", "votes={}").exit_code == 0
    run = garou("game", "add", "farewell", "player=2", "best_move=[8, 9, 10, 3]", "--lang", lang)
    assert run.exit_code == 1
    assert {"fr": "lecture de garou", "en": "garou's reading"}[lang] in run.stderr


# --- the night's warning and the dawn's announcement (issue 24) ----------------------------

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
