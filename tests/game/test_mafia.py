"""The sports-Mafia evening: whole club games end to end, refusals, points by hand."""

from __future__ import annotations

import pytest
import yaml

from garou.game import session
from garou.game.errors import IllegalEventError
from garou.game.journal import open_journal
from garou.game.mafia import start_data
from garou.game.mafia_points import points
from garou.game.mafia_script import next_step
from garou.rules.play import Player, foul_costs_speech, judge_fouls
from tests.helpers import GAMES, MAFIA_ROLES, MafiaTable
from tests.helpers import MAFIA_NAMES as NAMES
from tests.helpers import MAFIA_ROLES as ROLES
from tests.helpers import _new_evening_in as _new_evening

TOWN = [n for n, r in ROLES.items() if r in ("citoyen", "sherif")]


MAFIA = [n for n, r in ROLES.items() if r in ("mafia", "don")]


class Table(MafiaTable):
    """One evening (see :class:`MafiaTable`) whose refusals also name the rule they cite."""

    def refused(self, kind, rule, **data):
        error = super().refused(kind, **data)
        assert error.rule == rule, error.message("en")
        return error

    def night_shots(self, target, **split):
        for shooter in [n for n in MAFIA if self.state().player(n).alive]:
            self.add("shot", shooter=shooter, target=split.get(shooter, target))

    def checks(self):
        """The living Don's and Sheriff's checks (mafia.txt: every night after the shots)."""
        state = self.state()
        for kind, role in (("don-check", "don"), ("sheriff-check", "sherif")):
            seat = next(s for s in state.seats if s.role == role)
            if seat.alive:
                other = next(s.name for s in state.living() if s.name != seat.name)
                self.add(kind, target=other)

    def farewells(self):
        for name in self.status()["farewell_due"]:
            self.add("farewell", player=name)


def _pts(state, lang="en"):
    return {p["name"]: {s: v["total"] for s, v in p["points"].items()}
            for p in points(state, lang)["players"]}  # fmt: skip


def test_a_town_win_with_a_missed_shot_and_checks_scored_by_hand(book, tmp_path):
    t = Table(book, tmp_path)
    t.refused("shot", "mf-first-night", shooter="Bob", target="Ana")
    # the checks of night 1 (mafia.txt: « chaque nuit ») are in tests/game/test_mafia.py
    t.add("day")
    t.speeches()
    t.add("nominate", by="Ana", nominee="Bob")
    t.refused("nominate", "mf-nominations", by="Cid", nominee="Bob")  # each nominee once
    t.add("vote", votes={n: "Bob" for n in NAMES})
    st = t.status()
    assert [p["alive"] for p in st["players"] if p["name"] == "Bob"] == [False]
    assert st["farewell_due"] == ["Bob"]
    t.add("farewell", player="Bob", best_move=["Ana"], suspects=["Cid"], crown="Fay")
    t.add("night")
    t.night_shots("Ana", Hal="Cid")  # different targets: a missed shot
    t.add("don-check", target="Dan")
    t.add("sheriff-check", target="Hal")
    state = t.add("day")
    assert all(s.alive for s in state.seats if s.name != "Bob")
    assert state.kills[-1]["target"] is None
    assert [(c["by"], c["answer"]) for c in state.checks] == [("don", True), ("sheriff", True)]
    t.speeches()
    t.add("nominate", by="Dan", nominee="Hal")
    t.add("vote", votes={})  # nobody speaks up: every vote goes to the last nominee
    t.farewells()
    t.add("night")
    t.night_shots("Eve")
    t.checks()
    state = t.add("day")
    assert not state.player("Eve").alive and state.farewell_due == ["Eve"]
    t.add("farewell", player="Eve")
    t.speeches()
    t.add("nominate", by="Dan", nominee="Fay")
    state = t.add("vote", votes={})
    assert state.winner == "ville" and state.win_rule == "mf-win"
    pts = _pts(state)
    for name in TOWN:  # the document: Classic +1.00, Max Mafia Town +1.35
        assert pts[name] == {"classic": 1.0, "max-mafia": 1.35}
    for name in MAFIA:
        assert pts[name] == {"classic": 0.0, "max-mafia": 0.0}
    t.refused("night", None)


def test_a_tie_goes_to_the_revote_then_the_lift(book, tmp_path):
    t = Table(book, tmp_path)
    t.add("day")
    t.speeches()
    t.add("nominate", by="Ana", nominee="Bob")
    t.add("nominate", by="Bob", nominee="Eve")
    half = {n: ("Bob" if i < 5 else "Eve") for i, n in enumerate(NAMES)}
    st_after = t.add("vote", votes=half)
    assert st_after.vote_round == "revote" and st_after.tied == ["Bob", "Eve"]
    t.refused("night", "mf-vote-tie")
    # Each tied player's extra time comes first (mafia.txt: "ils reçoivent d'abord un
    # temps supplémentaire pour argumenter, puis un nouveau vote a lieu").
    _due(t, "vote", "mf-vote-tie", "Bob", votes=half)
    assert t.status()["speaker"] == "Bob" and "extra time" in t.status()["next"]
    t.refused("speech", "mf-vote-tie", player="Ana", seconds=60)  # not tied
    t.add("speech", player="Eve", seconds=60)  # either tied player may argue first
    t.refused("speech", "mf-vote-tie", player="Eve", seconds=60)  # once
    _due(t, "vote", "mf-vote-tie", "Bob", votes=half)
    t.add("speech", player="Bob", seconds=60)
    t.refused("vote", "mf-vote", votes={"Ana": "Cid"})  # not a nominee
    state = t.add("vote", votes=half)
    assert state.vote_round == "lift"
    assert state.speaker() is None  # the lift vote comes without more speeches
    state = t.add("vote", votes={n: ("yes" if i < 6 else "no") for i, n in enumerate(NAMES)})
    assert {s.name for s in state.seats if not s.alive} == {"Bob", "Eve"}
    assert [s.out for s in state.seats if not s.alive] == ["lift", "lift"]
    assert state.farewell_due == ["Bob", "Eve"]


def test_the_critical_phase_is_warned_and_a_mis_vote_gives_the_mafia_the_win(book, tmp_path):
    t = Table(book, tmp_path)
    t.add("day")
    t.speeches()
    t.add("nominate", by="Bob", nominee="Ana")
    st = t.status()
    assert st["margin"] == {"errors_left": 1, "critical": False, "rule": "mf-margin"}
    t.add("vote", votes={})
    t.farewells()
    t.add("night")
    t.night_shots("Cid")
    t.checks()
    t.add("day")
    t.farewells()
    t.speeches()
    t.add("nominate", by="Fay", nominee="Eve")
    st = t.status()
    assert st["margin"]["critical"] is True
    assert any("Critical phase" in w["message"] for w in st["warnings"])
    state = t.add("vote", votes={})
    assert state.days[-1]["rounds"][0]["critical"] is True
    t.farewells()
    t.add("night")
    t.night_shots("Gus")
    t.checks()
    state = t.add("day")
    assert state.winner == "mafia"
    pts = _pts(state)
    for name in MAFIA:  # Classic +1.00, Max Mafia Mafia +0.85
        assert pts[name] == {"classic": 1.0, "max-mafia": 0.85}
    assert sum(pts[n]["classic"] for n in NAMES) == len(MAFIA)


@pytest.mark.parametrize("last", [["Ana", "Bob", "Cid"], ["Ana", "Cid", "Fay"]])
def test_a_lift_that_puts_the_last_three_out_ends_the_evening_without_a_winner(
    book, tmp_path, last
):
    """They leave together: the win is checked once, as ``garou vote`` then ``garou
    cascade`` check it (nobody alive, no winner), never between two of them, when the
    seats decided (Ana out first gave the mafia parity; Bob, the mafioso, out next gave
    the town its win; Fay, the Don, seated last, kept the mafia's)."""
    t = Table(book, tmp_path)
    t.checks()
    t.add("day")
    for name in [n for n in NAMES if n not in last]:
        t.add("disqualify", player=name, behaviour="threats")
    t.speeches()
    for by, nominee in zip(last, last[1:] + last[:1], strict=True):
        t.add("nominate", by=by, nominee=nominee)
    one_each = {by: nominee for by, nominee in zip(last, last[1:] + last[:1], strict=True)}
    assert t.add("vote", votes=one_each).vote_round == "revote"
    t.speeches()
    assert t.add("vote", votes=one_each).vote_round == "lift"
    state = t.add("vote", votes=dict.fromkeys(last, "yes"))
    assert not state.living() and state.phase == "over"
    assert state.winner is None and state.win_rule is None
    assert t.status()["next"] is not None  # the three farewells are still due
    told = [line.text.key for line in state.story if hasattr(line.text, "key")]
    assert "game.story.nobody-alive" in told and "mafia.story.won" not in told
    from garou.game.protocol import build_protocol, render_protocol

    sheet = str(render_protocol(build_protocol(state, "en"), "md"))
    assert "Nobody is left alive" in sheet and "in progress" not in sheet


