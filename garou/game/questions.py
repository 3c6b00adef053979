"""What the game master is asked: the questions of a step, and what an event still waits for.

The one place where a live game's questions are decided (which ones, with which options, in
which order, with which notes before them), for the terminal (``garou game play``) and the
phone (``garou serve``) alike: each face only presents the questions and sends the answers
back. Nothing here records anything; it reads the replayed state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from garou.core.catalogue import Phrase, phrase
from garou.core.records import record

if TYPE_CHECKING:
    from garou.rules.loader import Rulebook

    from .journal import Event
    from .script import Step
    from .table import LoupGarouState

NAME = "name"
"""One player's name (``empty``: or nobody)."""
NAMES = "names"
"""Several players' names (``count`` of them, or any number when None)."""
YES = "yes"
"""Yes or no (``default``: the answer when nothing is typed)."""
CARD = "card"
"""One card (a role id) among ``options``."""
CARDS = "cards"
"""The card of each player of ``options``, among ``cards`` (role id, how many left)."""
ENTER = "enter"
"""Nothing to answer: the game master goes on when the table is ready."""
BALLOTS = "ballots"
"""A show of hands: each of ``voters`` names one of ``options``, or nobody (``empty``)."""
CHOICE = "choice"
"""One of ``options``: ids (a table's decision) each face names in its own words."""
EACH = "…"
"""The value a :data:`BALLOTS` question names until each one asked fills it in
(:meth:`Question.say`'s ``more``: the voter, a Mafia nominee): said without one, the
question still reads (« … vote contre »)."""
TELL = "tell"
"""Nothing to answer nor to wait for: only the notes are shown."""


@record
class Note:
    """What a face shows before a question: a secret for the game master, or a cue."""

    text: Any
    """The words (a catalogue :class:`~garou.core.catalogue.Phrase`, or a text already
    said in the game's language)."""
    cue: str | None = None
    """The cue it is (``absent``, ``dead``: a role called with nothing to record;
    ``no-potion``, ``no-self-save``, ``one-potion``), or None for what the game master
    reads to themselves (tonight's victim, a player's choice)."""

    def say(self, lang: str) -> str:
        """The note in ``lang``."""
        return said(self.text, lang)


@record
class Question:
    """One question of a step: what it fills in the event, how it is answered, from what."""

    field: str
    """The event's value it answers ("by", "lovers", "target", "role", "victim",
    "decided", "save", "poison", "captain", "votes", "shoot", "successor",
    "captain_pick", "roles"; a Mafia evening's "target", "best_move", "suspects",
    "crown", "votes", "then"), or "" when nothing is answered (:data:`ENTER`,
    :data:`TELL`)."""
    kind: str
    """:data:`NAME`, :data:`NAMES`, :data:`YES`, :data:`CARD`, :data:`CARDS`,
    :data:`BALLOTS`, :data:`CHOICE`, :data:`ENTER` or :data:`TELL`."""
    text: Phrase | None = None
    """The question's words."""
    options: tuple[str, ...] = ()
    """The players' names (or the role ids of a :data:`CARD`) it may be answered with."""
    count: int | None = None
    """How many names a :data:`NAMES` takes (None: any number)."""
    empty: bool = False
    """A :data:`NAME` that may be left unanswered (nobody)."""
    default: bool = False
    """A :data:`YES`'s answer when nothing is typed."""
    if_no: str | None = None
    """A :data:`YES` whose "no" records this value in ``field`` (the wolves did not agree:
    ``decided``), and whose "yes" records nothing."""
    only_one: str | None = None
    """Another question's field of which at most one may be answered (a save and a poison
    at a one-potion-a-night table)."""
    chooser: str | None = None
    """The player whose choice it is (the hunter's shot, a successor, a captain's pick)."""
    cards: tuple[tuple[str, int], ...] = ()
    """A :data:`CARDS`: the cards still unmatched, and how many of each."""
    voters: tuple[str, ...] = ()
    """A :data:`BALLOTS`: who votes, in the order they are asked (``text`` names each)."""
    notes: tuple[Note, ...] = ()
    """What to show before it, in order."""

    def say(self, lang: str, **more: Any) -> str:
        """The question in ``lang`` (``more``: the values it names for each one asked, a
        :data:`BALLOTS`'s voter)."""
        if self.text is None:
            return ""
        if more:
            return Phrase(self.text.key, {**self.text.values, **more}, self.text.count).say(lang)
        return said(self.text, lang)

    def into(self, data: Mapping[str, Any], value: Any) -> dict[str, Any]:
        """The event's values ``data`` with ``value`` (the face's answer) recorded in
        them: a player's choice and the cards learnt join those already given."""
        if self.kind == YES and self.if_no is not None:
            return {**data, self.field: self.if_no} if not value else dict(data)
        if self.chooser is not None and self.field in ("shoot", "successor"):
            value = {**(data.get(self.field) or {}), self.chooser: value}
        elif self.kind == CARDS:
            value = {**(data.get(self.field) or {}), **value}
        return {**data, self.field: value}


