"""Tests of ``garou/cli/game_names.py``."""

from __future__ import annotations

import pytest

from tests.helpers import ODD_NAMES


def _odd_setup(tmp_path):
    setup = tmp_path / "s.yaml"
    setup.write_text(
        "game: loup-garou\nplayers: 8\n"
        "roles: {loup-garou: 2, voyante: 1, cupidon: 1, villageois: 4}\n",
        encoding="utf-8",
    )
    return setup


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_game_new_takes_names_and_a_deal_holding_any_character(garou, tmp_path, lang):
    from garou.core.lists import quote_name, quote_names

    db = str(tmp_path / "g.sqlite")
    deal = {ODD_NAMES[0]: "cupidon", ODD_NAMES[1]: "loup-garou", ODD_NAMES[3]: "voyante",
            ODD_NAMES[4]: "loup-garou"}  # fmt: skip
    made = garou("game", "new", "--setup", str(_odd_setup(tmp_path)), "--db", db,
                 "--names", quote_names(ODD_NAMES),
                 "--deal", ",".join(f"{quote_name(k)}={v}" for k, v in deal.items()),
                 "--lang", lang)  # fmt: skip
    assert made.exit_code == 0, made.stderr
    status = garou("game", "status", "--db", db, "--json").json()
    assert [p["name"] for p in status["players"]] == ODD_NAMES
    roles = {p["name"]: p["role"] for p in status["players"]}
    assert {name: roles[name] for name in deal} == deal
    # The lovers, typed at the prompt as the prompt shows the names: quoted, ';' between.
    answer = f"{quote_name(ODD_NAMES[4])}; {quote_name(ODD_NAMES[2])}"
    garou("game", "play", "--db", db, "--lang", lang, input=answer + "\n")
    status = garou("game", "status", "--db", db, "--json").json()
    assert {p["name"] for p in status["players"] if p["lover"]} == {ODD_NAMES[4], ODD_NAMES[2]}


@pytest.mark.parametrize(
    "deal", ["Ana=voyante,Bob", "Ana=voyante,ana=loup-garou", '"Jean, fils=voyante']
)
def test_game_new_refuses_a_deal_it_cannot_read_instead_of_dropping_it(garou, tmp_path, deal):
    from garou.core.lists import quote_names

    db = tmp_path / "g.sqlite"
    made = garou("game", "new", "--setup", str(_odd_setup(tmp_path)), "--db", str(db),
                 "--names", quote_names(ODD_NAMES), "--deal", deal, "--lang", "en")  # fmt: skip
    assert made.exit_code == 2 and made.stderr.startswith("Error: "), made.stderr
    assert not db.exists() or garou("game", "list", "--db", str(db), "--json").json() == []
