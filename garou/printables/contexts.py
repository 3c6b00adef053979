"""The typed inputs of the printed sheets, each built from the rule data by one pure function.

A template only lays out what these records hold: every ruling, number and order comes
from the :class:`~rules.model.Game` (and the table's agreement and setup), so a change to
the YAML changes the sheet. The words around them come from the message catalogue
(``sheet.*`` keys).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, is_dataclass, replace
from typing import TYPE_CHECKING, Any

from garou.core.catalogue import has as has_message
from garou.core.catalogue import say
from garou.core.errors import UsageError
from garou.core.records import record
from garou.rules.distribution import Distribution, check_distribution
from garou.rules.model import Entry, Game, NightStep, Ref

if TYPE_CHECKING:  # houserules is only read through its public attributes
    from garou.houserules import Agreement

_VOTING_STEPS = frozenset({"revote-tied", "lift-vote"})
"""The tie steps that are a vote, and so can end tied again."""

BLANK_SIGNATURES = 12
"""Lines to initial on an agreement sheet when neither the table nor the game sets a count."""


class _Words:
    """The sheets' words in one language: ``t("night")`` says ``sheet.night``."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, key: str, count: int | None = None, **values: Any) -> str:
        return say(f"sheet.{key}", self.lang, count=count, **values)


# --- records ---------------------------------------------------------------------------


@record
class TableAnswer:
    """The table's answer to a contested case, shown where the game master needs it."""

    case: str
    """Entry id of the case."""
    question: str
    """The case's question."""
    answer: str
    """The table's answer."""


@record
class Rule:
    """A ruling as printed: its title and its text, from one entry."""

    id: str
    """Id of the entry."""
    title: str
    """The entry's title."""
    text: str
    """The entry's text (may hold line breaks)."""
    addition: bool = False
    """True when the entry is garou's addition to the document."""
    by_table: bool = False
    """True when the text says the table's agreement instead of the entry's default."""
    table: tuple[TableAnswer, ...] = ()
    """The table's answers, other than the default, to the cases about this ruling."""


@record
class Fact:
    """A short labelled value ("Debate: 5 min on day one, 3 min afterwards")."""

    label: str
    """What the value is."""
    value: str
    """The value, in words."""
    by_table: bool = False
    """True when the value is the table's choice, replacing the rules' value."""


@record
class RoleRow:
    """One role of the composition table."""

    id: str
    """Role id."""
    name: str
    """Display name."""
    count: int | None
    """Cards dealt; None when no setup says."""
    camp: str
    """Name of its camp."""
    addition: bool
    """True when the role is garou's addition."""


@record
class CountRow:
    """One row of the minority count table (shown when no setup is given)."""

    players: str
    """The range of players ("4–5")."""
    count: int
    """How many of the minority."""


@record
class NightCall:
    """One call of the night script."""

    id: str
    """Step id."""
    roles: tuple[str, ...]
    """Ids of the roles called."""
    names: str
    """Their names, joined."""
    action: str
    """What they do."""
    seconds: int | None
    """Time given, if the data gives one."""
    first_only: bool
    """True for a first-night-only call."""
    dealt: bool | None
    """Whether any of the roles is dealt; None when no setup says."""
    call_anyway: bool
    """True when nobody holds it but the game master must call it all the same."""
    addition: bool
    """True when a role called is garou's addition (absent from the document)."""
    proposed: bool = False
    """True when garou proposes the step (or its place), which the document leaves open."""
    table: tuple[TableAnswer, ...] = ()
    """The table's answers, other than the default, to the cases about the roles called."""
    entry: str | None = None
    """Id of the entry describing the step."""
    by_table: bool = False
    """True when the action says the table's agreement instead of the step's default."""


@record
class NightSheet:
    """The night: its absolute rules, the call script and the order constraints."""

    rules: tuple[Rule, ...]
    """Silence, calling every role..."""
    first: tuple[NightCall, ...]
    """Calls of the first night only, in order."""
    every: tuple[NightCall, ...]
    """Calls of every night, in order."""
    every_heading: str
    """The heading of the every-night list ("Every night, from night 1")."""
    every_start: int
    """The number of the first every-night call (after the first night's, on night 1)."""
    first_heading: str
    """The heading of the first-night list."""
    order: tuple[str, ...]
    """The order constraints, in words ("Witch after Werewolf")."""
    usual_order_addition: bool
    """True when garou proposes the order beyond the constraints (the document leaves it)."""


@record
class TiePath:
    """The tie procedure in one situation (with or without a captain)."""

    label: str
    """The situation; empty when there is only one."""
    steps: tuple[str, ...]
    """The steps, in order."""


@record
class VoteSheet:
    """The vote and its tie procedure."""

    tags: tuple[str, ...]
    """How the vote is held (simultaneous, on nominations, who leaves)."""
    rule: Rule
    """The vote entry."""
    abstention: Rule | None
    """The abstention rule, when there is one."""
    ties: tuple[TiePath, ...]
    """The tie procedure, per situation."""
    tie_rule: Rule
    """The tie entry."""


