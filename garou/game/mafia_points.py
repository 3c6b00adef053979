"""The points of a finished Mafia evening, in both systems of the document, each explained.

The win is the document's (``scoring.systems`` of the data: Classic +1.00 to every member of
the winning team, Max Mafia Town +1.35 / Mafia +0.85). The document also names bonuses and
penalties without their values (the testament's accuracy, decisive votes, the harsher Mafia
penalties of Max Mafia): those values are the club's, read from a club settings YAML
(:class:`ClubScoring`, empty by default) and marked ``source: club`` on every line; with
no value set, the line says so and counts 0. Nothing here is recomputed from a stored total:
the points always come from the replayed events.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from garou.core.catalogue import say
from garou.core.records import record
from garou.rules.schema import FreeText

from .errors import IllegalEventError


@record
class ClubValues:
    """The club's values for one team in one system (None: the club sets none)."""

    testament_per_mafioso: float | None = None
    """Per real mafioso in a departing player's suspect list."""
    decisive_vote_bonus: float | None = None
    """Per decisive vote that put out a player of the other team."""
    decisive_vote_penalty: float | None = None
    """Per decisive vote that put out a player of one's own team (subtracted)."""


@record
class ClubSystem:
    """The club's values in one scoring system, per team."""

    ville: ClubValues | None = None
    mafia: ClubValues | None = None


@record
class ClubScoring:
    """A club's scoring settings (``--club FILE``): every value optional, none by default."""

    club: FreeText | None = None
    """The club's name, shown beside its values: a free text (no hidden character, at most
    :data:`~garou.core.names.MAX_TEXT` characters), in the file as in a start event."""
    classic: ClubSystem | None = None
    max_mafia: ClubSystem | None = None


SYSTEM_KEYS = {"classic": "classic", "max-mafia": "max_mafia"}


def read_club(path: str | Path) -> dict[str, Any]:
    """Read and validate a club settings file like the rule files; return it as data."""
    from garou.rules.schema import read_record, record_data

    record, _data = read_record(path, ClubScoring)
    return record_data(record)  # typed per field: 0.25 a number, the club's name its text


def check_club(data: Any) -> ClubScoring:
    """Return the club settings of a ``start`` event, refusing what does not fit the schema."""
    from garou.core.errors import DataFileError
    from garou.rules.schema import INVALID, Collector, Where, convert_record

    out = Collector()
    record = convert_record(ClubScoring, data or {}, Where("club", None, ""), out)
    if out.problems or record is INVALID:
        raise IllegalEventError(
            "club.refused", why=Later(DataFileError(out.problems)), rule="mf-setting-scoring"
        )
    return record


class Later:
    """An error's message said in the language of the message that quotes it."""

    def __init__(self, error: Any):
        self.error = error

    def get(self, lang: str) -> str:
        return str(self.error.message(lang))


def _value(club: ClubScoring, system: str, camp: str, name: str) -> float | None:
    per_system = getattr(club, SYSTEM_KEYS.get(system, system), None)
    per_camp = getattr(per_system, camp, None) if per_system is not None else None
    return getattr(per_camp, name, None) if per_camp is not None else None


def _signed(points: float, lang: str) -> str:
    """``points`` with their sign, whatever the club set: ``+5.00``, ``-5.00`` (never
    ``+-5.00``: a negative bonus, a penalty set below zero)."""
    from garou.core.catalogue import format_number

    return ("-" if points < 0 else "+") + format_number(abs(points), lang)


def _line(points: float, rule: str, source: str, reason: str) -> dict[str, Any]:
    return {"points": round(float(points), 2), "rule": rule, "source": source, "reason": reason}