def test_fouls_cost_the_next_speech_and_disqualify(book, tmp_path):
    t = Table(book, tmp_path)
    t.add("day")
    for _ in range(3):
        t.add("foul", player="Cid")
    st = t.status()
    assert [p["fouls"] for p in st["players"] if p["name"] == "Cid"] == [3]
    t.refused("speech", "mf-foul", player="Cid")
    t.add("speech", player="Ana")
    assert t.status()["speaker"] == "Bob"
    t.add("speech", player="Bob")
    assert t.status()["speaker"] == "Dan"  # garou skipped Cid's lost speech itself
    t.add("technical-foul", player="Gus", behaviour="insults")
    state = t.add("technical-foul", player="Gus")
    assert state.player("Gus").out == "disqualified"
    t.refused("foul", "mf-foul", player="Gus")
    t.refused("disqualify", "mf-disqualifying", player="Jon", behaviour="insults")
    state = t.add("disqualify", player="Jon", behaviour="messages")
    assert state.player("Jon").out == "disqualified"
    st = t.status()
    assert [p["technical_fouls"] for p in st["players"] if p["name"] == "Gus"] == [2]


def test_an_opponent_victory_stops_the_game(book, tmp_path):
    t = Table(book, tmp_path)
    t.add("day")
    state = t.add("opponent-victory", player="Hal", behaviour="threats")
    assert state.phase == "over" and state.winner == "ville"
    assert state.win_rule == "mf-opponent-victory"
    pts = _pts(state)
    assert sum(p["classic"] for p in pts.values()) == len(TOWN)
    t.refused("foul", None, player="Ana")


def test_bad_input_is_refused_with_its_rule_and_nothing_recorded(book, tmp_path):
    game = book.game("mafia")
    with pytest.raises(IllegalEventError) as caught:
        Table(book, tmp_path, players=[*NAMES, "Kim"], roles={**ROLES, "Kim": "citoyen"})
    assert caught.value.rule == "mf-composition"
    with pytest.raises(IllegalEventError) as caught:
        Table(book, tmp_path / "b", roles={**ROLES, "Ana": "don"})
    assert caught.value.rule == "mf-composition"
    t = Table(book, tmp_path / "c")
    t.add("day")
    t.speeches()
    t.add("nominate", by="Ana", nominee="Bob")
    t.add("vote", votes={})
    t.farewells()
    t.add("night")
    t.refused("shot", "mf-night-shots", shooter="Bob", target="Ana")  # dead
    t.refused("shot", "mf-night-shots", shooter="Ana", target="Cid")  # not mafia
    t.add("shot", shooter="Fay", target="Dan")
    t.refused("shot", "mf-night-shots", shooter="Fay", target="Cid")  # twice
    t.add("shot", shooter="Hal", target="Dan")
    t.checks()
    t.add("day")
    t.farewells()
    t.speeches()
    t.add("night")
    t.refused("sheriff-check", "mf-role-sherif", target="Fay")  # the Sheriff is dead
    assert game.id == "mafia"


def test_a_seed_deals_the_same_cards(book):
    from garou.game.mafia import draw_roles

    game = book.game("mafia")
    one, two = draw_roles(game, NAMES, 7), draw_roles(game, NAMES, 7)
    assert one == two
    assert sorted(one.values()) == sorted(ROLES.values())
    assert any(draw_roles(game, NAMES, s) != one for s in range(8, 12))


def test_decisive_votes_and_club_values_are_scored_by_hand(book, tmp_path):
    club = {
        "club": "Le Cercle",
        "max_mafia": {"ville": {"decisive_vote_bonus": 0.1}},
        "classic": {"mafia": {"testament_per_mafioso": 0.2}},
    }
    t = Table(book, tmp_path, club=club)
    t.add("day")
    t.speeches()
    for name in ("Bob", "Cid", "Eve"):
        t.add("nominate", by={"Bob": "Ana", "Cid": "Dan", "Eve": "Gus"}[name], nominee=name)
    votes = {
        "Ana": "Bob",
        "Dan": "Bob",
        "Gus": "Bob",
        "Ivy": "Bob",
        "Bob": "Cid",
        "Fay": "Cid",
        "Hal": "Cid",
        "Cid": "Eve",
        "Eve": "Eve",
        "Jon": "Eve",
    }
    state = t.add("vote", votes=votes)
    vote = state.days[-1]["rounds"][-1]
    assert vote["eliminated"] == ["Bob"]
    # 4-3-3: without any one of Bob's four votes it is a three-way tie; the others change nothing.
    assert sorted(vote["decisive"]) == ["Ana", "Dan", "Gus", "Ivy"]
    t.add("farewell", player="Bob", suspects=["Fay", "Hal", "Ana"])
    state = t.add("opponent-victory", player="Fay")
    pts = _pts(state)
    assert pts["Ana"] == {"classic": 1.0, "max-mafia": 1.45}  # 1.35 + the club's 0.1
    assert pts["Cid"] == {"classic": 1.0, "max-mafia": 1.35}
    assert pts["Bob"] == {"classic": 0.4, "max-mafia": 0.0}  # 2 real mafiosi × 0.2
    reasons = next(p for p in points(state, "en")["players"] if p["name"] == "Ana")
    sources = [r["source"] for r in reasons["points"]["max-mafia"]["reasons"]]
    assert sources == ["document", "club"]
    unset = [r for r in reasons["points"]["classic"]["reasons"] if r["source"] == "club-unset"]
    assert unset and unset[0]["points"] == 0.0


def test_club_values_are_validated_like_the_rules(book, tmp_path):
    from garou.core.errors import DataFileError
    from garou.game.mafia_points import read_club

    path = tmp_path / "club.yaml"
    path.write_text("club: X\nclassic:\n  ville: {decisive_vote_bonus: lots}\n", encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        read_club(path)
    assert "club.yaml:3" in caught.value.message("en")
    with pytest.raises(IllegalEventError):
        Table(book, tmp_path, club={"classic": {"town": {}}})


def test_the_countdown_on_a_fake_clock_warns_pauses_and_resumes():
    from garou.game.timer import Countdown

    now = [100.0]
    c = Countdown(60, lambda: now[0])
    c.start()
    now[0] += 49
    assert c.shown() == "0:11" and not c.warning()
    now[0] += 1
    assert c.warning() and c.left() == 10
    c.pause()
    now[0] += 500
    assert c.left() == 10 and c.paused
    c.resume()
    now[0] += 9.5
    assert c.shown() == "0:01" and not c.over()
    now[0] += 0.5
    assert c.over() and c.left() == 0
    turbo = Countdown(25, lambda: now[0])
    turbo.start()
    now[0] += 15
    assert turbo.warning()


def test_the_terminal_countdown_ticks_on_the_session_clock(capsys):
    from garou.cli.commands.mafia_play import run_timer

    class FakeClock:
        t = 0.0
        slept: list[float] = []

        @classmethod
        def now(cls):
            return cls.t

        @classmethod
        def sleep(cls, seconds):
            cls.slept.append(seconds)
            cls.t += seconds

    class FakeSession:
        clock = FakeClock
        shown: list[str] = []

        def say(self, key, **values):
            return key

        def show(self, text, style=""):
            self.shown.append(text)

    session = FakeSession()
    run_timer(session, 25)
    assert sum(FakeClock.slept) == 25
    assert session.shown == ["mafia.play.warn", "mafia.play.time-up"]
    assert "0:25" in capsys.readouterr().out


def _random_game(game, seed):
    """A random legal evening: events chosen at random, each kept only when legal."""
    import random

    from garou.game import mafia

    rng = random.Random(seed)
    state = mafia.start(game, start_data(game, NAMES, roles=ROLES))
    events = []

    def attempt(kind, **data):
        nonlocal state
        try:
            state = mafia.apply(state, kind, data, len(events) + 2, "en")
        except IllegalEventError:
            return False
        events.append({"kind": kind, **data})
        return True

    for _ in range(200):
        if state.phase == "over":
            break
        living = [s.name for s in state.living()]
        if rng.random() < 0.03:
            attempt(rng.choice(["foul", "technical-foul"]), player=rng.choice(living))
        elif state.phase == "night":
            common = rng.choice(living)
            for s in state.living():
                if s.role in ("mafia", "don") and s.name not in state.shots:
                    target = common if rng.random() < 0.8 else rng.choice(living)
                    attempt("shot", shooter=s.name, target=target)
            attempt("don-check", target=rng.choice(living))
            attempt("sheriff-check", target=rng.choice(living))
            attempt("day")
        elif state.farewell_due:
            attempt(
                "farewell",
                player=state.farewell_due[0],
                suspects=rng.sample(NAMES, 3),
                crown=rng.choice(living),
            )
        elif state.speaker() is not None:
            attempt("speech", player=state.speaker())
        elif state.vote_round == "first" and not state.today()["rounds"] and rng.random() < 0.6:
            attempt("nominate", by=rng.choice(living), nominee=rng.choice(living))
        elif state.vote_round is not None and state.nominations:
            pool = state.tied or state.nominations
            if state.vote_round == "lift":
                votes = {n: rng.choice(["yes", "no"]) for n in living}
            else:
                votes = {n: rng.choice(pool) for n in living if rng.random() < 0.7}
            attempt("vote", votes=votes)
        else:
            attempt("night")
    return state, events


@pytest.mark.parametrize("seed", range(3))
def test_random_games_score_the_same_from_their_exported_record(book, tmp_path, seed):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from garou.game.order import ORDER
    from garou.game.record import dump_record, game_record, import_record

    game = book.game("mafia")

    @settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.integers(0, 10**6))
    def check(n):
        state, events = _random_game(game, n * 3 + seed)
        record = {
            # the rules of order the game was played to (order 4: checks on night 1)
            "game": {"id": "mafia", "name": None, "table": None, "date": None, "order": ORDER},
            "setup": {"players": NAMES, "roles": ROLES, "deal": {}},
            "agreement": {},
            "events": events,
        }
        path = tmp_path / f"r{n}.yaml"
        path.write_text(dump_record(record), encoding="utf-8")
        with open_journal(tmp_path / f"g{n}.sqlite", create=True) as journal:
            game_id = import_record(journal, book, path)
            again = session.load(journal, book, game_id).state
            assert game_record(journal, game_id)["events"] == events
        assert points(again, "en") == points(state, "en")
        if state.winner is not None:
            winners = [s for s in state.seats if game.role(s.role).camp == state.winner]
            classic = sum(p["points"]["classic"]["total"] for p in points(state, "en")["players"]
                          if p["camp"] == state.winner)  # fmt: skip
            assert classic == pytest.approx(len(winners))

    check()