@record
class DaySheet:
    """The day: announcement, timings, and the rules of speaking."""

    facts: tuple[Fact, ...]
    """Timings and what is revealed."""
    rules: tuple[Rule, ...]
    """Announcement, the dead's silence, interrupting..."""
    vote: VoteSheet
    """The vote."""
    first_day: Rule | None = None
    """What happens on the first day only (the captain's election), when it is played."""


@record
class Cascade:
    """A death that sets off something else."""

    holder: str
    """Name of the role or status that sets it off."""
    trigger: str
    """What it sets off, in a word."""
    any_cause: bool
    """True whatever the cause of death."""
    rule: Rule
    """The entry stating it."""


@record
class DeathsSheet:
    """Deaths and what they set off."""

    resolve_first: Rule | None
    """Resolve the whole chain before announcing."""
    cascades: tuple[Cascade, ...]
    """The deaths that set off others."""
    more: tuple[Rule, ...]
    """Other rules the deaths entry points to (chains of chains)."""


@record
class WinRow:
    """One win condition (camps sharing one ruling are grouped)."""

    camps: str
    """Name(s) of the camp(s)."""
    rule: Rule
    """The entry stating it."""


@record
class WinSheet:
    """The win conditions."""

    rows: tuple[WinRow, ...]
    """Each condition."""
    notes: tuple[Rule, ...]
    """The same-camp couple, and similar notes."""
    margin: Fact | None
    """The margin of error, in numbers."""
    margin_rule: Rule | None
    """The margin of error, in words."""


@record
class FoulsSheet:
    """Fouls and the sanction ladder."""

    ladder: tuple[str, ...]
    """"3 × Foul → loses the next speech" and so on."""
    groups: tuple[tuple[str, tuple[str, ...]], ...]
    """Sanction name to the behaviours it sanctions."""


@record
class ScoreRow:
    """One scoring system."""

    name: str
    """The system's name."""
    points: tuple[str, ...]
    """Points per member of the winning camp, in the order of ``ScoringSheet.camps``."""


@record
class ScoringSheet:
    """The scoring systems."""

    camps: tuple[str, ...]
    """Camp names, the columns."""
    rows: tuple[ScoreRow, ...]
    """One row per system."""


@record
class Case:
    """A contested case or setting, with the answer the table plays by."""

    id: str
    """Entry id, or "custom:<n>" for a table's own question."""
    question: str
    """The question."""
    answer: str
    """The answer played: the table's choice, else the default; empty when open."""
    status: str
    """"table" (decided by the table), "default" (no agreement: the default) or "open"."""
    kept_default: bool
    """True when the table's choice is the proposed default."""
    options: tuple[str, ...]
    """The options, listed when the case is open."""
    addition: bool
    """True when the case itself is garou's addition (the document does not raise it)."""
    custom: bool
    """True for a table's own question."""
    answer_addition: bool = False
    """True when the answer is an option garou adds (the document does not name it)."""
    proposed: bool = False
    """True when the answer is the default garou proposes (the document leaves it open)."""


@record
class Track:
    """What the game master writes down during play, on lines and boxes left blank."""

    id: str
    """What is tracked: "potions", "lovers", "captain", "looks"."""
    holder: str
    """Name of the role or status it is about."""
    note: str = ""
    """What is written, in words."""
    ticks: tuple[str, ...] = ()
    """Boxes to tick, each with its label (the witch's potions)."""
    names: int = 0
    """Blank names to write, in a row (the two lovers, the captain and each successor)."""
    rows: int = 0
    """Blank rows of a log, one a night (the seer's looks: night, player, what she saw)."""


@record
class Header:
    """Who the sheet is for."""

    game: str
    """Game id."""
    game_name: str
    """The game's display name."""
    title: str
    """The printable's title."""
    table: str | None
    """The table's name, from the agreement."""
    date: str | None
    """The date, from the agreement."""
    players: int | None
    """How many players, from the setup."""
    names: tuple[str, ...]
    """The players' names, from the setup."""
    source: str
    """Where the rules come from."""


@record
class CheatSheet:
    """Everything the game master's one-page cheat sheet shows."""

    lang: str
    """Language of the sheet."""
    header: Header
    """Game, table and players."""
    roles: tuple[RoleRow, ...]
    """Roles in play (or every role of the game without a setup)."""
    from_setup: bool
    """True when the counts come from a setup (or the game's one composition)."""
    total: int | None
    """Total cards."""
    count_table: tuple[CountRow, ...]
    """The minority count table, shown when no setup is given."""
    count_heading: str
    """Heading of the count table."""
    night: NightSheet
    """The night."""
    day: DaySheet
    """The day and the vote."""
    deaths: DeathsSheet
    """Deaths and cascades."""
    win: WinSheet
    """Win conditions."""
    fouls: FoulsSheet | None
    """Fouls, when the game has them."""
    scoring: ScoringSheet | None
    """Scoring, when the game has it."""
    cases: tuple[Case, ...]
    """Contested cases and settings, with the answer played."""
    mistakes: tuple[Rule, ...]
    """The common mistakes, as a checklist."""
    additions: bool
    """True when any garou addition is marked on the sheet (show its footnote)."""
    proposals: bool = False
    """True when any default proposed by garou is marked on the sheet (show its footnote)."""
    tracks: tuple[Track, ...] = ()
    """What the game master fills in during play, for the roles and statuses in play."""


