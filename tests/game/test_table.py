"""Tests of ``garou/game/table.py``."""

from __future__ import annotations

import re

import pytest
import yaml

from garou.game import session
from garou.game.errors import IllegalEventError
from garou.game.journal import open_journal
from tests.helpers import BOOK
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
                for name, cause, _ in deaths:
                    shots = sum(1 for _, c, by in deaths if c == "shot" and by == name)
                    expected = 1 + (name in voted and len(deaths) > len(voted))
                    expected += (cause == "shot") + shots
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
