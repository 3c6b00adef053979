"""The one door from the game journal to the resolvers of ``garou.rules.play``.

Every call into the vote, cascade and win resolvers goes through this module and comes
back as the small records below, so that the rest of ``garou.game`` never depends on the
resolvers' own types: when their API changes, only this file changes. No rule is decided
here; the resolvers decide, this module translates.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from garou.core.records import record
from garou.rules.model import Game

from .errors import IllegalEventError


@record
class Said:
    """One step of a ruling: the entry applied and what it says here."""

    rule: str
    """Id of the entry."""
    message: str
    """What happens, in the language asked for."""


@record
class Ask:
    """A choice the rules leave to a player, which the game master must record."""

    kind: str
    """"shoot", "successor" or "captain-pick"."""
    chooser: str
    """Who chooses."""
    options: tuple[str, ...]
    """Whom they may choose."""
    rule: str
    """Id of the entry that gives them the choice."""
    question: str
    """The question, in the language asked for."""


@record
class Seat:
    """A player as the resolvers need them."""

    name: str
    """The player's name."""
    role: str | None
    """Their card, when known."""
    alive: bool = True
    """False once dead."""


@record
class Chain:
    """A chain of deaths resolved to its end, or to the first choice it waits for."""

    deaths: tuple[tuple[str, str, str | None], ...]
    """Every death in the order the rules set them off: (player, cause, set off by)."""
    announcement: tuple[tuple[str, str | None], ...]
    """The deaths to announce together, in seat order: (player, role revealed)."""
    captain: str | None
    """The captain once the chain is over."""
    pending: Ask | None
    """The choice it waits for, if any."""
    steps: tuple[Said, ...]
    """The ruling, step by step."""


@record
class Count:
    """A counted vote."""

    tally: tuple[tuple[str, int], ...]
    """Votes per player, most first."""
    eliminated: tuple[str, ...]
    """Who leaves (empty when nobody does, or the vote goes on)."""
    next_round: str | None
    """The round to hold next ("revote"), when the tie procedure calls for one."""
    tied: tuple[str, ...]
    """The tied players that round is about."""
    pending: Ask | None
    """The captain's choice the vote waits for, if any."""
    steps: tuple[Said, ...]
    """The ruling, step by step."""


@record
class Outcome:
    """The win check."""

    winner: str | None
    """Id of the winning camp, or None."""
    winner_name: str | None
    """Its display name."""
    rule: str | None
    """Id of the entry of the condition met."""
    alive: dict[str, int]
    """Living players per camp."""
    steps: tuple[Said, ...]
    """The ruling, step by step."""


def _steps(steps: Sequence[Any]) -> tuple[Said, ...]:
    return tuple(Said(s.rule, s.message) for s in steps)


def _ask(pending: Any) -> Ask | None:
    if pending is None:
        return None
    return Ask(
        pending.kind, pending.chooser, tuple(pending.options), pending.rule, pending.question
    )


def _state(
    game: Game,
    seats: Sequence[Seat],
    lovers: Sequence[str] | None,
    captain: str | None,
    lang: str,
    agreed: Any = None,
    witch: Any = None,
):
    from garou.rules.play import Player, StateError, make_state

    try:
        return make_state(
            game,
            [Player(s.name, s.role, s.alive) for s in seats],
            lovers=list(lovers) if lovers else None,
            captain=captain,
            witch=witch,
            agreed=agreed,
        )
    except StateError as exc:
        raise IllegalEventError("game.refused.resolver", why=exc.message(lang)) from None


def resolve_chain(
    game: Game,
    seats: Sequence[Seat],
    lovers: Sequence[str] | None,
    captain: str | None,
    deaths: Sequence[tuple[str, str]],
    choices: Mapping[str, Mapping[str, str]],
    lang: str,
    agreed: Any = None,
) -> Chain:
    """Resolve the chain ``deaths`` (player, cause) sets off with ``choices`` (kind →
    chooser → chosen), through :func:`garou.rules.play.resolve_cascade` (``agreed``: the
    table's ``TableRules``, None for the defaults)."""
    from garou.rules.play import Choice, Death, StateError, resolve_cascade

    state = _state(game, seats, lovers, captain, lang, agreed)
    given = [
        Choice(kind, chooser, answer)  # type: ignore[arg-type]
        for kind, answers in choices.items()
        for chooser, answer in answers.items()
    ]
    dying = [Death(name, cause) for name, cause in deaths]  # type: ignore[arg-type]
    try:
        result = resolve_cascade(state, dying, given, lang)
    except StateError as exc:
        raise _refused_choice(state, dying, given, exc, lang) from None
    return Chain(
        deaths=tuple((d.player, d.cause, d.by) for d in result.deaths),
        announcement=tuple((a.player, a.role) for a in result.announcement),
        captain=result.state.captain,
        pending=_ask(result.pending),
        steps=_steps(result.steps),
    )