@record
class DecisionRow:
    """One decision of an agreement, as read aloud."""

    case: str
    """Entry id or "custom:<n>"."""
    question: str
    """The question."""
    answer: str
    """The table's answer."""
    kept_default: bool
    """True when it is the proposed default."""
    custom: bool
    """True for the table's own question."""
    addition: bool = False
    """True when the case is garou's addition (the document does not raise it)."""
    answer_addition: bool = False
    """True when the answer is an option garou adds (the document does not name it)."""
    proposed: bool = False
    """True when the answer is the default garou proposes (the document leaves it open)."""
    during: str = ""
    """What the answer still leaves to the table during the game (the option's ``during``),
    or ""."""


@record
class AgreementSheet:
    """Everything the agreement sheet shows."""

    lang: str
    """Language of the sheet."""
    header: Header
    """Game, table, date and players."""
    decisions: tuple[DecisionRow, ...]
    """Every decision, in the agreement's order."""
    roles: tuple[RoleRow, ...]
    """The agreed cards, when a setup is given."""
    total: int | None
    """Total cards, when a setup is given."""
    signatures: tuple[str, ...]
    """One line per player to initial: a name, or "" for a blank line."""
    additions: bool = False
    """True when any garou addition is marked (show its footnote), as on the cheat sheet."""
    proposals: bool = False
    """True when any default proposed by garou is marked (show its footnote)."""


# --- helpers ---------------------------------------------------------------------------


def _rule(game: Game, entry_id: str, lang: str) -> Rule:
    entry = game.entry(entry_id)
    return Rule(entry.id, entry.title.get(lang), entry.text.get(lang), _added(entry))


def _ref(game: Game, ref: Ref | None, lang: str) -> Rule | None:
    return None if ref is None else _rule(game, ref.entry, lang)


def _added(entry: Entry) -> bool:
    return entry.addition or entry.source.addition


def _holder_name(game: Game, holder: str, lang: str) -> str:
    for role in game.roles:
        if role.id == holder:
            return role.name.get(lang)
    for status in game.statuses:
        if status.id == holder:
            return status.name.get(lang)
    return holder


def _captain_id(game: Game) -> str | None:
    """Return the id of the status that breaks ties (the one that names a successor)."""
    for consequence in game.deaths.consequences:
        if consequence.does == "name-successor":
            return consequence.holder
    return game.statuses[0].id if game.statuses else None


def _captain(game: Game, lang: str) -> str:
    """Return the name of the status that breaks ties, in lower case."""
    captain = _captain_id(game)
    return _holder_name(game, captain, lang).lower() if captain else ""


def _played(game: Game, agreement: Agreement | None) -> dict[str, str]:
    """Return case id to the option played: the table's choice, else the default."""
    played = {}
    for entry in (*game.contested(), *game.settings()):
        decision = agreement.decision(entry.id) if agreement is not None else None
        if decision is not None:
            played[entry.id] = decision.option
        elif entry.default is not None:
            played[entry.id] = entry.default.option
    return played


def _removed(game: Game, agreement: Agreement | None) -> frozenset[str]:
    """Return the ids of the statuses and roles the options played take out of the game."""
    played = _played(game, agreement)
    return frozenset(
        holder
        for entry in (*game.contested(), *game.settings())
        for option in entry.options
        if played.get(entry.id) == option.id
        for holder in option.without
    )


def _gone(game: Game, entry_id: str, removed: frozenset[str]) -> bool:
    """Return True when the entry only concerns statuses or roles taken out of the game."""
    roles = set(game.entry(entry_id).roles)
    return bool(roles) and roles <= removed


def _kept(game: Game, rules: tuple[Rule, ...], removed: frozenset[str]) -> tuple[Rule, ...]:
    return tuple(r for r in rules if not _gone(game, r.id, removed))


def _table_answers(
    game: Game, lang: str, agreement: Agreement | None
) -> dict[str, list[TableAnswer]]:
    """Return role id to the table's answers, other than the default, to cases about it."""
    if agreement is None:
        return {}
    ids = {e.id for e in game.entries}
    answers: dict[str, list[TableAnswer]] = {}
    for decision in agreement.decisions:
        if decision.default or decision.case not in ids:
            continue
        entry = game.entry(decision.case)
        if entry.kind not in ("contested", "setting"):
            continue
        answer = TableAnswer(entry.id, entry.title.get(lang), decision.answer.get(lang))
        for role in entry.roles:
            answers.setdefault(role, []).append(answer)
    return answers


