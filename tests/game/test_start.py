"""garou.game.start: a setup garou check refuses is dealt with --force, with the warning."""

from __future__ import annotations

import pytest

from tests.helpers import lg_setup

WITH_CUPID = {"loup-garou": 2, "voyante": 1, "sorciere": 1, "chasseur": 1, "cupidon": 1,
              "villageois": 3}  # fmt: skip
NAMES = "Ana,Bob,Cid,Dee,Eve,Fay,Gus,Hal,Ivy"


def test_a_refused_setup_is_refused_without_force(garou, tmp_path):
    setup = str(lg_setup(tmp_path, WITH_CUPID, NAMES.split(",")))
    run = garou("game", "new", "--setup", setup, "--names", NAMES, "--db", str(tmp_path / "g"))
    assert run.exit_code == 1 and "power" in (run.stderr + run.stdout).lower()


@pytest.mark.parametrize(("lang", "said"), [("en", "Dealt with --force"),
                                            ("fr", "Distribuée avec --force")])  # fmt: skip
def test_force_deals_a_refused_setup_and_says_what_it_breaks(garou, tmp_path, lang, said):
    setup = str(lg_setup(tmp_path, WITH_CUPID, NAMES.split(",")))
    db = str(tmp_path / "g.sqlite")
    run = garou("game", "new", "--setup", setup, "--names", NAMES, "--db", db, "--force",
                "--lang", lang)  # fmt: skip
    assert run.exit_code == 0, run.stderr
    assert said in run.stdout and "lg-power-threshold" in run.stdout
    shown = garou("game", "new", "--setup", setup, "--names", NAMES, "--db", db, "--force",
                  "--json")  # fmt: skip
    assert [c["id"] for c in shown.json()["forced"]] == ["power-limit"]
