"""Tests of ``garou/cli/game_mafia_deal.py``."""

from __future__ import annotations

import pytest

from garou.game.journal import open_journal
from tests.helpers import MAFIA_NAMES as NAMES
from tests.helpers import MAFIA_ROLES as ROLES


def _printed_names(book, lang, case):
    """The deal written with the role names garou prints, in ``lang``, cased by ``case``."""
    game = book.game("mafia")
    return {p: case(game.role(r).name.get(lang)) for p, r in ROLES.items()}


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("case", [str, str.lower, str.upper])
def test_a_deal_typed_with_the_printed_role_names_starts_one_game(garou, tmp_path, lang, case):
    from garou.core.names import fold
    from garou.rules import load_rules

    book = load_rules()
    db = str(tmp_path / "g.sqlite")
    cards = _printed_names(book, lang, case)
    if case is str.lower:  # accents left out, as a judge types them
        cards = {p: fold(r) for p, r in cards.items()}
    deal = ",".join(f"{p.lower() if case is str.lower else p}={r}" for p, r in cards.items())
    run = garou(
        "game", "new", "--game", "mafia", "--names", ",".join(NAMES), "--deal", deal,
        "--db", db, "--lang", lang,
    )  # fmt: skip
    assert run.exit_code == 0, run.stderr
    for role in ("citoyen", "sherif", "mafia", "don"):
        assert book.game("mafia").role(role).name.get(lang) in run.stdout
    games = garou("game", "list", "--db", db, "--json").json()
    assert len(games) == 1
    status = garou("game", "status", "1", "--db", db, "--json").json()
    assert {p["name"]: p["role"] for p in status["players"]} == ROLES


@pytest.mark.parametrize(
    "change",
    [{"Bob": "voyante"}, {"Bob": "sherif"}, {"Kim": "citoyen"}, {"Bob": "mafoiso"}],
)
def test_a_deal_refused_writes_no_game(garou, tmp_path, change):
    db = tmp_path / "g.sqlite"
    deal = ",".join(f"{p}={r}" for p, r in {**ROLES, **change}.items())
    run = garou(
        "game", "new", "--game", "mafia", "--names", ",".join(NAMES), "--deal", deal,
        "--db", str(db), "--lang", "en",
    )  # fmt: skip
    # a card Mafia does not have is a bad value of --deal (2, the README's exit codes); a
    # deal the rules refuse (a second Sheriff, a seat that is not at the table) is 1
    unknown = any(r in ("voyante", "mafoiso") for r in change.values())
    assert run.exit_code == (2 if unknown else 1)
    assert "Traceback" not in run.stderr and run.stderr
    if db.exists():
        assert open_journal(db).games() == []


def test_game_new_with_turbo_against_the_agreement_writes_nothing(garou, tmp_path):
    agreement, db = tmp_path / "a.yaml", tmp_path / "g.sqlite"
    garou("house", "pick", "-g", "mafia", "--defaults", "-o", str(agreement))
    run = garou("game", "new", "--game", "mafia", "--names", ",".join(NAMES), "--seed", "2",
                "--turbo", "--agreement", str(agreement), "--db", str(db),
                "--lang", "en")  # fmt: skip
    assert run.exit_code == 1 and "mf-setting-speech" in run.stderr
    assert not db.exists() or open_journal(db).games() == []
