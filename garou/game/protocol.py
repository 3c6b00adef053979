"""The judge's sheet of a Mafia evening (the protocol): data, terminal-ready rows, HTML,
Markdown and PDF on one A4 page through the printables' one environment; and an empty
protocol for a club that still plays on paper."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from garou.core.catalogue import format_number, say

LABELS = (
    "title",
    "blank-title",
    "game",
    "date",
    "seed",
    "speech",
    "seat",
    "player",
    "role",
    "fouls",
    "technical",
    "out",
    "points",
    "nights",
    "days",
    "night",
    "day",
    "kill",
    "missed",
    "checks",
    "nominations",
    "votes",
    "round",
    "farewells",
    "best-move",
    "suspects",
    "crown",
    "winner",
    "ongoing",
    "none",
    "judge",
    "signature",
    "rules",
    "club",
    "decisive",
    "sanctions",
)


@dataclass
class Protocol:
    """Everything the sheet shows, already said in one language."""

    lang: str
    labels: dict[str, str]
    title: str
    name: str
    date: str
    seed: str
    speech: str
    rows: list[dict[str, Any]] = field(default_factory=list)
    nights: list[dict[str, Any]] = field(default_factory=list)
    days: list[dict[str, Any]] = field(default_factory=list)
    farewells: list[dict[str, Any]] = field(default_factory=list)
    sanctions: list[str] = field(default_factory=list)
    winner: str | None = None
    systems: list[str] = field(default_factory=list)
    points: dict[str, Any] = field(default_factory=dict)
    blank: bool = False
    meta: list[str] = field(default_factory=list)
    """The header's "label: value" items."""
    fields: dict[str, str] = field(default_factory=dict)
    """The winner, judge and signature lines, "label: value"."""

    def to_dict(self) -> dict[str, Any]:
        """The protocol as JSON data (``points`` per player per system, each with its reasons)."""
        return {
            "lang": self.lang,
            "name": self.name,
            "date": self.date,
            "seed": self.seed,
            "speech": self.speech,
            "seats": [
                {k: r[k] for k in ("seat", "name", "role", "fouls", "technical", "out")}
                for r in self.rows
            ],
            "nights": self.nights,
            "days": self.days,
            "farewells": self.farewells,
            "sanctions": self.sanctions,
            "winner": self.winner,
            "points": self.points,
        }


def _semi(items: Any, lang: str) -> str:
    """``items`` one after the other, "a ; b" (French typography) or "a; b"."""
    said = ""
    for item in items:
        said = item if not said else say("protocol.semi", lang, a=said, b=item)
    return said


def _field(label: str, value: Any, lang: str) -> str:
    return say("protocol.field", lang, label=label, value=value)


def _labels(lang: str) -> dict[str, str]:
    return {k: say(f"protocol.label.{k}", lang) for k in LABELS}


def _num(value: float, lang: str) -> str:
    return format_number(round(value, 2), lang)


