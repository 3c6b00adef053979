"""An import's one pass (``trimmed_all``) keeps each event as a recording would have kept
it after the ones before it: the same events as trimming them one by one."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from garou.game.errors import IllegalEventError
from garou.game.journal import Event
from garou.game.replay import trimmed, trimmed_all
from tests.conftest import REPO
from tests.helpers import BOOK, lg_start_of

GAMES = sorted(
    p for p in (REPO / "tests" / "data" / "games").glob("*.yaml") if not p.name.startswith("mafia")
)


def _events(record: dict, extra: list[dict] | None = None) -> list[Event]:
    rows = [("start", lg_start_of(record))]
    for event in [*record["events"], *(extra or [])]:
        rows.append((event["kind"], {k: v for k, v in event.items() if k != "kind"}))
    return [Event(i, kind, data) for i, (kind, data) in enumerate(rows, start=1)]


def _one_by_one(book, events: list[Event]) -> list[Event]:
    kept = events[:1]
    for event in events[1:]:
        kept = trimmed(book, [*kept, event])
    return kept


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_one_pass_keeps_each_event_as_recording_them_one_by_one(book, path: Path):
    record = yaml.safe_load(path.read_text(encoding="utf-8"))
    events = _events(record)
    assert trimmed_all(book, events) == _one_by_one(book, events)


def test_one_pass_follows_undos_corrections_countdowns_and_stops_at_a_refused_event(book):
    record = yaml.safe_load((REPO / "tests/data/games/couple-wins.yaml").read_text("utf-8"))
    head = record["events"][:6]  # the first night and the election
    record = {**record, "events": head}
    extra = [
        {"kind": "timer", "action": "start", "label": "debate:d1:first", "at": 1, "seconds": 60},
        {"kind": "vote", "votes": {"Alice": "Emma", "Bruno": "Emma"}, "successor": {"X": "Y"}},
        {"kind": "undo"},
        {"kind": "undo"},
        {"kind": "election", "captain": "Farid", "successor": {"A": "B"}},
        {"kind": "correct", "seq": 7, "event": {"captain": "Hugo"}, "why": "misheard"},
        {"kind": "vote", "votes": {"Alice": "Emma", "Bruno": "Emma"}},
        {"kind": "kill", "victim": "Nobody"},  # refused: what follows is left as it is
        {"kind": "vote", "votes": {"Alice": "Emma"}, "successor": {"X": "Y"}},
    ]
    events = _events(record, extra)
    assert trimmed_all(book, events) == _one_by_one(book, events)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_correcting_an_undone_event_says_it_was_undone_not_that_the_start_cannot_be(lang):
    from garou.core.catalogue import say
    from garou.game.errors import IllegalEventError
    from garou.game.replay import check_correctable, effective_events

    kill = {"victim": "Bob"}
    events = [Event(1, "start", {}), Event(2, "kill", kill), Event(3, "undo", {})]
    fix = {"seq": 2, "why": "misheard", "event": {"victim": "Cid"}}
    for check in (
        lambda: check_correctable(events, 2),  # the terminal, before asking why
        lambda: effective_events([*events, Event(4, "correct", fix)]),  # the replay, the web
    ):
        with pytest.raises(IllegalEventError) as refused:
            check()
        said = refused.value.message(lang)
        assert said == say("game.refused.correct-undone", lang, seq="2")
    with pytest.raises(IllegalEventError) as refused:
        check_correctable(events, 1)
    assert refused.value.message(lang) == say("game.refused.correct-start", lang, seq="1")
    with pytest.raises(IllegalEventError) as refused:
        check_correctable([*events, Event(9, "kill", kill)], 8)
    assert refused.value.message(lang) == say("game.refused.correct-seq", lang, seq="8")


# --- agreement: a replayed journal and the stateless commands rule alike ---------------
#
# The same situation, reached by recording a random legal game through the session (the
# journal, replayed), and typed into the stateless commands (``garou vote``, ``cascade``,
# ``win``, ``fouls``) from what ``game status --json`` shows of it: who leaves, who is
# captain after, who wins, what is announced and what a player loses must be the same.
# They live here because the replay is the one way a live game's state is obtained, for
# both games it registers (``replay.RULESETS``). The stateless side is asked through the
# resolvers' Python API (:class:`Api`) and, for a few games, through the commands'
# ``--json`` (:class:`Cli`).

LG = BOOK.game("loup-garou")
MF = BOOK.game("mafia")
LG_NAMES = ["Ana", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Léa"]
LG_POWERS = ("voyante", "sorciere", "chasseur", "cupidon")
LG_CASES = ("lg-setting-captain", "lg-contested-witch-self-save",
            "lg-contested-witch-two-potions")  # fmt: skip
"""The table's choices that change a Loup-Garou ruling."""
MF_CASES = ("mf-contested-majority", "mf-setting-first-night-checks")
"""The table's choices that change a Mafia ruling."""
MF_NAMES = ["Ana", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]
DISQUALIFYING = [b.id for b in MF.fouls.behaviours if b.sanction == "disqualification"]