def test_the_scripted_face_status_protocol_and_standings(garou, tmp_path):
    db = str(tmp_path / "club.sqlite")
    names = ",".join(NAMES)
    deal = ",".join(f"{k}={v}" for k, v in ROLES.items())
    made = garou(
        "game",
        "new",
        "--game",
        "mafia",
        "--names",
        names,
        "--deal",
        deal,
        "--date",
        "2026-11-05",
        "--db",
        db,
        "--json",
    )
    assert made.exit_code == 0, made.stderr
    assert made.json()["roles"] == ROLES
    drawn = garou(
        "game", "new", "--game", "mafia", "--names", names, "--seed", "7", "--db", db, "--json"
    )
    again = garou(
        "game", "new", "--game", "mafia", "--names", names, "--seed", "7", "--db", db, "--json"
    )
    assert drawn.json()["roles"] == again.json()["roles"]
    eleven = garou("game", "new", "--game", "mafia", "--names", names + ",Kim", "--db", db)
    assert eleven.exit_code == 1 and "mf-composition" in eleven.stderr
    add = lambda *a: garou("game", "add", *a, "--id", "1", "--db", db, "--lang", "en")  # noqa: E731
    assert add("day").exit_code == 0
    for name in NAMES[:3]:
        add("speech", f"player={name}")
    add("foul", "player=Dan")
    status = garou("game", "status", "1", "--db", db, "--json").json()
    dan = next(p for p in status["players"] if p["name"] == "Dan")
    assert (dan["seat"], dan["fouls"], dan["technical_fouls"]) == (4, 1, 0)
    assert status["speaker"] == "Dan" and status["winner"] is None
    assert status["margin"] == {"errors_left": 1, "critical": False, "rule": "mf-margin"}
    add("nominate", "by=Ana", "nominee=Bob")
    assert garou("game", "status", "1", "--db", db, "--json").json()["nominations"] == ["Bob"]
    for name in NAMES[3:]:
        assert add("speech", f"player={name}").exit_code == 0
    refused = add("vote", "votes={Ana: Cid}")
    assert refused.exit_code == 1 and "mf-vote" in refused.stderr and "nothing" in refused.stderr
    lookup = garou("game", "fouls", "Dan", "insult", "--id", "1", "--db", db, "--lang", "en")
    assert lookup.exit_code == 0 and "mf-technical-foul" in lookup.stdout
    add("vote", "votes={}")
    add("opponent-victory", "player=Fay")
    proto = garou("game", "protocol", "1", "--db", db, "--json").json()
    assert proto["winner"] == "La Ville"
    assert proto["days"][0]["rounds"][0]["out"] == "Bob"
    md = garou("game", "protocol", "1", "-f", "md", "--db", db, "--lang", "en")
    assert "Bob" in md.stdout and "Winning team" in md.stdout
    pts = garou("game", "points", "1", "--db", db, "--json").json()
    ana = next(p for p in pts["players"] if p["name"] == "Ana")
    assert ana["points"]["max-mafia"]["total"] == 1.35
    # each player's line is the catalogue's field, as at the end of game play: « Ana (…) : »
    heads = {"fr": "1. Ana (Citoyen)\u00a0: Classic 1,00", "en": "1. Ana (Citizen): Classic 1.00"}
    for lang, head in heads.items():
        said = garou("game", "points", "1", "--db", db, "--lang", lang).stdout
        assert said.splitlines()[0].startswith(head), said
    table = garou("club", "standings", "--db", db, "--json").json()
    assert table["games"] == [1]
    assert next(p for p in table["players"] if p["name"] == "Ana")["points"]["classic"] == 1.0
    later = garou("club", "standings", "--from", "2026-12-01", "--db", db, "--json").json()
    assert later["games"] == []
    blank = garou("game", "protocol", "--blank", "-f", "md", "--lang", "en")
    assert blank.exit_code == 0 and "| 10 |" in blank.stdout


def test_the_interactive_face_walks_a_night(garou, tmp_path):
    db = str(tmp_path / "club.sqlite")
    deal = ",".join(f"{k}={v}" for k, v in ROLES.items())
    garou("game", "new", "--game", "mafia", "--names", ",".join(NAMES), "--deal", deal, "--db", db)
    # night 1: the meeting, then the Don's and the Sheriff's checks (mafia.txt: every night)
    answers = ["Ana", "Ana", *[""] * 10, "Ana Bob", "", "", "Fay, Hal", "", "Cid", "Cid", "Dan",
               "Hal", "q"]  # fmt: skip
    run = garou(
        "game",
        "play",
        "--db",
        db,
        "--no-countdown",
        "--lang",
        "en",
        input="\n".join(answers) + "\n",
    )
    assert run.exit_code == 0, run.stderr
    assert "Every shot is at Cid" in run.stdout
    assert "The Sheriff (Dan) checks Hal: mafia." in run.stdout


def test_a_silent_vote_counted_against_the_last_nominee_can_be_decisive(book, tmp_path):
    t = Table(book, tmp_path, club={"classic": {"ville": {"decisive_vote_penalty": 0.3}}})
    t.add("day")
    t.speeches()
    for by, nominee in (("Ana", "Bob"), ("Dan", "Eve"), ("Gus", "Cid")):
        t.add("nominate", by=by, nominee=nominee)
    # Bob 3, Eve 3 given; Cid, Eve, Ivy and Jon say nothing: 4 against Cid, the last nominee.
    votes = {"Ana": "Bob", "Dan": "Bob", "Gus": "Bob", "Bob": "Eve", "Fay": "Eve", "Hal": "Eve"}
    state = t.add("vote", votes=votes)
    vote = state.days[-1]["rounds"][-1]
    assert vote["eliminated"] == ["Cid"]
    assert sorted(vote["decisive"]) == ["Cid", "Eve", "Ivy", "Jon"]
    assert vote["counted"]["Jon"] == "Cid"
    state = t.add("opponent-victory", player="Hal")
    pts = _pts(state)
    assert pts["Jon"]["classic"] == 0.7  # 1.00 - the club's 0.3 for putting out a citizen
    assert pts["Ana"]["classic"] == 1.0


def test_the_recap_gives_a_mafia_evening_back_with_its_close_calls(garou, tmp_path):
    db = str(tmp_path / "club.sqlite")
    deal = ",".join(f"{k}={v}" for k, v in ROLES.items())
    garou("game", "new", "--game", "mafia", "--names", ",".join(NAMES), "--deal", deal, "--db", db)

    def add(*a):
        result = garou("game", "add", *a, "--db", db, "--lang", "en")
        assert result.exit_code == 0, result.stderr

    def speeches():
        while speaker := garou("game", "status", "--db", db, "--json").json()["speaker"]:
            add("speech", f"player={speaker}")

    add("day")
    speeches()
    add("nominate", "by=Bob", "nominee=Ana")
    add("vote", "votes={}")
    add("farewell", "player=Ana")
    add("night")
    for shooter in MAFIA:
        add("shot", f"shooter={shooter}", "target=Cid")
    add("don-check", "target=Dan")
    add("sheriff-check", "target=Hal")
    add("day")
    add("farewell", "player=Cid")
    speeches()
    add("nominate", "by=Fay", "nominee=Eve")
    add("vote", "votes={}")
    add("farewell", "player=Eve")
    add("disqualify", "player=Hal", "behaviour=threats")
    add("night")
    refused = garou("game", "add", "shot", "shooter=Hal", "target=Gus", "--db", db)
    assert refused.exit_code == 1 and "mf-night-shots" in refused.stderr
    assert "disqualifié" in refused.stderr
    recap = garou("game", "recap", "--db", db, "--json", "--lang", "en").json()
    assert any("checks Hal: mafia" in line for line in recap["unseen"])
    assert any("critical phase" in line and "Eve" in line for line in recap["close_calls"])


