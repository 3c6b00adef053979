"""The Mafia evening in the web app: the judge's view and the table's screen.

The routes are the live game's (:mod:`.game`: ``/game/<id>``, ``/game/<id>/record``, the
table view...): they hand a Mafia evening to the functions here. What the evening waits
for and whom it may name come from :mod:`garou.game.mafia_script`, as in
``garou game play``; every action is one journal event recorded once per form
(:func:`garou.game.session.record_form`); the countdowns are ``timer`` events of the
journal read on the app's clock (:mod:`garou.game.timer`), never kept in memory.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from garou.core.catalogue import phrase, say
from garou.core.numbers import is_whole_number

from .forms import FormProblem

if TYPE_CHECKING:
    from garou.game.mafia import MafiaState

SANCTIONS = ("foul", "technical-foul", "disqualify", "opponent-victory")
"""The sanctions the judge gives from the seats' table (the data's, through the engine)."""

PUBLIC_STORY = frozenset(
    "mafia.story." + key
    for key in (
        "meeting", "killed", "missed", "day", "night", "skipped", "nominated",
        "farewell", "foul", "loses-speech", "technical", "disqualified", "opponent-victory",
        "won",
    )
) | {
    "mafia.story." + key for key in ("nominations-closed", "nominations-closed-none", "nominee-out")
} | {"mafia.story.extra-time", "game.story.loses-speech"}  # fmt: skip
"""The lines of the evening's story the table's screen shows while the game goes on. A
shot (``mafia.story.shot``) and a check (``mafia.story.*-check-*``) are the judge's until
the end: the morning only says who died (``killed``) or that nobody did (``missed``).
The fouls are shown: the document calls a foul an "avertissement automatique" (a warning
the player is given) and says nothing of keeping it from the table; garou reads fouls as
announced, which is how clubs play (garou's reading). The vote's count (the resolver's
own lines, said once) is public too: the table votes by raising hands."""


# --- reading an evening -------------------------------------------------------------------


def where(state: Any, lang: str) -> str:
    """Night N, Day N, or the end (both games: the Loup-Garou page says it so too)."""
    if state.phase == "over":
        return say("web.game.over", lang)
    if state.phase == "night":
        return say("game.recap.night", lang, number=state.night)
    return say("game.recap.day", lang, number=state.day)


def _role(state: MafiaState, role: str, lang: str) -> str:
    return state.game.role(role).name.get(lang)


def foul_rules(state: MafiaState, lang: str) -> dict[str, Any]:
    """The data's sanctions for fouls: each kind's limit and what reaching it leads to."""
    fouls = state.game.fouls
    found: dict[str, Any] = {}
    for kind, rule in (("foul", fouls.foul if fouls else None),
                       ("technical", fouls.technical if fouls else None)):  # fmt: skip
        if rule is None:
            continue
        found[kind] = {
            "limit": rule.limit,
            "leads": say(f"consequence.{rule.consequence}", lang),
            "entry": rule.entry,
        }
    return found


def seats(state: MafiaState, lang: str, *, secret: bool) -> list[dict[str, Any]]:
    """The seats in order; with ``secret`` (the judge) every card, else none until the end
    (the document: a player's role "reste caché jusqu'à la fin de la partie")."""
    over = state.phase == "over"
    speaker = state.speaker()
    rules = foul_rules(state, lang)
    found = []
    for seat in state.seats:
        shown = secret or over
        foul_limit = rules.get("foul", {}).get("limit")
        tech_limit = rules.get("technical", {}).get("limit")
        found.append(
            {
                "seat": seat.seat,
                "name": seat.name,
                "role": _role(state, seat.role, lang) if shown else None,
                "role_id": seat.role if shown else None,
                "alive": seat.alive,
                "out": say(f"cause.{seat.out}", lang) if seat.out else None,
                "fouls": seat.fouls,
                "technical": seat.technical_fouls,
                "foul_limit": foul_limit,
                "tech_limit": tech_limit,
                "loses_speech": seat.alive and seat.loses_speech,
                "speaker": seat.name == speaker,
                "nominated": seat.name in state.nominations,
            }
        )
    return found


def rounds_today(state: MafiaState, lang: str) -> list[dict[str, Any]]:
    """Today's vote rounds: the round, the count per nominee, who left, what comes next."""
    if not state.days or state.phase == "night":
        return []
    found = []
    for record in state.today()["rounds"]:
        pool = record["tied"] or state.nominations
        tally = record["tally"]
        if record["round"] == "lift":
            rows = [(say(f"judge.lift.{k}", lang), v) for k, v in sorted(tally.items())]
        else:
            rows = [(name, tally.get(name, 0)) for name in pool]
        found.append(
            {
                "round": say(f"round.{record['round']}", lang),
                "tally": rows,
                "eliminated": list(record["eliminated"]),
                "steps": [f"{s['message']} ({s['rule']})" for s in record["steps"]],
            }
        )
    return found


def nights(state: MafiaState, lang: str) -> list[dict[str, Any]]:
    """Each night's shots, result and checks, as the judge recorded them (tonight's too)."""
    by_night: dict[int, dict[str, Any]] = {}

    def night(number: int) -> dict[str, Any]:
        return by_night.setdefault(number, {"number": number, "shots": [], "result": None,
                                            "checks": []})  # fmt: skip

    for kill in state.kills:
        entry = night(kill["night"])
        entry["shots"] = sorted(kill["shots"].items())
        entry["result"] = (
            say("judge.night.killed", lang, name=kill["target"])
            if kill["target"]
            else say("judge.night.missed", lang)
        )
    if state.phase == "night" and state.shots:
        night(state.night)["shots"] = sorted(state.shots.items())
    for check in state.checks:
        key = f"mafia.story.{check['by']}-check-{'yes' if check['answer'] else 'no'}"
        night(check["night"])["checks"].append(
            say(key, lang, checker=check["checker"], target=check["target"])
        )
    return [by_night[n] for n in sorted(by_night, reverse=True)]


def public_story(state: MafiaState, lang: str) -> list[dict[str, str]]:
    """What the table's screen shows of the story: everything once over, else the public
    lines (:data:`PUBLIC_STORY` and the vote's count), newest first."""
    from garou.game.mafia import Said

    over = state.phase == "over"
    found = []
    for line in state.story:
        key = getattr(line.text, "key", None)
        public = not line.hidden and (isinstance(line.text, Said) or key in PUBLIC_STORY)
        if over or public:
            when = say(f"game.recap.{line.phase}", lang, number=line.number)
            found.append({"when": when, "text": line.text.say(lang)})
    return list(reversed(found))


def public_view(state: MafiaState, lang: str, timer: dict[str, Any] | None) -> dict[str, Any]:
    """What the table's screen shows of a Mafia evening: only what everybody may know."""
    from garou.game.mafia_script import next_step

    step = next_step(state)
    over = state.phase == "over"
    speaking = step.player if step.kind in ("speech", "farewell") else None
    return {
        "where": where(state, lang),
        "phase": state.phase,
        "seats": seats(state, lang, secret=False),
        "alive": len(state.living()),
        "speaker": speaking,
        "farewell": step.kind == "farewell",
        "nominations": [{"by": state.nominated_by.get(n), "nominee": n} for n in state.nominations]
        if state.phase == "day"
        else [],
        "rounds": rounds_today(state, lang),
        "story": public_story(state, lang),
        "winner": state.game.camp(state.winner).name.get(lang) if state.winner else None,
        "timer": timer,
        "over": over,
    }


# --- reading the forms -------------------------------------------------------------------


def form_values(form: Any, kind: str, state: MafiaState) -> dict[str, Any]:
    """Return the event's values from the judge's form (FormProblem for a bad one)."""
    from garou.game import mafia, mafia_script

    if kind not in mafia.KINDS:
        raise FormProblem(phrase("web.game.bad-kind", kind=kind[:20]))
    data: dict[str, Any] = {}
    for name in ("player", "shooter", "target", "by", "nominee", "crown", "behaviour", "then"):
        value = form.get(name, "").strip()
        if value:
            data[name] = value[:80]
    for name in ("best_move", "suspects"):
        values = [v.strip()[:80] for v in form.getlist(name) if v.strip()]
        if values or kind == "farewell":
            data[name] = values
    seconds = form.get("seconds", "").strip()
    if seconds:
        if not is_whole_number(seconds) or int(seconds) > 3600:
            raise FormProblem(phrase("web.form.bad-number", field="seconds", low=0, high=3600))
        data["seconds"] = int(seconds)
    if kind == "vote":
        picks = {k[len("ballot.") :]: v.strip() for k, v in form.items() if k.startswith("ballot.")}
        _check_voters(state, picks)
        data = {"votes": mafia_script.ballots(state, picks)}
    return data


def _check_voters(state: MafiaState, picks: dict[str, str]) -> None:
    """Refuse a ballot (a non-empty pick) from a name that is no seat's, or from a seat that
    does not vote (out of the game, disqualified): never drop it silently."""
    living = {s.name for s in state.living()}
    seated = {s.name for s in state.seats}
    for voter, pick in picks.items():
        if not pick or voter in living:
            continue
        key = "web.mafia.ballot-not-voting" if voter in seated else "web.mafia.ballot-unknown"
        raise FormProblem(phrase(key, name=voter[:40], voters=sorted(living)))


__all__ = [
    "PUBLIC_STORY",
    "SANCTIONS",
    "foul_rules",
    "form_values",
    "nights",
    "public_story",
    "public_view",
    "rounds_today",
    "seats",
    "where",
]
