"""Tests of ``garou/game/start.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.helpers import MAFIA_NAMES as TEN_NAMES
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


# --- a Mafia setup file starts an evening (issue 24) ---------------------------------------


CLASSIC = REPO / "tests" / "data" / "setups" / "mafia-classic.yaml"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_example_mafia_setup_that_check_passes_starts_an_evening(garou, tmp_path, lang):
    assert garou("--lang", lang, "check", str(CLASSIC)).exit_code == 0
    db = str(tmp_path / "g.sqlite")
    run = garou(
        "--lang", lang, "game", "new", "--setup", str(CLASSIC),
        "--names", ",".join(TEN_NAMES), "--seed", "7", "--db", db, "--json",
    )  # fmt: skip
    assert run.exit_code == 0, run.stdout
    roles = run.json()["roles"]
    assert list(roles) == TEN_NAMES
    assert sorted(roles.values()) == sorted(["citoyen"] * 6 + ["sherif", "mafia", "mafia", "don"])
    status = garou("game", "status", "--db", db, "--json")
    assert status.exit_code == 0


def test_a_mafia_setup_with_english_roles_and_names_takes_the_judge_s_deal(garou, tmp_path):
    setup = tmp_path / "table.yaml"
    setup.write_text(
        "game: mafia\nroles: {Citizen: 6, Sheriff: 1, Mafioso: 2, Don: 1}\n"
        f"names: [{', '.join(TEN_NAMES)}]\n",
        encoding="utf-8",
    )
    deal = "Ana=don,Bob=mafia,Cid=mafia,Dan=sherif," + ",".join(
        f"{n}=citoyen" for n in TEN_NAMES[4:]
    )
    run = garou("game", "new", "--setup", str(setup), "--deal", deal,
                "--db", str(tmp_path / "g.sqlite"), "--json")  # fmt: skip
    assert run.exit_code == 0, run.stdout
    assert run.json()["roles"]["Ana"] == "don"


def test_a_mafia_setup_check_refuses_is_refused_by_game_new_with_the_same_fix(garou, tmp_path):
    setup = Path(tmp_path / "table.yaml")
    setup.write_text("game: mafia\nroles: {citoyen: 5, sherif: 2, mafia: 2, don: 1}\n")
    run = garou("game", "new", "--setup", str(setup), "--names", ",".join(TEN_NAMES),
                "--db", str(tmp_path / "g.sqlite"))  # fmt: skip
    assert run.exit_code == 1
    assert "mf-composition" in run.stderr + run.stdout
    assert "Traceback" not in run.stderr + run.stdout


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


def test_a_forced_setup_whose_cards_are_not_one_a_player_is_refused(garou, tmp_path):
    # the example of a refused setup: its 'capitaine' is a status, no card: 10 cards, 11 seats
    setup = REPO / "tests" / "data" / "setups" / "big-evening.yaml"
    names = ",".join(f"P{i}" for i in range(1, 12))
    run = garou("game", "new", "--setup", str(setup), "--force", "--names", names,
                "--db", str(tmp_path / "g.sqlite"), "--lang", "en")  # fmt: skip
    assert run.exit_code == 1 and "10 cards for 11 players" in run.stderr, run.stderr