def agreement_settings(examples: int, shrink: bool = True):
    """``examples`` random games; ``shrink`` False for the games through the commands,
    whose failures the Python API's games shrink faster."""
    phases = list(Phase) if shrink else [Phase.explicit, Phase.reuse, Phase.generate]
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        phases=phases,
    )


def _options(game, case: str) -> list[str]:
    return [o.id for o in game.entry(case).options]


def _agreed(game, draw, cases) -> dict[str, str]:
    """The table's options on ``cases``, each left to the game's default or chosen."""
    agreement = {}
    for case in cases:
        option = draw(st.sampled_from([None, *_options(game, case)]))
        if option is not None:
            agreement[case] = option
    return agreement


@st.composite
def lg_starts(draw) -> dict:
    """The ``start`` event of a legal Loup-Garou table (``garou check`` passes it), every
    card dealt, and the table's choices on the cases that change a ruling."""
    from garou.rules.distribution import Distribution, check_distribution, find_band

    count = draw(st.integers(6, 12))
    band = find_band(LG, count)
    assert band is not None
    roles = {"loup-garou": band.count}
    roles |= {r: 1 for r in LG_POWERS if draw(st.booleans())}
    roles["villageois"] = count - sum(roles.values())
    assume(roles["villageois"] >= 0)
    assume(check_distribution(LG, Distribution(LG.id, count, roles)).ok)
    names = LG_NAMES[:count]
    cards = draw(st.permutations([r for r, n in roles.items() for _ in range(n)]))
    return {"game": LG.id, "name": None, "players": names, "roles": roles,
            "agreement": _agreed(LG, draw, LG_CASES), "table": None, "date": None,
            "deal": dict(zip(names, cards, strict=True))}  # fmt: skip


@st.composite
def mf_starts(draw) -> dict:
    """The ``start`` event of a Mafia evening: the document's ten cards dealt at random,
    and the table's choices on the cases that change a ruling."""
    from garou.game.mafia import start_data

    composition = MF.setup.composition
    cards = draw(st.permutations([r for r, n in composition.roles.items() for _ in range(n)]))
    roles = dict(zip(MF_NAMES, cards, strict=True))
    return start_data(MF, MF_NAMES, roles=roles, agreement=_agreed(MF, draw, MF_CASES))


class Recorded:
    """One game in a fresh journal, recorded through the session as every face records."""

    def __init__(self, tmp_path: Path, start: dict):
        from garou.game import session
        from garou.game.journal import open_journal

        self.journal = open_journal(tmp_path / "agree.sqlite", create=True)
        self.id = session.new_game(self.journal, BOOK, start)
        self.start = start
        self.agreement = start["agreement"]
        self.now = session.load(self.journal, BOOK, self.id).state

    def state(self):
        """The game as the journal's replay gives it after the last event recorded."""
        return self.now

    def add(self, kind: str, data: dict):
        from garou.game import session

        self.now = session.record(self.journal, BOOK, self.id, kind, data).state
        return self.now

    def answered(self, data, kind: str, values: dict) -> tuple[object, list]:
        """Record ``kind``, answering each question it waits for (a hunter's shot, a
        successor, the captain's pick) with a drawn option; return the state after it and
        the answers given, as the resolvers' choices."""
        from garou.rules.play import Choice

        values = dict(values)
        choices = []
        for _ in range(12):
            try:
                return self.add(kind, values), choices
            except IllegalEventError as refused:
                ask = refused.ask
                if ask is None:
                    raise
            answer = data.draw(st.sampled_from(ask.options), label=f"{ask.kind} {ask.chooser}")
            choices.append(Choice(ask.kind, ask.chooser, answer))
            if ask.kind == "captain-pick":
                values["captain_pick"] = answer
            else:
                option = "shoot" if ask.kind == "shoot" else "successor"
                values[option] = {**values.get(option, {}), ask.chooser: answer}
        pytest.fail(f"{kind} kept asking")


