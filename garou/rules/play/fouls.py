"""What fouls, technical fouls and listed behaviours lead to (``game.fouls``, Mafia)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from garou.core.catalogue import join, phrase, say
from garou.core.errors import UnknownIdError
from garou.core.names import fold
from garou.core.records import record

from ..model import Behaviour, FoulLimit, Fouls, Game
from .state import Issue, Player, StateError, Step, canonical, issue, unknown_player


@record
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


@record
class FoulsResult:
    """The players' counts and the behaviours looked up, with the rule for each."""

    counts: tuple[FoulCount, ...]
    """Every player with at least one foul or technical foul, in seat order."""
    behaviours: tuple[Behaviour, ...]
    """The behaviours found, best match first."""
    steps: tuple[Step, ...]
    """The ruling, step by step."""
    certain: bool = True
    """False when the description could name several behaviours: nobody is sentenced."""
    offence: bool | None = None
    """For a behaviour looked up: True when it is an offence, False when a duration stays
    within the document's limit, None when it cannot be told."""

    def to_dict(self) -> dict[str, Any]:
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
            "certain": self.certain,
            "offence": self.offence,
            "steps": [s.to_dict() for s in self.steps],
        }


def game_fouls(game: Game) -> Fouls:
    """Return the fouls of ``game``; raise :class:`StateError` when its rules have none."""
    if game.fouls is None:
        raise StateError([issue(("game",), "fouls.no-fouls", game=game.info.name)])
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


@record
class BehaviourLookup:
    """The listed behaviours a description names, and how sure the lookup is."""

    behaviours: tuple[Behaviour, ...]
    """The candidates, best first."""
    certain: bool
    """True when exactly one behaviour is plainly named (its id or one of its keywords)
    and no other behaviour's own words appear."""
    seconds: float | None = None
    """A duration read in the description ("20 secondes"), in seconds."""
    bound: str | None = None
    """How the duration was said: "more" (more than it), "less" (less than it), None."""


_DURATION = re.compile(
    r"([0-9]+(?:[.,][0-9]+)?)\s*(secondes?|seconds?|secs?|s|minutes?|mins?|mn|m)\b", re.IGNORECASE
)

_NUMBER_WORDS = {
    **dict.fromkeys(("un", "une", "a", "an", "one"), 1),
    **dict.fromkeys(("deux", "two"), 2),
    **dict.fromkeys(("trois", "three"), 3),
    **dict.fromkeys(("quatre", "four"), 4),
    **dict.fromkeys(("cinq", "five"), 5),
    **dict.fromkeys(("six",), 6),
    **dict.fromkeys(("sept", "seven"), 7),
    **dict.fromkeys(("huit", "eight"), 8),
    **dict.fromkeys(("neuf", "nine"), 9),
    **dict.fromkeys(("dix", "ten"), 10),
    **dict.fromkeys(("onze", "eleven"), 11),
    **dict.fromkeys(("douze", "twelve"), 12),
    **dict.fromkeys(("treize", "thirteen"), 13),
    **dict.fromkeys(("quatorze", "fourteen"), 14),
    **dict.fromkeys(("quinze", "fifteen"), 15),
    **dict.fromkeys(("seize", "sixteen"), 16),
    **dict.fromkeys(("vingt", "twenty"), 20),
    **dict.fromkeys(("trente", "thirty"), 30),
    **dict.fromkeys(("quarante", "forty"), 40),
    **dict.fromkeys(("cinquante", "fifty"), 50),
    **dict.fromkeys(("soixante", "sixty"), 60),
}
"""Numbers written in words before a unit written whole ("quinze secondes", "a minute")."""

_WORD_DURATION = re.compile(
    r"\b(" + "|".join(_NUMBER_WORDS) + r")\s+(?=(secondes?|seconds?|minutes?)\b)"
)

_BOUND = re.compile(
    r"\b(?:(plus de|more than|over|au-?dela de|beyond|longer than)"
    r"|(moins de|less than|under|shorter than))\s*$"
)
"""A bound written just before a duration: "more than 15 s" is over 15 s, not 15 s."""


def read_duration(text: str) -> float | None:
    """Return the duration written in ``text`` in seconds ("20 s", "1 minute"), or None."""
    return _read_duration(text)[0]


