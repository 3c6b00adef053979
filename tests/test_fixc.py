"""The second review's findings of the fixc wave: each test fails on the tree before its fix."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from garou import rules
from garou.rules.play import Player, make_state
from garou.rules.play.situation import parse_situation

from .conftest import play_then_stop
from .helpers import mafia_at_the_vote

BOOK = rules.load_rules()
MF = BOOK.game("mafia")


# --- 4: the state's fouls decide who is still playing ------------------------------------


def _limits() -> list[tuple[str, int]]:
    """Every count of Mafia whose limit disqualifies, with that limit (from the data)."""
    assert MF.fouls is not None
    pairs = (("fouls", MF.fouls.foul), ("technical_fouls", MF.fouls.technical))
    found = [(attr, lim.limit) for attr, lim in pairs if lim.consequence == "disqualification"]
    assert found, "the data gives no disqualifying count: the test would check nothing"
    return found


@pytest.mark.parametrize(("attr", "limit"), _limits())
@pytest.mark.parametrize("extra", [0, 1, 7])
def test_a_player_whose_counts_disqualify_is_not_alive_in_any_state(attr, limit, extra):
    counted = Player("1", "mafia", fouls=0, **{attr: limit + extra})
    below = Player("2", "mafia", **{attr: limit - 1})
    town = [Player(str(n), "citoyen") for n in (3, 4, 5)]
    state = make_state(MF, [counted, below, *town])
    assert [p.name for p in state.living()] == ["2", "3", "4", "5"]
    data = {
        "game": "mafia",
        "players": {"1": {"role": "mafia", attr: limit + extra}, "2": "mafia"}
        | {str(n): "citoyen" for n in (3, 4, 5)},
    }
    situation = parse_situation(BOOK, data, origin="s.yaml")
    assert [p.name for p in situation.state.living()] == ["2", "3", "4", "5"]


def test_win_and_cascade_count_a_disqualified_mafioso_out(garou, tmp_path: Path):
    attr, limit = _limits()[0]
    path = tmp_path / "f.yaml"
    path.write_text(
        f'game: mafia\nplayers:\n  "1": {{role: mafia, {attr}: {limit}}}\n  "2": mafia\n'
        '  "3": citoyen\n  "4": citoyen\n  "5": citoyen\n',
        encoding="utf-8",
    )
    win = json.loads(garou("win", "--state", str(path), "--json").stdout)
    assert win["winner"] is None
    assert sorted(win["alive"].values()) == [1, 3]
    cascade = json.loads(garou("cascade", "--state", str(path), "-x", "3:vote", "--json").stdout)
    assert cascade.get("winner") is None, cascade.get("winner")


# --- 2: the Mafia vote typed before a stop is kept -----------------------------------------


@pytest.mark.parametrize("stop", ["eof", "ctrl-c"])
def test_the_mafia_ballots_typed_before_a_stop_are_kept_and_the_vote_resumes(
    garou, tmp_path, monkeypatch, stop
):
    db = mafia_at_the_vote(garou, tmp_path, [("1", "8"), ("2", "3"), ("4", "5")])
    first = ["", "1,2,3"]  # no more nominations; the votes against 8; then the stop
    play_then_stop(garou, monkeypatch, db, first, "4\n", stop)
    exported = yaml.safe_load(garou("game", "export", "--db", db).stdout)
    assert exported["events"][-1]["kind"] == "close-nominations"  # no vote yet
    run = garou("game", "play", "--db", db, "--lang", "en", "--no-countdown", input="4,5\n")
    out = " ".join(run.stdout.split())
    assert "votes against 8" not in out and "votes against 3" in out  # resumed
    events = yaml.safe_load(garou("game", "export", "--db", db).stdout)["events"]
    vote = [e for e in events if e["kind"] == "vote"][-1]
    against = {voter: nominee for voter, nominee in vote["votes"].items()}
    assert {v for v, n in against.items() if n == "8"} == {"1", "2", "3"}
    assert {v for v, n in against.items() if n == "3"} == {"4", "5"}


# --- 12: with --json, an error is one JSON object on standard output, non-zero exit -------


@pytest.mark.parametrize("typed", ["", "\n", "le\n", "  \n"])
def test_search_json_without_a_question_is_a_json_error(garou, typed):
    run = garou("search", "--json", "--lang", "en", input=typed)
    assert run.exit_code != 0
    lines = [line for line in run.stdout.splitlines() if line.strip()]
    data = json.loads(run.stdout) if len(lines) != 1 else json.loads(lines[0])
    assert data["error"]["message"] and data["error"]["exit_code"] == run.exit_code


def test_search_json_answers_then_ends_with_the_refused_questions_code(garou):
    run = garou("search", "--json", "--lang", "en", input="vote tie\nle\n")
    answers = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    assert answers[0]["hits"] and "error" in answers[1]
    assert run.exit_code == answers[1]["error"]["exit_code"] != 0


# --- 5: the deaths read aloud are one list in seat order, no death said as following ------

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
    from .helpers import lg_start_of
    from .test_fixb import LG_RECORDS, _load

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
                for name, _, _ in deaths:
                    # each name once in the grouped list (twice for the voted-out, named
                    # by the vote too), never again as a shot: that tells the order
                    expected = 1 + (name in voted and len(deaths) > len(voted))
                    if len(deaths) == len(voted):
                        expected = 1
                    assert said.count(card(name)) == expected, (name, said)
    assert chained >= len(CHAINS)


# --- 3: a duration said with "more than" or in words is read as the document's limit -----


def _timed():
    from garou.rules.play.fouls import game_fouls

    timed = [b for b in game_fouls(MF).behaviours if b.seconds is not None]
    assert timed, "no behaviour with a time limit: the test would check nothing"
    return timed


FR_WORDS = {15: "quinze", 20: "vingt", 30: "trente", 60: "soixante", 10: "dix", 5: "cinq"}
EN_WORDS = {15: "fifteen", 20: "twenty", 30: "thirty", 60: "sixty", 10: "ten", 5: "five"}


@pytest.mark.parametrize(
    ("said", "offence"),
    [
        ("{id} plus de {n} secondes", True),
        ("{id} more than {n} seconds", True),
        ("{id} over {n} s", True),
        ("{id} {n} secondes", False),
        ("{id} plus de {below} s", None),  # more than less than the limit: not told
        ("{id} moins de {n} secondes", False),
        ("{id} {fr_above} secondes", True),
        ("{id} {en_above} seconds", True),
        ("{id} {fr_n} secondes", False),
        ("{id} une minute", True),
        ("{id} a minute", True),
    ],
)
def test_a_timed_behaviours_duration_is_read_with_its_bound_and_in_words(said, offence):
    from garou.rules.play import find_behaviours, judge_fouls

    for behaviour in _timed():
        n = int(behaviour.seconds)
        if offence is True and "minute" in said and n >= 60:
            continue
        above = min(k for k in FR_WORDS if k > n) if any(k > n for k in FR_WORDS) else None
        below = max(1, n // 2)
        if ("{fr_above}" in said or "{en_above}" in said) and above is None:
            continue
        if ("{fr_n}" in said) and n not in FR_WORDS:
            continue
        text = said.format(
            id=behaviour.id,
            n=n,
            below=below,
            fr_above=FR_WORDS.get(above or 0, ""),
            en_above=EN_WORDS.get(above or 0, ""),
            fr_n=FR_WORDS.get(n, ""),
        )
        result = judge_fouls(MF, (), find_behaviours(MF, text), "en")
        assert result.offence is offence, (text, [s.message for s in result.steps])


# --- 10: correcting an event that does not exist says it does not exist -----------------


@pytest.mark.parametrize("past", [1, 2, 7])
@pytest.mark.parametrize("corrected", [False, True])
def test_correcting_a_number_past_the_last_event_says_there_is_none(
    garou, tmp_path, past, corrected
):
    db = str(tmp_path / "g.sqlite")
    setup = tmp_path / "sp5.yaml"
    setup.write_text(
        "game: loup-garou\nplayers: 5\nroles: {loup-garou: 1, voyante: 1, villageois: 3}\n"
        "names: [Ana, Bob, Cid, Dee, Eve]\n",
        encoding="utf-8",
    )
    garou("game", "new", "--setup", str(setup), "--deal", "Ana=loup-garou", "--db", db)
    garou("game", "add", "kill", "victim=Bob", "--db", db)
    last = 2
    if corrected:
        garou("game", "correct", "2", "kill", "victim=Cid", "--why", "t", "--db", db)
        last = 3
    run = garou(
        "game", "correct", str(last + past), "kill", "victim=Dee", "--why", "t",
        "--db", db, "--json",
    )  # fmt: skip
    assert run.exit_code != 0
    message = json.loads(run.stdout)["error"]["message"]
    assert str(last + past) in message and str(last) in message
    assert "correction" not in message


# --- 6: one word of a behaviour's text alone does not make it the candidate --------------


@pytest.mark.parametrize(
    ("said", "lang"),
    [("a montré sa carte", "fr"), ("showed his card", "en"), ("il a montré ses notes", "fr")],
)
def test_one_shared_word_alone_proposes_no_behaviour(garou, said, lang):
    from garou.rules import UnknownIdError
    from garou.rules.play import find_behaviours

    with pytest.raises(UnknownIdError):
        find_behaviours(MF, said)
    run = garou("fouls", "-g", "mafia", said, "--lang", lang, "--json")
    assert run.exit_code == 1 and "error" in json.loads(run.stdout)