def _refused_choice(state: Any, dying: list[Any], given: list[Any], exc: Any, lang: str):
    """Return the refusal of the one choice the resolver would not take, with its options.

    The resolvers ask for a dying captain's successor only once the whole chain is
    resolved, so the refused choice is found by resolving again without each given choice
    in turn: the one whose absence leaves the chain waiting for that very choice, its
    answer not among the options then asked (a hunter's shot and a successor are asked of
    the same dying captain: leaving out the shot, allowed, leaves the chain waiting for
    it too)."""
    from garou.rules.play import StateError, resolve_cascade

    for choice in given:
        rest = [c for c in given if c is not choice]
        try:
            again = resolve_cascade(state, dying, rest, lang)
        except StateError:
            continue
        ask = _ask(again.pending)
        if ask is None or (ask.kind, ask.chooser) != (choice.kind, choice.chooser):
            continue
        if choice.answer in ask.options:
            continue  # a choice the chain takes: left out, it is asked again, and allowed
        return IllegalEventError(
            "game.refused.choice-not-option",
            chooser=choice.chooser,
            answer=choice.answer,
            options=list(ask.options),
            rule=ask.rule,
        )
    return IllegalEventError("game.refused.resolver", why=exc.message(lang))


@record
class Dawn:
    """The win a night's pending deaths bring at dawn, and what can still prevent it."""

    camp: str
    """Id of the camp that wins at dawn if the night ends as it stands."""
    rule: str
    """Id of the entry of that win."""
    certain: bool
    """True when nothing the rules still allow tonight can prevent it."""
    shooters: tuple[str, ...]
    """Players whose shot as they die can prevent it."""
    shot_targets: tuple[str, ...]
    """Whom those shots must take."""
    life: bool
    """True when the witch's life potion can prevent it."""
    poison: tuple[str, ...]
    """Whom the witch's death potion must take to prevent it."""


def foresee_dawn(
    game: Game,
    seats: Sequence[Seat],
    lovers: Sequence[str] | None,
    captain: str | None,
    deaths: Sequence[tuple[str, str]],
    potions: Mapping[str, str],
    saved: str | None,
    night: int,
    lang: str,
    agreed: Any = None,
) -> Dawn | None:
    """Say what the night's pending ``deaths`` (player, cause) bring at dawn, through
    :func:`garou.rules.play.outlook.night_outlook` (``potions``: "life"/"death" → "unused",
    "tonight" or "used"; ``saved``: whom the life potion saved tonight), or None when
    they bring no win or a card is unknown."""
    from garou.rules.play import Death, StateError, Witch
    from garou.rules.play.outlook import night_outlook

    witch = Witch(potions.get("life"), potions.get("death"), saved, night)  # type: ignore[arg-type]
    try:
        state = _state(game, seats, lovers, captain, lang, agreed, witch)
        outlook = night_outlook(
            state,
            [Death(n, c) for n, c in deaths],  # type: ignore[arg-type]
            lang,
        )
    except (StateError, IllegalEventError):
        return None
    if outlook is None:
        return None
    return Dawn(
        outlook.camp,
        outlook.rule,
        outlook.certain,
        outlook.shooters,
        outlook.shot_targets,
        outlook.life,
        outlook.poison,
    )


def count_vote(
    game: Game,
    seats: Sequence[Seat],
    lovers: Sequence[str] | None,
    captain: str | None,
    *,
    votes: Mapping[str, str] | None,
    tallies: Mapping[str, int] | None,
    round: str,
    tied: Sequence[str],
    captain_pick: str | None,
    lang: str,
    agreed: Any = None,
) -> Count:
    """Count a day vote through :func:`garou.rules.play.count_votes`."""
    from garou.rules.play import Choice, StateError, count_votes

    state = _state(game, seats, lovers, captain, lang, agreed)
    choices = [Choice("captain-pick", captain, captain_pick)] if captain and captain_pick else []
    try:
        result = count_votes(
            state,
            votes=dict(votes) if votes is not None else None,
            tallies=dict(tallies) if tallies is not None else None,
            round=round,  # type: ignore[arg-type]
            tied=list(tied),
            choices=choices,
            lang=lang,
        )
    except StateError as exc:
        raise IllegalEventError("game.refused.resolver", why=exc.message(lang)) from None
    return Count(
        tally=tuple(result.tally),
        eliminated=tuple(result.eliminated),
        next_round=None if result.next is None else result.next.round,
        tied=() if result.next is None else tuple(result.next.tied),
        pending=_ask(result.pending),
        steps=_steps(result.steps),
    )


def check_win(
    game: Game,
    seats: Sequence[Seat],
    lovers: Sequence[str] | None,
    captain: str | None,
    lang: str,
    agreed: Any = None,
) -> Outcome:
    """Say who has won through :func:`garou.rules.play.check_win`."""
    from garou.rules.play import StateError
    from garou.rules.play import check_win as resolve_win

    state = _state(game, seats, lovers, captain, lang, agreed)
    try:
        result = resolve_win(state, lang, "vote")
    except StateError as exc:
        raise IllegalEventError("game.refused.resolver", why=exc.message(lang)) from None
    return Outcome(
        winner=result.winner,
        winner_name=result.winner_name,
        rule=result.rule,
        alive=dict(result.alive),
        steps=_steps(result.steps),
    )