@pytest.mark.parametrize("seconds", ["abc", -5, True, 4.5])
def test_a_speech_length_that_is_not_seconds_is_refused(book, tmp_path, seconds):
    t = Table(book, tmp_path)
    t.add("day")
    speaker = t.status()["speaker"]
    t.refused("speech", None, player=speaker, seconds=seconds)
    t.add("speech", player=speaker, seconds=45)
    assert t.state().speeches[-1]["seconds"] == 45


def _vote_out(t, name, voters=NAMES):
    """Nominate ``name`` and vote them out unanimously."""
    t.speeches()
    by = next(n for n in voters if n != name and t.state().player(n).alive)
    t.add("nominate", by=by, nominee=name)
    return t.add("vote", votes={n: name for n in voters if t.state().player(n).alive})


def test_nights_and_days_are_numbered_one_after_the_other(book, tmp_path):
    # mafia.txt: the first night is the meeting; then each night follows a day.
    from garou.game.recap import build_recap

    t = Table(book, tmp_path)
    assert (t.status()["night"], t.status()["day"]) == (1, 0)
    t.add("day")
    _vote_out(t, "Bob")
    t.farewells()
    t.add("night")
    assert (t.status()["night"], t.status()["day"]) == (2, 1)
    t.night_shots("Ana")
    t.checks()
    t.add("day")
    assert (t.status()["night"], t.status()["day"]) == (2, 2)
    t.farewells()
    t.speeches()
    t.add("night")
    assert t.status()["night"] == 3
    recap = build_recap(session.load(t.journal, book, t.id), t.id, "en")
    parts = [(p.phase, p.number) for p in recap.timeline]
    assert parts == [("night", 1), ("day", 1), ("night", 2), ("day", 2), ("night", 3)]


@pytest.mark.parametrize("turbo, seconds", [(False, 60), (True, 25)])
def test_the_farewell_warning_gives_the_documents_time(book, tmp_path, turbo, seconds):
    # mafia.txt: "dispose de 60 secondes d'adieu (25 en turbo)".
    t = Table(book, tmp_path, turbo=turbo)
    t.add("day")
    _vote_out(t, "Bob")
    farewell = [w for w in t.status()["warnings"] if w["rule"] == "mf-farewell"]
    assert len(farewell) == 1 and "Bob" in farewell[0]["message"]
    assert f"{seconds}" in farewell[0]["message"]


def test_only_a_player_at_three_fouls_is_warned_of_losing_the_speech(book, tmp_path):
    # mafia.txt: "À 3 fautes, vous perdez la parole au tour suivant."
    t = Table(book, tmp_path)
    t.add("day")
    for _ in range(3):
        t.add("foul", player="Cid")
    t.add("foul", player="Eve")
    lost = [w["message"] for w in t.status()["warnings"] if w["rule"] == "mf-foul"]
    assert len(lost) == 1 and "Cid" in lost[0]


def test_a_speech_may_last_zero_seconds_but_not_less(book, tmp_path):
    t = Table(book, tmp_path)
    t.add("day")
    t.add("speech", player="Ana", seconds=0)
    assert t.state().speeches[-1]["seconds"] == 0
    t.refused("speech", None, player="Bob", seconds=-1)


def test_the_best_move_names_at_most_three_players(book, tmp_path):
    t = Table(book, tmp_path)
    t.add("day")
    _vote_out(t, "Bob")
    t.refused("farewell", "mf-farewell", player="Bob", best_move=["Ana", "Cid", "Dan", "Eve"])
    t.add("farewell", player="Bob", best_move=["Ana", "Cid", "Dan"])


def test_a_vote_no_single_ballot_decides_gives_no_decisive_vote_points(book, tmp_path):
    # mafia.txt: a vote is decisive when the result would have been different without it.
    club = {"club": "Le Cercle", "max_mafia": {"ville": {"decisive_vote_bonus": 0.1}}}
    t = Table(book, tmp_path, club=club)
    t.add("day")
    state = _vote_out(t, "Bob")
    assert state.days[-1]["rounds"][-1]["decisive"] == []
    state = t.add("opponent-victory", player="Fay")
    for player in points(state, "en")["players"]:
        for system in player["points"].values():
            assert not [r for r in system["reasons"] if r["rule"] == "mf-decisive-vote"]


@pytest.mark.parametrize("name", ["Le Cercle", None])
def test_the_club_is_named_beside_its_values(book, tmp_path, name):
    from garou.core.catalogue import say

    club = {"classic": {"mafia": {"testament_per_mafioso": 0.2}}}
    t = Table(book, tmp_path, club=club | ({"club": name} if name else {}))
    t.add("day")
    _vote_out(t, "Bob")
    t.add("farewell", player="Bob", suspects=["Fay"])
    state = t.add("opponent-victory", player="Fay")
    bob = next(p for p in points(state, "en")["players"] if p["name"] == "Bob")
    testament = [r for r in bob["points"]["classic"]["reasons"] if r["rule"] == "mf-testament"]
    assert len(testament) == 1
    assert (name or say("club.unnamed", "en")) in testament[0]["reason"]


def test_a_club_value_of_the_wrong_type_refuses_the_evening(book, tmp_path):
    with pytest.raises(IllegalEventError) as caught:
        Table(book, tmp_path, club={"classic": {"ville": {"decisive_vote_bonus": "lots"}}})
    assert caught.value.rule == "mf-setting-scoring"


def _to_night_two(t):
    """Day 1 played through (Ana voted out, her farewell given), night 2 begun."""
    t.add("day")
    t.speeches()
    t.add("nominate", by="Bob", nominee="Ana")
    t.add("vote", votes={})
    t.farewells()
    t.add("night")


def _due(t, kind, rule, name, **data):
    """The event is refused with its rule, naming what is due, in both languages."""
    refused = t.refused(kind, rule, **data)
    en, fr = refused.message("en"), refused.message("fr")
    assert name in en and name in fr and rule in en and rule in fr
    assert "nothing was recorded" in en and "rien n'a été enregistré" in fr
    assert en != fr
    return refused


def test_the_vote_and_the_night_wait_for_every_speech(book, tmp_path):
    t = Table(book, tmp_path)
    t.add("day")
    _due(t, "night", "mf-speech", "Ana")
    t.add("nominate", by="Bob", nominee="Cid")
    _due(t, "vote", "mf-speech", "Ana", votes={})
    _due(t, "night", "mf-speech", "Ana")
    for name in NAMES[:4]:
        t.add("speech", player=name)
    _due(t, "vote", "mf-speech", "Eve", votes={})
    t.speeches()
    assert t.add("vote", votes={}).days[-1]["rounds"][0]["eliminated"] == ["Cid"]


def test_a_speech_lost_to_fouls_is_not_waited_for(book, tmp_path):
    t = Table(book, tmp_path)
    t.add("day")
    for _ in range(3):
        t.add("foul", player="Jon")
    t.speeches()
    assert "Jon" not in t.state().spoken
    t.add("nominate", by="Bob", nominee="Cid")
    t.add("vote", votes={})
    t.farewells()
    t.add("night")
    t.night_shots("Gus", Hal="Ivy")  # a missed shot
    t.checks()
    t.add("day")
    assert t.status()["speaker"] == "Ana"
    t.speeches()
    assert "Jon" in t.state().spoken  # the speech is lost once (mafia.txt: the next turn)


def test_the_night_waits_for_the_vote_on_the_nominees_and_the_farewell(book, tmp_path):
    t = Table(book, tmp_path)
    t.add("day")
    t.speeches()
    t.add("nominate", by="Bob", nominee="Cid")
    refused = _due(t, "night", "mf-vote", "Cid")
    assert "is nominated" in refused.message("en") and "est nominé" in refused.message("fr")
    t.add("nominate", by="Ana", nominee="Eve")
    assert "are nominated" in t.refused("night", "mf-vote").message("en")
    t.add("vote", votes={n: "Cid" for n in NAMES})
    _due(t, "night", "mf-farewell", "Cid")
    t.add("farewell", player="Cid")
    assert t.add("night").night == 2


