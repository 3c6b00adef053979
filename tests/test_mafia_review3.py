"""The Mafia evening against the third hostile review: the deal typed as garou prints it,
the event fields checked, the last vote's farewell, the table's majority, the nominations,
the farewell's draft, the judge's French words, the speech length of the agreement."""

from __future__ import annotations

import pytest

from garou.game import session
from garou.game.errors import IllegalEventError
from garou.game.journal import open_journal
from garou.game.mafia import start_data
from tests.helpers import MAFIA_NAMES as NAMES
from tests.helpers import MAFIA_ROLES as ROLES
from tests.helpers import MafiaTable


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


Table = MafiaTable


def _day_one_vote_out(t, name="Ana", by="Bob"):
    t.add("day")
    t.speeches()
    t.add("nominate", by=by, nominee=name)
    t.add("vote", votes={})


@pytest.mark.parametrize("kind", list(__import__("garou.game.mafia").game.mafia.FIELDS))
def test_a_key_the_mafia_event_does_not_carry_is_refused_with_the_near_one(book, tmp_path, kind):
    from garou.game.mafia import FIELDS

    t = Table(book, tmp_path)
    known = {k: "Ana" for k in FIELDS[kind]}
    for wrong in ("whatever", "role", "victim"):  # nonsense, a Loup-Garou key, another's
        error = t.refused(kind, **known, **{wrong: "Bob"})
        assert f"'{wrong}'" in error.message("en")
        assert "«\u00a0" + wrong in error.message("fr")
    for key in (k for k in FIELDS[kind] if len(k) > 3):
        typo = key[:2] + key[3:]  # a letter left out: crown → crwn, player → plyer
        error = t.refused(kind, **{typo: "Bob"})
        assert error.hint is not None and f"'{key}'" in error.hint.say("en"), error.message("en")


def test_a_loup_garou_typo_gets_the_near_key_too(book, tmp_path):
    from garou.game.start import start_data as lg_start

    setup = tmp_path / "t.yaml"
    setup.write_text(
        "game: loup-garou\nplayers: 6\nroles: {loup-garou: 2, voyante: 1, villageois: 3}\n"
        "names: [Ana, Bob, Cid, Dee, Eve, Fay]\n",
        encoding="utf-8",
    )
    journal = open_journal(tmp_path / "lg.sqlite", create=True)
    game_id = session.new_game(journal, book, lg_start(book, setup))
    with pytest.raises(IllegalEventError) as caught:
        session.record(journal, book, game_id, "look", {"targt": "Bob"}, "en")
    assert "'target'" in caught.value.message("en")


@pytest.mark.parametrize("seconds", [-5, 99999999999999999999999, "long", True, 3601])
def test_a_farewell_length_is_checked_as_a_speech_s(book, tmp_path, seconds):
    t = Table(book, tmp_path)
    t.add("day")
    assert t.refused("speech", player="Ana", seconds=seconds).phrase.key == "mafia.refused.seconds"
    t.speeches()
    t.add("nominate", by="Bob", nominee="Ana")
    t.add("vote", votes={})
    refused = t.refused("farewell", player="Ana", seconds=seconds)
    assert refused.phrase.key == "mafia.refused.seconds"
    t.add("farewell", player="Ana", seconds=60)


def test_an_evening_recorded_before_the_key_check_replays_as_it_was(book, tmp_path):
    t = Table(book, tmp_path, start={"order": 2})
    _day_one_vote_out(t)
    t.add("farewell", player="Ana", suspect="Bob", seconds=-5)  # stored and ignored, as then
    assert t.state().farewells[0]["suspects"] == []


def _new_evening(garou, tmp_path, *options: str) -> str:
    """``garou game new`` of the NAMES evening dealt ROLES (with ``options``) in the journal
    ``tmp_path/g.sqlite``; returns its path."""
    db = str(tmp_path / "g.sqlite")
    deal = ",".join(f"{p}={r}" for p, r in ROLES.items())
    garou("game", "new", "--game", "mafia", "--names", ",".join(NAMES), "--deal", deal,
          *options, "--db", db)  # fmt: skip
    return db


def test_a_list_under_an_unknown_key_is_refused_as_an_unknown_key(garou, tmp_path):
    db = _new_evening(garou, tmp_path)
    garou("game", "add", "day", "--db", db)
    run = garou("game", "add", "farewell", "player=Ana", "suspect=[Bob, Hal]", "--db", db,
                "--lang", "en")  # fmt: skip
    assert run.exit_code == 1
    assert "'suspect'" in run.stderr and "'suspects'" in run.stderr


