"""What fouls, technical fouls and listed behaviours lead to (``game.fouls``, Mafia)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import UnknownIdError
from ..model import Behaviour, FoulLimit, Fouls, Game
from ..names import fold
from .messages import CONSEQUENCES, quantity, say
from .state import Issue, Player, StateError, Step


@dataclass(frozen=True)
class FoulCount:
    """Where one player stands with fouls and technical fouls."""

    player: str
    """Who."""
    fouls: int
    """Ordinary fouls."""
    technical_fouls: int
    """Technical fouls."""
    loses_next_speech: bool
    """True when the fouls reached the limit that costs the next speech."""
    disqualified: bool
    """True when the technical fouls reached the disqualification limit."""


@dataclass(frozen=True)
class FoulsResult:
    """The players' counts and the behaviours looked up, with the rule for each."""

    counts: tuple[FoulCount, ...]
    """Every player with at least one foul or technical foul, in seat order."""
    behaviours: tuple[Behaviour, ...]
    """The behaviours found, best match first."""
    steps: tuple[Step, ...]
    """The ruling, step by step."""

    def as_dict(self) -> dict[str, Any]:
        """Return the result as plain data."""
        return {
            "players": [
                {
                    "player": c.player,
                    "fouls": c.fouls,
                    "technical_fouls": c.technical_fouls,
                    "loses_next_speech": c.loses_next_speech,
                    "disqualified": c.disqualified,
                }
                for c in self.counts
            ],
            "behaviours": [{"id": b.id, "sanction": b.sanction} for b in self.behaviours],
            "steps": [s.as_dict() for s in self.steps],
        }


def game_fouls(game: Game) -> Fouls:
    """Return the fouls of ``game``; raise :class:`StateError` when its rules have none."""
    if game.fouls is None:
        raise StateError([Issue(("game",), f"{game.id} has no fouls in its rules")])
    return game.fouls


def _tokens(text: str) -> list[str]:
    return [t for t in re.split(r"[^a-z0-9]+", fold(text)) if t]


_ENDINGS = ("ements", "ement", "ations", "ation", "ings", "ing", "ees", "ee", "ers", "er",
            "es", "ed", "e", "s")  # fmt: skip
"""French and English endings dropped before words are compared (insultes, insulting)."""


def _stem(word: str) -> str:
    for ending in _ENDINGS:
        # A plural or feminine ending may leave two letters ("nue" / "nu"), others three.
        if word.endswith(ending) and len(word) - len(ending) >= (2 if len(ending) < 3 else 3):
            return word[: -len(ending)]
    return word


def _begins(short: str, long: str) -> bool:
    return len(short) >= 4 and long.startswith(short)


def _alike(a: str, b: str) -> bool:
    """Return True when two folded words are one word: the same stem, the shorter (four
    letters or more) beginning the longer ("mess" / "messages"), or the same first five
    letters ("vulgaire" / "vulgarite", "absent" / "absence")."""
    if a == b:
        return True
    a, b = sorted((a, b), key=len)
    stem_a, stem_b = sorted((_stem(a), _stem(b)), key=len)
    return (
        stem_a == stem_b
        or _begins(a, b)
        or _begins(stem_a, stem_b)
        or (len(a) >= 5 and a[:5] == b[:5])
    )


def _score(behaviour: Behaviour, words: list[str]) -> int:
    """Return how well ``words`` name ``behaviour``: 2 for each keyword given whole, 1 for
    each keyword partly given and each word of its text."""
    score = 0
    for keyword in (*behaviour.keywords.all(), behaviour.id.replace("-", " ")):
        parts = _tokens(keyword)
        found = [p for p in parts if any(_alike(p, w) for w in words)]
        if parts and len(found) == len(parts):
            score += 2
        elif any(len(p) > 3 for p in found):
            score += 1
    text = {t for t in _tokens(behaviour.text.fr + " " + behaviour.text.en) if len(t) > 3}
    score += sum(1 for w in words if len(w) > 3 and any(_alike(w, t) for t in text))
    return score


def _what_to_type(fouls: Fouls) -> str:
    lines = ["type a behaviour's id or one of its words, French or English (accents optional):"]
    for behaviour in fouls.behaviours:
        words = dict.fromkeys(behaviour.keywords.all())
        lines.append(f"  {behaviour.id}: {', '.join(words)}")
    lines.append("or give no words to see every behaviour and its sanction")
    return "\n".join(lines)