def test_a_nobody_nominated_day_ends_after_the_speeches(book, tmp_path):
    t = Table(book, tmp_path)
    t.add("day")
    t.speeches()
    assert t.add("night").night == 2


def test_the_vote_waits_for_the_farewell_of_the_night_s_victim(book, tmp_path):
    t = Table(book, tmp_path)
    _to_night_two(t)
    t.night_shots("Gus")
    t.checks()
    t.add("day")
    t.speeches()
    t.add("nominate", by="Bob", nominee="Cid")
    _due(t, "vote", "mf-farewell", "Gus", votes={})
    _due(t, "night", "mf-farewell", "Gus")
    t.add("farewell", player="Gus")
    t.add("vote", votes={})


def test_the_morning_waits_for_every_living_mafioso_s_shot(book, tmp_path):
    t = Table(book, tmp_path)
    _to_night_two(t)
    refused = _due(t, "day", "mf-night-shots", "Bob")
    assert "Hal" in refused.message("en") and "Fay" in refused.message("fr")
    t.add("shot", shooter="Bob", target="Gus")
    t.add("shot", shooter="Fay", target="Gus")
    refused = _due(t, "day", "mf-night-shots", "Hal")
    assert "Bob" not in refused.message("en")
    t.add("shot", shooter="Hal", target="Ivy")  # a missed shot: different targets
    t.checks()
    state = t.add("day")
    assert state.kills[-1]["target"] is None and all(s.alive for s in state.seats[1:])


def test_the_morning_waits_for_the_don_s_then_the_sheriff_s_check(book, tmp_path):
    t = Table(book, tmp_path)
    _to_night_two(t)
    t.night_shots("Gus")
    _due(t, "day", "mf-role-don", "Fay")
    t.add("don-check", target="Dan")
    _due(t, "day", "mf-role-sherif", "Dan")
    t.add("sheriff-check", target="Hal")
    assert not t.add("day").player("Gus").alive


def test_a_dead_don_checks_nobody_and_the_morning_does_not_wait(book, tmp_path):
    t = Table(book, tmp_path)
    t.add("day")
    _vote_out(t, "Fay")
    t.farewells()
    t.add("night")
    t.night_shots("Gus")
    t.add("sheriff-check", target="Hal")
    assert not t.add("day").player("Gus").alive


@pytest.mark.parametrize("lang, words", [("en", "not shot yet"), ("fr", "pas encore tiré")])
def test_the_command_refuses_a_morning_with_a_shot_due(garou, tmp_path, lang, words):
    db = str(tmp_path / "club.sqlite")
    deal = ",".join(f"{k}={v}" for k, v in ROLES.items())
    garou("game", "new", "--game", "mafia", "--names", ",".join(NAMES), "--deal", deal, "--db", db)

    def add(*a):
        return garou("game", "add", *a, "--db", db, "--lang", lang, "--json")

    assert add("day").exit_code == 0
    run = add("night")
    assert run.exit_code == 1 and "mf-speech" in run.json()["error"]["message"]
    while speaker := garou("game", "status", "--db", db, "--json").json()["speaker"]:
        assert add("speech", f"player={speaker}").exit_code == 0
    assert add("night").exit_code == 0
    assert add("shot", "shooter=Bob", "target=Gus").exit_code == 0
    run = add("day")
    error = run.json()["error"]
    assert run.exit_code == 1 and error["type"] == "IllegalEventError"
    assert words in error["message"] and "Hal" in error["message"]
    assert "mf-night-shots" in error["message"]
    assert garou("game", "status", "--db", db, "--json").json()["phase"] == "night"


def _terminal_evening(garou, tmp_path):
    from garou.game.timer import timer_data

    db = str(tmp_path / "club.sqlite")
    deal = ",".join(f"{k}={v}" for k, v in ROLES.items())
    garou("game", "new", "--game", "mafia", "--names", ",".join(NAMES), "--deal", deal, "--db", db)
    assert garou("game", "add", "day", "--db", db).exit_code == 0
    with open_journal(db) as journal:
        game_id = journal.game(None).id
        for i, action in enumerate(("start", "pause", "resume", "stop")):
            journal.record(game_id, "timer", timer_data(action, "speech:d1:Ana", 100.0 + i, 60))
        kinds = {e.seq: e.kind for e in journal.events(game_id)}
    return db, kinds


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_terminal_refuses_to_correct_a_countdown_with_the_webs_reason(garou, tmp_path, lang):
    db, kinds = _terminal_evening(garou, tmp_path)
    timers = [seq for seq, kind in kinds.items() if kind == "timer"]
    assert len(timers) == 4
    for seq in timers:
        run = garou("game", "correct", str(seq), "day", "--why", "oops", "--db", db,
                    "--lang", lang, "--json")  # fmt: skip
        said = run.json()["error"]["message"]
        assert run.exit_code == 1
        assert {"fr": "compte à rebours", "en": "countdown"}[lang] in said
        assert {"fr": "départ", "en": "the start"}[lang] not in said
        # Refused before the reason is asked: nothing read from the terminal.
        asked = garou("game", "correct", str(seq), "day", "--db", db, "--lang", lang)
        assert asked.exit_code == 1
        assert {"fr": "Pourquoi corriger", "en": "Why correct"}[lang] not in asked.stderr
    with open_journal(db) as journal:
        assert len(journal.events(journal.game(None).id)) == len(kinds)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_terminal_asks_why_a_correction_is_made_when_not_told(garou, tmp_path, lang):
    db, kinds = _terminal_evening(garou, tmp_path)
    nominate = garou("game", "add", "nominate", "by=Ana", "nominee=Bob", "--db", db)
    assert nominate.exit_code == 0
    seq = len(kinds) + 1
    nobody = garou("game", "correct", str(seq), "nominate", "by=Ana", "nominee=Cid",
                   "--db", db, "--lang", lang, input="\n")  # fmt: skip
    assert nobody.exit_code == 2
    assert {"fr": "Dites pourquoi", "en": "Say why"}[lang] in nobody.stderr
    assert {"fr": "Pourquoi corriger", "en": "Why correct"}[lang] in nobody.stderr
    fixed = garou("game", "correct", str(seq), "nominate", "by=Ana", "nominee=Cid",
                  "--db", db, "--lang", lang, input="misheard\n")  # fmt: skip
    assert fixed.exit_code == 0, fixed.stderr
    with open_journal(db) as journal:
        last = journal.events(journal.game(None).id)[-1]
    assert last.kind == "correct" and last.data["why"] == "misheard"
    assert last.data["event"] == {"kind": "nominate", "by": "Ana", "nominee": "Cid"}


def test_a_start_event_recorded_with_every_default_still_replays(book, tmp_path):
    """Evenings started before the start event held only what the table agreed recorded
    every default as agreed: they replay, and read as they were recorded."""
    from garou.houserules import build_agreement

    game = book.game("mafia")
    old = start_data(game, NAMES, roles=ROLES)
    assert old["agreement"] == {}  # nothing agreed, nothing recorded as agreed
    old["agreement"] = {d.case: d.option for d in build_agreement(game, {}).decisions}
    with open_journal(tmp_path / "old.sqlite", create=True) as journal:
        game_id = session.new_game(journal, book, old)
        for kind, data in (("day", {}), ("nominate", {"by": "Ana", "nominee": "Bob"})):
            session.record(journal, book, game_id, kind, data, "en")
        state = session.load(journal, book, game_id).state
    assert state.agreement == old["agreement"]
    from garou.game.mafia import table_state

    agreed = table_state(state).agreed
    assert "the table's reading" in agreed.reading("mf-contested-majority").say("en")


def test_the_start_keeps_the_judges_cards_and_numbers_the_seats_from_one(book):
    from garou.game.mafia import start

    game = book.game("mafia")
    data = start_data(game, NAMES, roles=ROLES)
    assert data["roles"] == ROLES and data["seed"] is None  # entered by the judge: no draw
    seats = start(game, data).seats
    assert [(s.name, s.seat, s.role) for s in seats] == [
        (n, i, ROLES[n]) for i, n in enumerate(NAMES, start=1)
    ]
    drawn = start_data(game, NAMES, roles={}, seed=7)  # no cards entered: drawn from the seed
    assert drawn["seed"] == 7 and sorted(drawn["roles"].values()) == sorted(ROLES.values())


@pytest.mark.parametrize(
    "players",
    ["ABCDEFGHIJ", (*NAMES,), [*NAMES[:9], ""], [*NAMES[:9], 5], None],
    ids=["a-string", "a-tuple", "an-empty-name", "a-number", "none"],
)
def test_a_start_whose_players_are_not_a_list_of_names_is_refused(book, players):
    # The record's players are a list of ten names (mafia.txt: ten seats, each a player).
    from garou.game.mafia import start

    game = book.game("mafia")
    names = list(players) if players else []
    data = start_data(game, NAMES, roles=ROLES)
    cards = dict(zip(names, ROLES.values(), strict=False))
    with pytest.raises(IllegalEventError) as caught:
        start(game, {**data, "players": players, "roles": cards})
    assert "10" in caught.value.message("en"), caught.value.message("en")