def _number(value: float, lang: str) -> str:
    text = f"{value:+.2f}"
    return text.replace(".", ",") if lang == "fr" else text


def _dealt(game: Game, plan: Distribution | None) -> dict[str, int] | None:
    if plan is not None:
        return {role.id: int(plan.roles.get(role.id, 0)) for role in game.roles}
    if game.setup.composition is not None:
        return {role.id: game.setup.composition.roles.get(role.id, 0) for role in game.roles}
    return None


# --- the cheat sheet -------------------------------------------------------------------


def check_setup(game: Game, setup: Distribution, lang: str, source: str) -> None:
    """Raise :class:`~garou.rules.distribution.UnsoundSetupError` when ``setup`` breaks a rule.

    The error carries the failing checks; its message lists each with its fix, in any
    language, and names the setup (``source``, its file) and the command that checks it. A
    sheet printed for a setup that cannot be dealt would mislead the game master. ``lang``
    is kept for callers.
    """
    from garou.core.lists import shell_word
    from garou.houserules.deal import unsound_setup

    failures = check_distribution(game, setup).failures
    if failures:
        raise unsound_setup(
            failures, "sheet.setup-unsound", source=source, game=game.info.name,
            command=f"garou check {shell_word(source)}",
        )  # fmt: skip


def build_cheatsheet(
    game: Game,
    lang: str,
    setup: Distribution | None = None,
    agreement: Agreement | None = None,
) -> CheatSheet:
    """Return the cheat sheet of ``game`` in ``lang``, for ``setup`` and ``agreement`` if any.

    With no ``setup``, the agreement's setup is used when it has one. Raise UsageError when
    the agreement is for another game.
    """
    t = _Words(lang)
    if agreement is not None and agreement.game != game.id:
        raise UsageError(
            "sheet.agreement-other-game",
            path=agreement.path or "",
            game=agreement.game,
            wanted=game.id,
        )
    if setup is None and agreement is not None:
        setup = agreement.setup
    dealt = _dealt(game, setup)
    removed = _removed(game, agreement)

    roles = _roles(game, lang, dealt, removed)
    night = _night(game, lang, dealt, t, removed, _table_answers(game, lang, agreement))
    cases = _cases(game, lang, agreement)
    mistakes = tuple(_rule(game, e.id, lang) for e in game.entries if e.kind == "mistake")
    mistakes = _kept(game, mistakes, removed)
    day = _day(game, lang, t, _table_choices(game, lang, agreement), removed)
    deaths = _deaths(game, lang, t, removed)
    win = _win(game, lang, t, removed)
    marked = (  # the rules shown with their title, and so with their mark
        *night.rules,
        *day.rules,
        day.vote.rule,
        *(r for r in (day.vote.abstention, deaths.resolve_first) if r is not None),
        *deaths.more,
        *win.notes,
        *(r for r in (win.margin_rule,) if r is not None),
        *mistakes,
    )
    additions = [r.addition for r in roles] + [c.addition for c in night.first + night.every]
    additions += [c.addition or c.answer_addition for c in cases] + [r.addition for r in marked]
    proposals = [c.proposed for c in night.first + night.every] + [night.usual_order_addition]
    proposals += [c.proposed for c in cases]
    table = game.setup.count_table
    count_rows: tuple[CountRow, ...] = ()
    count_heading = ""
    if dealt is None and table is not None:
        count_rows = tuple(
            CountRow(f"{b.min}–{b.max}" if b.min != b.max else str(b.min), b.count)
            for b in table.bands
        )
        count_heading = t("minority-table", role=game.role(table.role).name.get(lang))
    sheet = CheatSheet(
        lang=lang,
        header=_header(game, lang, t("cheatsheet"), setup, agreement),
        roles=roles,
        from_setup=dealt is not None,
        total=sum(dealt.values()) if dealt is not None else None,
        count_table=count_rows,
        count_heading=count_heading,
        night=night,
        day=day,
        deaths=deaths,
        win=win,
        fouls=_fouls(game, lang, t),
        scoring=_scoring(game, lang),
        cases=cases,
        mistakes=mistakes,
        additions=any(additions),
        proposals=any(proposals),
        tracks=_tracks(game, lang, night, removed),
    )
    return _follow_agreement(sheet, game, lang, agreement)


AGREED = "sheet.as-agreed"
"""Catalogue keys ``sheet.as-agreed.<entry>.<option>``: the text of a ruling (a night step, a
rule) as it reads when the table plays ``option`` of a case about ``entry``."""