def build_protocol(state: Any, lang: str) -> Protocol:
    """Return the protocol of the evening ``state`` (a :class:`garou.game.mafia.MafiaState`)."""
    from .mafia_points import points

    game = state.game
    labels = _labels(lang)
    if state.phase == "over" and state.winner is None:
        # Over with nobody left (the last players out on one vote): no winner, and no
        # "game in progress" either where the sheet says how the evening ended.
        labels["ongoing"] = say("game.story.nobody-alive", lang)
    scored = points(state, lang)
    per = {p["name"]: p["points"] for p in scored["players"]}
    rows = []
    for seat in state.seats:
        out = ""
        if not seat.alive:
            out = f"{say(f'cause.{seat.out}', lang)} ({_when(seat.out_at, lang)})"
        rows.append(
            {
                "seat": seat.seat,
                "name": seat.name,
                "role": game.role(seat.role).name.get(lang),
                "fouls": seat.fouls,
                "technical": seat.technical_fouls,
                "out": out,
                "points": {s: _num(per[seat.name][s]["total"], lang) for s in scored["systems"]},
                "reasons": {
                    s: [
                        _field(
                            f"{seat.name}, {scored['names'][s]}",
                            say(
                                "protocol.reason",
                                lang,
                                points=_num(r["points"], lang),
                                reason=r["reason"],
                                rule=r["rule"],
                            ),
                            lang,
                        )
                        for r in v["reasons"]
                    ]
                    for s, v in per[seat.name].items()
                },
            }
        )
    nights = []
    for kill in state.kills:
        checks = [c for c in state.checks if c["night"] == kill["night"]]
        nights.append(
            {
                "title": say("game.recap.night", lang, number=kill["night"]),
                "kill": kill["target"] or labels["missed"],
                "shots": ", ".join(f"{k} → {v}" for k, v in kill["shots"].items()),
                "checks": [_check(c, lang) for c in checks],
            }
        )
        night: dict[str, Any] = nights[-1]
        night["line"] = _field(
            str(night["title"]),
            _semi([f"{night['kill']} ({night['shots']})", *night["checks"]], lang),
            lang,
        )
    days = []
    for day in state.days:
        rounds = []
        for r in day["rounds"]:
            words = {"yes": say("word.yes", lang), "no": say("word.no", lang)}
            if r["round"] != "lift":
                words = {}
            tally = ", ".join(_field(words.get(k, k), v, lang) for k, v in r["tally"].items())
            rounds.append(
                {
                    "round": say(f"round.{r['round']}", lang),
                    "tally": tally or labels["none"],
                    "out": ", ".join(r["eliminated"]) or labels["none"],
                    "decisive": ", ".join(r["decisive"]) or labels["none"],
                    "critical": r["critical"],
                }
            )
            shown = rounds[-1]
            shown["line"] = _field(
                shown["round"],
                say(
                    "protocol.round-line",
                    lang,
                    tally=shown["tally"],
                    out=shown["out"],
                    decisive=shown["decisive"],
                ),
                lang,
            )
        days.append(
            {
                "title": say("game.recap.day", lang, number=day["day"]),
                "nominations": ", ".join(f"{n['by']} → {n['nominee']}" for n in day["nominations"])
                or labels["none"],
                "rounds": rounds,
            }
        )
        today: dict[str, Any] = days[-1]
        today["line"] = _field(
            str(today["title"]), _field(labels["nominations"], today["nominations"], lang), lang
        )
    farewells = [
        {
            "player": f["player"],
            "best_move": ", ".join(f["best_move"]) or labels["none"],
            "suspects": ", ".join(f["suspects"]) or labels["none"],
            "crown": f["crown"] or labels["none"],
        }
        for f in state.farewells
    ]
    for f in farewells:
        f["line"] = _field(
            f["player"],
            _semi(
                [
                    _field(labels[k], f[v], lang)
                    for k, v in (
                        ("best-move", "best_move"),
                        ("suspects", "suspects"),
                        ("crown", "crown"),
                    )
                ],
                lang,
            ),
            lang,
        )
    sanctions = [
        say(
            "protocol.sanction",
            lang,
            player=s["player"],
            kind=say(f"protocol.kind.{s['kind']}", lang),
            when=_when(s["at"], lang),
            rule=s["rule"],
        )
        for s in state.sanctions
    ]
    return Protocol(
        lang=lang,
        labels=labels,
        title=labels["title"],
        name=state.name or "",
        date=state.date or "",
        seed="" if state.seed is None else str(state.seed),
        speech=say("protocol.speech-seconds", lang, seconds=state.speech_seconds()),
        rows=rows,
        nights=nights,
        days=days,
        farewells=farewells,
        sanctions=sanctions,
        winner=None if state.winner is None else game.camp(state.winner).name.get(lang),
        systems=[scored["names"][s] for s in scored["systems"]],
        points=scored,
        meta=_meta(
            labels,
            state.date or "",
            str(state.seed or ""),
            say("protocol.speech-seconds", lang, seconds=state.speech_seconds()),
            lang,
        ),
        fields=_fields(
            labels, None if state.winner is None else game.camp(state.winner).name.get(lang), lang
        ),
    )


def _meta(labels: dict[str, str], date: str, seed: str, speech: str, lang: str) -> list[str]:
    items = [_field(labels["date"], date or "…", lang), _field(labels["speech"], speech, lang)]
    if seed:
        items.append(_field(labels["seed"], seed, lang))
    return items


def _fields(labels: dict[str, str], winner: str | None, lang: str) -> dict[str, str]:
    return {
        "winner": _field(labels["winner"], winner or "", lang),
        "judge": _field(labels["judge"], "", lang),
        "signature": _field(labels["signature"], "", lang),
    }


def blank_protocol(game: Any, lang: str) -> Protocol:
    """Return an empty protocol: ten numbered rows and empty boxes, for paper."""
    labels = _labels(lang)
    systems = [s.name.get(lang) for s in game.scoring.systems] if game.scoring else []
    rows = [
        {
            "seat": i,
            "name": "",
            "role": "",
            "fouls": "",
            "technical": "",
            "out": "",
            "points": {s.id: "" for s in game.scoring.systems},
            "reasons": {},
        }
        for i in range(1, 11)
    ]
    return Protocol(
        lang=lang,
        labels=labels,
        title=labels["blank-title"],
        name="",
        date="",
        seed="",
        speech="",
        rows=rows,
        systems=systems,
        blank=True,
        meta=_meta(labels, "", "", "", lang),
        fields=_fields(labels, None, lang),
    )


def _check(check: dict[str, Any], lang: str) -> str:
    key = f"mafia.story.{check['by']}-check-{'yes' if check['answer'] else 'no'}"
    return say(key, lang, checker=check["checker"], target=check["target"]).rstrip(".")


def _when(at: str | None, lang: str) -> str:
    if not at:
        return ""
    key = "game.recap.night" if at[0] == "n" else "game.recap.day"
    return say(key, lang, number=int(at[1:]))


def render_protocol(protocol: Protocol, fmt: str) -> str | bytes:
    """Return the protocol as Markdown, HTML or PDF (one A4 page)."""
    from garou.printables import render_document

    return render_document("protocol", fmt, p=protocol)