def find_behaviours(game: Game, query: str) -> tuple[Behaviour, ...]:
    """Return the listed behaviours ``query`` names (an id, or words), best first.

    Words are compared without accents, by stem or prefix. Raise UnknownIdError listing
    the behaviours and their words when nothing matches.
    """
    fouls = game_fouls(game)
    wanted = fold(query).replace(" ", "-")
    for behaviour in fouls.behaviours:
        if behaviour.id == wanted:
            return (behaviour,)
    words = _tokens(query)
    scored: list[tuple[int, int, Behaviour]] = []
    for index, behaviour in enumerate(fouls.behaviours):
        score = _score(behaviour, words)
        if score:
            scored.append((-score, index, behaviour))
    if not scored:
        raise UnknownIdError(
            f"no listed behaviour matches {query!r} in {game.id}; {_what_to_type(fouls)}"
        )
    return tuple(b for _, _, b in sorted(scored, key=lambda s: (s[0], s[1])))


def judge_fouls(
    game: Game,
    players: Sequence[Player] = (),
    behaviours: Sequence[Behaviour] | None = None,
    lang: str = "fr",
) -> FoulsResult:
    """Return what each player's fouls lead to and what each behaviour draws.

    With no player counts and no behaviours, every listed behaviour is described.
    """
    fouls = game_fouls(game)
    steps: list[Step] = []
    counts: list[FoulCount] = []
    for player in players:
        if not (player.fouls or player.technical_fouls):
            continue
        if player.fouls:
            steps.append(_count_step("fouls", player.name, player.fouls, fouls.foul, lang))
        if player.technical_fouls:
            steps.append(
                _count_step("technical", player.name, player.technical_fouls, fouls.technical, lang)
            )
        counts.append(
            FoulCount(
                player.name,
                player.fouls,
                player.technical_fouls,
                loses_next_speech=_reaches(player.fouls, fouls.foul, "lose-next-speech"),
                disqualified=_reaches(player.fouls, fouls.foul, "disqualification")
                or _reaches(player.technical_fouls, fouls.technical, "disqualification"),
            )
        )
    if behaviours is None:
        behaviours = () if counts else fouls.behaviours
    for behaviour in behaviours:
        steps.append(_behaviour_step(fouls, behaviour, lang))
    return FoulsResult(tuple(counts), tuple(behaviours), tuple(steps))


def _reaches(count: int, limit: FoulLimit, consequence: str) -> bool:
    return limit.consequence == consequence and count >= limit.limit


def _count_step(kind: str, name: str, count: int, limit: FoulLimit, lang: str) -> Step:
    consequence = CONSEQUENCES[limit.consequence][lang]
    reached = count >= limit.limit
    code = f"{kind}.{'reached' if reached else 'below'}"
    unit = "foul" if kind == "fouls" else "technical"
    message = say(
        code,
        lang,
        name=name,
        count=quantity(count, unit, lang),
        limit=limit.limit if reached else quantity(limit.limit, unit, lang),
        consequence=consequence,
        left=limit.limit - count,
    )
    return Step(
        limit.entry,
        code,
        message,
        {
            "player": name,
            "count": count,
            "limit": limit.limit,
            "consequence": limit.consequence if reached else None,
        },
    )


def _behaviour_step(fouls: Fouls, behaviour: Behaviour, lang: str) -> Step:
    data = {"behaviour": behaviour.id, "sanction": behaviour.sanction}
    if behaviour.sanction == "technical-foul":
        limit = fouls.technical
        message = say(
            "behaviour.technical-foul",
            lang,
            text=behaviour.text.get(lang),
            id=behaviour.id,
            limit=quantity(limit.limit, "technical", lang),
            consequence=CONSEQUENCES[limit.consequence][lang],
        )
        return Step(fouls.technical_entry, "behaviour.technical-foul", message, data)
    message = say(
        "behaviour.disqualification", lang, text=behaviour.text.get(lang), id=behaviour.id
    )
    return Step(fouls.disqualifying_entry, "behaviour.disqualification", message, data)