def _follow_agreement(
    sheet: CheatSheet, game: Game, lang: str, agreement: Agreement | None
) -> CheatSheet:
    """Return ``sheet`` saying what the table agreed where it departs from the defaults.

    A case decided other than by its default concerns the entries it relates to; each of
    them printed on the sheet (a night step, a ruling) then reads its ``sheet.as-agreed``
    text when the catalogue has one for that option, so that the sheet never restates the
    default against the agreement, and carries the table's answer next to it. The vote's
    decision tag gives way to the table's answer when a case about the vote is decided.
    """
    if agreement is None:
        return sheet
    ids = {e.id for e in game.entries}
    texts: dict[str, str] = {}
    answers: dict[str, list[TableAnswer]] = {}
    for decision in agreement.decisions:
        if decision.default or decision.case not in ids:
            continue
        case = game.entry(decision.case)
        answer = TableAnswer(case.id, case.title.get(lang), decision.answer.get(lang))
        for related in case.related:
            answers.setdefault(related, []).append(answer)
            key = f"{AGREED}.{related}.{decision.option}"
            if has_message(key):
                texts.setdefault(related, say(key, lang))
    if not answers:
        return sheet
    decision_tag = say(f"decision.{game.day.vote.decision}", lang)

    def follow(value: Any, field: str = "") -> Any:
        if isinstance(value, tuple):
            return tuple(follow(v, field) for v in value)
        if isinstance(value, Rule):
            found = tuple(answers.get(value.id, ()))
            if field == "mistakes" or not found:
                return value
            if value.id in texts:
                return replace(value, text=texts[value.id], by_table=True, table=found)
            return replace(value, table=found)
        if isinstance(value, NightCall):
            if value.entry in texts:
                return replace(value, action=texts[value.entry], by_table=True)
            return value
        if isinstance(value, VoteSheet) and value.rule.id in answers:
            said = answers[value.rule.id][0].answer
            value = replace(value, tags=tuple(said if t == decision_tag else t for t in value.tags))
        if is_dataclass(value) and not isinstance(value, type):
            changes = {f.name: follow(getattr(value, f.name), f.name) for f in fields(value)}
            return replace(value, **changes)
        return value

    followed: CheatSheet = follow(sheet)
    return followed


TRACK_LOOKS = 6
"""Rows of a log of looks (one a night); more nights go on the back."""


def _tracks(game: Game, lang: str, night: NightSheet, removed: frozenset[str]) -> tuple[Track, ...]:
    """Return what the game master notes during play: one track per night power in play
    that leaves something to remember (potions spent, lovers, looks) and the captain."""
    t = _Words(lang)
    steps = {s.id: s for s in (*game.night.first, *game.night.every)}
    tracks: list[Track] = []
    for call in (*night.first, *night.every):
        step = steps.get(call.id)
        if step is None or call.dealt is False:
            continue
        if step.does == "save-or-poison":
            ticks = (t("track-life-potion"), t("track-death-potion"))
            tracks.append(Track("potions", call.names, ticks=ticks))
        elif step.does == "couple":
            tracks.append(Track("lovers", call.names, t("track-lovers"), names=2))
        elif step.does == "check":
            tracks.append(Track("looks", call.names, t("track-looks"), rows=TRACK_LOOKS))
    captain = _captain_id(game)
    if captain is not None and captain not in removed and game.day.vote.tie.with_captain:
        tracks.insert(
            0, Track("captain", _holder_name(game, captain, lang), t("track-captain"), names=4)
        )
    return tuple(tracks)


def _first_day(game: Game, lang: str, removed: frozenset[str]) -> Rule | None:
    """Return the captain's election (the rule of the first day), when the captain is played."""
    captain = _captain_id(game)
    if captain is None or captain in removed or not game.day.vote.tie.with_captain:
        return None
    status = next((s for s in game.statuses if s.id == captain), None)
    for entry in game.entries:
        in_section = status is not None and entry.section == status.section
        if in_section and entry.kind == "rule" and captain in entry.roles:
            return _rule(game, entry.id, lang)
    return None


def _header(
    game: Game,
    lang: str,
    title: str,
    setup: Distribution | None,
    agreement: Agreement | None,
) -> Header:
    return Header(
        game=game.id,
        game_name=game.info.name.get(lang),
        title=title,
        table=agreement.table if agreement is not None else None,
        date=agreement.date if agreement is not None else None,
        players=setup.players if setup is not None else None,
        names=tuple(setup.names) if setup is not None else (),
        source=_Words(lang)("source", title=game.info.title),
    )


def _roles(
    game: Game, lang: str, dealt: dict[str, int] | None, removed: frozenset[str] = frozenset()
) -> tuple[RoleRow, ...]:
    rows = []
    for role in game.roles:
        count = dealt.get(role.id, 0) if dealt is not None else None
        if count == 0 or (count is None and role.id in removed):
            continue
        rows.append(
            RoleRow(
                id=role.id,
                name=role.name.get(lang),
                count=count,
                camp=game.camp(role.camp).name.get(lang),
                addition=role.addition,
            )
        )
    return tuple(rows)