CLUB = {"classic": {"ville": {"testament_per_mafioso": 0.25}}}


def _last_vote(t, nominee):
    """Three of the Town disqualified, then ``nominee`` voted out: the Mafia's win."""
    from garou.game.mafia import MAFIA_ROLES

    t.add("day")
    for name in ("Ana", "Cid", "Eve"):
        t.add("disqualify", player=name, behaviour="threats")
    t.speeches()
    t.add("nominate", by="Bob", nominee=nominee)
    t.add("vote", votes={})
    assert t.state().phase == "over" and t.state().winner == "mafia"
    return [n for n, r in ROLES.items() if r in MAFIA_ROLES]


def test_the_last_vote_s_player_gives_the_farewell_and_its_points_count(book, tmp_path):
    from garou.game.mafia_points import points

    t = Table(book, tmp_path, club=CLUB)
    mafiosi = _last_vote(t, "Gus")
    assert t.status()["farewell_due"] == ["Gus"] and "Gus" in t.status()["next"]
    before = {
        p["name"]: p["points"]["classic"]["total"] for p in points(t.state(), "en")["players"]
    }
    t.add("farewell", player="Gus", best_move=mafiosi[:2], suspects=mafiosi, crown="Jon")
    after = {p["name"]: p["points"]["classic"]["total"] for p in points(t.state(), "en")["players"]}
    assert after["Gus"] == pytest.approx(before["Gus"] + 0.25 * len(mafiosi))
    assert t.status()["farewell_due"] == [] and t.status()["next"] is None
    for kind, data in (("farewell", {"player": "Gus"}), ("night", {}), ("foul", {"player": "Jon"})):
        assert t.refused(kind, **data).phrase.key == "mafia.refused.over"


def test_the_terminal_asks_the_last_vote_s_farewell_before_the_points(garou, tmp_path):
    db = _new_evening(garou, tmp_path)
    add = lambda *a: garou("game", "add", *a, "--db", db, "--lang", "en")  # noqa: E731
    add("day")
    for name in ("Ana", "Cid", "Eve"):
        add("disqualify", f"player={name}", "behaviour=threats")
    for name in ("Bob", "Dan", "Fay", "Gus", "Hal", "Ivy", "Jon"):
        assert add("speech", f"player={name}").exit_code == 0
    add("nominate", "by=Bob", "nominee=Gus")
    assert add("vote", "votes={}").exit_code == 0
    run = garou("game", "play", "--db", db, "--no-countdown", "--lang", "en",
                input="Bob\nBob, Hal, Fay\n\n")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    # the farewell is given, then the points are listed (the status line may say who won)
    assert run.stdout.index("Gus's farewell recorded") < run.stdout.index("Classic ")
    status = garou("game", "status", "--db", db, "--json").json()
    assert status["farewell_due"] == []


ABSOLUTE = {"mf-contested-majority": "absolute-majority"}
BELOW_HALF = {
    "Ana": "Bob", "Cid": "Bob", "Eve": "Bob", "Gus": "Bob",
    "Dan": "Hal", "Ivy": "Hal", "Jon": "Hal",
}  # fmt: skip
"""Bob 4, Hal 3, and the three silent ballots to Fay, the last nominee: nobody above half."""


def _below_half(t):
    t.add("day")
    t.speeches()
    for by, nominee in (("Ana", "Bob"), ("Cid", "Hal"), ("Eve", "Fay")):
        t.add("nominate", by=by, nominee=nominee)
    t.add("vote", votes=BELOW_HALF)


@pytest.mark.parametrize("then", ["nobody", "again", "leader"])
def test_a_vote_nobody_wins_by_more_than_half_waits_for_the_table(book, tmp_path, then):
    t = Table(book, tmp_path, agreement=ABSOLUTE)
    _below_half(t)
    status = t.status()
    assert status["vote_round"] == "table" and "table-decision" in status["next"]
    assert all(s.alive for s in t.state().seats)
    for kind, data in (("night", {}), ("vote", {"votes": {}})):
        assert t.refused(kind, **data).phrase.key == "fixf.refused.table-decides"
    assert t.refused("table-decision", then="maybe").phrase.key == "fixf.refused.table-decision"
    t.add("table-decision", then=then)
    state = t.state()
    assert state.player("Bob").alive == (then != "leader")
    assert state.farewell_due == (["Bob"] if then == "leader" else [])
    if then == "again":
        assert t.status()["vote_round"] == "first"
        t.add("vote", votes={n: "Bob" for n in ("Ana", "Cid", "Eve", "Gus", "Dan", "Ivy")})
        assert not t.state().player("Bob").alive
    else:
        assert t.refused("table-decision", then=then).phrase.key == (
            "fixf.refused.no-table-decision"
        )


