"""garou's own vocabulary (``lookup/lexicon.yaml``): community words mapped per game, and
the roles and concepts of other editions and games that these rules do not have.

:func:`compiled` gives it to the index, which stores it beside the entries; the search
reads it from there. Everything in the file is garou's addition (the documents define none
of it).
"""

from __future__ import annotations

from typing import Any

from garou.core.records import record

from .text import collapsed, joined, key, lexicon

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


def compiled() -> dict[str, Any]:
    """Return the vocabulary ready to store beside the index: community groups (one per
    word set and game), the outside concepts with their words, and the synonym groups."""
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
        # one), matched only whole, letters joined (text.compound_names); keyed, they
        # would be the plain "voyante".
        typed = [joined(str(w)) for w in item.get("typed", []) or []]
        outside.append({"id": str(item["id"]), "kind": str(item.get("kind", "role")),
                        "game": item.get("game"), "name": dict(item["name"]),
                        "words": [str(w) for w in item.get("words", [])] + typed})  # fmt: skip
    essential = [" ".join(key(str(w))) for words in data.get("essential", []) or [] for w in words
                 if not collapsed(str(w))]  # fmt: skip
    not_reflexive = [str(w) for w in data.get("not_reflexive", []) or []]
    advice = [" ".join(key(str(w))) for w in data.get("advice", []) or [] if key(str(w))]
    synonyms = [{"game": item.get("game"), "words": [str(w) for w in item["words"]]}
                for item in data.get("synonyms", []) or []]  # fmt: skip
    return {"community": community, "outside": outside, "essential": essential,
            "not_reflexive": not_reflexive, "advice": advice, "synonyms": synonyms}  # fmt: skip
