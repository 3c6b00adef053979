"""Say who has won, if anyone, and how much margin of error the majority has left.

The conditions are ``game.win.conditions``; the lovers' own win comes first because the
rules say they then win *alone*. The margin (``game.win.margin``) is derived from the
living counts: each wrong elimination followed by a successful night kill narrows the gap
between the majority and the minority by two.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Literal

from garou.core.catalogue import join, phrase, say
from garou.core.records import record

from ..model import WinCondition
from .state import (
    POTIONS_CASE,
    SELF_SAVE_CASE,
    Death,
    Either,
    Step,
    TableState,
    poisoner,
    require_roles,
)

_ARTICLES = ("Le ", "La ", "Les ", "L'", "L’", "The ")


def inline(name: str) -> str:
    """Return a display name for the middle of a sentence ("The village" → "the village")."""
    if name.startswith(_ARTICLES):
        return name[0].lower() + name[1:]
    return name


NextEvent = Literal["vote", "night"]
"""What comes next at the table: the day's vote, or the night (the vote is over)."""


@record
class MarginInfo:
    """The majority's margin of error at this point of the game."""

    rule: str
    """Id of the entry on the margin."""
    majority: int
    """Living players of the majority camps (the town)."""
    minority: int
    """Living players of the minority (the mafia)."""
    next: NextEvent
    """What comes next: the vote, or the night."""
    left: int
    """Wrong eliminations the majority can still afford (the minority never missing)."""
    critical: bool
    """True when one more wrong elimination gives the minority parity."""
    start: int
    """The margin at the start, as the document gives it."""

    def to_dict(self) -> dict[str, Any]:
        """Return the margin as plain data."""
        return {
            "rule": self.rule,
            "majority": self.majority,
            "minority": self.minority,
            "next": self.next,
            "left": self.left,
            "critical": self.critical,
            "start": self.start,
        }


@record
class WinResult:
    """Who won, if anyone, and why."""

    winner: str | None
    """Id of the winning camp, or None while the game goes on."""
    winner_name: str | None
    """Display name of that camp."""
    rule: str | None
    """Id of the entry of the condition that was met."""
    alive: dict[str, int]
    """Living players per camp."""
    steps: tuple[Step, ...]
    """The ruling, step by step."""
    margin: MarginInfo | None = None
    """The margin of error, for a game that has one and is not over."""
    nobody_alive: bool = False
    """True when nobody is left alive: the documents name no winner for that case."""

    def to_dict(self) -> dict[str, Any]:
        """Return the result as plain data."""
        winner = None
        if self.winner is not None:
            winner = {"camp": self.winner, "name": self.winner_name, "rule": self.rule}
        return {
            "winner": winner,
            "nobody_alive": self.nobody_alive,
            "alive": dict(self.alive),
            "steps": [s.to_dict() for s in self.steps],
            "margin": None if self.margin is None else self.margin.to_dict(),
        }


def margin_left(majority: int, minority: int) -> int:
    """Return how many wrong eliminations a majority of ``majority`` against ``minority``
    can afford before the next vote, a successful night kill following each one."""
    # After j wrong eliminations and j kills the majority is majority - 2j; the j-th wrong
    # elimination is fatal when the minority then has parity: minority >= majority - 2j.
    return (majority - minority + 1) // 2 - 1


def check_win(state: TableState, lang: str = "fr", next: NextEvent = "vote") -> WinResult:
    """Return who has won in ``state``, if anyone; ``next`` says whether the day's vote or
    the night comes next (it only matters for the margin of error)."""
    game = state.game
    living = state.living()
    require_roles(state, [p.name for p in living], "state.why-camps")
    counts: Counter[str] = Counter(state.camp(p.name) for p in living)  # type: ignore[misc]
    alive = {c.id: counts[c.id] for c in game.info.camps if c.playable}
    camp_name = {c.id: inline(c.name.get(lang)) for c in game.info.camps}
    steps = [
        Step(
            game.win.entry,
            "win.count",
            say(
                "win.count",
                lang,
                counts=[
                    phrase("win.count-one", camp=camp_name[c], count=n) for c, n in alive.items()
                ],
            ),
            {"alive": alive},
        )
    ]
    if not living:
        # "No minority left" is then literally true, but so is "no majority left": the
        # documents do not cover an empty table, and garou does not invent a winner.
        steps.append(Step(game.win.entry, "win.nobody-alive", say("win.nobody-alive", lang)))
        return WinResult(None, None, None, alive, tuple(steps), nobody_alive=True)
    ordered = sorted(game.win.conditions, key=lambda c: c.when != "lovers-last-two-opposite-camps")
    met = [c for c in ordered if _met(state, c, counts)]
    winner = met[0] if met else None
    if winner is not None:
        steps.append(_winner_step(state, winner, counts, camp_name, lang))
        if winner.when == "lovers-last-two-opposite-camps":
            for other in met[1:]:
                steps.append(
                    Step(
                        winner.entry,
                        "win.alone-outranks",
                        say("win.alone-outranks", lang, camp=camp_name[other.camp]),
                        {"outranks": other.camp},
                    )
                )
    steps += _same_camp(state, winner, camp_name, lang)
    margin = None
    if winner is None:
        steps.append(Step(game.win.entry, "win.none", say("win.none", lang)))
        margin = _margin(state, counts, camp_name, next, steps, lang)
        if margin is None and next == "night":
            steps += _night_parity(state, counts, camp_name, lang)
    elif game.day.reveal == "game-end":
        steps.append(Step(game.day.reveal_entry, "win.reveal-end", say("win.reveal-end", lang)))
    steps = _with_readings(state, steps, lang)
    return WinResult(
        winner=None if winner is None else winner.camp,
        winner_name=None if winner is None else game.camp(winner.camp).name.get(lang),
        rule=None if winner is None else winner.entry,
        alive=alive,
        steps=tuple(steps),
        margin=margin,
    )