def test_a_countdown_not_started_is_neither_over_nor_warned_and_a_short_one_warns_at_half():
    from garou.game.timer import Countdown

    now = [0.0]
    for seconds in (0, 12, 60):
        waiting = Countdown(seconds, lambda: now[0])
        assert not waiting.over() and not waiting.warning() and waiting.left() == seconds
    short = Countdown(12, lambda: now[0])  # half of 12 s comes before garou's 10 s warning
    short.start()
    now[0] += 5.5
    assert not short.warning()
    now[0] += 0.5
    assert short.warning() and not short.over()
    now[0] += 6
    assert short.over() and not short.warning()


def test_the_next_step_of_a_night_names_who_acts_in_the_documents_order(book, tmp_path):
    # mafia.txt: the first night the mafia meets, then the Don and the Sheriff check (« chaque
    # nuit »); from night 2 the shots, then the Don's check, then the Sheriff's, the morning.
    t = Table(book, tmp_path)
    assert t.status()["next"].startswith("the Don's check, Fay ")
    t.add("don-check", target="Ana")
    assert t.status()["next"].startswith("the Sheriff's check, Dan ")
    t.add("sheriff-check", target="Ana")
    assert "the mafia meets" in t.status()["next"]
    _to_night_two(t)
    assert t.status()["next"].startswith("the shots of ")
    t.night_shots("Gus")
    assert t.status()["next"].startswith("the Don's check, Fay ")
    t.add("don-check", target="Dan")
    assert t.status()["next"].startswith("the Sheriff's check, Dan ")
    t.add("sheriff-check", target="Hal")
    assert t.status()["next"].startswith("the morning")


def test_the_checks_answer_as_the_document_says_and_a_table_may_skip_night_one(book, tmp_path):
    # mafia.txt: the first night is the mafia's meeting (no shot); the Don and the Sheriff
    # check « chaque nuit » unless the table agreed none before night 2; from night 2 the
    # Don looks for the Sheriff and the Sheriff for the mafia (Mafiosi and Don), never
    # themselves.
    case = "mf-setting-first-night-checks"
    first = Table(book, tmp_path / "first", agreement={case: "from-night-2"})
    first.refused("shot", "mf-first-night", shooter="Bob", target="Ana")
    first.refused("don-check", case, target="Ana")
    first.refused("sheriff-check", case, target="Bob")
    for target in ["Cid", "Dan", "Fay", "Hal"]:  # alive on night 2 (Ana was voted out)
        t = Table(book, tmp_path / target)
        _to_night_two(t)
        if target == "Fay":
            t.refused("don-check", "mf-role-don", target=target)
        else:
            t.add("don-check", target=target)
        if target == "Dan":
            t.refused("sheriff-check", "mf-role-sherif", target=target)
        else:
            t.add("sheriff-check", target=target)
        answers = {c["by"]: c["answer"] for c in t.state().checks}
        if target != "Fay":
            assert answers["don"] == (ROLES[target] == "sherif"), target
        if target != "Dan":
            assert answers["sheriff"] == (ROLES[target] in ("mafia", "don")), target
        if target != "Fay":
            t.refused("don-check", "mf-role-don", target="Gus")  # one check a night


def test_a_silent_ballot_counts_against_the_last_nominee_of_the_round(book, tmp_path):
    # mafia.txt: a player who does not vote votes against the last nominee; in a revote,
    # the last of the tied players in the order they were named.
    t = Table(book, tmp_path)
    t.add("day")
    t.speeches()
    for by, nominee in (("Ana", "Bob"), ("Cid", "Eve"), ("Dan", "Gus")):
        t.add("nominate", by=by, nominee=nominee)
    # Four each for Bob and Eve; Ivy and Jon say nothing.
    first = {"Ana": "Bob", "Cid": "Bob", "Dan": "Bob", "Fay": "Bob",
             "Bob": "Eve", "Eve": "Eve", "Gus": "Eve", "Hal": "Eve"}  # fmt: skip
    state = t.add("vote", votes=first)
    counted = state.today()["rounds"][0]["counted"]
    assert counted["Ivy"] == counted["Jon"] == "Gus"
    assert state.vote_round == "revote" and state.tied == ["Bob", "Eve"]
    t.speeches()  # the tied players' extra time, before the revote
    revote = {"Ana": "Bob", "Cid": "Bob", "Dan": "Bob", "Fay": "Bob", "Bob": "Eve", "Eve": "Bob",
              "Gus": "Eve"}  # fmt: skip
    state = t.add("vote", votes=revote)  # Hal, Ivy and Jon silent: against Eve
    counted = state.today()["rounds"][1]["counted"]
    assert counted["Hal"] == counted["Ivy"] == counted["Jon"] == "Eve"
    assert state.today()["rounds"][1]["tally"] == {"Bob": 5, "Eve": 5}


def test_fouls_cost_only_the_next_speech_and_two_technical_fouls_disqualify(book, tmp_path):
    # mafia.txt: "À 3 fautes, le joueur perd sa prise de parole au tour suivant. Aucune
    # autre conséquence." and "À 2 fautes techniques, le joueur est automatiquement
    # disqualifié."
    t = Table(book, tmp_path)
    t.add("day")
    for n in range(1, 6):
        state = t.add("foul", player="Cid")
        cid = state.player("Cid")
        assert cid.alive and cid.fouls == n and cid.loses_speech == (n >= 3), n
    state = t.add("technical-foul", player="Eve")
    assert state.player("Eve").alive and state.player("Eve").technical_fouls == 1
    state = t.add("technical-foul", player="Eve")
    assert state.player("Eve").out == "disqualified"
    assert [s["kind"] for s in state.sanctions if s["player"] == "Eve"] == ["technical-foul"] * 2


def test_a_timer_event_must_hold_a_countdowns_values_and_only_a_start_has_a_length():
    # A countdown starts for whole seconds, more than 0 and at most MAX_SECONDS (a day); a
    # pause, a resume or a stop acts on a running countdown and says no length.
    from garou.game.timer import ACTIONS, MAX_SECONDS, check_timer

    def refused(data):
        with pytest.raises(IllegalEventError) as caught:
            check_timer(data)
        return caught.value.phrase.key

    for seconds in (1, 2, 60, MAX_SECONDS - 1, MAX_SECONDS):
        check_timer({"action": "start", "label": "speech:d1:Ana", "at": 0, "seconds": seconds})
    for seconds in (0, -1, MAX_SECONDS + 1, 1.5, 60.0, True, "60", None):
        data = {"action": "start", "label": "speech:d1:Ana", "at": 0, "seconds": seconds}
        assert refused(data) == "judge.refused.timer-seconds", seconds
    assert refused({"action": "start", "label": "l", "at": 0}) == "judge.refused.timer-seconds"
    for action in ACTIONS[1:]:
        check_timer({"action": action, "label": "speech:d1:Ana", "at": 12.5})
    for action in ("Start", "", None, "reset"):
        assert refused({"action": action, "label": "l", "at": 0}) == "judge.refused.timer-action"
    for label in ("", "  ", None, 3, "x" * 201):
        assert refused({"action": "stop", "label": label, "at": 0}) == "judge.refused.timer-label"
    for at in (-1, -0.5, True, "3", None):
        assert refused({"action": "stop", "label": "l", "at": at}) == "judge.refused.timer-at"


def test_the_journals_countdown_is_its_latest_start_with_its_pauses_until_stopped():
    from types import SimpleNamespace

    from garou.game.timer import countdown_from, timer_data

    def read(*events, labels=("a", "b"), now=200.0):
        found = countdown_from(
            [SimpleNamespace(data=timer_data(*e)) for e in events], labels, lambda: now
        )
        return None if found is None else (found[0], found[1].left(), found[1].paused)

    assert read() is None
    assert read(("start", "a", 150, 60)) == ("a", 10, False)
    # Paused from 160 to 190: 30 s that do not count.
    started = [("start", "a", 150, 60), ("pause", "a", 160), ("resume", "a", 190)]
    assert read(*started) == ("a", 40, False)
    assert read(*started[:2]) == ("a", 50, True)
    assert read(*started[:2], ("pause", "a", 170)) == ("a", 50, True)  # a second pause: none
    assert read(*started, ("resume", "a", 195)) == ("a", 40, False)  # resumed twice: once
    assert read(*started, ("stop", "a", 199)) is None
    # The latest start wins; a stop, pause or resume acts on its own label only.
    both = [("start", "a", 150, 60), ("start", "b", 170, 60)]
    assert read(*both) == ("b", 30, False)
    assert read(*both, ("stop", "b", 180)) == ("a", 10, False)
    assert read(*both, ("pause", "a", 175)) == ("b", 30, False)
    assert read(*both, ("stop", "a", 180)) == ("b", 30, False)
    assert read(*both, ("start", "a", 190, 60)) == ("a", 50, False)  # started again: anew
    assert read(("pause", "a", 100), ("stop", "b", 100), ("start", "a", 150, 60)) == (
        "a", 10, False)  # fmt: skip
    assert read(*both, labels=("a",)) == ("a", 10, False)  # other labels are not read


