"""The sports-Mafia evening: seats, nights, the day's speeches and votes, fouls, the winner.

Registered in ``replay.RULESETS["mafia"]``: the replay hands it every event but undo and
correct. The state is never stored; it is rebuilt from the events each time. Every rule is
the data's (``rules/data/mafia.yaml``) or a resolver's of :mod:`garou.rules.play`: the vote
(nominations, the majority reading, the tie to the lift), the fouls, the win and the margin
of error. Points are in :mod:`garou.game.mafia_points`, the judge's sheet in
:mod:`garou.game.protocol`.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from garou.core.catalogue import Phrase, phrase, say
from garou.rules.model import Game

from .errors import IllegalEventError
from .fields import check_fields
from .order import (
    CHECKS,
    EXTRA_TIME,
    FIRST_NIGHT_CHECKS,
    KEY,
    ORDER,
    STEPS_DUE,
    TABLE_DECIDES,
    order_checks,
)
from .order import FIELDS as FIELDS_CHECKED
from .sentences import event_kind

KINDS = (
    "shot",
    "don-check",
    "sheriff-check",
    "day",
    "speech",
    "nominate",
    "close-nominations",
    "vote",
    "farewell",
    "foul",
    "technical-foul",
    "disqualify",
    "opponent-victory",
    "night",
    "table-decision",
)
"""The Mafia evening's own event kinds (undo and correct are every game's)."""

FIELDS: dict[str, tuple[str, ...]] = {
    "shot": ("shooter", "target"),
    "don-check": ("target",),
    "sheriff-check": ("target",),
    "day": (),
    "speech": ("player", "seconds"),
    "nominate": ("by", "nominee"),
    "close-nominations": (),
    "vote": ("votes",),
    "farewell": ("player", "best_move", "suspects", "crown", "seconds"),
    "foul": ("player",),
    "technical-foul": ("player", "behaviour"),
    "disqualify": ("player", "behaviour"),
    "opponent-victory": ("player", "behaviour"),
    "night": (),
    "table-decision": ("then",),
}
"""The values each kind of event may carry (docs/game-record.md); from order 3 on, any
other key is refused (:data:`garou.game.order.FIELDS`)."""

TABLE_DECISIONS = ("nobody", "again", "leader")
"""What a table may decide when nobody gets more than half of the votes (the document
says nothing): nobody leaves today, the vote is held again on the same nominees, or the
player with the most votes leaves. garou records the table's decision, never takes it."""

SEATS = 10
MAFIA_ROLES = ("mafia", "don")


@dataclass
class Line:
    """One line of the evening's story, said in the replay's language."""

    seq: int
    text: Any
    hidden: bool = False
    """True for what only the judge may see (checks, shots)."""
    phase: str = "night"
    """"night" or "day": where the recap files it."""
    number: int = 1
    """The night's or day's number."""


@dataclass
class Said:
    """A text already said in one language (a resolver's step), shown as it is."""

    text: str

    def say(self, lang: str) -> str:
        return self.text


@dataclass
class Seat:
    """A player at the table."""

    name: str
    seat: int
    role: str
    alive: bool = True
    out: str | None = None
    """How they left: shot, vote, lift, disqualified."""
    out_at: str | None = None
    """When they left ("n2", "d1")."""
    fouls: int = 0
    technical_fouls: int = 0
    loses_speech: bool = False
    """True once 3 fouls cost the next speech, until garou skipped it."""

    @property
    def death(self) -> str | None:
        """How they left (the recap's name for it)."""
        return self.out


