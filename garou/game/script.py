"""The game master's script: what the game waits for now, and what can be answered.

The terminal (``garou game play``) and the web app (``garou serve``) both read the next
step here and record its answer through :mod:`garou.game.session`: the same order, the
same cues, the same choices. Nothing here records or decides anything for a player; it
only reads the replayed :class:`~garou.game.table.LoupGarouState`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from garou.core.records import record

from .table import STEP_KIND, role_form, step_form

if TYPE_CHECKING:
    from garou.rules.model import NightStep

    from .table import LoupGarouState

ABSENT = "absent"
"""Cue: the role called was not dealt (call it anyway, wait, record nothing else)."""
DEAD = "dead"
"""Cue: every holder of the role called is dead (likewise)."""


@record
class Step:
    """The one thing the game waits for now."""

    kind: str
    """The event that answers it: "call" (a role called with nothing to record), "couple",
    "look", "kill", "potions", "dawn", "election", "vote"; or "over"."""
    night_step: NightStep | None = None
    """The night script's step called, at night."""
    cue: str | None = None
    """A game-master-only cue at night: :data:`ABSENT` or :data:`DEAD`."""
    wakes: int = 0
    """How many players the game master must name as the role's holders (first call)."""
    wakers: tuple[str, ...] = ()
    """Whom they may name (the living not already known to hold another card)."""
    known: tuple[str, ...] = ()
    """The holders already known."""
    targets: tuple[str, ...] = ()
    """Whom the step's action may name: lovers, the seer's look, the wolves' victim, the
    poison, the captain elected, a ballot."""
    disagree: str | None = None
    """At the wolves' step: the ``decided`` value to record when the wolves did not agree
    ("game-master", or "majority" at a table that agreed "wolf-majority"); None when there
    is nothing to ask (one wolf alive has no one to disagree with)."""
    can_save: bool = False
    """At the witch's step: whether she may save tonight's victim (a life potion left, a
    victim, and the table's agreement on saving herself allows it)."""
    self_save_forbidden: bool = False
    """At the witch's step: the victim is the witch and the agreement forbids the save."""
    one_potion: bool = False
    """At the witch's step: the agreement allows one potion a night (after a save, no
    poison is asked)."""

    form: str = "m"
    """The French agreement of the roles called (:func:`garou.game.table.role_form`)."""

    @property
    def cue_key(self) -> str | None:
        """The catalogue key of the cue, agreed with the roles called, or None."""
        return f"game.cue.{self.cue}.{self.form}" if self.cue is not None else None

    @property
    def call_data(self) -> dict[str, Any]:
        """The values of the ``call`` event that records a step with nothing to record."""
        data: dict[str, Any] = {"step": self.night_step.id} if self.night_step else {}
        if self.cue is not None:
            data["why"] = self.cue
        return data


def next_step(state: LoupGarouState) -> Step:
    """Return what ``state`` waits for: the next role to call, dawn, the election, the vote."""
    if state.phase == "over":
        return Step("over")
    alive = tuple(s.name for s in state.living())
    if state.phase == "day":
        if state.day_stage() == "election":
            return Step("election", targets=alive)
        targets = tuple(state.tied) if state.vote_round == "revote" else alive
        return Step("vote", targets=targets)
    step = state.next_step()
    if step is None:
        return Step("dawn")
    game = state.game
    holders = state.holders(step.roles)
    cards = sum(state.cards.get(r, 0) for r in step.roles)
    if not state.in_play(step.roles):
        return Step("call", step, cue=ABSENT, form=role_form(game.role(r) for r in step.roles))
    if holders and len(holders) >= cards and not any(s.alive for s in holders):
        return Step("call", step, cue=DEAD, form=step_form(state, step))
    kind = STEP_KIND.get(step.does, "call")
    known = tuple(s.name for s in holders)
    wakes = cards - len(holders) if not holders or len(holders) < cards else 0
    # who may wake up: nobody whose card is known already (another role's holder)
    wakers = tuple(n for n in alive if n not in known and state.role_of(n) is None) if wakes else ()
    if kind == "couple":
        targets = alive
    elif kind in ("look", "kill"):
        targets = tuple(n for n in alive if n not in known)
    elif kind == "potions":
        targets = alive
    else:
        targets = ()
    found = Step(kind, step, wakes=wakes, wakers=wakers, known=known, targets=targets)
    if kind == "kill":
        return replace(found, disagree=_disagree(state, step, cards))
    if kind == "potions":
        rules = potion_rules(state, step)
        return replace(
            found,
            can_save=rules.can_save,
            self_save_forbidden=rules.self_save_forbidden,
            one_potion=rules.one_potion,
        )
    return found


def _disagree(state: LoupGarouState, step: NightStep, cards: int) -> str | None:
    """What a disagreement of the wolves records, per the agreement, or None for one wolf."""
    from .table import CASE_WOLVES

    dead = sum(1 for s in state.holders(step.roles) if not s.alive)
    if cards - dead <= 1:
        return None
    return "majority" if state.decision(CASE_WOLVES) == "wolf-majority" else "game-master"


@record
class PotionRules:
    """What the witch may be asked tonight (see :class:`Step`'s fields of the same names)."""

    can_save: bool
    self_save_forbidden: bool
    one_potion: bool


