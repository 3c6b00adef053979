"""The Mafia evening against the third hostile review: the deal typed as garou prints it,
the event fields checked, the last vote's farewell, the table's majority, the nominations,
the farewell's draft, the judge's French words, the speech length of the agreement."""

from __future__ import annotations

import pytest
from garou.game import session
from garou.game.errors import IllegalEventError
from garou.game.journal import open_journal
from garou.game.mafia import start_data

NAMES = ["Ana", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]
ROLES = {
    "Ana": "citoyen", "Bob": "mafia", "Cid": "citoyen", "Dan": "sherif", "Eve": "citoyen",
    "Fay": "don", "Gus": "citoyen", "Hal": "mafia", "Ivy": "citoyen", "Jon": "citoyen",
}  # fmt: skip


def _printed_names(book, lang, case):
    """The deal written with the role names garou prints, in ``lang``, cased by ``case``."""
    game = book.game("mafia")
    return {p: case(game.role(r).name.get(lang)) for p, r in ROLES.items()}


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("case", [str, str.lower, str.upper])
def test_a_deal_typed_with_the_printed_role_names_starts_one_game(garou, tmp_path, lang, case):
    from garou.rules import load_rules
    from garou.rules.names import fold

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
    assert run.exit_code == 1 and "Traceback" not in run.stderr and run.stderr
    if db.exists():
        assert open_journal(db).games() == []

