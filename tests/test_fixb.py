"""The review's findings of the fixb wave: each test fails on the tree before its fix."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from garou.game import session
from garou.game.journal import open_journal
from garou.game.table import announcement

from .conftest import REPO

GAMES = REPO / "tests" / "data" / "games"
LG_RECORDS = sorted(p for p in GAMES.glob("*.yaml") if not p.name.startswith("mafia-"))
NAMES = ["Alice", "Bruno", "Chloé", "Driss", "Emma", "Farid", "Gaëlle", "Hugo"]
NIGHT_WORDS = {"en": ("Tonight", "wakes up", "died tonight"), "fr": ("Cette nuit", "se réveille")}
VOTE_WORDS = {"en": "has voted", "fr": "a voté"}


@pytest.fixture
def journal(tmp_path: Path):
    with open_journal(tmp_path / "games.sqlite") as opened:
        yield opened


def _load(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _start(record: dict[str, Any]) -> dict[str, Any]:
    setup = record["setup"]
    return {
        "game": "loup-garou",
        "name": record["game"].get("name"),
        "players": setup["players"],
        "roles": setup["roles"],
        "agreement": record.get("agreement") or {},
        "table": None,
        "date": None,
        "deal": setup.get("deal") or {},
    }


def _setup(tmp_path: Path, roles: dict[str, int], names: list[str] = NAMES) -> Path:
    path = tmp_path / "table.yaml"
    lines = ["game: loup-garou", f"players: {len(names)}", "roles:"]
    lines += [f"  {role}: {count}" for role, count in roles.items()]
    lines.append(f"names: [{', '.join(names)}]")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# --- 6: what is read aloud says what happened in the phase ---------------------------------


def _said(state, lang: str) -> str:
    return " ".join(p.say(lang) for p in announcement(state)).replace("\u00a0", " ")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("record", LG_RECORDS, ids=lambda p: p.stem)
def test_each_announcement_says_the_phase_it_closes(journal, book, record, lang):
    data = _load(record)
    game_id = session.new_game(journal, book, _start(data))
    told = 0
    for event in data["events"]:
        kind = event["kind"]
        values = {k: v for k, v in event.items() if k != "kind"}
        state = session.record(journal, book, game_id, kind, values, lang).state
        text = _said(state, lang)
        if kind not in ("dawn", "vote"):
            assert text == "", (kind, text)
            continue
        if kind == "vote" and state.tied and state.vote_round == "revote":
            assert text == ""  # a tie announces nothing yet: the revote comes
            continue
        told += 1
        if kind == "dawn":
            assert any(w in text for w in NIGHT_WORDS[lang]), text
            assert VOTE_WORDS[lang] not in text
        else:
            assert VOTE_WORDS[lang] in text, text
            assert not any(w in text for w in NIGHT_WORDS[lang]), text
        for name, cause, by in state.told_deaths:
            role = state.game.role(state.role_of(name)).name.get(lang)
            assert f"{name} ({role})" in text
            if cause == "shot":  # the hunter's shot is said as a shot, naming the shooter
                assert re.search(rf"{by} \([^)]*\) (shoots|tire)", text), text
    assert told


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_terminal_reads_the_vote_as_a_vote(garou, tmp_path, lang):
    db = str(tmp_path / "g.sqlite")
    setup = _setup(tmp_path, {"loup-garou": 1, "voyante": 1, "villageois": 3}, NAMES[:5])
    garou(
        "game", "new", "--setup", str(setup), "--db", db, "--deal", "Alice=loup-garou,Bruno=voyante"
    )
    answers = [
        "",
        "Alice",
        "Chloé",
        "oui",
        "",
        "",
        "Bruno",
        "non",
        "Alice",
        "Alice",
        "Driss",
        "Alice",
    ]
    run = garou("game", "play", "--db", db, "--lang", lang, input="\n".join(answers) + "\n")
    out = " ".join(run.stdout.replace("\u00a0", " ").split())
    card = {"en": "Werewolf", "fr": "Loup-Garou"}[lang]
    assert f"{VOTE_WORDS[lang]}: Alice ({card})" in out.replace(" :", ":"), out
    # the morning's announcement came once, before the vote; the vote's is not a night's
    after_vote = out[out.index(VOTE_WORDS[lang]) :]
    assert not any(w in after_vote for w in NIGHT_WORDS[lang])


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("record", LG_RECORDS, ids=lambda p: p.stem)
def test_the_web_reads_each_phase_as_what_happened(tmp_path, book, record, lang):
    from garou.web.app import WebConfig, create_app

    from .test_web_game import GameMaster, play

    db = tmp_path / "web.sqlite"
    data = _load(record)
    with open_journal(db) as journal:
        game_id = session.new_game(journal, book, _start(data))
    client = create_app(WebConfig(db=db)).test_client()
    gm = GameMaster(client, game_id, lang)
    seen: list[str] = []

    def check() -> None:
        html = gm.page()
        found = re.search(r"data-announcement>.*?</span>(.*?)</div>", html, re.S)
        if found:
            seen.append(" ".join(found.group(1).replace("\u00a0", " ").split()))

    play(gm, data["events"], after_each=check)
    votes = [s for s in seen if VOTE_WORDS[lang] in s]
    assert votes or not any(e["kind"] == "vote" for e in data["events"])
    for text in votes:
        assert not any(w in text for w in NIGHT_WORDS[lang]), text