def test_a_countdown_paused_before_its_start_or_twice_counts_from_its_start_and_first_pause():
    from garou.game.timer import Countdown

    now = [0.0]
    c = Countdown(60, lambda: now[0])
    c.pause()  # not started: nothing to pause
    assert not c.paused
    now[0] = 10.0
    c.start()
    now[0] = 30.0
    assert c.left() == 40
    c.pause()
    now[0] = 45.0
    c.pause()  # already paused: the first pause holds
    c.resume()
    assert c.left() == 40
    now[0] = 50.0
    assert c.left() == 35


def test_the_status_says_the_days_vote_round_and_none_while_no_vote_is_open(book, tmp_path):
    # The status (the judge's page and --json) names the round the day's vote is in: the
    # first vote, the revote of the tied, the lift vote; none at night nor once it is over.
    t = Table(book, tmp_path)
    assert t.status()["vote_round"] is None  # night 1: the meeting
    t.add("day")
    assert t.status()["vote_round"] == "first"
    t.speeches()
    t.add("nominate", by="Ana", nominee="Bob")
    t.add("nominate", by="Bob", nominee="Eve")
    assert t.status()["vote_round"] == "first"
    half = {n: ("Bob" if i < 5 else "Eve") for i, n in enumerate(NAMES)}
    t.add("vote", votes=half)
    assert t.status()["vote_round"] == "revote" and t.status()["tied"] == ["Bob", "Eve"]
    t.add("speech", player="Bob", seconds=60)
    t.add("speech", player="Eve", seconds=60)
    t.add("vote", votes=half)
    assert t.status()["vote_round"] == "lift"
    t.add("vote", votes={n: "no" for n in NAMES})  # the table keeps both: the vote is over
    assert t.status()["vote_round"] is None and t.state().vote_round is None
    t.add("night")
    assert t.status()["vote_round"] is None
    t.night_shots("Cid")
    t.checks()
    t.add("day")
    assert t.status()["vote_round"] == "first"
    t.farewells()
    t.speeches()
    t.add("night")  # a day without a nomination: no vote was held
    assert t.state().vote_round == "first" and t.status()["vote_round"] is None


@pytest.mark.parametrize("leader", ["Bob", "Hal", "Fay"])
def test_a_vote_nobody_wins_by_more_than_half_leaves_the_table_to_decide_on_the_most_voted(
    book, tmp_path, leader
):
    # The table's reading "absolute majority" (mf-contested-majority): when nobody gets more
    # than half the votes, the table decides whether the player with the most votes leaves,
    # whichever nominee that is (first, second or last nominated).
    t = Table(book, tmp_path, agreement={"mf-contested-majority": "absolute-majority"})
    t.add("day")
    t.speeches()
    nominees = ["Bob", "Hal", "Fay"]
    for by, nominee in zip(("Ana", "Cid", "Eve"), nominees, strict=True):
        t.add("nominate", by=by, nominee=nominee)
    others = [n for n in nominees if n != leader]
    ballots = [leader] * 4 + [others[0]] * 3 + [others[1]] * 3  # 4 of 10: not more than half
    t.add("vote", votes=dict(zip(NAMES, ballots, strict=True)))
    status = t.status()
    assert status["vote_round"] == "table", status
    assert f"or {leader} leaves" in status["next"], status["next"]
    assert all(s.alive for s in t.state().seats)
    state = t.add("table-decision", then="leader")
    assert [s.name for s in state.seats if not s.alive] == [leader]
    assert state.farewell_due == [leader]


def test_the_fouls_lookup_of_a_player_out_says_how_they_left_then_the_counts_rules(book, tmp_path):
    # A player who left the table takes no more fouls: the lookup says how they left and
    # gives the counts' rules, whatever the behaviour asked about, and counts no new foul.
    from garou.core.catalogue import say
    from garou.game.mafia_fouls import lookup

    t = Table(book, tmp_path)
    t.add("day")
    t.speeches()
    t.add("nominate", by="Bob", nominee="Ana")
    state = t.add("vote", votes={})
    assert state.player("Ana").out == "vote"
    for lang, left in (("en", "has already left the table"), ("fr", "a déjà quitté la table")):
        lines = lookup(state, "Ana", None, lang)
        assert lines[0].startswith(f"Ana {left} ({say('cause.vote', lang)})"), lines[0]
        assert len(lines) > 1 and all(line.endswith(")") for line in lines[1:]), lines
        assert {"(mf-foul)", "(mf-unsporting)"} <= {line.rsplit(" ", 1)[1] for line in lines}
        for words in ("insult", "interrupt"):
            assert lookup(state, "Ana", words, lang) == lines
    alive = lookup(state, "Bob", "insult", "en")
    assert "with this one" in " ".join(alive) and not alive[0].startswith("Bob has already")


def test_the_closed_nominations_refuse_a_nomination_until_undone(book, journal):
    from garou.game import session
    from garou.game.errors import IllegalEventError

    names = [str(n) for n in range(1, 11)]
    game_id = _new_evening(book, journal)
    session.record(journal, book, game_id, "day", {})
    session.record(journal, book, game_id, "speech", {"player": "1"})
    with pytest.raises(IllegalEventError) as early:  # the speeches first (rules of order 2)
        session.record(journal, book, game_id, "close-nominations", {})
    assert early.value.phrase is not None and early.value.phrase.key == "mafia.order.speech-due"
    for p in names[1:]:
        session.record(journal, book, game_id, "speech", {"player": p})
    session.record(journal, book, game_id, "nominate", {"by": "1", "nominee": "8"})
    assert (
        "garou game add close-nominations" in session.status(journal, book, game_id, "en")["next"]
    )
    state = session.record(journal, book, game_id, "close-nominations", {}).state
    assert state.nominations_closed and state.nominations == ["8"]
    assert session.status(journal, book, game_id, "en")["next"].startswith("the vote on 8")
    for kind, key in (("nominate", "mafia.refused.nominations-closed"),
                      ("close-nominations", "mafia.refused.closed-twice")):  # fmt: skip
        with pytest.raises(IllegalEventError) as refused:
            session.record(journal, book, game_id, kind, {"by": "2", "nominee": "3"}
                           if kind == "nominate" else {})  # fmt: skip
        assert refused.value.phrase.key == key and refused.value.rule == "mf-nominations"
        assert "undo" in refused.value.message("en") or kind != "nominate"
    session.undo(journal, book, game_id)
    state = session.record(journal, book, game_id, "nominate", {"by": "2", "nominee": "3"}).state
    assert state.nominations == ["8", "3"]


MAFIA_RECORDS = sorted(GAMES.glob("mafia-*.yaml"))


@pytest.mark.parametrize("record", MAFIA_RECORDS, ids=lambda p: p.stem)
@pytest.mark.parametrize("order", [None, 2])
def test_old_evenings_replay_the_same_and_a_closing_changes_no_outcome(
    book, tmp_path, journal, record, order
):
    """An evening recorded before the event (no closing, the vote closing them) replays to
    the very state it did; the same evening with the nominations closed before each day's
    first vote ends in the same state, points and protocol included."""
    from garou.game import session
    from garou.game.mafia_points import points
    from garou.game.record import import_record

    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    if order is None:
        data["game"].pop("order", None)
    else:
        data["game"]["order"] = order
    data["events"] = [e for e in data["events"] if e["kind"] != "close-nominations"]
    closed = []
    for i, event in enumerate(data["events"]):
        first_vote = event["kind"] == "vote" and (
            i == 0 or not any(e["kind"] == "vote" for e in data["events"][
                next(j for j in range(i, -1, -1) if data["events"][j]["kind"] == "day"):i])
        )  # fmt: skip
        if first_vote:
            closed.append({"kind": "close-nominations"})
        closed.append(event)
    assert len(closed) > len(data["events"]), "no vote: the test would check nothing"
    states = []
    for events in (data["events"], closed):
        path = tmp_path / f"r{len(states)}.yaml"
        path.write_text(yaml.safe_dump({**data, "events": events}, allow_unicode=True), "utf-8")
        game_id = import_record(journal, book, path)
        state = session.load(journal, book, game_id, "en").state
        states.append(state)
    plain, with_close = states
    assert plain.to_dict("en") == with_close.to_dict("en")
    assert points(plain, "en") == points(with_close, "en")
    assert [r["tally"] for d in plain.days for r in d["rounds"]] == [
        r["tally"] for d in with_close.days for r in d["rounds"]
    ]


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


def test_every_mafia_event_kind_has_its_fields_listed():
    from garou.game import mafia

    assert set(mafia.FIELDS) == set(mafia.KINDS)