def said(text: Any, lang: str) -> str:
    """``text`` (a Phrase or a text already said) in ``lang``."""
    from garou.core.catalogue import render_value

    return render_value(text, lang)


def questions(
    state: Any, step: Any, answers: Mapping[str, Any] | None = None
) -> tuple[Question, ...]:
    """The questions of ``step`` (:func:`garou.game.script.next_step`), given the
    ``answers`` already given: the night's (:func:`night_questions`), the captain's
    election, the show of hands; none at dawn and once the game is over. A Mafia
    evening's (``step``: :func:`garou.game.mafia_script.next_step`) are
    :func:`mafia_questions`'s."""
    if state.game.id == "mafia":
        return mafia_questions(state, step, answers)
    if step.kind == "election":
        election = Note(phrase("game.play.election"))
        elected = phrase("game.play.elected")
        return (Question("captain", NAME, elected, step.targets, notes=(election,)),)
    if step.kind == "vote":
        voters = tuple(s.name for s in state.living())
        ballot = phrase("game.play.ballot", voter=EACH)
        return (Question("votes", BALLOTS, ballot, step.targets, empty=True, voters=voters),)
    if step.kind in ("dawn", "over"):
        return ()
    return night_questions(state, step, answers)


def night_questions(
    state: LoupGarouState, step: Step, answers: Mapping[str, Any] | None = None
) -> tuple[Question, ...]:
    """The questions of the night step ``step`` (:func:`garou.game.script.next_step`), in
    the order they are asked, given the ``answers`` already given (a question's options and
    the questions that follow may depend on them: the seer's target's card is asked only
    once the target is known and their card is not, the poison is not asked after a save
    at a one-potion-a-night table).

    The terminal asks them one by one, each time from the answers so far; the phone shows
    them all at once (no answer yet), then asks what the event still waits for
    (:func:`pending`)."""
    from . import script

    answers = dict(answers or {})
    game = state.game
    night = step.night_step
    roles = [game.role(r).name for r in night.roles] if night is not None else []
    if step.cue is not None:
        return (Question("", ENTER, notes=(Note(phrase(step.cue_key or ""), step.cue),)),)
    asked: list[Question] = []
    if step.wakes:
        who = phrase("game.play.who-wakes", count=step.wakes, roles=roles)
        asked.append(Question("by", NAMES, who, step.wakers, count=step.wakes))
    by = list(answers.get("by") or [])
    if step.kind == "couple":
        asked.append(Question("lovers", NAMES, phrase("game.play.lovers"), step.targets, count=2))
    elif step.kind == "look":
        options = tuple(n for n in step.targets if n not in by)
        asked.append(Question("target", NAME, phrase("game.play.look"), options))
        target = answers.get("target")
        if target is not None and target in state.names() and state.role_of(target) is None:
            cards = tuple(script.look_cards(state, step, by))
            card_of = phrase("game.play.card-of", name=target)
            asked.append(Question("role", CARD, card_of, cards))
    elif step.kind == "kill":
        options = tuple(n for n in step.targets if n not in by)
        asked.append(Question("victim", NAME, phrase("game.play.victim"), options))
        if step.disagree is not None:
            agreed = phrase(f"game.play.agreed.{step.disagree}")
            asked.append(Question("decided", YES, agreed, default=True, if_no=step.disagree))
    elif step.kind == "potions":
        asked += _potions(state, step, by, answers)
    else:
        asked.append(Question("", ENTER))
    return tuple(asked)


def _potions(
    state: LoupGarouState, step: Step, by: list[str], answers: Mapping[str, Any]
) -> list[Question]:
    """The witch's questions: only what her potions and the table's agreement let her do
    tonight (the wolves' victim cannot be poisoned unless saved: the table's refusal)."""
    from . import script
    from .table import CASE_SELF_SAVE, CASE_TWO_POTIONS

    victim = state.victim
    notes = [Note(phrase("game.play.victim-is", name=victim) if victim else
                  phrase("game.play.no-victim"))]  # fmt: skip
    if not state.potions:
        notes.append(Note(phrase("game.play.no-potion-left"), "no-potion"))
        return [Question("", ENTER, notes=tuple(notes))]
    assert step.night_step is not None
    rules = script.potion_rules(state, step.night_step, by)
    if rules.self_save_forbidden:
        reading = state.agreed().reading(CASE_SELF_SAVE)
        notes.append(Note(phrase("game.play.no-self-save", reading=reading), "no-self-save"))
    asked: list[Question] = []
    if rules.can_save:
        save = phrase("game.play.save", name=victim)
        asked.append(Question("save", YES, save, notes=tuple(notes)))
        notes = []
    if "death" not in state.potions:
        return asked or [Question("", TELL, notes=tuple(notes))]
    saved = answers.get("save")
    only_one = "save" if rules.one_potion and rules.can_save else None
    if only_one and saved:
        reading = state.agreed().reading(CASE_TWO_POTIONS)
        notes.append(Note(phrase("game.play.one-potion", reading=reading), "one-potion"))
        return [*asked, Question("", TELL, notes=tuple(notes))]
    # the victim is offered while the save may still be answered yes (a form that asks
    # both at once), never once it is answered no or cannot be
    may_save = rules.can_save and not rules.one_potion and saved is not False
    alive = tuple(s.name for s in state.living() if s.name != victim or saved or may_save)
    poison = phrase("game.play.poison")
    return [
        *asked,
        Question("poison", NAME, poison, alive, empty=True, only_one=only_one, notes=tuple(notes)),
    ]