@dataclass
class MafiaState:
    """Where a Mafia evening stands."""

    game: Game
    seats: list[Seat]
    agreement: dict[str, str]
    turbo: bool
    name: str | None = None
    date: str | None = None
    seed: int | None = None
    club: dict[str, Any] = field(default_factory=dict)
    order_rules: frozenset[str] = CHECKS[ORDER]
    """The order checks this evening's events go through: its start event's rules of order
    (:func:`garou.game.order.order_checks`), kept for every event recorded after."""
    phase: str = "night"
    night: int = 1
    day: int = 0
    shots: dict[str, str] = field(default_factory=dict)
    checked: dict[str, str] = field(default_factory=dict)
    """Tonight's checks: "don" / "sheriff" → target."""
    checks: list[dict[str, Any]] = field(default_factory=list)
    kills: list[dict[str, Any]] = field(default_factory=list)
    spoken: list[str] = field(default_factory=list)
    argued: list[str] = field(default_factory=list)
    """The tied players who have had their extra time before this revote (``mf-vote-tie``)."""
    skipped: list[str] = field(default_factory=list)
    speeches: list[dict[str, Any]] = field(default_factory=list)
    nominations: list[str] = field(default_factory=list)
    nominated_by: dict[str, str] = field(default_factory=dict)
    nominations_closed: bool = False
    """True once today's nominations are closed: by a ``close-nominations`` event (the
    judge's "no more nominations", recorded before the ballots are typed), or by the day's
    first vote (every evening recorded before that event existed)."""
    days: list[dict[str, Any]] = field(default_factory=list)
    """Each day's nominations and vote rounds."""
    vote_round: str | None = "first"
    """"first", "revote", "lift", "table" (the table decides what follows a vote nobody
    won by more than half: :data:`TABLE_DECISIONS`), None once the day's vote is over."""
    undecided: str | None = None
    """The player with the most votes of the vote the table decides on."""
    tied: list[str] = field(default_factory=list)
    farewell_due: list[str] = field(default_factory=list)
    farewells: list[dict[str, Any]] = field(default_factory=list)
    sanctions: list[dict[str, Any]] = field(default_factory=list)
    wrong_votes: int = 0
    winner: str | None = None
    win_rule: str | None = None
    opponent_victory: dict[str, Any] | None = None
    story: list[Line] = field(default_factory=list)

    agreed: Any = None
    """The resolvers' reading of the agreement, computed once per replay."""
    close_calls: list[Line] = field(default_factory=list)
    """The votes held in the critical phase, for the recap."""

    # --- reading -----------------------------------------------------------------------

    def tell(self, seq: int, text: Any, hidden: bool = False) -> None:
        """Add a line to the story, filed under the current night or day."""
        phase = "night" if self.phase == "night" else "day"
        number = self.night if phase == "night" else self.day
        self.story.append(Line(seq, text, hidden, phase, number))

    def known_roles(self) -> dict[str, str]:
        """Every seat's card (the judge knows them all from the deal)."""
        return {s.name: s.role for s in self.seats}

    def player(self, name: str) -> Seat:
        for seat in self.seats:
            if seat.name == name:
                return seat
        wanted = name.strip().casefold()
        for seat in self.seats:
            if seat.name.casefold() == wanted or str(seat.seat) == wanted:
                return seat
        raise IllegalEventError(
            "mafia.refused.unknown-player", name=name, names=[s.name for s in self.seats]
        )

    def living(self) -> list[Seat]:
        return [s for s in self.seats if s.alive]

    def camp(self, name: str) -> str:
        return self.game.role(self.player(name).role).camp

    def speech_seconds(self) -> int:
        speech = self.game.day.speech
        assert speech is not None
        return int((speech.turbo_seconds if self.turbo else speech.normal_seconds) or 0)

    def farewell_seconds(self) -> int:
        farewell = self.game.day.farewell
        assert farewell is not None
        return int((farewell.turbo_seconds if self.turbo else farewell.normal_seconds) or 0)

    def called(self) -> list[str]:
        """The tied players in the order their extra time is called: nomination order, as
        the vote's own list (garou's reading: mafia.txt gives the extra time no order, and
        ``_extra_time`` takes them in any order)."""
        named = [n for n in self.nominations if n in self.tied]
        return named + [n for n in self.tied if n not in named]

    def speaker(self) -> str | None:
        """The player whose speech comes next today (None once everyone has spoken): before
        a revote, the next tied player's extra time (``mf-vote-tie``), in nomination order."""
        if self.phase != "day":
            return None
        if self.vote_round == "revote":
            return next((n for n in self.called() if n not in self.argued), None)
        for seat in self.seats:
            if seat.alive and seat.name not in self.spoken and seat.name not in self.skipped:
                if seat.loses_speech:
                    continue
                return seat.name
        return None

    def passed_over(self) -> list[str]:
        """The players whose speech, lost to fouls (``mf-foul``), is passed over now: seated
        before today's next speaker (every one once the speeches are over), not yet skipped
        in the engine's record (that happens with the next event)."""
        if self.phase != "day" or self.vote_round != "first" or self.today()["rounds"]:
            return []
        speaker = self.speaker()
        before = self.player(speaker).seat if speaker is not None else len(self.seats) + 1
        return [
            s.name
            for s in self.seats
            if s.alive and s.loses_speech and s.seat < before
            and s.name not in self.spoken and s.name not in self.skipped
        ]  # fmt: skip

    def today(self) -> dict[str, Any]:
        return self.days[-1]

    def to_dict(self, lang: str) -> dict[str, Any]:
        """The ``status --json`` data of a Mafia evening."""
        game = self.game
        margin = margin_info(self, lang)
        winner = self.winner
        return {
            "game": game.id,
            "name": self.name,
            "phase": self.phase,
            "night": self.night,
            "day": self.day,
            "turbo": self.turbo,
            "speech_seconds": self.speech_seconds(),
            "players": [
                {
                    "name": s.name,
                    "seat": s.seat,
                    "role": s.role,
                    "role_name": game.role(s.role).name.get(lang),
                    "alive": s.alive,
                    "out": s.out,
                    "fouls": s.fouls,
                    "technical_fouls": s.technical_fouls,
                    "loses_next_speech": s.loses_speech,
                }
                for s in self.seats
            ],
            "speaker": self.speaker(),
            "nominations": list(self.nominations),
            "vote_round": self.vote_round if self.phase == "day" else None,
            "tied": list(self.tied),
            "margin": None
            if margin is None
            else {
                "errors_left": margin["left"],
                "critical": margin["critical"],
                "rule": margin["rule"],
            },
            "farewell_due": list(self.farewell_due),
            "warnings": warnings(self, lang),
            "next": next_step(self, lang),
            "winner": winner,
            "winner_name": None if winner is None else game.camp(winner).name.get(lang),
            "win_rule": self.win_rule,
        }


def _agreed(game: Game, choices: Mapping[str, Any]) -> dict[str, str]:
    from .start import agreed_choices

    return agreed_choices(game, choices)


def _role_id(game: Game, value: str) -> str:
    from garou.core.names import resolve_role

    if any(r.id == value for r in game.roles):
        return value
    return resolve_role(game, value).id


def draw_roles(game: Game, players: Sequence[str], seed: int) -> dict[str, str]:
    """Deal the document's 10 cards to ``players`` at random, reproducibly from ``seed``."""
    composition = game.setup.composition
    assert composition is not None  # the Mafia data fixes its 10 cards
    cards = [role for role, n in composition.roles.items() for _ in range(n)]
    random.Random(seed).shuffle(cards)
    return dict(zip(players, cards, strict=False))