def potion_rules(state: LoupGarouState, step: NightStep, by: Iterable[str] = ()) -> PotionRules:
    """What the witch may be asked tonight, per her potions and the table's agreement
    (``by``: the witches named at this very step, when their card was not known yet)."""
    from .table import CASE_SELF_SAVE, CASE_TWO_POTIONS

    witches = {s.name for s in state.holders(step.roles)} | set(by)
    option = state.decision(CASE_SELF_SAVE)
    forbidden = (
        state.victim is not None
        and state.victim in witches
        and (option == "never" or (option == "first-night-only" and state.night != 1))
    )
    return PotionRules(
        can_save="life" in state.potions and state.victim is not None and not forbidden,
        self_save_forbidden=forbidden and "life" in state.potions,
        one_potion=state.decision(CASE_TWO_POTIONS) == "one-per-night",
    )


def look_cards(
    state: LoupGarouState, step: Step, by: list[str] | tuple[str, ...] = ()
) -> list[str]:
    """Return the cards a target of the seer whose card is unknown may hold (role ids).

    ``by`` are the seers named with this very look (their card is not left to others).
    """
    left = state.remaining_cards()
    if step.night_step is not None and step.night_step.roles:
        left[step.night_step.roles[0]] -= len(by)
    return list(+left)


def shown_name(state: LoupGarouState, shown: str, lang: str) -> str:
    """Return what the seer was shown (a role or a camp id) in ``lang``."""
    game = state.game
    role = next((r for r in game.roles if r.id == shown), None)
    if role is not None:
        return role.name.get(lang)
    return game.camp(shown).name.get(lang)


__all__ = [
    "ABSENT",
    "DEAD",
    "PotionRules",
    "Step",
    "look_cards",
    "next_step",
    "potion_rules",
    "shown_name",
]


BALLOT_DRAFT = "ballot"
"""The journal's draft of a show of hands being typed: the same one for the terminal
(``garou game play``) and the game master's phone (``garou serve``)."""


@record
class Ballots:
    """The ballots of a show of hands typed so far, as they still stand now."""

    votes: dict[str, str]
    """Voter → target: only ballots that still hold."""
    asked: tuple[str, ...]
    """The voters asked already (a voter who raised no hand too), still at the table."""
    told: tuple[Any, ...] = ()
    """What the game master must be told (catalogue phrases): the events recorded since
    the ballots were typed, each ballot dropped and why. Empty when nothing changed."""

    @property
    def changed(self) -> bool:
        return bool(self.told)


def ballot_draft(
    state: LoupGarouState, votes: dict[str, str], asked: Iterable[str] = ()
) -> dict[str, Any]:
    """The draft of the show of hands being typed, as the journal keeps it (both faces)."""
    return {
        "day": state.day,
        "round": state.vote_round,
        "votes": dict(votes),
        "asked": list(asked),
        "voters": [s.name for s in state.living()],
    }


def kept_ballots(
    state: LoupGarouState, saved: dict[str, Any] | None, since: Iterable[Any] = ()
) -> Ballots:
    """Return the ballots of the draft ``saved`` that still hold in ``state`` (the vote held
    now), each one dropped said with why, never silently (as the Mafia's,
    :func:`garou.game.mafia_script.kept_ballots`).

    ``since``: the events recorded after the draft was kept (their sentences): an undo, an
    event recorded on another screen or by ``garou game add``. A voter no longer alive has
    no ballot; a ballot for a player no longer a target of the vote (dead, or not among the
    tied at a revote) is dropped and its voter asked again; a draft of another vote is
    abandoned."""
    from garou.core.catalogue import phrase

    if not saved or next_step(state).kind != "vote":
        return Ballots({}, ())
    since = list(since)
    raw = saved.get("votes")
    typed = {str(k): str(v) for k, v in raw.items()} if isinstance(raw, dict) else {}
    raw_asked = saved.get("asked")
    asked = [str(n) for n in raw_asked] if isinstance(raw_asked, list) else []
    told: list[Any] = []
    if since and (typed or asked):
        told.append(phrase("game.draft.since", count=len(since), events=since))
    if (saved.get("day"), saved.get("round")) != (state.day, state.vote_round):
        if typed:
            told.append(phrase("game.draft.obsolete", count=len(typed)))
        return Ballots({}, (), tuple(told))
    living = {s.name for s in state.living()}
    targets = set(next_step(state).targets)
    votes: dict[str, str] = {}
    for voter, target in typed.items():
        if voter not in living:
            why = _gone(state, voter)
            told.append(phrase("game.draft.voter-out", voter=voter, target=target, why=why))
        elif target not in targets:
            why = _gone(state, target)
            told.append(phrase("game.draft.nominee-out", voter=voter, target=target, why=why))
            asked = [n for n in asked if n != voter]  # asked again
        else:
            votes[voter] = target
    raw_voters = saved.get("voters")
    before = [str(n) for n in raw_voters] if isinstance(raw_voters, list) else []
    gone = [n for n in before if n not in living and n not in typed]
    if gone:
        told.append(phrase("game.draft.voters", count=len(living), gone=gone))
    return Ballots(votes, tuple(n for n in asked if n in living), tuple(told))


def _gone(state: LoupGarouState, name: str) -> Any:
    """Why ``name`` is no longer at the table, or no longer a target of the vote."""
    from garou.core.catalogue import phrase

    seat = next((s for s in state.seats if s.name == name), None)
    if seat is not None and not seat.alive and seat.death:
        return phrase(f"cause.{seat.death}")
    return phrase("game.draft.not-a-target")
