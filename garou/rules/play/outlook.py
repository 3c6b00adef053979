"""Say what the dawn will bring, and what can still change it, with the dawn's own cascade.

A night's warning ("the wolves reach parity at dawn") is only true if nothing the rules
still allow tonight can change it: the witch's life potion, her death potion, a hunter
shooting as he dies (loup-garou.txt: "Le chasseur tire en mourant, quelle que soit la
cause de sa mort"), a lover following. :func:`night_outlook` resolves each of those
nights with :func:`~garou.rules.play.cascade.resolve_cascade`, the function the dawn
applies, and checks the win on each, so no face counts the dawn on its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from garou.core.records import record

from .cascade import resolve_cascade
from .state import (
    POTIONS_CASE,
    SELF_SAVE_CASE,
    Choice,
    Death,
    StateError,
    TableState,
    poisoner,
)
from .win import winner_of

WitchStand = str
"""Where the witch stands tonight: "can" (a potion can still change the dawn), "drunk-
tonight" (the table's one-potion-a-night reading closes the other), "spent", "unhelpful"
(a potion is left but changes nothing), "no-witch" (none alive), "none" (no such role)."""


@record
class NightOutlook:
    """The win the night's deaths bring at dawn, and every act that can still prevent it."""

    camp: str
    """Id of the camp that wins at dawn if the night ends as it stands."""
    rule: str
    """Id of the entry of that win condition."""
    deaths: tuple[str, ...]
    """The night's pending deaths it was computed from (empty: any victim of the killers)."""
    shooters: tuple[str, ...] = ()
    """Players whose shot, set off by the night's deaths, can prevent it."""
    shot_targets: tuple[str, ...] = ()
    """Whom those shots must take to prevent it."""
    life: bool = False
    """True when the witch's life potion can still prevent it (she saves the victim)."""
    poison: tuple[str, ...] = ()
    """Players whose poisoning tonight prevents it."""
    witch: WitchStand = "none"
    """Where the witch stands tonight (see :data:`WitchStand`)."""
    spared: tuple[str, ...] = ()
    """The victim not chosen yet: those whose death does not bring the win (a lover of
    the camp follows them)."""

    @property
    def certain(self) -> bool:
        """True when nothing the rules still allow tonight can prevent the win."""
        return not (self.shooters or self.life or self.poison)


def night_outlook(
    state: TableState, deaths: Sequence[Death] | None, lang: str = "fr"
) -> NightOutlook | None:
    """Return the win ``deaths`` (the night's pending deaths; None: the killers' victim is
    not chosen yet) bring at dawn, with what can still prevent it, or None when the dawn
    brings no win of the camp that wins by parity, or a living player's card is unknown.

    Each night is resolved by the cascade the dawn applies, over every shot a dying player
    may fire (a shot is his choice: one that prevents the win is enough to say it can).
    """
    if any(p.role is None for p in state.living()):
        return None
    parity = next((c for c in state.game.win.conditions if c.when == "parity"), None)
    if parity is None or winner_of(state) is not None:
        return None
    if deaths is not None:
        return _outlook(state, tuple(deaths), parity.camp, parity.entry, lang)
    # The victim is not chosen yet: each player the killers may choose, one at a time.
    victims = [p.name for p in state.living() if state.camp(p.name) != parity.camp]
    each = {
        v: _outlook(state, (Death(v, "night"),), parity.camp, parity.entry, lang) for v in victims
    }
    found = [o for o in each.values() if o is not None]
    if not found:
        return None
    poison = set(found[0].poison)
    for o in found[1:]:
        poison &= set(o.poison)
    return NightOutlook(
        camp=parity.camp,
        rule=parity.entry,
        deaths=(),
        shooters=_seated(state, _union(o.shooters for o in found)),
        shot_targets=_seated(state, _union(o.shot_targets for o in found)),
        life=any(o.life for o in found),
        poison=tuple(n for n in state.names() if n in poison),
        witch=found[0].witch,
        spared=tuple(v for v, o in each.items() if o is None),
    )