def _read_duration(text: str) -> tuple[float | None, str | None]:
    """Return the duration written in ``text`` (numbers in digits or in words) and its
    bound: "more" ("plus de 15 s"), "less" ("moins de 10 s") or None (exactly)."""
    folded = _WORD_DURATION.sub(lambda m: f"{_NUMBER_WORDS[m.group(1)]} ", fold(text))
    match = _DURATION.search(folded)
    if match is None:
        return None, None
    value = float(match.group(1).replace(",", "."))
    seconds = value * 60 if match.group(2).startswith("m") else value
    bound = _BOUND.search(folded[: match.start()])
    if bound is None:
        return seconds, None
    return seconds, "more" if bound.group(1) else "less"


_FUNCTION_WORDS = frozenset(
    " ".join(
        (
            "hors avec sans dans pour plus sous vers chez entre pendant avant apres tres tout",
            "tous toute autre autres leur leurs cette votre notre sont etre avoir fait faire",
            "quand with without from into onto over under after before during other others",
            "their your more than that this them they have been when what about outside",
        )
    ).split()
)
"""Words that say how, not what (French and English, folded): one of them alone never
makes a behaviour a candidate ("hors" is in "hors jeu" and in "hors de son tour")."""


def _keyword_hits(behaviour: Behaviour, words: list[str]) -> tuple[int, set[str], set[str]]:
    """Return how many of ``behaviour``'s keywords (or its id) ``words`` give whole, the
    words those whole keywords used, and the words (four letters or more, not a function
    word) that give a keyword only in part."""
    whole = 0
    used: set[str] = set()
    partial: set[str] = set()
    for keyword in (*behaviour.keywords.all(), behaviour.id.replace("-", " ")):
        parts = _tokens(keyword)
        found = {p: [w for w in words if _alike(p, w)] for p in parts}
        if parts and all(found.values()):
            whole += 1
            used.update(w for ws in found.values() for w in ws)
        else:
            partial.update(
                w for p, ws in found.items() for w in ws
                if len(p) > 3 and len(w) > 3 and w not in _FUNCTION_WORDS
            )  # fmt: skip
    return whole, used, partial


def _hint_hits(behaviour: Behaviour, words: list[str]) -> set[str]:
    """Return the words of ``words`` that give one of ``behaviour``'s hints whole (an
    object or a verb the act involves: "téléphone" for exchanging messages)."""
    found: set[str] = set()
    for hint in behaviour.hints.all():
        parts = _tokens(hint)
        matches = {p: [w for w in words if _alike(p, w)] for p in parts}
        if parts and all(matches.values()):
            found.update(w for ws in matches.values() for w in ws)
    return found


def _own_words(fouls: Fouls) -> dict[str, set[str]]:
    """Map each behaviour to the words of its text no other behaviour's text shares."""
    texts = {
        b.id: {t for t in _tokens(b.text.fr + " " + b.text.en) if len(t) > 3}
        for b in fouls.behaviours
    }
    own = {}
    for bid, words in texts.items():
        others = set().union(*(w for other, w in texts.items() if other != bid))
        own[bid] = {w for w in words if not any(_alike(w, o) for o in others)}
    return own


@record
class _Typed:
    """A behaviour's id and its words in one language (said with ``get(lang)``)."""

    behaviour: Behaviour

    def get(self, lang: str) -> str:
        words = getattr(self.behaviour.keywords, lang) or self.behaviour.keywords.all()
        return f"{self.behaviour.id} ({', '.join(dict.fromkeys(words))})"


def _what_to_type(fouls: Fouls) -> list[_Typed]:
    return [_Typed(b) for b in fouls.behaviours]


