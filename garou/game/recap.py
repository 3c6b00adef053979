"""The evening given back: the timeline, what nobody saw at night, the close calls and
the corrections, as data, and printed through the printables' templates."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from garou.core.catalogue import say
from garou.core.records import record

from .replay import Replayed
from .sentences import event_said
from .table import Line


@record
class Part:
    """One night or one day of the timeline."""

    phase: str
    """"night" or "day"."""
    number: int
    """Which one."""
    title: str
    """"Nuit 1", "Day 2"."""
    lines: tuple[str, ...]
    """What happened, in order (what the table saw and what it did not)."""
    hidden: tuple[bool, ...]
    """For each line, True when nobody at the table saw it."""
    seqs: tuple[int, ...] = ()
    """For each line, the number of the event that wrote it (``garou game correct N``)."""

    def events(self) -> list[tuple[int, list[tuple[str, bool]]]]:
        """The lines grouped by the event that wrote them, in order: (its number, its
        lines and whether each is hidden). Every face of the recap (the terminal, Markdown,
        HTML) gives each event's number once, before its first line, so that the table can
        find the event to correct (``garou game correct N``); 0 is no event's number."""
        groups: list[tuple[int, list[tuple[str, bool]]]] = []
        seqs = self.seqs or (0,) * len(self.lines)
        for seq, line, hidden in zip(seqs, self.lines, self.hidden, strict=True):
            if groups and groups[-1][0] == seq:
                groups[-1][1].append((line, hidden))
            else:
                groups.append((seq, [(line, hidden)]))
        return groups


@record
class Fate:
    """One player at the end."""

    name: str
    """The player."""
    role: str
    """Their card's name ("?" when never recorded)."""
    fate: str
    """Alive, or how they died."""


@record
class Recap:
    """The recap's context: every text already in the recap's language."""

    lang: str
    """The language."""
    id: int
    """The game's id in the journal."""
    title: str
    """The heading."""
    winner: str | None
    """The winner, said; None while the game goes on."""
    winner_line: str | None
    """The line that gives the winner ("Winner: the village"), said whole by the catalogue
    (a label glued to its value outside it would keep the value's capital: « Vainqueur :
    Le village »), or that the game ended with nobody alive; None while it goes on."""
    over: bool
    """True when the game is over."""
    players: tuple[Fate, ...]
    """Every player, in seat order."""
    timeline: tuple[Part, ...]
    """Night by night and day by day."""
    unseen: tuple[str, ...]
    """What nobody saw at night: targets, saves, poison, looks, the couple."""
    close_calls: tuple[str, ...]
    """The warnings raised, each with its moment."""
    corrections: tuple[str, ...]
    """The corrections and undos, each with why."""
    labels: dict[str, str]
    """The headings of the sheet."""

    def to_dict(self) -> dict[str, Any]:
        """Return the recap as data (``garou game recap --json``)."""
        return {
            "id": self.id,
            "title": self.title,
            "over": self.over,
            "winner": self.winner,
            "players": [{"name": f.name, "role": f.role, "fate": f.fate} for f in self.players],
            "timeline": [
                {
                    "phase": p.phase,
                    "number": p.number,
                    "title": p.title,
                    "lines": [
                        {"seq": n, "text": t, "hidden": h}
                        for n, t, h in zip(p.seqs, p.lines, p.hidden, strict=True)
                    ],
                }
                for p in self.timeline
            ],
            "unseen": list(self.unseen),
            "close_calls": list(self.close_calls),
            "corrections": list(self.corrections),
        }


_LABELS = (
    "players",
    "timeline",
    "unseen",
    "close-calls",
    "corrections",
    "none",
    "ongoing",
    "hidden-mark",
    "role",
    "fate",
    "player",
)


def _when(line: Line, lang: str) -> str:
    """A story line said with its moment ("Night 1: ..."), in ``lang``."""
    return say(
        "game.recap.when",
        lang,
        moment=say(f"game.recap.{line.phase}", lang, number=line.number),
        text=line.text.say(lang),
    )


def build_recap(replayed: Replayed, game_id: int, lang: str) -> Recap:
    """Return the recap of a replayed game, in ``lang``."""
    state = replayed.state
    game = state.game
    labels = {k: say(f"game.recap.{k}", lang) for k in _LABELS}
    parts: list[Part] = []
    # every line of one event in one part, the part of its last line (the dawn notes the
    # cards it learns at night's end, then says the deaths of the morning): one number
    # shown once, the one `garou game correct N` takes
    where = {line.seq: (line.phase, line.number) for line in state.story if line.seq}
    for line in state.story:
        phase, number = where.get(line.seq, (line.phase, line.number))
        phase = "night" if phase == "start" else phase
        line = replace(line, phase=phase, number=number)
        if not parts or (parts[-1].phase, parts[-1].number) != (phase, line.number):
            title = say(f"game.recap.{phase}", lang, number=line.number)
            parts.append(Part(phase, line.number, title, (), ()))
        last = parts[-1]
        parts[-1] = Part(
            last.phase,
            last.number,
            last.title,
            (*last.lines, line.text.say(lang)),
            (*last.hidden, line.hidden),
            (*last.seqs, line.seq),
        )
    unseen = tuple(_when(line, lang) for line in state.story if line.hidden)
    calls = tuple(_when(line, lang) for line in state.close_calls)
    extra = _extra_times(state)
    fixes = [
        say(
            "game.recap.correction",
            lang,
            seq=c.seq,
            target=c.target,
            why=c.why,
            before=_event(game, c.before, lang, c.target in extra),
            after=_event(game, c.after, lang, c.target in extra),
        )
        for c in replayed.corrections
    ]
    fixes += [
        say("game.recap.undone", lang, target=e.seq, event=event_said(replayed, e).say(lang))
        for e in replayed.undone
    ]
    roles = state.known_roles()
    fates = tuple(
        Fate(
            s.name,
            game.role(roles[s.name]).name.get(lang) if roles[s.name] else "?",
            say("game.recap.alive", lang) if s.alive else say(f"cause.{s.death}", lang),
        )
        for s in state.seats
    )
    camp = None if state.winner is None else game.camp(state.winner).name
    winner = None if camp is None else camp.get(lang)
    winner_line = None if camp is None else say("game.recap.winner", lang, camp=camp)
    if camp is None and state.phase == "over":  # nobody left: over, and no winner named
        winner_line = say("game.story.nobody-alive", lang)
    title = say("game.recap.title", lang, id=game_id, name=state.name or game.info.name.get(lang))
    return Recap(
        lang,
        game_id,
        title,
        winner,
        winner_line,
        state.phase == "over",
        fates,
        tuple(parts),
        unseen,
        calls,
        tuple(fixes),
        labels,
    )


def _extra_times(state: Any) -> frozenset[int]:
    """The Mafia speeches in effect that were a tied player's extra time (none in Loup-Garou)."""
    from .mafia import extra_time_seqs

    return extra_time_seqs(state) if state.game.id == "mafia" else frozenset()


def _event(game: Any, data: dict[str, Any], lang: str, extra_time: bool = False) -> str:
    """An event (its kind and values) as a sentence in ``lang``, never as Python data."""
    from .sentences import event_sentence

    kind = str(data.get("kind", ""))
    values = {k: v for k, v in data.items() if k != "kind"}
    return event_sentence(game, kind, values, extra_time=extra_time).say(lang)


def render_recap(recap: Recap, fmt: str) -> str | bytes:
    """Return the recap as Markdown, HTML or PDF, through the printables' one environment."""
    from garou.printables import render_document

    return render_document("recap", fmt, recap=recap)