_READ_CODES = ("win.parity", "win.night-parity")
"""The steps that count a camp against the others: the count is garou's reading of the
document's words, said right after them."""


def _with_readings(state: TableState, steps: list[Step], lang: str) -> list[Step]:
    """Return ``steps`` with garou's readings of the win condition each counting step
    applies said right after it (loup-garou.txt's « villageois restants »: whom garou
    counts)."""
    said: list[Step] = []
    for step in steps:
        said.append(step)
        if step.code not in _READ_CODES:
            continue
        for reading in state.game.entry(step.rule).readings:
            text = reading.text.get(lang)
            said.append(
                Step(
                    step.rule,
                    "win.reading",
                    say("win.reading", lang, reading=text),
                    {"by": "garou"},
                )
            )
    return said


def winner_of(state: TableState) -> str | None:
    """Return the id of the camp that has won in ``state`` (every living card known), or
    None: the conditions of :func:`check_win`, without its ruling."""
    living = state.living()
    if not living:
        return None
    counts: Counter[str] = Counter(state.camp(p.name) for p in living)  # type: ignore[misc]
    ordered = sorted(
        state.game.win.conditions, key=lambda c: c.when != "lovers-last-two-opposite-camps"
    )
    return next((c.camp for c in ordered if _met(state, c, counts)), None)


def _minority(state: TableState) -> set[str]:
    return {c.id for c in state.game.info.camps if c.minority}


def _met(state: TableState, condition: WinCondition, counts: Counter[str]) -> bool:
    total = sum(counts.values())
    if condition.when == "no-minority-left":
        return not any(counts[c] for c in _minority(state))
    if condition.when == "parity":
        mine = counts[condition.camp]
        return mine > 0 and mine >= total - mine
    lovers = state.lovers
    if lovers is None or total != 2:
        return False
    if not all(state.player(n).alive for n in lovers):
        return False
    return state.camp(lovers[0]) != state.camp(lovers[1])


def _winner_step(
    state: TableState,
    winner: WinCondition,
    counts: Counter[str],
    camp_name: dict[str, str],
    lang: str,
) -> Step:
    camp = camp_name[winner.camp]
    data = {"winner": winner.camp}
    if winner.when == "no-minority-left":
        minority = join([camp_name[c] for c in sorted(_minority(state))], lang)
        return Step(
            winner.entry,
            "win.no-minority-left",
            say("win.no-minority-left", lang, minority=minority, camp=camp),
            data,
        )
    if winner.when == "parity":
        mine = counts[winner.camp]
        return Step(
            winner.entry,
            "win.parity",
            say(
                "win.parity",
                lang,
                mine=phrase("unit.player", count=mine),
                camp=camp,
                others=phrase("unit.other-player", count=sum(counts.values()) - mine),
            ),
            data,
        )
    assert state.lovers is not None
    return Step(winner.entry, "win.couple", say("win.couple", lang, names=list(state.lovers)), data)


def _same_camp(
    state: TableState, winner: WinCondition | None, camp_name: dict[str, str], lang: str
) -> list[Step]:
    rule, lovers = state.game.win.same_camp_couple, state.lovers
    if rule is None or lovers is None or not all(state.player(n).alive for n in lovers):
        return []
    camp = state.camp(lovers[0])
    if camp != state.camp(lovers[1]) or camp is None:
        return []
    if winner is None and len(state.living()) != 2:
        return []
    return [
        Step(
            rule.entry,
            "win.same-camp",
            say("win.same-camp", lang, names=list(lovers), camp=camp_name[camp]),
            {"lovers": list(lovers), "camp": camp},
        )
    ]