def _night(
    game: Game,
    lang: str,
    dealt: dict[str, int] | None,
    t: _Words,
    removed: frozenset[str] = frozenset(),
    answers: Mapping[str, list[TableAnswer]] | None = None,
) -> NightSheet:
    night = game.night
    call_absent = night.call_absent is not None
    answers = answers or {}

    def call(step: NightStep, first_only: bool) -> NightCall:
        held = None if dealt is None else any(dealt.get(r, 0) > 0 for r in step.roles)
        added = any(game.role(r).addition for r in step.roles)
        # A step whose action rests on garou's reading (the witch's potions, the seer's
        # look) bears the proposal mark, as the data's reading says.
        # (a role from the user's folder with no step of its own has no path: no reading)
        steps = night.first if first_only else night.every
        kind = "first" if first_only else "every"
        read = step in steps and game.reading_of(f"night.{kind}[{steps.index(step)}]") is not None
        table = {a.case: a for r in step.roles for a in answers.get(r, [])}
        return NightCall(
            id=step.id,
            roles=step.roles,
            names=" + ".join(game.role(r).name.get(lang) for r in step.roles),
            action=step.action.get(lang),
            seconds=step.seconds,
            first_only=first_only,
            dealt=held,
            call_anyway=held is False and call_absent,
            addition=added,
            proposed=(step.addition or read) and not added,
            table=tuple(table.values()),
            entry=step.entry,
        )

    def called(step: NightStep) -> bool:  # a table playing without a role does not call it
        held = bool(dealt and any(dealt.get(r, 0) for r in step.roles))
        return held or not step.roles or not set(step.roles) <= removed

    first = [call(s, True) for s in night.first if called(s)]
    every = [call(s, False) for s in night.every if called(s)]
    # A role that acts at night but has no step of its own (a role from the user's rule
    # folder, say) is still called every night: after the scripted calls.
    scripted = {r for s in (*night.first, *night.every) for r in s.roles}
    for role in game.roles:
        if role.night_action is not None and role.id not in scripted:
            step = NightStep(id=role.id, roles=(role.id,), action=role.night_action)
            if called(step):
                every.append(call(step, False))
    order = tuple(
        t(
            "order-after",
            role=game.role(c.role).name.get(lang),
            after=game.role(c.after).name.get(lang),
        )
        for c in night.constraints
    )
    absolute = (_ref(game, night.silence, lang), _ref(game, night.call_absent, lang))
    rules = _kept(game, tuple(r for r in absolute if r is not None), removed)
    return NightSheet(
        rules=rules,
        first=tuple(first),
        every=tuple(every),
        first_heading=t("first-night"),
        every_heading=t("every-night", n=night.regular_from),
        every_start=len(first) + 1 if night.regular_from <= 1 else 1,
        order=order,
        usual_order_addition=night.usual_order_addition,
    )


def _timer(t: _Words, normal: int, turbo: int | None) -> str:
    text = say("unit.second", t.lang, count=normal)
    if turbo is not None:
        text += f" ({t('turbo')} {say('unit.second', t.lang, count=turbo)})"
    return text


def _table_choices(game: Game, lang: str, agreement: Agreement | None) -> dict[str, str]:
    """Return entry id to the table's answer, for the entries a changed default concerns."""
    if agreement is None:
        return {}
    ids = {e.id for e in game.entries}
    choices: dict[str, str] = {}
    for decision in agreement.decisions:
        if decision.default or decision.case not in ids:
            continue
        for related in game.entry(decision.case).related:
            choices.setdefault(related, decision.answer.get(lang))
    return choices


def _fact(label: str, value: str, entry: str, choices: Mapping[str, str]) -> Fact:
    if entry in choices:
        return Fact(label, choices[entry], by_table=True)
    return Fact(label, value)


def _day(
    game: Game,
    lang: str,
    t: _Words,
    choices: Mapping[str, str],
    removed: frozenset[str] = frozenset(),
) -> DaySheet:
    day = game.day
    facts = []
    if day.debate is not None:
        times = t(
            "debate-times",
            first=say("unit.minute", lang, count=day.debate.first_day_minutes),
            later=say("unit.minute", lang, count=day.debate.later_minutes),
        )
        facts.append(_fact(t("debate"), times, day.debate.entry, choices))
    for label, timer in ((t("speech"), day.speech), (t("farewell"), day.farewell)):
        if timer is not None:
            value = _timer(t, timer.normal_seconds, timer.turbo_seconds)
            facts.append(_fact(label, value, timer.entry, choices))
    used = {day.vote.entry, day.vote.tie.entry, day.vote.abstention_entry}
    rules = []
    for ref in (day.announcement, day.dead_silent, day.interrupt):
        rule = _ref(game, ref, lang)
        if rule is not None:
            rules.append(rule)
            used.add(rule.id)
    used |= {block.entry for block in (day.speech, day.farewell, day.debate) if block}
    # The other rulings the day's entry points to (nominations, the debate itself).
    ids = {e.id for e in game.entries}
    for related in game.entry(day.entry).related:
        if related in ids and related not in used and game.entry(related).kind == "rule":
            rules.append(_rule(game, related, lang))
    return DaySheet(
        facts=tuple(facts),
        rules=_kept(game, tuple(rules), removed),
        vote=_vote(game, lang, t, removed),
        first_day=_first_day(game, lang, removed),
    )