def find_behaviours(game: Game, query: str) -> BehaviourLookup:
    """Return the listed behaviours ``query`` names (an id, or words), best first.

    A behaviour is named by its id or by one of its keywords given whole (compared
    without accents, by stem or prefix): its keywords describe the act. One of its hints
    (an object or a verb the act only involves: a phone), a keyword given in part or two
    words of its text only make it a candidate. The lookup is certain only when exactly
    one behaviour is named and no other is a candidate. Raise UnknownIdError listing the
    behaviours and their words when nothing matches.
    """
    fouls = game_fouls(game)
    seconds, bound = _read_duration(query)
    wanted = fold(query).replace(" ", "-")
    for behaviour in fouls.behaviours:
        if behaviour.id == wanted:
            return BehaviourLookup((behaviour,), True, seconds, bound)
    words = [w for w in _tokens(query) if not w.isdigit()]
    own = _own_words(fouls)
    hits_of = [_keyword_hits(behaviour, words) for behaviour in fouls.behaviours]
    named: list[tuple[int, int, Behaviour]] = []
    for index, behaviour in enumerate(fouls.behaviours):
        hits, used, _ = hits_of[index]
        if hits and not any(
            used < other_used for other_hits, other_used, _ in hits_of if other_hits
        ):
            # Named, unless every word it used named another behaviour along with more
            # ("partie précédente" is out-of-game, not "partir").
            named.append((-hits, index, behaviour))
    # A word a named act used, or its text's, is that act's ("parle" in "parle en russe",
    # "parle une langue inconnue"): it gives no other behaviour's keyword in part ("parler
    # hors tour"). Two words of another behaviour's own text still make it a candidate
    # ("montrer parties" is not only "partir").
    explained = set().union(*(hits_of[index][1] for _, index, _ in named)) | {
        w
        for _, _, behaviour in named
        for w in words
        if any(_alike(w, t) for t in _tokens(behaviour.text.fr + " " + behaviour.text.en)
               if len(t) > 3)
    }  # fmt: skip
    candidates: list[tuple[int, int, Behaviour]] = []
    for index, behaviour in enumerate(fouls.behaviours):
        hits, _, partial = hits_of[index]
        if hits:
            continue
        partial = partial - explained
        evidence = partial | {
            w
            for w in words
            if len(w) > 3
            and w not in _FUNCTION_WORDS
            and any(_alike(w, t) for t in own[behaviour.id])
        }
        hinted = _hint_hits(behaviour, words) - explained
        if partial or hinted or len(evidence) >= 2:
            # A keyword given in part, an object or verb the act involves (a phone), or two
            # words of its own text: a candidate, never sentenced. One word of the text alone
            # ("montrer" for showing one's card) is no sign of it, nor of its sanction.
            candidates.append((-len(evidence | hinted), index, behaviour))
    if not named and not candidates:
        raise UnknownIdError(
            "fouls.no-match", query=query, game=game.info.name, behaviours=_what_to_type(fouls)
        )
    found = [b for _, _, b in sorted(named)] + [b for _, _, b in sorted(candidates)]
    timed = [b for b in found if b.seconds is not None]
    if seconds is not None and len(timed) == 1 and all(b is timed[0] for _, _, b in named):
        # A duration written beside the one behaviour with a time limit names it.
        return BehaviourLookup((timed[0],), True, seconds, bound)
    return BehaviourLookup(tuple(found), len(named) == 1 and not candidates, seconds, bound)