def points(state: Any, lang: str) -> dict[str, Any]:
    """Return every player's points in each system, each line with its reason and rule.

    ``{"systems": [ids], "players": [{name, seat, role, camp, points: {system: {total,
    reasons: [{points, rule, source, reason}]}}}], "winner": camp}``; before the end the
    players' points are empty.
    """
    game = state.game
    scoring = game.scoring
    club = check_club(state.club)
    systems = [s for s in scoring.systems] if scoring else []
    players = []
    for seat in state.seats:
        camp = game.role(seat.role).camp
        per: dict[str, Any] = {}
        for system in systems:
            reasons = _reasons(state, seat, camp, system, club, lang) if state.winner else []
            total = round(float(sum(r["points"] for r in reasons)), 2)
            per[system.id] = {"total": total, "reasons": reasons}
        players.append(
            {"name": seat.name, "seat": seat.seat, "role": seat.role, "camp": camp, "points": per}
        )
    return {
        "systems": [s.id for s in systems],
        "names": {s.id: s.name.get(lang) for s in systems},
        "club": club.club,
        "winner": state.winner,
        "players": players,
    }


def _reasons(
    state: Any, seat: Any, camp: str, system: Any, club: ClubScoring, lang: str
) -> list[dict[str, Any]]:
    game = state.game
    camp_name = game.camp(camp).name
    name = system.name.get(lang)
    lines = []
    if camp == state.winner and seat.out == "disqualified":
        # garou's reading: the document gives the win to « tous les membres de l'équipe
        # gagnante » and says nothing of a disqualified one; garou counts them a member.
        value = float(system.win_points.get(camp, 0))
        said = say("club.reason.win-disqualified", lang, system=name, camp=camp_name, points=value)
        lines.append(_line(value, system.entry, "garou", said))
    elif camp == state.winner:
        value = float(system.win_points.get(camp, 0))
        lines.append(
            _line(
                value,
                system.entry,
                "document",
                say("club.reason.win", lang, system=name, camp=camp_name, points=value),
            )
        )
    else:
        lines.append(
            _line(
                0,
                system.entry,
                "document",
                say("club.reason.loss", lang, system=name, camp=camp_name),
            )
        )
    club_name = club.club or say("club.unnamed", lang)
    for farewell in state.farewells:
        if farewell["player"] != seat.name or not farewell["suspects"]:
            continue
        found = [n for n in farewell["suspects"] if state.player(n).role in ("mafia", "don")]
        per = _value(club, system.id, camp, "testament_per_mafioso")
        if per is None:
            lines.append(
                _line(
                    0,
                    "mf-testament",
                    "club-unset",
                    say("club.reason.testament-unset", lang, count=len(found), club=club_name),
                )
            )
        else:
            lines.append(
                _line(
                    per * len(found),
                    "mf-testament",
                    "club",
                    say("club.reason.testament", lang, count=len(found), value=per, club=club_name),
                )
            )
    for day in state.days:
        for round_ in day["rounds"]:
            out = round_["eliminated"]
            if not out or seat.name not in round_["decisive"]:
                continue
            ballot = round_.get("counted", round_["votes"]).get(seat.name)
            if round_["round"] != "lift" and ballot not in out:
                continue
            for target in out:
                own = game.role(state.player(target).role).camp == camp
                key = "decisive_vote_penalty" if own else "decisive_vote_bonus"
                set_value = _value(club, system.id, camp, key)
                which = "penalty" if own else "bonus"
                values = {"name": target, "day": day["day"], "club": club_name}
                if set_value is None:
                    lines.append(
                        _line(
                            0,
                            "mf-decisive-vote",
                            "club-unset",
                            say(f"club.reason.decisive-{which}-unset", lang, **values),
                        )
                    )
                else:
                    signed = -set_value if own else set_value
                    said = _signed(signed, lang)
                    lines.append(
                        _line(
                            signed,
                            "mf-decisive-vote",
                            "club",
                            say(f"club.reason.decisive-{which}", lang, value=said, **values),
                        )
                    )
    return lines


__all__ = ["ClubScoring", "ClubSystem", "ClubValues", "check_club", "points", "read_club"]