def lg_table_file(state) -> dict:
    """The stateless commands' table (a ``--state`` file's shape) for the journal's
    ``state``, read from what ``game status --json`` shows of it, and the witch's night."""
    shown = state.to_dict("en")
    table: dict = {
        "game": LG.id,
        "players": {p["name"]: {"role": p["role"], "alive": p["alive"]}
                    for p in shown["players"]},
    }  # fmt: skip
    if shown["lovers"]:
        table["lovers"] = shown["lovers"]
    if shown["captain"]:
        table["captain"] = shown["captain"]
    if "sorciere" in state.cards:

        def potion(kind: str, tonight: bool) -> str:
            return "tonight" if tonight else "unused" if shown["potions"][kind] else "used"

        table["witch"] = {
            "life": potion("life", state.saved),
            "death": potion("death", state.poisoned is not None),
            "night": state.night,
        }
        if state.saved:
            table["witch"]["saved"] = state.victim
    return table


def mf_table_file(state) -> dict:
    """The stateless commands' table for the evening's ``state``, read from what ``game
    status --json`` shows: each seat's card, whether alive, and the fouls counted."""
    shown = state.to_dict("en")
    return {
        "game": MF.id,
        "players": {p["name"]: {"role": p["role"], "alive": p["alive"], "fouls": p["fouls"],
                                "technical_fouls": p["technical_fouls"]}
                    for p in shown["players"]},
    }  # fmt: skip


class Api:
    """The stateless commands' rulings, through the resolvers they call."""

    def situation(self, table: dict, agreement: dict, events: dict | None = None):
        from garou.houserules import build_agreement
        from garou.rules.play import parse_situation

        game = BOOK.game(table["game"])
        agreed = build_agreement(game, agreement) if agreement else None
        return parse_situation(BOOK, table, events=events, agreement=agreed)

    def chain(self, table: dict, agreement: dict, deaths: dict, choices: list) -> dict:
        """``garou cascade``: the chain to its end, then the win check after it."""
        from garou.rules.play import resolve_cascade, win_after

        situation = self.situation(table, agreement, {"deaths": deaths})
        result = resolve_cascade(situation.state, situation.deaths, choices, "en")
        assert result.pending is None, result.pending
        win = win_after(result.state, situation.deaths, "en")
        return {
            "deaths": [(d.player, d.cause, d.by or "") for d in result.deaths],
            "announced": [(a.player, a.role) for a in result.announcement],
            "captain": result.state.captain,
            "winner": None if win is None else win.winner,
            "nobody_alive": bool(win and win.nobody_alive),
        }

    def count(self, table: dict, agreement: dict, events: dict, picks: list) -> dict:
        """``garou vote``: who leaves, the next round, whether the count is below half."""
        from garou.rules.play import count_votes

        situation = self.situation(table, agreement, events)
        result = count_votes(situation.state, votes=situation.votes, tallies=situation.tallies,
                             round=situation.round, tied=situation.tied,
                             nominations=situation.nominations, choices=picks,
                             lang="en")  # fmt: skip
        assert result.pending is None
        return {
            "eliminated": list(result.eliminated),
            "next": None if result.next is None else (result.next.round, list(result.next.tied)),
            "below_half": any(s.code == "vote.below-half" for s in result.steps),
        }

    def fouls(self, table: dict, player: str, behaviour: str | None = None) -> dict:
        """``garou fouls``: what ``player``'s counts lead to, or what ``behaviour`` draws."""
        from garou.rules.play import find_behaviours, judge_fouls

        situation = self.situation(table, {})
        lookup = find_behaviours(MF, behaviour) if behaviour else None
        result = judge_fouls(MF, situation.state.players, lookup, "en", player)
        return result.to_dict()