def test_an_evening_recorded_before_the_table_decides_still_ends_its_day(book, tmp_path):
    t = Table(book, tmp_path, agreement=ABSOLUTE, start={"order": 2})
    _below_half(t)
    assert t.state().vote_round is None  # as order 2 recorded it: nobody out
    t.add("night")


def test_the_terminal_asks_what_the_table_decided_in_either_language(garou, tmp_path):
    agreement = tmp_path / "a.yaml"
    made = garou("house", "pick", "-g", "mafia", "--defaults", "--set",
                 "mf-contested-majority=absolute-majority", "-o", str(agreement))  # fmt: skip
    assert made.exit_code == 0, made.stderr
    db = _new_evening(garou, tmp_path, "--agreement", str(agreement))
    add = lambda *a: garou("game", "add", *a, "--db", db, "--lang", "en")  # noqa: E731
    add("day")
    for name in NAMES:
        add("speech", f"player={name}")
    for by, nominee in (("Ana", "Bob"), ("Cid", "Hal"), ("Eve", "Fay")):
        add("nominate", f"by={by}", f"nominee={nominee}")
    votes = ", ".join(f"{k}: {v}" for k, v in BELOW_HALF.items())
    assert add("vote", f"votes={{{votes}}}").exit_code == 0
    for lang, word in (("fr", "nobody"), ("en", "personne")):  # each language's word, both
        run = garou("game", "play", "--db", db, "--no-countdown", "--lang", lang,
                    input=f"peut-être\n{word}\nq\n")  # fmt: skip
        assert run.exit_code == 0, run.stderr
        status = garou("game", "status", "--db", db, "--json").json()
        assert status["vote_round"] is None and all(p["alive"] for p in status["players"])
        assert garou("game", "undo", "--db", db).exit_code == 0


def test_the_judges_page_asks_what_the_table_decided(book, tmp_path):
    pytest.importorskip("flask")
    from garou.web import WebConfig, create_app

    t = Table(book, tmp_path, agreement=ABSOLUTE)
    _below_half(t)
    client = create_app(WebConfig(db=tmp_path / "g.sqlite")).test_client()
    page = client.get(f"/game/{t.id}?lang=en").text
    assert 'data-step="table-decision"' in page and 'name="then"' in page
    assert "checked" not in page.split('data-step="table-decision"')[1].split("</form>")[0]
    import re

    fields = {
        name: re.search(rf'name="{name}" value="([^"]+)"', page).group(1)
        for name in ("csrf", "form_id", "seen")
    }
    sent = client.post(
        f"/game/{t.id}/record?lang=en",
        data={**fields, "kind": "table-decision", "then": "leader"},
        headers={"Origin": "http://localhost"},
    )
    assert sent.status_code == 303, sent.text
    assert not t.state().player("Bob").alive


def test_a_player_may_nominate_as_many_candidates_as_the_document_allows(book, tmp_path):
    from garou.game.mafia_script import nominators

    t = Table(book, tmp_path)
    t.add("day")
    t.speeches()
    for nominee in ("Ana", "Cid", "Hal"):  # mf-nominations sets no number: neither does garou
        t.add("nominate", by="Ana", nominee=nominee)
        assert "Ana" in nominators(t.state())
    assert t.state().nominations == ["Ana", "Cid", "Hal"]
    assert t.refused("nominate", by="Bob", nominee="Cid").phrase.key == "mafia.refused.nominated"
    t.add("vote", votes={"Ana": "Cid"})
    assert not t.state().player("Hal").alive  # the silent ballots to the last nominee