def _vote(game: Game, lang: str, t: _Words, removed: frozenset[str] = frozenset()) -> VoteSheet:
    vote = game.day.vote
    tags = []
    if vote.nominations:
        tags.append(t("vote-nominations"))
    if vote.simultaneous:
        tags.append(t("vote-simultaneous"))
    tags.append(say(f"decision.{vote.decision}", lang))
    tags.append(say(f"reveal.{game.day.reveal}", lang))
    captain = _captain(game, lang)

    def steps(path: tuple[str, ...]) -> tuple[str, ...]:
        # A step after a vote applies only if that vote is tied again ("if still tied:
        # nobody leaves"), never as the revote's outcome.
        said = []
        for i, step in enumerate(path):
            text = say(f"tie-step.{step}", lang, status=captain)
            if i and path[i - 1] in _VOTING_STEPS:
                text = t("tie-still", step=text)
            said.append(text)
        return tuple(said)

    ties = []
    if vote.tie.with_captain and _captain_id(game) not in removed:
        ties.append(TiePath(t("with-captain", status=captain), steps(vote.tie.with_captain)))
        ties.append(TiePath(t("without-captain", status=captain), steps(vote.tie.without_captain)))
    else:
        ties.append(TiePath("", steps(vote.tie.without_captain)))
    abstention = None
    if vote.abstention_entry is not None:
        abstention = _rule(game, vote.abstention_entry, lang)
    return VoteSheet(
        tags=tuple(tags),
        rule=_rule(game, vote.entry, lang),
        abstention=abstention,
        ties=tuple(ties),
        tie_rule=_rule(game, vote.tie.entry, lang),
    )


def _deaths(game: Game, lang: str, t: _Words, removed: frozenset[str] = frozenset()) -> DeathsSheet:
    deaths = game.deaths
    cascades = tuple(
        Cascade(
            holder=_holder_name(game, c.holder, lang),
            trigger=say(f"trigger.{c.does}", lang),
            any_cause=c.any_cause,
            rule=_rule(game, c.entry, lang),
        )
        for c in deaths.consequences
        if c.holder not in removed
    )
    used = {c.rule.id for c in cascades}
    if deaths.resolve_first is not None:
        used.add(deaths.resolve_first.entry)
    ids = {e.id for e in game.entries}
    more = tuple(
        _rule(game, rel, lang)
        for rel in game.entry(deaths.entry).related
        if rel in ids and rel not in used and game.entry(rel).kind == "rule"
    )
    more = _kept(game, more, removed)
    if not cascades:
        more = ()
    return DeathsSheet(_ref(game, deaths.resolve_first, lang), cascades, more)


def _win(game: Game, lang: str, t: _Words, removed: frozenset[str] = frozenset()) -> WinSheet:
    win = game.win
    grouped: dict[str, list[str]] = {}
    for condition in win.conditions:
        grouped.setdefault(condition.entry, []).append(game.camp(condition.camp).name.get(lang))
    rows = tuple(
        WinRow(", ".join(camps), _rule(game, entry, lang)) for entry, camps in grouped.items()
    )
    notes = _kept(game, tuple(r for r in (_ref(game, win.same_camp_couple, lang),) if r), removed)
    margin = margin_rule = None
    if win.margin is not None:
        margin = Fact(t("margin"), t("margin-votes", count=win.margin.wrong_votes))
        margin_rule = _rule(game, win.margin.entry, lang)
    return WinSheet(rows, notes, margin, margin_rule)


_READ_BY_GAROU = {"lose-next-speech": "sheet.lose-next-speech"}
"""The sanctions whose wording is garou's reading of the document, said so on the sheet:
mafia.txt loses the speech « au tour suivant »; garou skips the next speech due (this
round's, when it has not come yet)."""


def _fouls(game: Game, lang: str, t: _Words) -> FoulsSheet | None:
    fouls = game.fouls
    if fouls is None:
        return None
    ladder = tuple(
        t(
            "ladder",
            n=limit.limit,
            what=what,
            then=say(
                _READ_BY_GAROU.get(limit.consequence, f"consequence.{limit.consequence}"), lang
            ),
        )
        for limit, what in ((fouls.foul, t("foul")), (fouls.technical, t("technical")))
    )
    groups: dict[str, list[str]] = {}
    for behaviour in fouls.behaviours:
        groups.setdefault(say(f"sanction.{behaviour.sanction}", lang), []).append(
            behaviour.text.get(lang)
        )
    return FoulsSheet(ladder, tuple((k, tuple(v)) for k, v in groups.items()))