def judge_fouls(
    game: Game,
    players: Sequence[Player] = (),
    behaviours: BehaviourLookup | Sequence[Behaviour] | None = None,
    lang: str = "fr",
    offender: str | None = None,
) -> FoulsResult:
    """Return what each player's fouls lead to and what each behaviour draws.

    ``behaviours`` is a :func:`find_behaviours` lookup (or behaviours known for sure).
    ``offender`` is the player who behaved so (by default the only player with counts):
    a technical foul is added to their count and the total's consequence is said. With no
    player counts and no behaviours, every listed behaviour is described.
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
                loses_next_speech=foul_costs_speech(game, player.fouls),
                disqualified=_reaches(player.fouls, fouls.foul, "disqualification")
                or _reaches(player.technical_fouls, fouls.technical, "disqualification"),
            )
        )
    if behaviours is None:
        if counts:
            return FoulsResult(tuple(counts), (), tuple(steps))
        lookup = BehaviourLookup(fouls.behaviours, True)
        for behaviour in lookup.behaviours:
            steps.append(_behaviour_step(fouls, behaviour, lang))
        return FoulsResult(tuple(counts), lookup.behaviours, tuple(steps))
    if not isinstance(behaviours, BehaviourLookup):
        behaviours = BehaviourLookup(tuple(behaviours), len(behaviours) == 1)
    lookup = behaviours
    if not lookup.certain:
        steps.append(
            Step(
                fouls.entry,
                "behaviour.unsure",
                say(
                    "behaviour.unsure",
                    lang,
                    candidates=join(
                        [
                            phrase(
                                "behaviour.candidate",
                                text=b.text,
                                id=b.id,
                                sanction=phrase(f"sanction.{b.sanction}"),
                            )
                            for b in lookup.behaviours
                        ],
                        lang,
                        "or",
                    ),
                ),
                {"candidates": [b.id for b in lookup.behaviours]},
            )
        )
        return FoulsResult(tuple(counts), lookup.behaviours, tuple(steps), False, None)
    offence: bool | None = True
    for behaviour in lookup.behaviours:
        if behaviour.seconds is not None:
            seconds, bound = lookup.seconds, lookup.bound
            if seconds is not None and (
                (bound == "more" and seconds < behaviour.seconds)
                or (bound == "less" and seconds > behaviour.seconds)
            ):
                seconds = None  # "more than 10 s", "less than 20 s": the exact time decides
            if seconds is not None and seconds <= behaviour.seconds and bound != "more":
                steps.append(_within_step(fouls, behaviour, seconds, lang))
                offence = False
                continue
            if seconds is None:
                steps.append(_limit_step(fouls, behaviour, lang))
                offence = None
            elif bound == "more":  # "more than 15 s": over the document's 15 s
                steps.append(_within_step(fouls, behaviour, seconds, lang, more=True))
            else:
                steps.append(_within_step(fouls, behaviour, seconds, lang, over=True))
        steps.append(_behaviour_step(fouls, behaviour, lang))
        if offence and behaviour.sanction in ("foul", "technical-foul"):
            steps += _total_step(fouls, players, counts, offender, lang, behaviour.sanction)
    return FoulsResult(tuple(counts), lookup.behaviours, tuple(steps), True, offence)


def _within_step(
    fouls: Fouls,
    behaviour: Behaviour,
    seconds: float,
    lang: str,
    over: bool = False,
    more: bool = False,
) -> Step:
    code = (
        "fouls.more-than"
        if more
        else ("behaviour.over-limit" if over else "behaviour.within-limit")
    )
    return Step(
        fouls.disqualifying_entry,
        code,
        say(
            code,
            lang,
            text=behaviour.text,
            id=behaviour.id,
            seconds=phrase("unit.second", count=_whole(seconds)),
            limit=phrase("unit.second", count=behaviour.seconds),
        ),
        {"behaviour": behaviour.id, "seconds": seconds, "limit": behaviour.seconds},
    )


def _whole(value: float) -> Any:
    return int(value) if value == int(value) else value


def _limit_step(fouls: Fouls, behaviour: Behaviour, lang: str) -> Step:
    return Step(
        fouls.disqualifying_entry,
        "behaviour.limit-only",
        say(
            "behaviour.limit-only",
            lang,
            id=behaviour.id,
            limit=phrase("unit.second", count=behaviour.seconds),
        ),
        {"behaviour": behaviour.id, "limit": behaviour.seconds},
    )


def _total_step(
    fouls: Fouls,
    players: Sequence[Player],
    counts: Sequence[FoulCount],
    offender: str | None,
    lang: str,
    sanction: str = "technical-foul",
) -> list[Step]:
    """The offender's count with this foul (ordinary or technical) and what it reaches."""
    if offender is None:
        if len(counts) != 1:
            return []
        offender = counts[0].player
    player = next((p for p in players if fold(p.name) == fold(offender)), None)
    if player is None:
        return []
    ordinary = sanction == "foul"
    limit = fouls.foul if ordinary else fouls.technical
    unit = "unit.foul" if ordinary else "unit.technical"
    total = (player.fouls if ordinary else player.technical_fouls) + 1
    reached = total >= limit.limit
    code = f"{'fouls' if ordinary else 'technical'}.total-{'reached' if reached else 'below'}"
    if ordinary and total > limit.limit and limit.consequence == "lose-next-speech":
        code = "fouls.total-beyond-limit"  # garou's reading, as foul_costs_speech
    return [
        Step(
            limit.entry,
            code,
            say(
                code,
                lang,
                name=player.name,
                total=phrase(unit, count=total),
                limit=phrase(unit, count=limit.limit),
                consequence=phrase(f"consequence.{limit.consequence}"),
                left=limit.limit - total,
            ),
            {
                "player": player.name,
                "count": total,
                "limit": limit.limit,
                "consequence": limit.consequence if reached else None,
                **({"reading": "garou"} if code == "fouls.total-beyond-limit" else {}),
            },
        )
    ]