class Cli(Api):
    """The same rulings through the commands' ``--json`` (the ``garou`` fixture)."""

    def __init__(self, garou, folder: Path):
        self.garou, self.folder, self.files = garou, folder, 0

    def _files(self, table: dict, agreement: dict) -> list[str]:
        from garou.houserules import build_agreement, save_agreement

        self.files += 1
        state = self.folder / f"state{self.files}.yaml"
        state.write_text(yaml.safe_dump(table, allow_unicode=True), encoding="utf-8")
        options = ["--state", str(state)]
        if agreement:
            path = self.folder / f"agreement{self.files}.yaml"
            game = BOOK.game(table["game"])
            save_agreement(build_agreement(game, agreement), path, book=BOOK)
            options += ["--agreement", str(path)]
        return options

    def _run(self, command: str, *args: str) -> dict:
        asks = ["--no-input"] if command in ("vote", "cascade") else []  # never a prompt
        run = self.garou(command, *args, *asks, "--json", "--lang", "en")
        assert run.exit_code == 0, run.stderr
        return run.json()

    def chain(self, table: dict, agreement: dict, deaths: dict, choices: list) -> dict:
        dies = ",".join(f"{name}:{cause}" for name, cause in deaths.items())
        options = [*self._files(table, agreement), "--dies", dies]
        for choice in choices:
            option = "--hunter-shoots" if choice.kind == "shoot" else "--successor"
            options += [option, f"{choice.chooser}:{choice.answer}"]
        out = self._run("cascade", *options)
        return {
            "deaths": [(d["player"], d["cause"], d["by"] or "") for d in out["deaths"]],
            "announced": [(a["player"], a["role"]) for a in out["announcement"]],
            "captain": out["captain"],
            "winner": out["winner"] and out["winner"]["camp"],
            "nobody_alive": bool(out["win"] and out["win"]["nobody_alive"]),
        }

    def count(self, table: dict, agreement: dict, events: dict, picks: list) -> dict:
        options = [*self._files(table, agreement), "--round", events.get("round") or "first"]
        if events.get("votes") is not None:
            # Nobody voting is ``--vote ""``: the ballots given, none cast.
            options += ["--vote", ",".join(f"{k}={v}" for k, v in events["votes"].items())]
        if events.get("tallies") is not None:
            options += ["--tally", ",".join(f"{k}={v}" for k, v in events["tallies"].items())]
        for key, option in (("tied", "--tied"), ("nominations", "--nominated")):
            if events.get(key):
                options += [option, ",".join(events[key])]
        options += ["--captain-picks", picks[0].answer] if picks else []
        out = self._run("vote", *options)
        return {
            "eliminated": out["eliminated"],
            "next": out["next"] and (out["next"]["round"], out["next"]["tied"]),
            "below_half": any(s["code"] == "vote.below-half" for s in out["steps"]),
        }

    def fouls(self, table: dict, player: str, behaviour: str | None = None) -> dict:
        options = ["--state", self._files(table, {})[1], "--by", player]
        return self._run("fouls", *([behaviour] if behaviour else []), *options)


# --- Loup-Garou --------------------------------------------------------------------------


def journal_chain(after) -> dict:
    """What the journal's dawn or vote gave: the outcome :meth:`Api.chain` gives."""
    from garou.game.table import announcement

    said = set()
    for line in announcement(after):  # the sentences read aloud
        for card in line.values.get("deaths") or []:
            said.add(card.values["name"])
    assert said == {name for name, _, _ in after.told_deaths}, "the announcement's deaths"
    return {
        "deaths": list(after.told_deaths),
        "announced": list(after.announcement),
        "captain": after.captain,
        "winner": after.winner,
        "nobody_alive": after.phase == "over" and not after.living() and after.winner is None,
    }


