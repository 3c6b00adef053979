"""The hostile review's findings 1, 4, 5, 8, 11, 12, 13 and 15 (FINDINGS.md), one test per
class of problem: each fails on the tree the review read."""

from __future__ import annotations

import html as html_module
import re
from pathlib import Path

import pytest

ORIGIN = "http://localhost"
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


MAFIA_NAMES = ",".join(str(n) for n in range(1, 11))
SEVEN_CITIZENS = ",".join([f"{n}=citoyen" for n in range(1, 8)] + ["8=mafia", "9=mafia", "10=don"])


# --- 1. a refusal whose message has a {count}: said, never a traceback ----------------------


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


def test_the_web_start_form_refuses_a_wrong_mafia_deal_keeping_what_was_typed(tmp_path):
    pytest.importorskip("flask")
    from garou.web import WebConfig, create_app

    client = create_app(WebConfig(db=tmp_path / "games.sqlite")).test_client()
    html = client.get("/game?lang=en").text
    token = re.search(r'name="csrf" value="([^"]+)"', html)
    assert token
    names = "\n".join(f"P{n}" for n in range(1, 11))
    deal = "\n".join(f"P{n}: {'citoyen' if n < 8 else 'mafia' if n < 10 else 'don'}"
                     for n in range(1, 11))  # fmt: skip
    form = {"csrf": token.group(1), "names": names, "deal": deal}
    response = client.post("/game/new-mafia?lang=en", data=form, headers={"Origin": ORIGIN})
    assert response.status_code == 400, response.text
    page = html_module.unescape(response.text)
    assert "7 × Citizen" in page
    assert "P10: don" in page and "P9" in page  # the typed deal and names are kept
