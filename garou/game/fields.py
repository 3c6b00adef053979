"""The one check of an event's keys, for every game: a key the event does not carry is
refused with the keys it does and the nearest one (never stored and silently ignored)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .errors import IllegalEventError


def check_fields(kind: str, data: Mapping[str, Any], fields: Iterable[str]) -> None:
    """Refuse (:class:`IllegalEventError`) the first key of ``data`` not in ``fields``,
    suggesting the known key it looks like (``crwn`` → ``crown``)."""
    from garou.core.catalogue import phrase
    from garou.core.names import closest

    known = list(fields)
    unknown = [str(k) for k in data if k not in known]
    if not unknown:
        return
    near = closest(unknown[0], known, n=1) or closest(unknown[0].rstrip("s"), known, n=1)
    raise IllegalEventError(
        "game.refused.field",
        kind=kind,
        field=unknown[0],
        fields=known,
        hint=phrase("game.field.near", near=near[0]) if near else None,
    )


__all__ = ["check_fields"]