def _union(groups: Iterable[tuple[str, ...]]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for group in groups:
        seen.update(dict.fromkeys(group))
    return tuple(seen)


def _seated(state: TableState, names: Iterable[str]) -> tuple[str, ...]:
    """Return ``names`` in seat order."""
    wanted = set(names)
    return tuple(n for n in state.names() if n in wanted)


def _outlook(
    state: TableState, deaths: tuple[Death, ...], camp: str, rule: str, lang: str
) -> NightOutlook | None:
    """Return the outlook of one night: the win is brought when the deaths and the lovers
    following them reach it before any shot; a shot, a potion can then still prevent it."""
    unshot = _without_shots(state)
    if not _wins(unshot, deaths, camp, lang):
        return None
    shots = [shots for w, shots in _dawns(state, deaths, lang) if w != camp]
    shooters = _seated(state, _union(tuple(s for s, _ in taken) for taken in shots))
    targets = _seated(state, _union(tuple(t for _, t in taken) for taken in shots))
    stand, life, death = _potions(state, deaths)
    saved = life and _can_save(unshot, deaths, camp, lang)
    poison: list[str] = []
    if death:
        poisoning = replace(unshot, witch=replace(state.witch, death="tonight"))
        dying = {d.player for d in deaths}
        for p in state.living():
            if p.name not in dying and not _wins(
                poisoning, (*deaths, Death(p.name, "poison")), camp, lang
            ):
                poison.append(p.name)
    if stand == "can" and not (saved or poison):
        stand = "unhelpful"
    return NightOutlook(
        camp=camp,
        rule=rule,
        deaths=tuple(d.player for d in deaths),
        shooters=shooters,
        shot_targets=targets,
        life=saved,
        poison=tuple(poison),
        witch=stand,
    )


def _without_shots(state: TableState) -> TableState:
    """Return ``state`` with no death setting off a shot: the dawn before anyone fires."""
    deaths = state.game.deaths
    kept = tuple(c for c in deaths.consequences if c.does != "shoot")
    game = replace(state.game, deaths=replace(deaths, consequences=kept))
    return replace(state, game=game)


def _wins(state: TableState, deaths: tuple[Death, ...], camp: str, lang: str) -> bool:
    """True when every dawn ``deaths`` can end in gives ``camp`` the win."""
    dawns = _dawns(state, deaths, lang)
    return bool(dawns) and all(w == camp for w, _ in dawns)


def _dawns(
    state: TableState, deaths: tuple[Death, ...], lang: str
) -> list[tuple[str | None, tuple[tuple[str, str], ...]]]:
    """Return every dawn ``deaths`` can end in: (the winner or None, the shots fired)."""
    found: list[tuple[str | None, tuple[tuple[str, str], ...]]] = []
    stack: list[tuple[Choice, ...]] = [()]
    while stack:
        choices = stack.pop()
        try:
            result = resolve_cascade(state, deaths, choices, lang)
        except StateError:
            continue
        pending = result.pending
        if pending is None:
            shots = tuple((c.chooser, c.answer) for c in choices if c.kind == "shoot")
            found.append((winner_of(result.state), shots))
        elif pending.kind == "shoot":
            stack += [(*choices, Choice("shoot", pending.chooser, o)) for o in pending.options]
        else:  # a successor changes no count: any will do
            stack.append((*choices, Choice(pending.kind, pending.chooser, pending.options[0])))
    return found


def _potions(state: TableState, deaths: tuple[Death, ...]) -> tuple[WitchStand, bool, bool]:
    """Return where the witch stands, and whether each potion can still be drunk tonight."""
    role = poisoner(state.game)
    if role is None:
        return "none", False, False
    witches = [p for p in state.living() if p.role == role]
    if not witches:
        return "no-witch", False, False
    witch = state.witch
    one_a_night = state.agreed.option(POTIONS_CASE) == "one-per-night"
    drunk_tonight = "tonight" in (witch.life, witch.death) or any(
        d.cause == "poison" for d in deaths
    )
    closed = one_a_night and drunk_tonight
    life = witch.life in (None, "unused") and not closed
    death = witch.death in (None, "unused") and not closed
    if any(d.cause == "poison" for d in deaths):
        death = False
    if life or death:
        return "can", life, death
    if closed and "unused" in (witch.life, witch.death):
        return "drunk-tonight", False, False
    return "spent", False, False


def _can_save(state: TableState, deaths: tuple[Death, ...], camp: str, lang: str) -> bool:
    """True when the life potion, saving the killers' victim, keeps the win from dawn:
    the victim was the only death, or the others do not bring it (``state``: no shots)."""
    victims = [d.player for d in deaths if d.cause == "night"]
    if not victims:
        return False
    role = poisoner(state.game)
    witch = next((p.name for p in state.living() if p.role == role), None)
    if witch in victims:
        option = state.agreed.option(SELF_SAVE_CASE)
        night = state.witch.night
        if option == "never" or (option == "first-night-only" and night is not None and night > 1):
            return False
    rest = tuple(d for d in deaths if d.cause != "night")
    return not rest or not _wins(state, rest, camp, lang)


__all__ = ["NightOutlook", "night_outlook"]
