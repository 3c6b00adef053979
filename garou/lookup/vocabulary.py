"""garou's own vocabulary (``lookup/lexicon.yaml``): community words mapped per game, and
the roles and concepts of other editions and games that these rules do not have.

This module imports neither Whoosh nor the search: ``garou show``'s "did you mean" and the
live game's in-play lookup call :func:`outside_of` to tell "not a role of these rules" from
a typo. Everything in the file is garou's addition (the documents define none of it).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from garou.core.records import record

from .text import collapsed, key, lexicon
from .verdict import compound_names, joined

_GAMES = ("loup-garou", "mafia")


@record
class Outside:
    """A role or concept players know from elsewhere, that these rules do not have."""

    id: str
    """Its id in ``lexicon.yaml``."""
    kind: str
    """role or concept."""
    game: str | None
    """The game players take it from (None: both games' players know it)."""
    name: dict[str, str]
    """How a reply names it, per language ("le salvateur")."""

    def to_dict(self) -> dict[str, Any]:
        """Return it as in ``garou search --json``."""
        return {"id": self.id, "kind": self.kind, "game": self.game, "name": dict(self.name)}

    def phrase(self) -> Any:
        """Return the catalogue phrase saying that these rules do not have it."""
        from garou.core.catalogue import phrase
        from garou.rules.model import Text

        key_ = "search.outside-role" if self.kind == "role" else "search.outside-concept"
        return phrase(key_, name=Text(self.name["fr"], self.name["en"]))


def compiled() -> dict[str, Any]:
    """Return the vocabulary ready to store beside the index: community groups (one per
    word set and game) and the outside concepts with their words."""
    data = lexicon()
    community = []
    for item in data.get("community", []) or []:
        words = [str(w) for w in item.get("words", [])]
        for game in _GAMES:
            if item.get(game):
                targets = [str(t) for t in item[game]]
                # The other game's own words for the thing are words of this game's group
                # too: "farewell speech" (Mafia's) asked of Loup-Garou means what
                # Loup-Garou has instead.
                other = [str(t) for g in _GAMES if g != game for t in item.get(g) or []]
                other = [t for t in other if t not in words + targets]
                community.append({"game": game, "words": words + other, "targets": targets})
    outside = []
    for item in data.get("outside", []) or []:
        # ``typed``: names whose words include a stop word ("voyante d'aura": "aura" is
        # one), matched only whole, letters joined (verdict.compound_names); keyed, they
        # would be the plain "voyante".
        typed = [joined(str(w)) for w in item.get("typed", []) or []]
        outside.append({"id": str(item["id"]), "kind": str(item.get("kind", "role")),
                        "game": item.get("game"), "name": dict(item["name"]),
                        "words": [str(w) for w in item.get("words", [])] + typed})  # fmt: skip
    essential = [" ".join(key(str(w))) for words in data.get("essential", []) or [] for w in words
                 if not collapsed(str(w))]  # fmt: skip
    not_reflexive = [str(w) for w in data.get("not_reflexive", []) or []]
    advice = [" ".join(key(str(w))) for w in data.get("advice", []) or [] if key(str(w))]
    return {"community": community, "outside": outside, "essential": essential,
            "not_reflexive": not_reflexive, "advice": advice}  # fmt: skip


@lru_cache(maxsize=1)
def _outside() -> tuple[dict[str, Outside], dict[str, list[str]], dict[str, Outside], int]:
    """Return the outside concepts by id, their phrases by id, the concepts by the key of
    each phrase, and the most words a key has."""
    by_id: dict[str, Outside] = {}
    phrases: dict[str, list[str]] = {}
    by_key: dict[str, Outside] = {}
    longest = 1
    for item in compiled()["outside"]:
        concept = by_id[item["id"]] = Outside(item["id"], item["kind"], item["game"], item["name"])
        phrases[item["id"]] = list(item["words"])
        for word in item["words"]:
            if k := key(word):
                by_key.setdefault(" ".join(k), concept)
                longest = max(longest, len(k))
    return by_id, phrases, by_key, longest


def outside_of(text: str, game: str | None = None) -> list[Outside]:
    """Return the roles and concepts of other editions or games that ``text`` names (a
    role name typed to ``garou show``, a question), longest phrase first, each once;
    ``game`` keeps those players of that game know (and those of both games)."""
    by_id, phrases, by_key, longest = _outside()
    found = [by_id[outside_id] for outside_id in compound_names(text, phrases)]
    words = list(key(text))
    i = 0
    while i < len(words):
        for length in range(min(longest, len(words) - i), 0, -1):
            concept = by_key.get(" ".join(words[i : i + length]))
            if concept is not None:
                found.append(concept)
                i += length
                break
        else:
            i += 1
    unique = {concept.id: concept for concept in found}
    return [o for o in unique.values() if game is None or o.game in (None, game)]
