"""Tests of ``garou/game/start.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import MAFIA_SEATS_TYPED as MAFIA_NAMES
from tests.helpers import _setup, lg_setup

ACCENTED = ["Alice", "Bruno", "Chloé", "David", "Émile", "Fanny"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_deal_matches_names_whatever_their_case_and_accents(garou, tmp_path, lang):
    from garou.core.names import fold

    setup = str(_setup(tmp_path, ACCENTED))
    typed = {"Émile": "loup-garou", "Chloé": "voyante", "Alice": "villageois"}
    for spell in (fold, str.upper, str.lower):
        db = str(tmp_path / f"{spell.__name__}.sqlite")
        deal = ",".join(f"{spell(n)}={r}" for n, r in typed.items())
        run = garou("game", "new", "--setup", setup, "--deal", deal, "--db", db, "--lang", lang)
        assert run.exit_code == 0, run.stderr
        status = garou("game", "status", "--db", db, "--json").json()
        assert {p["name"]: p["role"] for p in status["players"] if p["role"]} == typed
    db = str(tmp_path / "twice.sqlite")
    run = garou("game", "new", "--setup", setup, "--deal", "emile=loup-garou,Émile=voyante",
                "--db", db, "--lang", lang)  # fmt: skip
    assert run.exit_code != 0 and "Émile" in run.stderr and "Traceback" not in run.stderr
    run = garou("game", "new", "--setup", setup, "--deal", "Emil=loup-garou", "--db", db,
                "--lang", lang)  # fmt: skip
    assert run.exit_code == 1 and "Émile" in run.stderr.split("(")[-1]  # did you mean


NAMES = ["Ana", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Léa"]


def _table12(tmp_path: Path) -> Path:
    setup = tmp_path / "table12.yaml"
    setup.write_text(
        "game: loup-garou\nplayers: 12\n"
        "roles: {loup-garou: 3, voyante: 1, sorciere: 1, chasseur: 1, cupidon: 1, villageois: 5}\n"
        f"names: [{', '.join(NAMES)}]\n",
        encoding="utf-8",
    )
    return setup


SEVEN_CITIZENS = ",".join([f"{n}=citoyen" for n in range(1, 8)] + ["8=mafia", "9=mafia", "10=don"])


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(
    "args, said",
    [
        (["--deal", "Ana=voyante,Bob=voyante"], {"en": "Seer cards dealt (1)", "fr": "(1)"}),
        (["--game", "mafia", "--names", MAFIA_NAMES, "--deal", SEVEN_CITIZENS],
         {"en": "7 × Citizen", "fr": "7 × Citoyen"}),
    ],
)  # fmt: skip
def test_a_deal_refused_with_a_count_is_said_and_exits_1(garou, tmp_path, monkeypatch, args,
                                                          said, lang):  # fmt: skip
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    setup = [] if "mafia" in args else ["--setup", str(_table12(tmp_path))]
    run = garou("game", "new", *setup, *args, "--lang", lang)
    assert run.exit_code == 1
    assert said[lang] in run.stderr and "Traceback" not in run.stderr
    run = garou("game", "new", *setup, *args, "--lang", lang, "--json")
    assert run.exit_code == 1
    assert said[lang] in run.json()["error"]["message"]


# --- a setup garou check refuses, dealt with --force ---------------------------------------

WITH_CUPID = {"loup-garou": 2, "voyante": 1, "sorciere": 1, "chasseur": 1, "cupidon": 1,
              "villageois": 3}  # fmt: skip
CUPID_NAMES = "Ana,Bob,Cid,Dee,Eve,Fay,Gus,Hal,Ivy"


def test_a_refused_setup_is_refused_without_force(garou, tmp_path):
    setup = str(lg_setup(tmp_path, WITH_CUPID, CUPID_NAMES.split(",")))
    run = garou(
        "game", "new", "--setup", setup, "--names", CUPID_NAMES, "--db", str(tmp_path / "g")
    )
    assert run.exit_code == 1 and "power" in (run.stderr + run.stdout).lower()


@pytest.mark.parametrize(("lang", "said"), [("en", "Dealt with --force"),
                                            ("fr", "Distribuée avec --force")])  # fmt: skip
def test_force_deals_a_refused_setup_and_says_what_it_breaks(garou, tmp_path, lang, said):
    setup = str(lg_setup(tmp_path, WITH_CUPID, CUPID_NAMES.split(",")))
    db = str(tmp_path / "g.sqlite")
    run = garou("game", "new", "--setup", setup, "--names", CUPID_NAMES, "--db", db, "--force",
                "--lang", lang)  # fmt: skip
    assert run.exit_code == 0, run.stderr
    assert said in run.stdout and "lg-power-threshold" in run.stdout
    shown = garou("game", "new", "--setup", setup, "--names", CUPID_NAMES, "--db", db, "--force",
                  "--json")  # fmt: skip
    assert [c["id"] for c in shown.json()["forced"]] == ["power-limit"]