def _lg_night(data, game: Recorded, face: Api) -> None:
    state = game.state()
    living = [s.name for s in state.living()]
    steps = {s.does for s in state.steps()}
    if "couple" in steps and "cupidon" in state.cards and data.draw(st.booleans()):
        game.add("couple", {"lovers": data.draw(st.lists(st.sampled_from(living), min_size=2,
                                                         max_size=2, unique=True))})  # fmt: skip
    prey = [n for n in living if state.role_of(n) != "loup-garou"]
    state = game.add("kill", {"victim": data.draw(st.sampled_from(prey))})
    if [s for s in state.holders("sorciere") if s.alive]:
        potions: dict = {}
        if "life" in state.potions and data.draw(st.booleans()):
            potions["save"] = True
        if "death" in state.potions and data.draw(st.booleans()):
            potions["poison"] = data.draw(st.sampled_from(living))
        try:
            state = game.add("potions", potions)
        except IllegalEventError:  # the table's agreement forbids it: no potion tonight
            state = game.add("potions", {})
    deaths = {}
    if state.victim is not None and not state.saved:
        deaths[state.victim] = "night"
    if state.poisoned is not None:
        deaths[state.poisoned] = "poison"
    table = lg_table_file(state)
    after, choices = game.answered(data, "dawn", {})
    if deaths:
        assert face.chain(table, game.agreement, deaths, choices) == journal_chain(after)
    else:
        assert not after.told_deaths and after.winner is None


def _lg_day(data, game: Recorded, face: Api) -> None:
    state = game.state()
    living = [s.name for s in state.living()]
    if state.day_stage() == "election":
        state = game.add("election", {"captain": data.draw(st.sampled_from(living))})
    pool = list(state.tied) if state.vote_round == "revote" else living
    voters = data.draw(st.lists(st.sampled_from(living), unique=True))
    votes = {v: data.draw(st.sampled_from(pool)) for v in voters}
    ballots: dict = {"votes": votes}
    if data.draw(st.booleans(), label="tallies"):  # the counts only, as a show of hands
        ballots = {"tallies": dict(Counter(votes.values()))}
    table = lg_table_file(state)
    after, choices = game.answered(data, "vote", ballots)
    events = {**ballots, "round": state.vote_round, "tied": list(state.tied) or None}
    picks = [c for c in choices if c.kind == "captain-pick"]
    counted = face.count(table, game.agreement, events, picks)
    out = [name for name, cause, _ in after.told_deaths if cause == "vote"]
    assert counted["eliminated"] == out, (counted, after.told_deaths)
    if counted["next"] is not None:
        assert (after.vote_round, list(after.tied)) == counted["next"]
    if out:
        rest = [c for c in choices if c.kind != "captain-pick"]
        deaths = dict.fromkeys(out, "vote")
        assert face.chain(table, game.agreement, deaths, rest) == journal_chain(after)


def play_loup_garou(data, game: Recorded, face: Api) -> None:
    for _ in range(24):
        state = game.state()
        if state.phase == "over":
            break
        if state.phase == "night":
            _lg_night(data, game, face)
        else:
            _lg_day(data, game, face)


@agreement_settings(30)
@given(start=lg_starts(), data=st.data())
def test_a_loup_garou_journal_and_the_stateless_commands_rule_alike(tmp_path_factory, start,
                                                                    data):  # fmt: skip
    play_loup_garou(data, Recorded(tmp_path_factory.mktemp("lg"), start), Api())


@agreement_settings(4, shrink=False)
@given(start=lg_starts(), data=st.data())
def test_a_loup_garou_journal_and_the_stateless_commands_json_rule_alike(garou,
                                                                         tmp_path_factory,
                                                                         start, data):  # fmt: skip
    folder = tmp_path_factory.mktemp("lg")
    play_loup_garou(data, Recorded(folder, start), Cli(garou, folder))


# --- Mafia ---------------------------------------------------------------------------------