def _scoring(game: Game, lang: str) -> ScoringSheet | None:
    scoring = game.scoring
    if scoring is None:
        return None
    camps = [c.id for c in game.info.camps if c.playable]
    camps = [c for c in camps if any(c in s.win_points for s in scoring.systems)]
    return ScoringSheet(
        camps=tuple(game.camp(c).name.get(lang) for c in camps),
        rows=tuple(
            ScoreRow(
                s.name.get(lang),
                tuple(_number(s.win_points[c], lang) if c in s.win_points else "" for c in camps),
            )
            for s in scoring.systems
        ),
    )


def _cases(game: Game, lang: str, agreement: Agreement | None) -> tuple[Case, ...]:
    cases = []
    for entry in (*game.contested(), *game.settings()):
        options = {o.id: o for o in entry.options}
        decision = agreement.decision(entry.id) if agreement is not None else None
        default = entry.default
        proposed_by_garou = default is not None and default.addition
        if decision is not None:
            chosen = options.get(decision.option)
            cases.append(
                Case(
                    id=entry.id,
                    question=entry.title.get(lang),
                    answer=decision.answer.get(lang),
                    status="table",
                    kept_default=decision.default,
                    options=(),
                    addition=_added(entry),
                    custom=False,
                    answer_addition=bool(chosen and chosen.addition),
                    proposed=decision.default and proposed_by_garou,
                )
            )
        elif default is not None and default.option in options:
            chosen = options[default.option]
            cases.append(
                Case(
                    id=entry.id,
                    question=entry.title.get(lang),
                    answer=chosen.label.get(lang),
                    status="default",
                    kept_default=True,
                    options=(),
                    addition=_added(entry),
                    custom=False,
                    answer_addition=chosen.addition,
                    proposed=proposed_by_garou,
                )
            )
        else:
            cases.append(
                Case(
                    id=entry.id,
                    question=entry.title.get(lang),
                    answer="",
                    status="open",
                    kept_default=False,
                    options=tuple(o.label.get(lang) for o in entry.options),
                    addition=_added(entry),
                    custom=False,
                )
            )
    if agreement is not None:
        known = {c.id for c in cases}
        for decision in agreement.decisions:
            if decision.case in known:
                continue
            cases.append(
                Case(
                    id=decision.case,
                    question=decision.question.get(lang),
                    answer=decision.answer.get(lang),
                    status="table",
                    kept_default=decision.default,
                    options=(),
                    addition=False,
                    custom=True,
                )
            )
    return tuple(cases)


# --- the agreement sheet ---------------------------------------------------------------


def _during(game: Game, case: str, option: str, lang: str) -> str:
    """What the option ``option`` of ``case`` leaves to the table during the game, or ""."""
    entry = next((e for e in game.entries if e.id == case), None)
    chosen = next((o for o in entry.options if o.id == option), None) if entry else None
    return chosen.during.get(lang) if chosen is not None and chosen.during else ""


def build_agreement_sheet(agreement: Agreement, game: Game, lang: str) -> AgreementSheet:
    """Return the agreement sheet of ``agreement`` (for ``game``) in ``lang``."""
    t = _Words(lang)
    if agreement.game != game.id:
        raise UsageError(
            "sheet.agreement-other-game",
            path=agreement.path or "",
            game=agreement.game,
            wanted=game.id,
        )
    setup = agreement.setup
    cases = {c.id: c for c in _cases(game, lang, agreement)}
    decisions = tuple(
        DecisionRow(
            case=d.case,
            question=d.question.get(lang),
            answer=d.answer.get(lang),
            kept_default=d.default,
            custom=d.case not in {e.id for e in game.entries},
            addition=d.case in cases and cases[d.case].addition,
            answer_addition=d.case in cases and cases[d.case].answer_addition,
            proposed=d.case in cases and cases[d.case].proposed,
            during=_during(game, d.case, d.option, lang),
        )
        for d in agreement.decisions
    )
    roles: tuple[RoleRow, ...] = ()
    total = None
    if setup is not None:
        dealt = _dealt(game, setup) or {}
        roles = _roles(game, lang, dealt)
        total = sum(dealt.values())
    if setup is not None and setup.names:
        signatures = tuple(setup.names)
    elif setup is not None and setup.players > 0:
        signatures = ("",) * setup.players
    elif game.setup.min_players == game.setup.max_players:  # the game has one table size
        signatures = ("",) * game.setup.min_players
    else:
        signatures = ("",) * BLANK_SIGNATURES
    return AgreementSheet(
        lang=lang,
        # The names go on the lines to initial, not in the header.
        header=replace(_header(game, lang, t("agreement"), setup, agreement), names=()),
        decisions=decisions,
        roles=roles,
        total=total,
        signatures=signatures,
        # a role garou adds (Cupid) is marked on the sheet every player initials, as on the
        # cheat sheet and the phone: the signed sheet is the one read in a dispute
        additions=any(d.addition or d.answer_addition for d in decisions)
        or any(r.addition for r in roles),
        proposals=any(d.proposed for d in decisions),
    )