def foul_costs_speech(game: Game, fouls: int) -> bool:
    """Return True when a player with ``fouls`` ordinary fouls loses their next speech.

    mafia.txt: « À 3 fautes, vous perdez la parole au tour suivant. » garou's reading: from
    the limit on, each foul costs the next speech (a fourth foul, like the third). The one
    rule the resolver, the live game, the terminal and the phone all ask.
    """
    return game.fouls is not None and _reaches(fouls, game.fouls.foul, "lose-next-speech")


def _reaches(count: int, limit: FoulLimit, consequence: str) -> bool:
    return limit.consequence == consequence and count >= limit.limit


def _count_step(kind: str, name: str, count: int, limit: FoulLimit, lang: str) -> Step:
    reached = count >= limit.limit
    code = f"{kind}.{'reached' if reached else 'below'}"
    if count > limit.limit and limit.consequence == "lose-next-speech":
        code = "fouls.beyond-limit"  # garou's reading: each foul from the limit on costs it
    unit = "unit.foul" if kind == "fouls" else "unit.technical"
    message = say(
        code,
        lang,
        name=name,
        total=phrase(unit, count=count),
        limit=limit.limit if reached else phrase(unit, count=limit.limit),
        consequence=phrase(f"consequence.{limit.consequence}"),
        left=limit.limit - count,
    )
    data = {
        "player": name,
        "count": count,
        "limit": limit.limit,
        "consequence": limit.consequence if reached else None,
    }
    if code == "fouls.beyond-limit":
        data["reading"] = "garou"
    return Step(limit.entry, code, message, data)


def _behaviour_step(fouls: Fouls, behaviour: Behaviour, lang: str) -> Step:
    data = {"behaviour": behaviour.id, "sanction": behaviour.sanction}
    if behaviour.sanction in ("foul", "technical-foul"):
        ordinary = behaviour.sanction == "foul"
        limit = fouls.foul if ordinary else fouls.technical
        key = f"behaviour.{behaviour.sanction}"
        message = say(
            key,
            lang,
            text=behaviour.text,
            id=behaviour.id,
            limit=phrase("unit.foul" if ordinary else "unit.technical", count=limit.limit),
            consequence=phrase(f"consequence.{limit.consequence}"),
        )
        return Step(limit.entry if ordinary else fouls.technical_entry, key, message, data)
    message = say("behaviour.disqualification", lang, text=behaviour.text, id=behaviour.id)
    return Step(fouls.disqualifying_entry, "behaviour.disqualification", message, data)


def with_counts(
    players: Sequence[Player],
    fouls: Mapping[str, int] | None = None,
    technical: Mapping[str, int] | None = None,
) -> list[Player]:
    """Return ``players`` with the fouls and technical fouls given per name (names match
    whatever their case and accents); with no players, the players are those named.

    Raise :class:`StateError` for a name that is no player or a negative count.
    """
    fouls, technical = dict(fouls or {}), dict(technical or {})
    if not players:
        players = [Player(n) for n in dict.fromkeys([*fouls, *technical])]
    names = [p.name for p in players]
    issues = []
    folded: dict[str, dict[str, int]] = {"fouls": {}, "technical_fouls": {}}
    for attr, counts in (("fouls", fouls), ("technical_fouls", technical)):
        for name, count in counts.items():
            found = canonical(names, name)
            if found not in names:
                issues.append(Issue((attr, name), unknown_player(names, name)))
            elif count < 0:
                issues.append(issue((attr, name), "state.negative-count"))
            folded[attr][found] = count
    if issues:
        raise StateError(issues)
    return [
        replace(
            p,
            fouls=folded["fouls"].get(p.name, p.fouls),
            technical_fouls=folded["technical_fouls"].get(p.name, p.technical_fouls),
        )
        for p in players
    ]