def _gone(before, after) -> list[str]:
    """The players who left with the last event, in seat order."""
    was = {s.name for s in before.seats if not s.alive}
    return [s.name for s in after.seats if not s.alive and s.name not in was]


def _leaving(face: Api, table: dict, game: Recorded, gone: list[str], cause: str) -> None:
    """``garou cascade`` puts the same players out, with the same winner as the journal."""
    chain = face.chain(table, game.agreement, dict.fromkeys(gone, cause), [])
    after = game.state()
    assert sorted(p for p, _, _ in chain["deaths"]) == sorted(gone)
    assert chain["winner"] == after.winner
    assert chain["nobody_alive"] == (not after.living())
    assert (after.phase == "over") == (chain["winner"] is not None or chain["nobody_alive"])


def _mf_foul(data, game: Recorded, face: Api) -> None:
    """A foul or a technical foul: what the player loses, as ``garou fouls`` says it."""
    state = game.state()
    kind = data.draw(st.sampled_from(["foul", "technical-foul"]), label="sanction")
    # Up to the fourth foul (the document's three, and one beyond), the second technical.
    most = 4 if kind == "foul" else 2
    count = "fouls" if kind == "foul" else "technical_fouls"
    offenders = [s.name for s in state.living() if getattr(s, count) < most]
    if not offenders:
        return
    player = data.draw(st.sampled_from(offenders), label="offender")
    table = mf_table_file(state)
    after = game.add(kind, {"player": player})
    seat = after.player(player)
    table["players"][player].update(fouls=seat.fouls, technical_fouls=seat.technical_fouls)
    judged = next(c for c in face.fouls(table, player)["players"] if c["player"] == player)
    assert judged["disqualified"] == (seat.out == "disqualified"), (kind, seat)
    if kind == "foul":
        # Right after the foul. Later the two differ, and rightly: once the journal has
        # skipped the speech the fouls cost, it knows it is lost, which counts cannot say.
        assert judged["loses_next_speech"] == seat.loses_speech, seat
    if judged["disqualified"]:
        table["players"][player]["technical_fouls"] = 0
        _leaving(face, table, game, [player], "disqualified")


def _mf_disqualify(data, game: Recorded, face: Api) -> None:
    """A behaviour that disqualifies at once: ``garou fouls BEHAVIOUR`` says so, and the
    player leaves as ``garou cascade NAME:disqualified`` says, with the same winner."""
    state = game.state()
    player = data.draw(st.sampled_from([s.name for s in state.living()]), label="disqualified")
    behaviour = data.draw(st.sampled_from(DISQUALIFYING), label="behaviour")
    table = mf_table_file(state)
    game.add("disqualify", {"player": player, "behaviour": behaviour})
    judged = face.fouls(table, player, behaviour)
    assert [b["sanction"] for b in judged["behaviours"]] == ["disqualification"]
    _leaving(face, table, game, [player], "disqualified")


def _mf_night(data, game: Recorded, face: Api) -> None:
    from garou.game.mafia import MAFIA_ROLES, checks_due

    state = game.state()
    living = [s.name for s in state.living()]
    if state.night >= MF.night.regular_from:
        common = data.draw(st.sampled_from(living), label="shot")
        for seat in state.living():
            if seat.role in MAFIA_ROLES:
                missed = data.draw(st.integers(0, 9), label="missed") == 0
                target = data.draw(st.sampled_from(living)) if missed else common
                game.add("shot", {"shooter": seat.name, "target": target})
    for who, seat in checks_due(game.state()):
        target = data.draw(st.sampled_from([n for n in living if n != seat.name]))
        game.add(f"{who}-check", {"target": target})
    before = game.state()
    gone = _gone(before, game.add("day", {}))
    assert len(gone) <= 1  # one shot kills, and only when every shot agrees
    if gone:
        _leaving(face, mf_table_file(before), game, gone, "night")