def _margin(
    state: TableState,
    counts: Counter[str],
    camp_name: dict[str, str],
    next: NextEvent,
    steps: list[Step],
    lang: str,
) -> MarginInfo | None:
    margin = state.game.win.margin
    if margin is None:
        return None
    minority_camps = _minority(state)
    minority = sum(counts[c] for c in minority_camps)
    majority = sum(counts.values()) - minority
    town_camp = camp_name[state.game.info.players]
    mafia_camp = join([camp_name[c] for c in sorted(minority_camps)], lang)
    values: dict[str, Any] = {
        "town": phrase("unit.player", count=majority),
        "minority": minority,
        "camp": town_camp,
        "minority_camp": mafia_camp,
        "start": margin.wrong_votes,
        "when": phrase(f"win.margin-when-{next}"),
    }
    at_vote = majority - 1 if next == "night" else majority
    if at_vote <= minority:
        steps.append(
            Step(
                margin.entry,
                "win.margin-night-parity",
                say("win.margin-night-parity", lang, **values),
            )
        )
        return MarginInfo(margin.entry, majority, minority, next, 0, True, margin.wrong_votes)
    values["town"] = phrase("unit.player", count=at_vote)  # at the next vote, after tonight
    left = margin_left(at_vote, minority)
    if left > 0:
        steps.append(
            Step(
                margin.entry,
                "win.margin-within",
                say("win.margin-within", lang, left=phrase("unit.mistake", count=left), **values),
                {"left": left},
            )
        )
    else:
        code = "win.margin-critical-now" if at_vote - 1 <= minority else "win.margin-critical"
        steps.append(
            Step(
                margin.entry,
                code,
                say(code, lang, after_vote=at_vote - 1, after_night=at_vote - 2, **values),
                {"left": 0},
            )
        )
    return MarginInfo(margin.entry, majority, minority, next, left, left <= 0, margin.wrong_votes)


def _night_parity(
    state: TableState, counts: Counter[str], camp_name: dict[str, str], lang: str
) -> list[Step]:
    """Warn when tonight's kill would give a camp parity (a game with no margin rule, such
    as Loup-Garou), and say what can still prevent it: the witch's potions, a hunter's
    shot (:func:`~garou.rules.play.outlook.night_outlook`, the dawn's own cascade)."""
    from .outlook import night_outlook

    game = state.game
    outlook = night_outlook(state, None, lang)
    if outlook is None:
        return []
    total = sum(counts.values())
    mine = counts[outlook.camp]
    values: dict[str, Any] = {
        "camp": camp_name[outlook.camp],
        "mine": mine,
        "others": phrase("unit.other-player", count=total - mine),
    }
    steps = [
        Step(
            outlook.rule,
            "win.night-parity",
            say("win.night-parity", lang, **values),
            {"camp": outlook.camp, "warning": "night-parity", "certain": outlook.certain},
        )
    ]
    if outlook.spared:
        steps.append(
            Step(
                outlook.rule,
                "win.tonight-spared",
                say(
                    "win.tonight-spared",
                    lang,
                    count=len(outlook.spared),
                    names=Either(outlook.spared),
                ),
                {"spared": list(outlook.spared)},
            )
        )
    if outlook.shooters:
        entry = next((c.entry for c in game.deaths.consequences if c.does == "shoot"), outlook.rule)
        steps.append(
            Step(
                entry,
                "win.tonight-shot",
                say(
                    "win.tonight-shot",
                    lang,
                    count=len(outlook.shooters),
                    names=list(outlook.shooters),
                    targets=join(list(outlook.shot_targets), lang, "or"),
                ),
                {"shooters": list(outlook.shooters), "shot_targets": list(outlook.shot_targets)},
            )
        )
    role = poisoner(game)
    if role is None:
        return steps
    steps_of_night = (*game.night.first, *game.night.every)
    entry = next(
        (s.entry for s in steps_of_night if s.does == "save-or-poison" and s.entry), outlook.rule
    )
    targets = list(outlook.poison)
    key = {
        "no-witch": "win.night-parity-no-witch",
        "drunk-tonight": "win.night-parity-drunk-tonight",
        "spent": "win.night-parity-potions-spent",
        "unhelpful": "win.night-parity-witch-unhelpful",
    }.get(outlook.witch)
    if key is None:
        key = (
            "win.night-parity-witch-can-both"
            if outlook.life and targets
            else "win.night-parity-witch-can"
            if outlook.life
            else "win.night-parity-witch-can-poison"
        )
    said = say(
        key,
        lang,
        role=game.role(role).name,
        potions=state.agreed.reading(POTIONS_CASE),
        targets=join(targets, lang, "or"),
        self_save=state.agreed.reading(SELF_SAVE_CASE),
    )
    steps.append(
        Step(
            entry,
            key,
            said,
            {
                "witch_can_save": outlook.life,
                "witch_can_poison": bool(targets),
                "poison_targets": targets,
            },
        )
    )
    return steps


def win_after(state: TableState, deaths: Sequence[Death], lang: str = "fr") -> WinResult | None:
    """Return the win check once a chain is applied to ``state`` (the cascade's ``state``),
    or None when a living player's role is not known. What comes next follows from the
    deaths: after a day's vote (or lift) the night comes, after the night the vote."""
    if not all(p.role for p in state.living()):
        return None
    by_vote = all(d.cause in ("vote", "lift") for d in deaths)
    return check_win(state, lang, "night" if by_vote else "vote")