# --- one count of fouls and one cost (issue 24) --------------------------------------------


def _night_to_day(t: MafiaTable) -> None:
    """The night after a day nobody was nominated: three shots on Jon, the checks, dawn."""
    t.add("night")
    for shooter in ("Bob", "Fay", "Hal"):
        t.add("shot", shooter=shooter, target="Jon")
    t.add("don-check", target="Ana")
    t.add("sheriff-check", target="Bob")
    t.add("day")
    t.add("farewell", player="Jon")


def _fouls(t: MafiaTable, name: str, n: int) -> None:
    for _ in range(n):
        t.add("foul", player=name)


def test_a_fourth_foul_costs_the_next_speech_as_the_third_did(book, tmp_path):
    t = MafiaTable(book, tmp_path)
    t.add("day")
    _fouls(t, "Ana", 3)
    assert next_step(t.state()).skipped == ("Ana",)
    t.speeches()
    _fouls(t, "Ana", 1)
    state = t.state()
    assert state.player("Ana").loses_speech
    _night_to_day(t)
    step = next_step(t.state())
    assert (step.kind, step.player, step.skipped) == ("speech", "Bob", ("Ana",))
    state = t.add("speech", player="Bob")
    assert "Ana" in state.skipped and not state.player("Ana").loses_speech


@pytest.mark.parametrize("fouls", [3, 4, 5])
def test_the_resolver_and_the_engine_give_one_cost_for_a_count(book, tmp_path, fouls):
    game = book.game("mafia")
    assert foul_costs_speech(game, fouls)
    assert not foul_costs_speech(game, 2)
    player = Player("Ana", MAFIA_ROLES["Ana"], fouls=fouls)
    result = judge_fouls(game, [player], lang="en")
    assert result.counts[0].loses_next_speech
    t = MafiaTable(book, tmp_path)
    t.add("day")
    _fouls(t, "Cid", fouls)
    assert t.state().player("Cid").loses_speech


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_count_beyond_the_limit_says_it_is_garou_s_reading(garou, lang):
    run = garou("--lang", lang, "fouls", "-g", "mafia", "--foul", "Ana=4", "--json")
    assert run.exit_code == 0, run.stdout
    data = run.json()
    assert data["players"][0]["loses_next_speech"] is True
    step = data["steps"][0]
    assert step["code"] == "fouls.beyond-limit" and step["reading"] == "garou"
    assert ("lecture de garou" if lang == "fr" else "garou's reading") in step["message"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_speech_lost_to_fouls_is_said_when_it_is_skipped_on_the_terminal(
    garou, book, tmp_path, lang
):
    t = MafiaTable(book, tmp_path)
    t.add("day")
    _fouls(t, "Ana", 3)
    run = garou("game", "play", "--db", str(t.journal.path), "--no-countdown",
                "--lang", lang, input="q\n")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    said = "perd sa prise de parole (3 fautes)" if lang == "fr" else "loses this speech (3 fouls)"
    assert said in run.stdout
    assert run.stdout.index(said) < run.stdout.rindex("Bob")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_speech_lost_to_fouls_is_said_on_the_judge_s_phone(book, tmp_path, lang):
    from garou.web import WebConfig, create_app

    t = MafiaTable(book, tmp_path)
    t.add("day")
    _fouls(t, "Ana", 3)
    client = create_app(WebConfig(db=t.journal.path)).test_client()
    page = client.get(f"/game/{t.id}?lang={lang}").text
    assert 'data-skipped="Ana"' in page
    said = "perd sa prise de parole (3 fautes)" if lang == "fr" else "loses this speech (3 fouls)"
    assert said in page


# --- the checks of the first night (mafia.txt: « Chaque nuit, il vérifie ») --------------

FIRST_NIGHT = "mf-setting-first-night-checks"


def test_the_first_night_asks_the_don_then_the_sheriff_after_the_meeting(book, tmp_path):
    t = MafiaTable(book, tmp_path)
    step = next_step(t.state())
    assert (step.kind, step.player, step.meeting) == ("don-check", "Fay", True)
    assert step.seconds == 60
    state = t.add("don-check", target="Ana")
    step = next_step(state)
    assert (step.kind, step.player, step.meeting) == ("sheriff-check", "Dan", False)
    state = t.add("sheriff-check", target="Bob")
    assert state.checks[-1]["answer"] is True and state.checks[-1]["night"] == 1
    assert next_step(state).kind == "meeting"
    t.add("day")


def test_a_table_that_agreed_no_checks_before_night_two_gets_the_meeting_alone(book, tmp_path):
    from garou.game.errors import IllegalEventError

    t = MafiaTable(book, tmp_path, agreement={FIRST_NIGHT: "from-night-2"})
    assert next_step(t.state()).kind == "meeting"
    error = t.refused("don-check", target="Ana")
    assert isinstance(error, IllegalEventError) and error.rule == FIRST_NIGHT


def test_an_evening_started_before_the_checks_of_night_one_replays_as_it_was(book, tmp_path):
    t = MafiaTable(book, tmp_path, start={"order": 3})
    assert next_step(t.state()).kind == "meeting"
    t.refused("sheriff-check", target="Bob")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_terminal_asks_the_first_night_checks(garou, book, tmp_path, lang):
    t = MafiaTable(book, tmp_path)
    run = garou("game", "play", "--db", str(t.journal.path), "--no-countdown",
                "--lang", lang, input="Ana\nBob\nq\n")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    checks = [(e.kind, e.data["target"]) for e in t.journal.events(t.id) if "check" in e.kind]
    assert checks == [("don-check", "Ana"), ("sheriff-check", "Bob")]
    meeting = "60 secondes" if lang == "fr" else "60 seconds"
    assert meeting in run.stdout.split("Fay")[0]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_judge_s_phone_asks_the_first_night_checks(book, tmp_path, lang):
    from garou.web import WebConfig, create_app

    t = MafiaTable(book, tmp_path)
    client = create_app(WebConfig(db=t.journal.path)).test_client()
    page = client.get(f"/game/{t.id}?lang={lang}").text
    assert 'data-step="don-check"' in page and "data-meeting" in page


def test_the_sheriff_s_card_says_he_checks_every_night(book):
    sheriff = book.game("mafia").role("sherif")
    assert sheriff.summary.fr.count("Chaque nuit") == 1
    assert "Each night" in sheriff.summary.en


# --- a disqualified player's win points: garou's reading, marked on every face ------------


def _town_wins_with_ana_disqualified(book, tmp_path) -> MafiaTable:
    t = MafiaTable(book, tmp_path, date="2026-12-10")
    t.add("day")
    t.add("disqualify", player="Ana", behaviour="messages")
    for name in ("Bob", "Hal", "Fay"):
        t.add("disqualify", player=name, behaviour="threats")
    assert t.state().winner == "ville"
    return t


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_disqualified_winner_s_points_say_they_are_garou_s_reading(book, tmp_path, lang):
    from garou.game.mafia_points import points

    t = _town_wins_with_ana_disqualified(book, tmp_path)
    scored = {p["name"]: p for p in points(t.state(), lang)["players"]}
    ana = scored["Ana"]["points"]["classic"]
    assert ana["total"] == 1.0
    assert [r["source"] for r in ana["reasons"]] == ["garou"]
    reading = "lecture de garou" if lang == "fr" else "garou's reading"
    assert reading in ana["reasons"][0]["reason"]
    assert scored["Cid"]["points"]["classic"]["reasons"][0]["source"] == "document"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_club_standings_mark_a_disqualified_winner_s_points(garou, book, tmp_path, lang):
    t = _town_wins_with_ana_disqualified(book, tmp_path)
    db = str(t.journal.path)
    table = garou("club", "standings", "--db", db, "--lang", lang, "--json").json()
    ana = next(p for p in table["players"] if p["name"] == "Ana")
    assert ana["readings"] and all(r["game"] == t.id for r in ana["readings"])
    assert not next(p for p in table["players"] if p["name"] == "Cid")["readings"]
    shown = garou("club", "standings", "--db", db, "--lang", lang)
    assert "Ana *" in shown.stdout
    assert ("lecture de garou" if lang == "fr" else "garou's reading") in shown.stdout


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_phone_and_the_terminal_mark_a_disqualified_winner_s_points(
    garou, book, tmp_path, lang
):
    from garou.web import WebConfig, create_app

    t = _town_wins_with_ana_disqualified(book, tmp_path)
    client = create_app(WebConfig(db=t.journal.path)).test_client()
    page = client.get(f"/game/{t.id}?lang={lang}").text
    assert 'data-points-reading="Ana"' in page and 'data-points-reading="Cid"' not in page
    run = garou("game", "play", "--db", str(t.journal.path), "--lang", lang, input="q\n")
    assert run.exit_code == 0, run.stderr
    assert ("lecture de garou" if lang == "fr" else "garou's reading") in run.stdout