def _mf_vote(data, game: Recorded, face: Api) -> None:
    state = game.state()
    living = [s.name for s in state.living()]
    pool = state.tied if state.vote_round == "revote" else state.nominations
    if state.vote_round == "lift":
        order = data.draw(st.permutations(living), label="ballot order")
        yes = data.draw(st.integers(0, len(living)), label="in favour")
        said = {v: "yes" if i < yes else data.draw(st.sampled_from(["no", None]), label=v)
                for i, v in enumerate(order)}  # fmt: skip
        votes = {v: ballot for v, ballot in said.items() if ballot is not None}  # None: silent
    elif data.draw(st.booleans(), label="tie"):
        # Every player votes, in turn for each nominee: a tie whenever the count allows.
        order = data.draw(st.permutations(living), label="ballot order")
        votes = {v: pool[i % len(pool)] for i, v in enumerate(order)}
    else:
        voters = data.draw(st.lists(st.sampled_from(living), unique=True), label="voters")
        votes = {v: data.draw(st.sampled_from(pool)) for v in voters}
    table = mf_table_file(state)
    after = game.add("vote", {"votes": votes})
    events = {"votes": votes, "round": state.vote_round, "tied": list(state.tied) or None,
              "nominations": list(state.nominations)}  # fmt: skip
    counted = face.count(table, game.agreement, events, [])
    gone = _gone(state, after)
    assert counted["eliminated"] == gone
    if counted["next"] is not None:
        assert (after.vote_round, after.tied) == counted["next"]
    elif counted["below_half"]:
        # The journal knows what the stateless count cannot: the table decides next
        # (mafia.txt says nothing of a vote nobody wins by more than half).
        assert after.vote_round == "table" and not gone
    if gone:
        _leaving(face, table, game, gone, "lift" if state.vote_round == "lift" else "vote")


def _mf_day(data, game: Recorded, face: Api) -> None:
    from garou.game.mafia import TABLE_DECISIONS

    state = game.state()
    living = [s.name for s in state.living()]
    if state.farewell_due:
        game.add("farewell", {"player": state.farewell_due[0]})
    elif state.vote_round == "table":
        then = data.draw(st.sampled_from(TABLE_DECISIONS))
        gone = _gone(state, game.add("table-decision", {"then": then}))
        if gone:
            _leaving(face, mf_table_file(state), game, gone, "vote")
    elif state.speaker() is not None:
        game.add("speech", {"player": state.speaker()})
    elif state.vote_round == "first" and not state.nominations_closed:
        free = [n for n in living if n not in state.nominations]
        more = len(state.nominations) < 2 or data.draw(st.booleans(), label="nominate")
        if free and more and data.draw(st.integers(0, 9), label="closed early") > 0:
            nominee = data.draw(st.sampled_from(free))
            game.add("nominate", {"by": data.draw(st.sampled_from(living)), "nominee": nominee})
        else:
            game.add("close-nominations", {})
    elif state.vote_round is not None and state.nominations:
        _mf_vote(data, game, face)
    else:
        game.add("night", {})


def play_mafia(data, game: Recorded, face: Api) -> None:
    # The first morning, then players disqualified at once: any smaller table, quickly.
    _mf_night(data, game, face)
    for _ in range(data.draw(st.integers(0, 7), label="disqualifications")):
        if game.state().phase == "over":
            return
        _mf_disqualify(data, game, face)
    sanctions = data.draw(st.lists(st.integers(1, 60), max_size=6), label="sanctions at")
    for step in range(60):
        state = game.state()
        if state.phase == "over":
            break
        if step in sanctions:
            _mf_foul(data, game, face)
        elif state.phase == "night":
            _mf_night(data, game, face)
        else:
            _mf_day(data, game, face)


@agreement_settings(25)
@given(start=mf_starts(), data=st.data())
def test_a_mafia_journal_and_the_stateless_commands_rule_alike(tmp_path_factory, start, data):
    play_mafia(data, Recorded(tmp_path_factory.mktemp("mf"), start), Api())


@agreement_settings(3, shrink=False)
@given(start=mf_starts(), data=st.data())
def test_a_mafia_journal_and_the_stateless_commands_json_rule_alike(garou, tmp_path_factory,
                                                                    start, data):  # fmt: skip
    folder = tmp_path_factory.mktemp("mf")
    play_mafia(data, Recorded(folder, start), Cli(garou, folder))
