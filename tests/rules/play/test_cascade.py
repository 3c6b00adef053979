"""garou.rules.play.cascade: one validation of a night, for garou cascade and the live game."""

from __future__ import annotations

import pytest

TABLE = "A=loup,B=villageois,C=villageois,D=villageois,E=villageois,F=sorciere,G=chasseur"


@pytest.mark.parametrize(
    ("deaths", "dead", "said"),
    [
        (
            "B:night,C:night,D:night,E:night",
            "",
            {"en": "one victim a night", "fr": "une seule victime"},
        ),
        ("A:poison,B:poison", "", {"en": "one death potion", "fr": "une seule potion de mort"}),
        ("B:night", "A", {"en": "no living player holds", "fr": "aucun joueur en vie"}),
        ("B:night,C:vote", "", {"en": "not both", "fr": "pas des deux"}),
    ],
)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_cascade_refuses_a_night_no_table_can_have(garou, deaths, dead, said, lang):
    args = ["cascade", "-g", "loup-garou", "-p", TABLE, "-x", deaths, "--lang", lang, "--json"]
    if dead:
        args += ["-d", dead]
    run = garou(*args)
    assert run.exit_code == 2
    assert said[lang] in run.json()["error"]["message"].replace("\u00a0", " ")


def test_a_night_victim_and_a_poisoning_still_make_one_night(garou):
    run = garou("cascade", "-g", "loup-garou", "-p", TABLE, "-x", "B:night,A:poison", "--json")
    assert run.exit_code == 0, run.stderr
    assert {d["player"] for d in run.json()["deaths"]} == {"A", "B"}