def start_data(
    game: Game,
    players: Sequence[str],
    *,
    roles: Mapping[str, str] | None = None,
    seed: int | None = None,
    agreement: Mapping[str, str] | None = None,
    turbo: bool = False,
    name: str | None = None,
    date: str | None = None,
    club: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Return the ``start`` event of a Mafia evening: the seats in order and their cards
    (entered by the judge, or drawn from ``seed``: the same seed deals the same cards)."""
    players = [p.strip() for p in players]
    if roles is None or not roles:
        if seed is None:
            seed = random.SystemRandom().randrange(1, 10**9)
        roles = draw_roles(game, players, seed)
    agreed = _agreed(game, agreement or {})
    if turbo and agreed.get(SPEECH_CASE) == "normal":
        # The table agreed normal speeches: turbo would override its decision silently.
        raise IllegalEventError("mafia.refused.turbo-agreement", rule=SPEECH_CASE)
    seat = {p.casefold(): p for p in players}
    data = {
        "game": game.id,
        "name": name,
        "players": list(players),
        # Each card by its role id, each player as seated: the names the judge types are
        # those garou prints (« Shérif », "Mafioso", any case), read by the one role parser.
        "roles": {
            seat.get(str(k).strip().casefold(), str(k).strip()): _role_id(game, str(v).strip())
            for k, v in roles.items()
        },
        "seed": seed,
        "turbo": bool(turbo),
        "agreement": agreed,
        "date": date,
        "club": dict(club or {}),
        KEY: ORDER,
    }
    start(game, data)  # every refusal now, before anything is written
    return data


def start(game: Game, data: Mapping[str, Any]) -> MafiaState:
    """Open the evening from its ``start`` event; refuse a table that is not the document's."""
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise IllegalEventError("mafia.refused.players", seats=SEATS)
    if len(players) != SEATS:
        raise IllegalEventError(
            "mafia.refused.seats", given=len(players), seats=SEATS, rule="mf-composition"
        )
    if len({p.casefold() for p in players}) != len(players):
        raise IllegalEventError("mafia.refused.same-name", rule="mf-seating")
    roles = data.get("roles") or {}
    if not isinstance(roles, Mapping):
        raise IllegalEventError("mafia.refused.players", seats=SEATS)
    cards = {str(k): _role_id(game, str(v)) for k, v in roles.items()}
    unknown = [k for k in cards if k not in players]
    if unknown:
        raise IllegalEventError("mafia.refused.unknown-player", name=unknown[0], names=players)
    missing = [p for p in players if p not in cards]
    if missing:
        raise IllegalEventError("mafia.refused.role-missing", names=missing, rule="mf-dealing")
    wanted = dict(game.setup.composition.roles) if game.setup.composition else {}
    for role, count in wanted.items():
        dealt = sum(1 for r in cards.values() if r == role)
        if dealt != count:
            raise IllegalEventError(
                "mafia.refused.composition",
                role=game.role(role).name,
                count=dealt,
                expected=count,
                rule="mf-composition",
            )
    from garou.core.errors import GarouError

    try:
        agreement = _agreed(game, data.get("agreement") or {})
    except GarouError as exc:
        from .mafia_points import Later

        raise IllegalEventError("mafia.refused.agreement", why=Later(exc)) from None
    from .mafia_points import check_club

    check_club(data.get("club"))
    state = MafiaState(
        game=game,
        seats=[Seat(n, i + 1, cards[n]) for i, n in enumerate(players)],
        agreement=agreement,
        turbo=bool(data.get("turbo")) or agreement.get(SPEECH_CASE) == "turbo",
        name=data.get("name"),
        date=data.get("date"),
        seed=data.get("seed"),
        club=dict(data.get("club") or {}),
        order_rules=order_checks(data),
    )
    # The meeting's length is the data's (mafia.txt: "Pendant 60 secondes"), not the code's.
    seconds = next((s.seconds for s in game.night.first if s.does == "meet" and s.seconds), None)
    state.tell(1, phrase("mafia.story.meeting", seconds=seconds))
    return state


# --- the events -------------------------------------------------------------------------


def apply(state: MafiaState, kind: str, data: Mapping[str, Any], seq: int, lang: str) -> MafiaState:
    """Return the state after one event; raise IllegalEventError (nothing changes)."""
    if kind not in KINDS:
        raise IllegalEventError("mafia.refused.kind", kind=kind, kinds=list(KINDS))
    if FIELDS_CHECKED in state.order_rules:
        check_fields(kind, data, FIELDS[kind])
    if state.phase == "over" and not (kind == "farewell" and state.farewell_due):
        # mafia.txt: the player who leaves the table, voted out or shot, has the farewell,
        # the last vote's too (the testament's points count after the end).
        raise IllegalEventError("mafia.refused.over")
    new = copy.copy(state)
    new.seats = [copy.copy(seat) for seat in state.seats]  # each seat's values are plain
    for name in ("shots", "checked", "spoken", "argued", "skipped", "nominations",
                 "nominated_by", "tied", "farewell_due"):  # fmt: skip
        setattr(new, name, copy.deepcopy(getattr(state, name)))
    # The records of what happened are only ever appended, never changed (but today's,
    # whose nominations and rounds grow): a new list of the same records keeps the state
    # before the event as it was. Copying every record again at each event made a long
    # evening slow to record (each event replays the evening: 0.3 s an event at 120).
    for name in ("checks", "kills", "speeches", "farewells", "sanctions", "story",
                 "close_calls"):  # fmt: skip
        setattr(new, name, list(getattr(state, name)))
    new.days = [*state.days[:-1], *(copy.deepcopy(day) for day in state.days[-1:])]
    HANDLERS[kind](new, dict(data), seq, lang)
    return new


def _name(state: MafiaState, data: Mapping[str, Any], key: str) -> Seat:
    value = data.get(key)
    if value is None or isinstance(value, list | dict):
        raise IllegalEventError("mafia.refused.missing", key=key)
    return state.player(str(value))


def _alive(seat: Seat, rule: str) -> None:
    if not seat.alive:
        why = "disqualified" if seat.out == "disqualified" else "dead"
        raise IllegalEventError(f"mafia.refused.{why}", name=seat.name, rule=rule)


def _phase(state: MafiaState, phase: str, kind: str) -> None:
    if state.phase != phase:
        raise IllegalEventError(
            f"mafia.refused.not-{phase}",
            kind=event_kind(kind),
            rule="mf-night" if phase == "night" else "mf-day",
        )


def _shot(state: MafiaState, data: dict[str, Any], seq: int, lang: str) -> None:
    _phase(state, "night", "shot")
    if state.night < state.game.night.regular_from:
        raise IllegalEventError("mafia.refused.meeting-night", rule="mf-first-night")
    shooter = _name(state, data, "shooter")
    _alive(shooter, "mf-night-shots")
    if shooter.role not in MAFIA_ROLES:
        raise IllegalEventError("mafia.refused.not-mafia", name=shooter.name, rule="mf-night-shots")
    if shooter.name in state.shots:
        raise IllegalEventError(
            "mafia.refused.shot-twice", name=shooter.name, rule="mf-night-shots"
        )
    target = _name(state, data, "target")
    _alive(target, "mf-night-shots")
    state.shots[shooter.name] = target.name
    state.tell(seq, phrase("mafia.story.shot", shooter=shooter.name, target=target.name), True)


FIRST_NIGHT_CHECKS_CASE = "mf-setting-first-night-checks"
"""The table's choice of checks on the first night (garou's case; the document: every night)."""


def checks_tonight(state: MafiaState) -> bool:
    """True when the Don and the Sheriff check tonight: every night (mafia.txt: « Chaque
    nuit, il vérifie »), the first included, unless the table agreed on no checks before
    night 2 (``mf-setting-first-night-checks``). The one rule the engine, the terminal and
    the phone ask; an evening started before order 4 has no checks on night 1."""
    if state.night >= state.game.night.regular_from:
        return True
    if FIRST_NIGHT_CHECKS not in state.order_rules:
        return False
    return state.agreement.get(FIRST_NIGHT_CHECKS_CASE, "every-night") != "from-night-2"


def checks_due(state: MafiaState) -> list[tuple[str, Seat]]:
    """The checks still due tonight, in the document's order (the Don's, then the
    Sheriff's): each (event prefix, the checker's seat), a dead checker checking nobody."""
    if state.phase != "night" or not checks_tonight(state):
        return []
    due = []
    for who, role in (("don", "don"), ("sheriff", "sherif")):
        seat = next(s for s in state.seats if s.role == role)
        if seat.alive and who not in state.checked:
            due.append((who, seat))
    return due


def _check(state: MafiaState, who: str, data: dict[str, Any], seq: int) -> None:
    role, rule = ("don", "mf-role-don") if who == "don" else ("sherif", "mf-role-sherif")
    _phase(state, "night", f"{who}-check")
    if not checks_tonight(state):
        agreed = FIRST_NIGHT_CHECKS_CASE in state.agreement
        why = FIRST_NIGHT_CHECKS_CASE if agreed else "mf-first-night"
        raise IllegalEventError("mafia.refused.meeting-night-check", rule=why)
    checker = next(s for s in state.seats if s.role == role)
    _alive(checker, rule)
    if who in state.checked:
        raise IllegalEventError("mafia.refused.check-twice", name=checker.name, rule=rule)
    target = _name(state, data, "target")
    if target.name == checker.name:
        raise IllegalEventError("mafia.refused.check-self", name=checker.name, rule=rule)
    answer = target.role == "sherif" if who == "don" else target.role in MAFIA_ROLES
    state.checked[who] = target.name
    state.checks.append(
        {
            "night": state.night,
            "by": who,
            "checker": checker.name,
            "target": target.name,
            "answer": answer,
            "seq": seq,
        }
    )
    key = f"mafia.story.{who}-check-{'yes' if answer else 'no'}"
    state.tell(seq, phrase(key, checker=checker.name, target=target.name), True)


def _don_check(state: MafiaState, data: dict[str, Any], seq: int, lang: str) -> None:
    _check(state, "don", data, seq)


def _sheriff_check(state: MafiaState, data: dict[str, Any], seq: int, lang: str) -> None:
    _check(state, "sheriff", data, seq)


def _still_due(state: MafiaState, ending: str, seq: int) -> None:
    """Refuse the event that ends a phase while the document's steps of it are still due.

    ``ending``: "day" (the morning ends the night), "vote" (the vote ends the speeches and
    the nominations), "night" (the night ends the day). The night's order is the
    document's (``mf-night``): every mafioso shoots, then the Don checks, then the Sheriff;
    a missed shot is shots at different targets (``mf-missed-shot``), never a shot not
    recorded; a dead Don or Sheriff checks nobody. The day's (``mf-day``): the farewell,
    every living player's speech (but a speech lost to fouls), the nominations, the vote.

    Only the checks of the evening's rules of order (``state.order_rules``): an evening started
    before (order 1) passes over the steps not recorded, as it did then; a farewell not
    given by the morning or the night is lost.
    """
    steps = STEPS_DUE in state.order_rules
    if not steps and ending != "vote":
        state.farewell_due = []  # order 1: a farewell not recorded by now was not given
    if ending == "day":
        if not steps or state.night < state.game.night.regular_from:
            return
        waiting = [s.name for s in state.living() if s.role in MAFIA_ROLES]
        waiting = [n for n in waiting if n not in state.shots]
        if waiting:
            raise IllegalEventError(
                phrase("mafia.order.shots-due", count=len(waiting), names=waiting),
                rule="mf-night-shots",
            )
        for who, role, rule in (
            ("don", "don", "mf-role-don"),
            ("sheriff", "sherif", "mf-role-sherif"),
        ):
            seat = next(s for s in state.seats if s.role == role)
            if seat.alive and who not in state.checked:
                raise IllegalEventError(f"mafia.order.{who}-check-due", name=seat.name, rule=rule)
        return
    if steps and state.farewell_due:
        raise IllegalEventError(
            "mafia.order.farewell-due", name=state.farewell_due[0], rule="mf-farewell"
        )
    if EXTRA_TIME in state.order_rules and state.vote_round == "revote":
        speaker = state.speaker()
        if speaker is not None:
            raise IllegalEventError(
                "mafia.order.extra-due",
                name=speaker,
                seconds=state.speech_seconds(),
                rule="mf-vote-tie",
            )
    if state.vote_round == "first" and not state.today()["rounds"]:
        speaker = state.speaker()
        if speaker is not None:
            if not steps:
                return
            raise IllegalEventError("mafia.order.speech-due", name=speaker, rule="mf-speech")
        # The speeches are over: a speech lost to fouls and not yet skipped (the last seats')
        # is skipped now, so that it is lost once, not again tomorrow. A player whose turn
        # today is past (spoken or skipped) loses tomorrow's: « au tour suivant ».
        for seat in state.living():
            if seat.loses_speech and seat.name not in state.spoken + state.skipped:
                seat.loses_speech = False
                state.skipped.append(seat.name)
                state.tell(seq, phrase("mafia.story.skipped", name=seat.name, count=seat.fouls))
        if steps and ending == "night" and state.nominations:
            due = list(state.nominations)
            raise IllegalEventError(
                phrase("mafia.order.vote-due", count=len(due), names=due), rule="mf-vote"
            )


def _day(state: MafiaState, data: dict[str, Any], seq: int, lang: str) -> None:
    _phase(state, "night", "day")
    _still_due(state, "day", seq)
    if state.night >= state.game.night.regular_from:
        shooters = [s.name for s in state.living() if s.role in MAFIA_ROLES]
        targets = {state.shots.get(n) for n in shooters}
        if len(targets) == 1 and None not in targets:
            target = targets.pop()
            assert target is not None
            state.kills.append({"night": state.night, "target": target, "shots": dict(state.shots)})
            state.tell(seq, phrase("mafia.story.killed", name=target))
            _leave(state, state.player(target), "shot", f"n{state.night}", seq, lang)
            state.farewell_due.append(target)
        else:
            state.kills.append({"night": state.night, "target": None, "shots": dict(state.shots)})
            state.tell(seq, phrase("mafia.story.missed"))
    if state.phase == "over":
        return
    state.phase = "day"
    state.day += 1
    state.shots, state.checked = {}, {}
    state.spoken, state.skipped, state.argued = [], [], []
    state.nominations, state.nominated_by = [], {}
    state.nominations_closed = False
    state.vote_round, state.tied = "first", []
    state.days.append({"day": state.day, "nominations": [], "rounds": []})
    state.tell(seq, phrase("mafia.story.day", number=state.day))


def _speech(state: MafiaState, data: dict[str, Any], seq: int, lang: str) -> None:
    _phase(state, "day", "speech")
    seat = _name(state, data, "player")
    _alive(seat, "mf-speech")
    if is_extra_time(state, seat.name):
        _extra_time(state, seat, data, seq)
        return
    if seat.loses_speech:
        raise IllegalEventError("mafia.refused.speech-lost", name=seat.name, rule="mf-foul")
    if seat.name in state.spoken:
        raise IllegalEventError("mafia.refused.spoke", name=seat.name, rule="mf-speech")
    expected = state.speaker()
    if expected is not None and expected != seat.name:
        raise IllegalEventError(
            "mafia.refused.speech-order", name=seat.name, speaker=expected, rule="mf-speech"
        )
    # garou skips a lost speech itself: those seated before this speaker lose it now.
    for other in state.seats:
        if other.seat >= seat.seat:
            break
        if other.alive and other.loses_speech and other.name not in state.spoken + state.skipped:
            other.loses_speech = False
            state.skipped.append(other.name)
            state.tell(seq, phrase("mafia.story.skipped", name=other.name, count=other.fouls))
    seconds = _seconds(data)
    state.spoken.append(seat.name)
    state.speeches.append({"day": state.day, "player": seat.name, "seconds": seconds, "seq": seq})


def is_extra_time(state: MafiaState, player: str) -> bool:
    """True when a ``speech`` of ``player`` recorded now is a tied player's extra time
    before the revote (``mf-vote-tie``), not an ordinary speech. Order 1 knew no extra
    time: a tied player's is taken when recorded, any other speech during the revote is an
    ordinary one, as it was then."""
    return (
        state.phase == "day"
        and state.vote_round == "revote"
        and (
            EXTRA_TIME in state.order_rules or (player in state.tied and player not in state.argued)
        )
    )


def extra_time_seqs(state: MafiaState) -> frozenset[int]:
    """The numbers of the ``speech`` events in effect that were a tied player's extra time."""
    return frozenset(s["seq"] for s in state.speeches if s.get("round") == "revote")


LONGEST = 3600
"""The longest time a speech or a farewell is recorded as (garou's bound: an hour; the
document's speeches last 60 seconds)."""


def _seconds(data: Mapping[str, Any]) -> int | None:
    seconds = data.get("seconds")
    if seconds is not None and (
        isinstance(seconds, bool)
        or not isinstance(seconds, int)
        or seconds < 0
        or seconds > LONGEST
    ):
        raise IllegalEventError("mafia.refused.seconds", value=str(seconds))
    return seconds


def _extra_time(state: MafiaState, seat: Seat, data: Mapping[str, Any], seq: int) -> None:
    """A tied player's extra time before the revote (``mf-vote-tie``): each tied player
    once, in any order, as long as a speech (the data's ``day.speech``: garou's reading,
    the document gives the extra time no length of its own)."""
    if seat.name not in state.tied:
        raise IllegalEventError(
            "mafia.refused.extra-not-tied", name=seat.name, names=list(state.tied),
            rule="mf-vote-tie",
        )  # fmt: skip
    if seat.name in state.argued:
        raise IllegalEventError("mafia.refused.extra-twice", name=seat.name, rule="mf-vote-tie")
    seconds = _seconds(data)
    state.argued.append(seat.name)
    state.speeches.append(
        {"day": state.day, "player": seat.name, "seconds": seconds, "round": "revote", "seq": seq}
    )
    state.tell(seq, phrase("mafia.story.argued", name=seat.name))


def _nominate(state: MafiaState, data: dict[str, Any], seq: int, lang: str) -> None:
    _phase(state, "day", "nominate")
    if state.vote_round != "first" or state.today()["rounds"]:
        raise IllegalEventError("mafia.refused.nominate-late", rule="mf-nominations")
    if state.nominations_closed:
        raise IllegalEventError(
            "mafia.refused.nominations-closed",
            names=list(state.nominations) or phrase("mafia.nobody"),
            rule="mf-nominations",
        )
    by = _name(state, data, "by")
    _alive(by, "mf-nominations")
    nominee = _name(state, data, "nominee")
    _alive(nominee, "mf-nominations")
    if nominee.name in state.nominations:
        raise IllegalEventError("mafia.refused.nominated", name=nominee.name, rule="mf-nominations")
    # mf-nominations: the document does not say how many candidates each player may
    # nominate, so garou sets no limit (one each was garou's, cited as the document's).
    state.nominations.append(nominee.name)
    state.nominated_by[nominee.name] = by.name
    state.today()["nominations"].append({"by": by.name, "nominee": nominee.name})
    state.tell(seq, phrase("mafia.story.nominated", by=by.name, nominee=nominee.name))


def _close_nominations(state: MafiaState, data: dict[str, Any], seq: int, lang: str) -> None:
    """The judge closes today's nominations: the vote on the nominees comes next (or the
    night, nobody nominated). Recorded, so that an evening resumed goes on at the vote and
    never asks for nominations again; it waits for what the vote waits for (the farewell,
    the speeches, at the evening's rules of order)."""
    _phase(state, "day", "close-nominations")
    if state.vote_round != "first" or state.today()["rounds"]:
        raise IllegalEventError("mafia.refused.nominate-late", rule="mf-nominations")
    if state.nominations_closed:
        raise IllegalEventError("mafia.refused.closed-twice", rule="mf-nominations")
    _still_due(state, "vote", seq)
    state.nominations_closed = True
    names = list(state.nominations)
    if names:
        state.tell(seq, phrase("mafia.story.nominations-closed", count=len(names), names=names))
    else:
        state.tell(seq, phrase("mafia.story.nominations-closed-none"))


def table_state(state: MafiaState, without: str | None = None) -> Any:
    """Return the resolvers' table state (roles known, the agreement's readings)."""
    from garou.rules.play import Player, make_state

    from .start import table_rules_of

    players = [Player(s.name, s.role, s.alive and s.name != without) for s in state.seats]
    if state.agreed is None:
        state.agreed = table_rules_of(state.game, state.agreement)
    return make_state(state.game, players, agreed=state.agreed)


SPEECH_CASE = "mf-setting-speech"
MAJORITY_CASE = "mf-contested-majority"
SCORING_CASE = "mf-setting-scoring"


def count(
    state: MafiaState, votes: Mapping[str, str], without: str | None = None, lang: str = "en"
):
    """Count this round's ballots through the vote resolver (``without``: that voter's
    ballot taken out, for the decisive votes)."""
    from garou.rules.play import StateError, count_votes

    table = table_state(state, without)
    ballots = {k: v for k, v in votes.items() if k != without}
    try:
        return count_votes(
            table,
            votes=ballots,
            round=state.vote_round,  # type: ignore[arg-type]
            tied=list(state.tied),
            nominations=list(state.nominations),
            lang=lang,
        )
    except StateError as exc:
        raise IllegalEventError(
            "mafia.refused.vote", why=exc.message(lang), rule="mf-vote"
        ) from None


def _vote(state: MafiaState, data: dict[str, Any], seq: int, lang: str) -> None:
    _phase(state, "day", "vote")
    if state.vote_round is None:
        raise IllegalEventError("mafia.refused.voted", rule="mf-vote")
    if state.vote_round == "table":
        raise IllegalEventError("mafia.refused.table-decides", name=state.undecided, rule="mf-vote")
    if not state.nominations:
        raise IllegalEventError("mafia.refused.no-nominee", rule="mf-nominations")
    _still_due(state, "vote", seq)
    votes = data.get("votes") or {}
    if not isinstance(votes, Mapping):
        raise IllegalEventError("mafia.refused.missing", key="votes")
    ballots: dict[str, str] = {}
    pool = state.tied if state.vote_round == "revote" else state.nominations
    for voter, choice in votes.items():
        seat = state.player(str(voter))
        _alive(seat, "mf-vote")
        if state.vote_round == "lift":
            ballots[seat.name] = (
                str(choice).lower() if not isinstance(choice, bool) else ("yes" if choice else "no")
            )
            continue
        target = state.player(str(choice))
        if target.name not in pool:
            raise IllegalEventError(
                "mafia.refused.not-nominee", name=target.name, pool=list(pool), rule="mf-vote"
            )
        ballots[seat.name] = target.name
    margin = margin_info(state, lang)
    result = count(state, ballots, lang=lang)
    round_ = state.vote_round
    decisive = decisive_votes(state, ballots, result, lang)
    record = {
        "round": round_,
        "tied": list(state.tied),
        "votes": ballots,
        "counted": counted_ballots(state, ballots, round_),
        "tally": dict(result.tally),
        "eliminated": list(result.eliminated),
        "decisive": decisive,
        "critical": bool(margin and margin["critical"]),
        "margin_left": None if margin is None else margin["left"],
        "steps": [{"rule": s.rule, "message": s.message} for s in result.steps],
        "seq": seq,
    }
    state.today()["rounds"].append(record)
    state.nominations_closed = True
    if record["critical"]:
        out = list(result.eliminated)
        state.close_calls.append(
            Line(
                seq, phrase("mafia.recap.critical-vote", names=out or "-"), False, "day", state.day
            )
        )
    for step in result.steps:
        state.tell(seq, Said(f"{step.message} ({step.rule})"))
    if result.next is not None:
        state.vote_round = result.next.round
        state.tied = list(result.next.tied)
        state.argued = []
        if result.next.round == "revote":
            extra = phrase(
                "mafia.story.extra-time", names=state.called(), seconds=state.speech_seconds()
            )
            state.tell(seq, extra)
        return
    below_half = any(step.code == "vote.below-half" for step in result.steps)
    if below_half and TABLE_DECIDES in state.order_rules:
        # The document does not say what follows: the day waits for the table's decision
        # (the count's own step says so: vote.below-half, the one place that tells it).
        state.vote_round, state.undecided = "table", result.tally[0][0]
        return
    state.vote_round = None
    _vote_out(state, result.eliminated, round_, seq, lang)


def _vote_out(state: MafiaState, names: Sequence[str], round_: str | None, seq: int, lang: str):
    """The players a vote puts out leave together (the lift vote: « ils partent tous »):
    the win is checked once they have all left, as ``garou cascade`` checks it, never
    between two of them (the seat order then decided the winner)."""
    for name in names:
        seat = state.player(name)
        if state.game.role(seat.role).camp == "ville":
            state.wrong_votes += 1
        _out(state, seat, "lift" if round_ == "lift" else "vote", f"d{state.day}", seq)
        state.farewell_due.append(name)
    _settle_win(state, seq, lang)


def counted_ballots(state: MafiaState, ballots: Mapping[str, str], round_: str | None) -> dict:
    """Every living player's vote as counted: a silent one against the last nominee of the
    round (``mf-no-abstention``); at the lift, as the vote resolver counts it (garou's
    reading, mf-lift: against the lift)."""
    if round_ == "lift":
        from garou.rules.play import silent_lift_ballot

        silent = silent_lift_ballot(state.game)
        if silent is None:
            return dict(ballots)
        return {s.name: ballots.get(s.name, silent) for s in state.living()}
    pool = [n for n in state.nominations if round_ != "revote" or n in state.tied]
    return {s.name: ballots.get(s.name, pool[-1]) for s in state.living()}


def decisive_votes(
    state: MafiaState, ballots: Mapping[str, str], result: Any, lang: str
) -> list[str]:
    """Return the voters whose ballot decided the result: without it, the resolver gives
    another result (another player out, nobody out, or another round)."""
    outcome = (tuple(result.eliminated), result.next.round if result.next else None)
    found = []
    # Every living player votes: a silent one counts against the last nominee, so their
    # vote can decide as much as a spoken one.
    for voter in [s.name for s in state.living()]:
        if voter in state.nominations or voter in state.tied:
            # A nominee taken out of the table would change the vote itself.
            try:
                again = _count_without_ballot(state, ballots, voter, lang)
            except IllegalEventError:
                continue
        else:
            try:
                again = count(state, ballots, without=voter, lang=lang)
            except IllegalEventError:
                continue
        other = (tuple(again.eliminated), again.next.round if again.next else None)
        if other != outcome:
            found.append(voter)
    return found


def _count_without_ballot(state: MafiaState, ballots: Mapping[str, str], voter: str, lang: str):
    """Count without ``voter``'s ballot when the voter is a nominee: the tallies of the
    other ballots, and one voter fewer at the table (a citizen not nominated sits out)."""
    stand_in = next(
        (
            s.name
            for s in state.living()
            if s.name not in state.nominations and s.name not in ballots
        ),
        None,
    )
    if stand_in is None:
        stand_in = next(
            (s.name for s in state.living() if s.name not in state.nominations and s.name != voter),
            None,
        )
        if stand_in is None:
            raise IllegalEventError("mafia.refused.vote", why="", rule="mf-decisive-vote")
        rest = {k: v for k, v in ballots.items() if k != voter}
        rest[voter] = rest.pop(stand_in)
        return count(state, rest, without=stand_in, lang=lang)
    if voter not in ballots:
        # A silent nominee: the stand-in sits out instead, and speaks for nobody either.
        return count(state, dict(ballots), without=stand_in, lang=lang)
    rest = {k: v for k, v in ballots.items() if k != voter}
    return count(state, rest, without=stand_in, lang=lang)


def _farewell(state: MafiaState, data: dict[str, Any], seq: int, lang: str) -> None:
    seat = _name(state, data, "player")
    if seat.name not in state.farewell_due:
        raise IllegalEventError("mafia.refused.no-farewell", name=seat.name, rule="mf-farewell")
    seconds = data.get("seconds")
    best = [state.player(str(n)).name for n in (data.get("best_move") or [])]
    most = state.game.deaths.best_move_most
    if most is not None and len(best) > most:
        # garou's reading (the document gives no number): the message says so.
        raise IllegalEventError("mafia.refused.best-move", most=most, rule="mf-farewell")
    suspects = [state.player(str(n)).name for n in (data.get("suspects") or [])]
    crown = data.get("crown")
    if crown is not None:
        crowned = state.player(str(crown))
        _alive(crowned, "mf-testament")
        crown = crowned.name
    state.farewell_due.remove(seat.name)
    state.farewells.append(
        {
            "player": seat.name,
            "at": seat.out_at,
            "best_move": best,
            "suspects": suspects,
            "crown": crown,
            "seconds": _seconds(data) if FIELDS_CHECKED in state.order_rules else seconds,
            "seq": seq,
        }
    )
    state.tell(seq, phrase("mafia.story.farewell", name=seat.name))


def _sanction(state: MafiaState, seat: Seat, kind: str, behaviour: str | None, rule: str, seq: int):
    state.sanctions.append(
        {
            "player": seat.name,
            "kind": kind,
            "behaviour": behaviour,
            "rule": rule,
            "at": _at(state),
            "seq": seq,
        }
    )


def _at(state: MafiaState) -> str:
    return f"n{state.night}" if state.phase == "night" else f"d{state.day}"


def _behaviour(state: MafiaState, data: dict[str, Any], sanction: str | None) -> str | None:
    from garou.rules.play import find_behaviours

    value = data.get("behaviour")
    if value is None:
        return None
    try:
        found = find_behaviours(state.game, str(value))
    except Exception as exc:  # UnknownIdError: said with its list
        raise IllegalEventError(
            "mafia.refused.behaviour", value=str(value), rule="mf-fair-play"
        ) from exc
    if not found.certain or not found.behaviours:
        raise IllegalEventError("mafia.refused.behaviour", value=str(value), rule="mf-fair-play")
    behaviour = found.behaviours[0]
    if sanction is not None and behaviour.sanction != sanction:
        raise IllegalEventError(
            "mafia.refused.behaviour-sanction",
            value=behaviour.text,
            sanction=phrase(f"sanction.{behaviour.sanction}"),
            rule="mf-disqualifying" if sanction == "disqualification" else "mf-unsporting",
        )
    return behaviour.id


def _foul(state: MafiaState, data: dict[str, Any], seq: int, lang: str) -> None:
    seat = _name(state, data, "player")
    _alive(seat, "mf-foul")
    seat.fouls += 1
    _sanction(state, seat, "foul", None, "mf-foul", seq)
    state.tell(seq, phrase("mafia.story.foul", name=seat.name, count=seat.fouls))
    from garou.rules.play import foul_costs_speech

    if foul_costs_speech(state.game, seat.fouls) and not seat.loses_speech:
        seat.loses_speech = True
        state.tell(seq, phrase("game.story.loses-speech", name=seat.name, count=seat.fouls))


def _technical(state: MafiaState, data: dict[str, Any], seq: int, lang: str) -> None:
    seat = _name(state, data, "player")
    _alive(seat, "mf-technical-foul")
    behaviour = _behaviour(state, data, "technical-foul")
    seat.technical_fouls += 1
    _sanction(state, seat, "technical-foul", behaviour, "mf-technical-foul", seq)
    state.tell(seq, phrase("mafia.story.technical", name=seat.name, count=seat.technical_fouls))
    fouls = state.game.fouls
    limit = fouls.technical.limit if fouls and fouls.technical else 2
    if seat.technical_fouls >= limit:
        _disqualified(state, seat, seq, lang, "mf-technical-foul")


def _disqualified(state: MafiaState, seat: Seat, seq: int, lang: str, rule: str) -> None:
    state.tell(seq, phrase("mafia.story.disqualified", name=seat.name, rule=rule))
    _leave(state, seat, "disqualified", _at(state), seq, lang)


def _disqualify(state: MafiaState, data: dict[str, Any], seq: int, lang: str) -> None:
    seat = _name(state, data, "player")
    _alive(seat, "mf-disqualification")
    behaviour = _behaviour(state, data, "disqualification")
    if behaviour is None:
        raise IllegalEventError("mafia.refused.missing", key="behaviour")
    _sanction(state, seat, "disqualification", behaviour, "mf-disqualifying", seq)
    _disqualified(state, seat, seq, lang, "mf-disqualifying")


def _opponent(state: MafiaState, data: dict[str, Any], seq: int, lang: str) -> None:
    seat = _name(state, data, "player")
    behaviour = _behaviour(state, data, None)
    loser = state.game.role(seat.role).camp
    winner = next(c.id for c in state.game.info.camps if c.playable and c.id != loser)
    _sanction(state, seat, "opponent-victory", behaviour, "mf-opponent-victory", seq)
    state.opponent_victory = {"player": seat.name, "loser": loser, "behaviour": behaviour}
    state.winner, state.win_rule, state.phase = winner, "mf-opponent-victory", "over"
    state.tell(
        seq,
        phrase(
            "mafia.story.opponent-victory",
            name=seat.name,
            loser=state.game.camp(loser).name,
            winner=state.game.camp(winner).name,
        ),
    )


def _table_decision(state: MafiaState, data: dict[str, Any], seq: int, lang: str) -> None:
    """What the table decided after a vote nobody won by more than half (the table's
    "absolute majority"): nobody leaves, the vote again, or the leader leaves."""
    _phase(state, "day", "table-decision")
    if state.vote_round != "table" or state.undecided is None:
        raise IllegalEventError("mafia.refused.no-table-decision", rule="mf-vote")
    then = str(data.get("then") or "").strip().lower()
    if then not in TABLE_DECISIONS:
        raise IllegalEventError(
            "mafia.refused.table-decision", value=then or "-", values=list(TABLE_DECISIONS)
        )
    leader = state.undecided
    state.undecided = None
    state.tell(seq, phrase(f"mafia.story.decided.{then}", name=leader))
    if then == "again":
        state.vote_round = "first"  # the same nominees; nominations stay closed
        return
    state.vote_round = None
    if then == "leader":
        _vote_out(state, [leader], "first", seq, lang)


def _night(state: MafiaState, data: dict[str, Any], seq: int, lang: str) -> None:
    _phase(state, "day", "night")
    if state.vote_round == "table":
        raise IllegalEventError("mafia.refused.table-decides", name=state.undecided, rule="mf-vote")
    if state.vote_round in ("revote", "lift"):
        raise IllegalEventError("mafia.refused.vote-pending", rule="mf-vote-tie")
    _still_due(state, "night", seq)
    state.phase = "night"
    state.night += 1
    state.shots, state.checked = {}, {}
    state.tell(seq, phrase("mafia.story.night", number=state.night))


def _leave(state: MafiaState, seat: Seat, cause: str, at: str, seq: int, lang: str) -> None:
    """``seat`` leaves the game (``cause``: shot, vote, lift, disqualified), then the win."""
    _out(state, seat, cause, at, seq)
    _settle_win(state, seq, lang)


def _out(state: MafiaState, seat: Seat, cause: str, at: str, seq: int) -> None:
    seat.alive, seat.out, seat.out_at = False, cause, at
    if state.phase == "day" and state.vote_round is not None and seat.name in state.nominations:
        # A nominee out of the game during the day (disqualified) is no longer on the vote:
        # the vote goes on on the others (none left: no vote today).
        state.nominations.remove(seat.name)
        state.nominated_by.pop(seat.name, None)
        if seat.name in state.tied:
            state.tied.remove(seat.name)
        state.tell(seq, phrase("mafia.story.nominee-out", name=seat.name))


def _settle_win(state: MafiaState, seq: int, lang: str) -> None:
    """End the evening when the win resolver names a winner, or when nobody is left (the
    documents name no winner then: the evening is over without one, as ``garou win``)."""
    from garou.rules.play import check_win

    result = check_win(table_state(state), lang, "night" if state.phase == "day" else "vote")
    if result.nobody_alive:
        state.phase = "over"
        state.tell(seq, phrase("game.story.nobody-alive"))
    elif result.winner is not None:
        state.winner, state.win_rule, state.phase = result.winner, result.rule, "over"
        state.tell(
            seq,
            phrase(
                "mafia.story.won",
                camp=state.game.camp(result.winner).name,
                rule=result.rule or "",
            ),
        )


HANDLERS = {
    "shot": _shot,
    "don-check": _don_check,
    "sheriff-check": _sheriff_check,
    "day": _day,
    "speech": _speech,
    "nominate": _nominate,
    "close-nominations": _close_nominations,
    "vote": _vote,
    "farewell": _farewell,
    "foul": _foul,
    "technical-foul": _technical,
    "disqualify": _disqualify,
    "opponent-victory": _opponent,
    "night": _night,
    "table-decision": _table_decision,
}


# --- what the judge sees ------------------------------------------------------------------


def margin_info(state: MafiaState, lang: str) -> dict[str, Any] | None:
    """The margin of error before the day's vote (the win resolver's), or None."""
    from garou.rules.play import check_win

    if state.phase == "over":
        return None
    result = check_win(table_state(state), lang, "vote")
    if result.margin is None:
        return None
    return {
        "left": result.margin.left,
        "critical": result.margin.critical,
        "rule": result.margin.rule,
    }


def warnings(state: MafiaState, lang: str) -> list[dict[str, str]]:
    """The warnings that matter now: the margin or the critical phase before a vote."""
    found: list[dict[str, str]] = []
    if state.phase == "over":
        return found
    if state.phase == "day" and state.vote_round is not None:
        margin = margin_info(state, lang)
        if margin is not None:
            key = "mafia.warn.critical" if margin["critical"] else "mafia.warn.margin"
            found.append({"rule": margin["rule"], "message": say(key, lang, count=margin["left"])})
    for seat in state.seats:
        if seat.alive and seat.loses_speech:
            found.append(
                {
                    "rule": "mf-foul",
                    "message": say(
                        "game.warn.loses-speech", lang, name=seat.name, count=seat.fouls
                    ),
                }
            )
    for name in state.farewell_due:
        found.append(
            {
                "rule": "mf-farewell",
                "message": say(
                    "mafia.warn.farewell", lang, name=name, seconds=state.farewell_seconds()
                ),
            }
        )
    return found


def next_step(state: MafiaState, lang: str) -> str | None:
    """What the judge records next, in words."""
    if state.phase == "over":
        if state.farewell_due:
            return say("mafia.next.farewell", lang, name=state.farewell_due[0])
        return None
    if state.phase == "night":
        if state.night < state.game.night.regular_from:
            due = checks_due(state)
            if due:
                who, seat = due[0]
                return say(f"mafia.next.{who}-check", lang, name=seat.name)
            return say("mafia.next.meeting", lang)
        shooters = [s.name for s in state.living() if s.role in MAFIA_ROLES]
        waiting = [n for n in shooters if n not in state.shots]
        if waiting:
            return say("mafia.next.shot", lang, names=waiting)
        for who, role in (("don", "don"), ("sheriff", "sherif")):
            seat = next(s for s in state.seats if s.role == role)
            if seat.alive and who not in state.checked:
                return say(f"mafia.next.{who}-check", lang, name=seat.name)
        return say("mafia.next.day", lang)
    speaker = state.speaker()
    if state.farewell_due:
        return say("mafia.next.farewell", lang, name=state.farewell_due[0])
    if state.vote_round == "table":
        return say("mafia.next.table-decision", lang, name=state.undecided)
    if speaker is not None:
        key = "mafia.next.extra" if state.vote_round == "revote" else "mafia.next.speech"
        return say(key, lang, name=speaker, seconds=state.speech_seconds())
    if state.vote_round is not None and state.nominations:
        if state.vote_round == "first" and not state.nominations_closed:
            return say("mafia.next.nominations", lang, names=state.nominations)
        return say(
            f"mafia.next.vote-{state.vote_round}", lang, names=state.tied or state.nominations
        )
    return say("mafia.next.night", lang)


def said(value: Phrase | Said | str, lang: str) -> str:
    """A story line's text in ``lang``."""
    if isinstance(value, str):
        return value
    return value.say(lang)
