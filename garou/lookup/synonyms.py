"""garou's own synonyms (``lexicon.yaml`` ``synonyms``): words players type that the rule
texts do not use, expanded at query time, never indexed (growing them needs no rebuild).
The names and aliases of the rule data are synonyms too (``lookup.index.lexicon``)."""

from __future__ import annotations

from .text import lexicon


def groups() -> list[tuple[str | None, list[str]]]:
    """Return the groups: (game id, or None for both games; the phrases)."""
    return [(item.get("game"), [str(w) for w in item["words"]])
            for item in lexicon().get("synonyms", [])]  # fmt: skip