@pytest.mark.parametrize("stop", ["ctrl-c", "eof"])
def test_a_farewell_stopped_midway_keeps_its_answers_and_its_countdown(
    garou, monkeypatch, tmp_path, stop
):
    from garou.cli.commands import mafia_play
    from tests.conftest import play_then_stop

    db = _new_evening(garou, tmp_path)
    add = lambda *a: garou("game", "add", *a, "--db", db, "--lang", "en")  # noqa: E731
    add("day")
    for name in NAMES:
        add("speech", f"player={name}")
    add("nominate", "by=Bob", "nominee=Ana")
    add("vote", "votes={}")
    timed: list[int] = []
    monkeypatch.setattr(
        mafia_play.MafiaSession, "timer", lambda self, s, label=None: timed.append(s)
    )
    play_then_stop(garou, monkeypatch, db, ["Bob, Hal", "Bob, Hal, Fay"], "Jon\n", stop)
    assert garou("game", "status", "--db", db, "--json").json()["farewell_due"] == ["Ana"]
    run = garou("game", "play", "--db", db, "--lang", "en", input="Jon\nq\n")
    assert "Ana's farewell resumed" in run.stdout
    assert "Best move" not in run.stdout and "Testament" not in run.stdout
    assert timed == [60]  # the countdown ran once, not again on resume
    events = garou("game", "export", "--db", db, "-o", "-").stdout
    farewell = [line for line in events.splitlines() if "kind: farewell" in line]
    assert len(farewell) == 1 and "best_move: [Bob, Hal]" in farewell[0]
    assert "suspects: [Bob, Hal, Fay]" in farewell[0] and "crown: Jon" in farewell[0]


def _words(command):
    from garou.core.catalogue import say

    return [
        w.strip() for lang in ("fr", "en") for w in say(f"fixf.command.{command}", lang).split(",")
    ]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_judges_day_commands_are_taken_in_either_language(garou, tmp_path, lang):
    from garou.core.catalogue import say
    from garou.core.names import fold

    db = _new_evening(garou, tmp_path)
    garou("game", "add", "day", "--db", db)
    lines = [f"{w} Ana" for w in _words("foul")]
    lines += [
        f"{w.upper()} {p} insult"
        for w, p in zip(_words("tech"), ["Bob", "Cid", "Dan"], strict=True)
    ]
    lines += [
        f"{fold(w)} {p} threats" for w, p in zip(_words("dq"), ["Eve", "Fay", "Gus"], strict=True)
    ]
    lines += [f"{w} Ana" for w in _words("fouls")]
    other = "en" if lang == "fr" else "fr"  # the other language's word ends the evening
    lines += [f"{say('fixf.command.ov', other).split(',')[0]} Jon"]
    run = garou("game", "play", "--db", db, "--no-countdown", "--lang", lang,
                input="\n".join([*lines, "q"]) + "\n")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    events = garou("game", "export", "--db", db, "-o", "-").stdout
    counts = {k: events.count(f"kind: {k},") for k in ("foul", "technical-foul", "disqualify")}
    assert counts == {"foul": 2, "technical-foul": 3, "disqualify": 3}
    assert "kind: opponent-victory, player: Jon" in events
    shown = run.stdout.replace("\n", " ")
    assert f"{say('fixf.command.foul', lang)} " in shown  # the prompt names the lang's word


@pytest.mark.parametrize(
    "agreed, turbo, refused",
    [("normal", True, True), ("turbo", True, False), (None, True, False), ("normal", False, False)],
)
def test_turbo_against_the_agreements_normal_speeches_is_refused(book, agreed, turbo, refused):
    game = book.game("mafia")
    agreement = {"mf-setting-speech": agreed} if agreed else {}
    if refused:
        with pytest.raises(IllegalEventError) as caught:
            start_data(game, NAMES, roles=ROLES, agreement=agreement, turbo=turbo)
        assert caught.value.rule == "mf-setting-speech"
        assert "60" in caught.value.message("fr") and "--turbo" in caught.value.message("en")
    else:
        start_data(game, NAMES, roles=ROLES, agreement=agreement, turbo=turbo)


def test_game_new_with_turbo_against_the_agreement_writes_nothing(garou, tmp_path):
    agreement, db = tmp_path / "a.yaml", tmp_path / "g.sqlite"
    garou("house", "pick", "-g", "mafia", "--defaults", "-o", str(agreement))
    run = garou("game", "new", "--game", "mafia", "--names", ",".join(NAMES), "--seed", "2",
                "--turbo", "--agreement", str(agreement), "--db", str(db),
                "--lang", "en")  # fmt: skip
    assert run.exit_code == 1 and "mf-setting-speech" in run.stderr
    assert not db.exists() or open_journal(db).games() == []


def test_every_mafia_event_kind_has_its_fields_listed():
    from garou.game import mafia

    assert set(mafia.FIELDS) == set(mafia.KINDS)