def mafia_questions(
    state: Any, step: Any, answers: Mapping[str, Any] | None = None
) -> tuple[Question, ...]:
    """The questions of the Mafia evening's step ``step``
    (:func:`garou.game.mafia_script.next_step`): a shot's or a check's target; the
    farewell's best move, testament and crown; the vote's ballots (for one of the
    nominees, or at the lift "yes" or "no"); what the table decided after a vote nobody
    won by more than half."""
    if step.kind == "shot":
        shot = phrase("mafia.play.shot", name=step.player)
        return (Question("target", NAME, shot, step.targets),)
    if step.kind in ("don-check", "sheriff-check"):
        who = step.kind.removesuffix("-check")
        check = phrase(f"mafia.play.{who}-check", name=step.player)
        return (Question("target", NAME, check, step.targets),)
    if step.kind == "farewell":
        return _farewell(state, step.player)
    if step.kind == "table-decision":  # nobody won more than half: what the table decided
        decided = phrase("mafia.play.table-decision", name=step.player)
        return (Question("then", CHOICE, decided, step.targets),)
    if step.kind == "vote":
        voters = tuple(s.name for s in state.living())
        if step.round == "lift":  # all the tied leave, or all stay: "yes" or "no"
            lift = phrase("mafia.play.lift", names=list(step.pool))
            return (Question("votes", BALLOTS, lift, ("yes", "no"), empty=True, voters=voters),)
        # a silent ballot goes to the last nominee (no abstention): said before it is counted
        rest = Note(phrase("mafia.play.rest", name=step.pool[-1]))
        votes = phrase("mafia.play.votes", name=EACH)
        return (
            Question("votes", BALLOTS, votes, step.pool, empty=True, voters=voters, notes=(rest,)),
        )
    return ()


def _farewell(state: Any, name: str) -> tuple[Question, ...]:
    """The farewell's questions: the best move and the testament name any seat but the
    player's and a disqualified player's (out of the game, never the evening's suspect);
    the crown is left to a living player, or nobody."""
    everyone = tuple(s.name for s in state.seats if s.name != name and s.out != "disqualified")
    living = tuple(s.name for s in state.living() if s.name != name)
    best = phrase("mafia.play.best-move", most=state.game.deaths.best_move_most)
    return (
        Question("best_move", NAMES, best, everyone),
        Question("suspects", NAMES, phrase("mafia.play.suspects"), everyone),
        Question("crown", NAME, phrase("mafia.play.crown"), living, empty=True),
    )


def pending(
    events: list[Event], book: Rulebook, kind: str, data: Mapping[str, Any], lang: str
) -> Question | None:
    """What the event ``kind`` with ``data`` still waits for before it can be recorded in
    the game of ``events``, or None: the card of the player the seer looks at when nobody
    recorded it, a player's choice (the hunter's shot, a successor, the captain's pick in
    a tie), the cards of the living (before a vote or a death). Checked by replaying the
    game with it; nothing recorded."""
    from .errors import IllegalEventError
    from .journal import Event
    from .replay import replay, trimmed

    state = replay(book, events, lang).state
    if kind == "look" and data.get("target") and "role" not in data:
        from .script import next_step

        step = next_step(state)
        if step.kind == "look":
            card = [q for q in night_questions(state, step, data) if q.field == "role"]
            if card:
                return card[0]
    try:
        new = Event(len(events) + 1, kind, dict(data))
        replay(book, trimmed(book, [*events, new], lang), lang)
    except IllegalEventError as exc:
        return waited(exc, state, data)
    return None


def waited(error: Any, state: LoupGarouState, data: Mapping[str, Any]) -> Question | None:
    """The question a refused event asks before it can be recorded (``error``: the
    table's :class:`~garou.game.errors.IllegalEventError`; ``state``: the game before the
    event), or None when it was refused for good."""
    ask = error.ask
    if ask is not None:
        field = {"captain-pick": "captain_pick", "shoot": "shoot"}.get(ask.kind, "successor")
        choice = phrase("game.play.choice", chooser=ask.chooser)
        return Question(field, NAME, choice, tuple(ask.options), chooser=ask.chooser,
                        notes=(Note(ask.question),))  # fmt: skip
    if error.unknown:
        given = data.get("roles") or {}
        names = tuple(n for n in error.unknown if n not in given)
        cards = tuple(state.remaining_cards().items())
        return Question("roles", CARDS, phrase("game.play.learn"), names, cards=cards)
    return None


__all__ = [
    "BALLOTS",
    "CARD",
    "CARDS",
    "CHOICE",
    "ENTER",
    "NAME",
    "NAMES",
    "Note",
    "Question",
    "TELL",
    "YES",
    "mafia_questions",
    "night_questions",
    "questions",
    "pending",
    "waited",
    "said",
]
