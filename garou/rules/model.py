"""The typed, frozen records that the rule data is made of.

The YAML files in ``rules/data`` are the single source of truth; these records only give
them a shape. A field whose metadata says ``yaml: False`` is filled in by the loader.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, Literal

from garou.core.records import record

LANGS: tuple[str, ...] = ("fr", "en")
"""The languages every text is written in, French first."""

Kind = Literal[
    "summary",
    "rule",
    "procedure",
    "role",
    "status",
    "table",
    "contested",
    "setting",
    "mistake",
    "concept",
    "sanction",
    "scoring",
    "win",
    "advice",
]
"""What an entry is: a rule, a role, a contested case, a common mistake..."""

KINDS: tuple[str, ...] = Kind.__args__  # type: ignore[attr-defined]


def _loader_made(default: object = None) -> object:
    return field(default=default, metadata={"yaml": False})


@record
class Text:
    """A text written in every language."""

    fr: str
    """French."""
    en: str
    """English."""

    def get(self, lang: str) -> str:
        """Return the text in ``lang`` ("fr" or "en")."""
        return str(getattr(self, lang))


@record
class Words:
    """Lists of words per language (keywords, aliases, asks); a language may be left out."""

    fr: tuple[str, ...] = ()
    """French words."""
    en: tuple[str, ...] = ()
    """English words."""

    def get(self, lang: str) -> tuple[str, ...]:
        """Return the words in ``lang``."""
        return tuple(getattr(self, lang))

    def all(self) -> tuple[str, ...]:
        """Return the words of every language, French first."""
        return self.fr + self.en


@record
class Source:
    """Where a fact comes from: a document and its section, or garou itself."""

    document: str
    """File name of the rule document, or "garou" for an addition."""
    section: str
    """Heading path inside the document ("Le déroulement du jour > Le vote")."""
    addition: bool = False
    """True when garou adds this (a translation, a usual order, a role) beyond the document."""
    user: bool = False
    """True when it comes from the user's own rule files (``document`` is the file name)."""

    readings: tuple[Text, ...] = ()
    """garou's readings of what the document leaves unsaid or ambiguous, said with it."""

    @property
    def reading(self) -> bool:
        """Return True when part of the entry is garou's reading, not the document's words."""
        return bool(self.readings)

    def label(self, lang: str | None = None) -> str:
        """Return "document, section", "garou addition (section)" or "your file (section)".

        Said in ``lang``, followed by garou's readings when the entry holds some. Without
        ``lang`` (the old call), the English label alone, as before readings existed:
        pass the user's language to get both.
        """
        from garou.core.catalogue import say, verbatim

        if self.user:
            key = "rules.source.user"
        elif self.addition:
            key = "rules.source.addition" if self.section else "rules.source.addition-bare"
        else:
            key = "rules.source.document"
        # the document's heading quoted as written (« Les cas qui font débat »)
        section = verbatim(self.section) if self.section else self.section
        text = say(key, lang or "en", document=self.document, section=section)
        if lang is None:
            return text
        for reading in self.readings:
            text = say("rules.source.with-reading", lang, source=text, reading=reading)
        return text


@record
class Reading:
    """A point the document leaves unsaid or ambiguous, and the way garou reads it.

    It is garou's, not the document's: every text that shows the entry says so (its
    source label), and programs can ask :meth:`Game.reading_of` for a structured value.
    """

    text: Text
    """What the document says or leaves out, and how garou reads it, in one sentence."""
    fields: tuple[str, ...] = ()
    """The structured values resting on this reading, as paths: "day.vote.tie.without_captain",
    "night.every[0].roles", "role:chasseur.power"."""


@record
class Camp:
    """A team that wins or loses together."""

    id: str
    """Stable ASCII id ("village", "loups", "ville", "mafia", "couple")."""
    name: Text
    """Display name."""
    minority: bool = False
    """True for the informed minority that kills at night (wolves, mafia)."""
    playable: bool = True
    """False for a camp no card belongs to (the couple forms during the game)."""


@record
class Section:
    """A section of a game's rules, mapped to the document heading it encodes."""

    id: str
    """Stable ASCII id, unique within the game."""
    title: Text
    """Display title."""
    heading: str = ""
    """The heading path in the source document; left out for a section garou adds."""


@record
class Role:
    """A card a player is dealt."""

    id: str
    """Stable ASCII id ("voyante", "sherif")."""
    name: Text
    """Display name."""
    camp: str
    """Id of the camp the role plays for."""
    power: bool
    """True for a power role (counted against the power-role threshold)."""
    summary: Text
    """What the role is and does, in one or two sentences."""
    section: str
    """Id of the section the role is described in."""
    night_action: Text | None = None
    """What it does when called at night; None when it is never called."""
    aliases: Words = Words()
    """Other names players use for it."""
    keywords: Words = Words()
    """More search words."""
    asks: Words = Words()
    """Questions players ask that the role's entry answers (garou's wording, searched)."""
    leaves_open: Words = Words()
    """Questions players ask next to the role that neither document answers (garou's
    wording: what the search reads as not settled here, never shown)."""
    related: tuple[str, ...] = ()
    """Ids of related entries."""
    addition: bool = False
    """True when garou adds the role (or its description) beyond the document."""
    heading: str = ""
    """Sub-heading in the document, under the section's heading, if any."""
    readings: tuple[Reading, ...] = ()
    """Where the description is garou's reading of what the document leaves unsaid."""
    gender: Literal["m", "f"] = "m"
    """The grammatical gender of the French name ("f": la Voyante), for the sentences the
    catalogue agrees with it (« la Sorcière n'est pas distribuée : appelez-la »)."""
    game: str = _loader_made("")  # type: ignore[assignment]
    """Id of the game (filled in by the loader)."""
    entry_id: str = _loader_made("")  # type: ignore[assignment]
    """Id of the entry generated for this role (filled in by the loader)."""

    def to_dict(self, game: Game, lang: str) -> dict[str, Any]:
        """Return the role as JSON data in ``lang`` (``garou roles --json``) of its ``game``."""
        from .export import readings_of

        # garou's reading when the document has no such notion (Mafia) or does not say
        power_reading = game.reading_of(f"role:{self.id}.power")
        return {
            "id": self.id,
            "game": game.id,
            "name": self.name.get(lang),
            "camp": self.camp,
            "camp_name": game.camp(self.camp).name.get(lang),
            "power": self.power,
            "power_reading": power_reading.text.get(lang) if power_reading else None,
            "night_action": self.night_action.get(lang) if self.night_action else None,
            "summary": self.summary.get(lang),
            "aliases": list(self.aliases.all()),
            "addition": self.addition,
            "entry": self.entry_id,
            "readings": readings_of(self, lang),
        }


@record
class Status:
    """A state a player holds on top of their card (the captain, a lover): not a card."""

    id: str
    """Stable ASCII id ("capitaine", "amoureux")."""
    name: Text
    """Display name."""
    summary: Text
    """What it is and how one gets it."""
    section: str
    """Id of the section it is described in."""
    aliases: Words = Words()
    """Other names players use for it."""
    keywords: Words = Words()
    """More search words."""
    asks: Words = Words()
    """Questions players ask that the status's entry answers (garou's wording, searched)."""
    leaves_open: Words = Words()
    """Questions players ask next to the status that neither document answers (garou's
    wording: what the search reads as not settled here, never shown)."""
    related: tuple[str, ...] = ()
    """Ids of related entries."""
    addition: bool = False
    """True when garou adds the status (or part of it) beyond the document."""
    heading: str = ""
    """Sub-heading in the document, under the section's heading, if any."""
    game: str = _loader_made("")  # type: ignore[assignment]
    """Id of the game (filled in by the loader)."""
    entry_id: str = _loader_made("")  # type: ignore[assignment]
    """Id of the entry generated for this status (filled in by the loader)."""


@record
class Option:
    """One answer to a contested case or a table setting."""

    id: str
    """Stable ASCII id, unique within the case."""
    label: Text
    """The answer in a few words."""
    text: Text | None = None
    """What the answer means in play, when the label is not enough."""
    addition: bool = False
    """True when garou adds this option beyond the document."""
    without: tuple[str, ...] = ()
    """Ids of statuses or roles this option takes out of the game (playing without a captain)."""
    during: Text | None = None
    """What the answer still leaves to the table during the game (garou asks it then), said
    under the answer on the agreement sheet the players initial."""


@record
class Default:
    """The option proposed when a table has not decided."""

    option: str
    """Id of the proposed option."""
    reason: Text
    """Why this one, in one line."""
    addition: bool = False
    """False when the document calls it usual or current; True when garou proposes it."""


@record
class Entry:
    """One ruling, role, table, contested case, mistake, concept... as shown and searched."""

    id: str
    """Stable ASCII id, unique across every game ("lg-vote-tie")."""
    section: str
    """Id of the section of the game it belongs to."""
    kind: Kind
    """What the entry is."""
    title: Text
    """A short title."""
    text: Text
    """The ruling, in garou's own words."""
    keywords: Words = Words()
    """Search words players would type."""
    aliases: Words = Words()
    """Other names for the thing the entry is about."""
    asks: Words = Words()
    """Questions players ask at a table that the entry's text fully answers, as they ask
    them: garou's wording, not the document's (document expansion: the search matches a
    question against the questions each entry answers, not only against its text)."""
    leaves_open: Words = Words()
    """Questions players ask next to the entry that neither document answers, as they ask
    them: garou's wording, never shown. The search weighs a question that is nearer one of
    these than any question an entry answers as one the rules do not settle."""
    related: tuple[str, ...] = ()
    """Ids of related entries."""
    roles: tuple[str, ...] = ()
    """Ids of the roles (or statuses) the entry concerns."""
    options: tuple[Option, ...] = ()
    """The possible answers, for a contested case or a setting."""
    default: Default | None = None
    """The answer proposed by default, for a contested case or a setting."""
    addition: bool = False
    """True when the entry as a whole is garou's addition beyond the document."""
    heading: str = ""
    """Sub-heading in the document, under the section's heading, if any."""
    readings: tuple[Reading, ...] = ()
    """Where the entry is garou's reading of what the document leaves unsaid or ambiguous."""
    game: str = _loader_made("")  # type: ignore[assignment]
    """Id of the game (filled in by the loader)."""
    source: Source = _loader_made(Source("", ""))  # type: ignore[assignment]
    """Document and section it comes from (filled in by the loader)."""

    def to_dict(self, game: Game, lang: str) -> dict[str, Any]:
        """Return the entry as JSON data in ``lang`` (``garou show --json``); ``game`` is its
        game, which names its section."""
        from .export import readings_of

        data: dict[str, Any] = {
            "id": self.id,
            "game": self.game,
            "kind": self.kind,
            "section": game.section(self.section).title.get(lang),
            "section_id": self.section,
            "title": self.title.get(lang),
            "text": self.text.get(lang),
            "keywords": list(self.keywords.get(lang)),
            "aliases": list(self.aliases.get(lang)),
            "asks": list(self.asks.get(lang)),
            "leaves_open": list(self.leaves_open.get(lang)),
            "related": list(self.related),
            "roles": list(self.roles),
            "addition": self.addition or self.source.addition,
            "source": {
                "document": self.source.document,
                "section": self.source.section,
                "addition": self.source.addition,
            },
            "readings": readings_of(self, lang),
        }
        if self.options:
            data["options"] = [
                {
                    "id": o.id,
                    "label": o.label.get(lang),
                    "text": o.text.get(lang) if o.text else None,
                    "addition": o.addition,
                    "default": self.default is not None and self.default.option == o.id,
                }
                for o in self.options
            ]
            if self.default is not None:
                data["default"] = {
                    "option": self.default.option,
                    "reason": self.default.reason.get(lang),
                    "addition": self.default.addition,
                }
        return data


# --- structured data that programs compute with --------------------------------------


@record
class Ref:
    """A rule a program applies, pointing at the entry that explains it."""

    entry: str
    """Id of the entry that states the rule."""


@record
class Band:
    """One row of the player-count table."""

    min: int
    """Fewest players of the row."""
    max: int
    """Most players of the row."""
    count: int
    """How many of the minority (wolves) the row asks for."""
    gives: Text
    """What a game of that size gives."""


@record
class CountTable:
    """The player-count table: how many of the minority for how many players."""

    entry: str
    """Id of the entry that shows the table."""
    role: str
    """Id of the minority role the table counts."""
    bands: tuple[Band, ...]
    """The rows, smallest first."""


@record
class Composition:
    """A fixed distribution of roles for a fixed number of players."""

    entry: str
    """Id of the entry that states it."""
    roles: dict[str, int]
    """Role id to count."""


@record
class Recommendation:
    """A set of roles recommended for some table."""

    entry: str
    """Id of the entry that recommends it."""
    roles: tuple[str, ...]
    """Ids of the recommended roles."""


@record
class Setup:
    """What a sound distribution must respect before dealing."""

    min_players: int
    """Fewest players the documents cover."""
    max_players: int
    """Most players the documents cover."""
    filler: str
    """Id of the simple role that fills the remaining seats."""
    dealing: Ref
    """How the cards are dealt."""
    count_table: CountTable | None = None
    """Player-count table (Loup-Garou)."""
    composition: Composition | None = None
    """The one fixed composition (Mafia)."""
    minority_fewer: Ref | None = None
    """The minority must be strictly fewer than the others at the start."""
    power_limit: Ref | None = None
    """No more power roles than simple (filler) roles."""
    first_group: Recommendation | None = None
    """Roles recommended for a first group."""
    seating: Ref | None = None
    """How seats are given."""


NightAction = Literal["act", "kill", "check", "meet", "couple", "save-or-poison"]
"""What a night step does, for programs: act (any power), kill, check, meet, couple, or
save-or-poison (save the victim of the night or poison another player)."""


@record
class NightStep:
    """One call of the night script."""

    id: str
    """Stable ASCII id within the game."""
    roles: tuple[str, ...]
    """Ids of the roles called together."""
    action: Text
    """What they do, said as the game master would."""
    does: NightAction = "act"
    """What the step does, for programs."""
    seconds: int | None = None
    """Time given, when the documents give one."""
    addition: bool = False
    """True when the step (or its place in the order) is garou's addition."""
    entry: str | None = None
    """Id of the entry that describes the step."""


@record
class OrderRule:
    """A night-order constraint: a role must be called after another."""

    role: str
    """Id of the role called later."""
    after: str
    """Id of the role it must be called after."""
    entry: str
    """Id of the entry stating the constraint."""


@record
class Night:
    """The night procedure."""

    entry: str
    """Id of the entry describing the night."""
    first: tuple[NightStep, ...]
    """Steps of the first night only, in order, called before the ``every`` steps."""
    every: tuple[NightStep, ...]
    """Steps of every night, in the usual order."""
    regular_from: int
    """Number of the first night on which the ``every`` steps run (1, or 2 after a meeting)."""
    constraints: tuple[OrderRule, ...] = ()
    """Order constraints the documents set."""
    call_absent: Ref | None = None
    """Every role is called every night, even when nobody holds it."""
    silence: Ref | None = None
    """Nobody speaks at night."""
    usual_order_addition: bool = False
    """True when the order of ``every`` beyond the constraints is garou's addition."""


TieStep = Literal["captain-decides", "extra-time", "revote-tied", "lift-vote", "nobody-leaves"]
"""One step of a tie procedure."""


@record
class Tie:
    """What happens when the vote is tied."""

    entry: str
    """Id of the entry stating the procedure."""
    with_captain: tuple[TieStep, ...]
    """Steps when there is a captain (empty when the game has none)."""
    without_captain: tuple[TieStep, ...]
    """Steps when there is no captain, in order."""


@record
class Timer:
    """A time limit, normal and (where it exists) turbo."""

    entry: str
    """Id of the entry stating it."""
    normal_seconds: int
    """The limit in normal play."""
    turbo_seconds: int | None = None
    """The limit in turbo mode."""


@record
class Debate:
    """The day's debate durations the documents advise."""

    entry: str
    """Id of the entry stating them."""
    first_day_minutes: int
    """Advised length of the first day's debate."""
    later_minutes: int
    """Advised length of the later debates."""


@record
class Vote:
    """How the day vote works."""

    entry: str
    """Id of the entry describing the vote."""
    simultaneous: bool | None
    """True when everybody votes at once; None when the document does not say."""
    decision: Literal["plurality", "majority"]
    """plurality: most votes leaves; majority: as the document words it."""
    nominations: bool
    """True when players must first be nominated."""
    tie: Tie
    """The tie procedure."""
    abstention: Literal["allowed", "last-nominee"] = "allowed"
    """What happens to a player who does not vote."""
    abstention_entry: str | None = None
    """Id of the entry stating the abstention rule."""
    lift_passes: Literal["majority"] = "majority"
    """How the lift vote passes (everybody tied leaves)."""
    lift_silent: Literal["not-counted", "against"] = "not-counted"
    """What a living player who gives no lift ballot counts for: nothing, or against the
    lift (everybody stays)."""
    lift_entry: str | None = None
    """Id of the entry describing the lift vote, where the game has one."""


@record
class Day:
    """The day procedure."""

    entry: str
    """Id of the entry describing the day."""
    reveal: Literal["on-death", "game-end"]
    """When the role of a player who leaves is revealed."""
    reveal_entry: str
    """Id of the entry stating when roles are revealed."""
    vote: Vote
    """The vote."""
    announcement: Ref | None = None
    """The deaths are announced once, grouped (Loup-Garou)."""
    debate: Debate | None = None
    """Advised debate durations (Loup-Garou)."""
    speech: Timer | None = None
    """Speech time per turn (Mafia)."""
    farewell: Timer | None = None
    """Farewell speech time (Mafia)."""
    interrupt: Ref | None = None
    """Speaking out of turn costs a foul (Mafia)."""
    dead_silent: Ref | None = None
    """A player who leaves takes no more part."""


Trigger = Literal["shoot", "follow-partner", "name-successor"]
"""What a death sets off."""


@record
class Consequence:
    """A death that sets off something else."""

    id: str
    """Stable ASCII id within the game."""
    holder: str
    """Id of the role or status that sets it off."""
    does: Trigger
    """shoot: the holder picks a target who dies at once; follow-partner: the other lover
    dies at once; name-successor: the holder names who takes the status."""
    any_cause: bool
    """True when it happens whatever the cause of death."""
    chooser: Literal["holder", "none"]
    """Who chooses: the dying holder, or nobody (it just happens)."""
    entry: str
    """Id of the entry stating it."""


@record
class Deaths:
    """What deaths set off, and how they are announced."""

    entry: str
    """Id of the entry on deaths and their consequences."""
    resolve_first: Ref | None = None
    """Resolve the whole chain before announcing anything."""
    chain: Ref | None = None
    """A death set off by another death sets off its own consequences in turn."""
    consequences: tuple[Consequence, ...] = ()
    """The deaths that set off others."""
    best_move_most: int | None = None
    """How many players a departing player's "best move" names at most (Mafia); the
    document gives no number: garou's reading (``Game.reading_of``)."""


WinWhen = Literal["no-minority-left", "parity", "lovers-last-two-opposite-camps"]
"""A win condition, for programs."""


@record
class WinCondition:
    """One way a camp wins."""

    camp: str
    """Id of the camp that wins."""
    when: WinWhen
    """The condition."""
    entry: str
    """Id of the entry stating it."""


@record
class Margin:
    """How many wrong eliminations the majority can afford before the game turns critical."""

    entry: str
    """Id of the entry stating it."""
    wrong_votes: int
    """Wrong eliminations allowed while the minority does not miss."""


@record
class Win:
    """The win conditions."""

    entry: str
    """Id of the entry listing them."""
    conditions: tuple[WinCondition, ...]
    """Every condition."""
    same_camp_couple: Ref | None = None
    """A couple of the same camp wins with its camp, not alone."""
    margin: Margin | None = None
    """The margin of error (Mafia)."""


@record
class FoulLimit:
    """A count of warnings and what reaching it costs."""

    entry: str
    """Id of the entry stating it."""
    limit: int
    """How many it takes."""
    consequence: Literal["lose-next-speech", "disqualification"]
    """What reaching the limit leads to."""


@record
class Behaviour:
    """A listed behaviour and the sanction it draws."""

    id: str
    """Stable ASCII id."""
    sanction: Literal["foul", "technical-foul", "disqualification"]
    """What it draws: an ordinary foul (interrupting out of turn), a technical foul, or
    disqualification."""
    text: Text
    """The behaviour, as a short rule."""
    keywords: Words = Words()
    """Search words that describe the act itself: given whole, they name the behaviour."""
    hints: Words = Words()
    """Words for an object or a verb the act only involves (a phone, to speak): they make
    the behaviour a candidate, never name it, so nobody is sentenced on them alone."""
    seconds: int | None = None
    """A time limit in the rule, if any."""


@record
class Fouls:
    """Fouls, technical fouls and the behaviours they sanction (Mafia)."""

    entry: str
    """Id of the entry on fair play."""
    foul: FoulLimit
    """Ordinary fouls (interrupting)."""
    technical: FoulLimit
    """Technical fouls (unsporting behaviour)."""
    behaviours: tuple[Behaviour, ...]
    """Every listed behaviour."""
    technical_entry: str
    """Id of the entry listing the unsporting behaviours."""
    disqualifying_entry: str
    """Id of the entry listing the disqualifying infractions."""


@record
class ScoringSystem:
    """A way of scoring a finished game."""

    id: str
    """Stable ASCII id ("classic", "max-mafia")."""
    name: Text
    """Display name."""
    win_points: dict[str, float]
    """Camp id to the points each member of the winning camp gets."""
    entry: str
    """Id of the entry describing it."""


@record
class Scoring:
    """The scoring systems."""

    entry: str
    """Id of the entry on scoring."""
    systems: tuple[ScoringSystem, ...]
    """Every system."""


@record
class GameInfo:
    """Who a game is: names, document, camps, sections."""

    name: Text
    """Display name."""
    document: str
    """File name of the source document."""
    title: str
    """Title of the source document."""
    players: str
    """Id of the camp the simple players belong to (village, ville)."""
    camps: tuple[Camp, ...]
    """The camps."""
    sections: tuple[Section, ...]
    """The sections, in the document's order."""
    prefix: str = ""
    """Prefix of the game's entry ids ("lg", "mf"); generated role entries use it."""
    aliases: Words = Words()
    """Other names of the game."""
    differs: Text | None = None
    """How the game differs from the other one, when the document says."""


@record
class Game:
    """Everything garou knows about one game."""

    id: str
    """Stable ASCII id ("loup-garou", "mafia")."""
    info: GameInfo
    """Names, document, camps, sections."""
    roles: tuple[Role, ...]
    """The cards."""
    statuses: tuple[Status, ...]
    """The statuses (captain, lovers)."""
    entries: tuple[Entry, ...]
    """Every entry, generated role and status entries included."""
    setup: Setup
    """The setup constraints."""
    night: Night
    """The night."""
    day: Day
    """The day."""
    deaths: Deaths
    """Death consequences."""
    win: Win
    """Win conditions."""
    fouls: Fouls | None = None
    """Fouls and sanctions (Mafia)."""
    scoring: Scoring | None = None
    """Scoring systems (Mafia)."""
    files: tuple[str, ...] = ()
    """The data files the game was read from."""

    def role(self, role_id: str) -> Role:
        """Return the role ``role_id``; raise KeyError if the game has none."""
        for role in self.roles:
            if role.id == role_id:
                return role
        raise KeyError(role_id)

    def entry(self, entry_id: str) -> Entry:
        """Return the entry ``entry_id``; raise KeyError if the game has none."""
        for entry in self.entries:
            if entry.id == entry_id:
                return entry
        raise KeyError(entry_id)

    def camp(self, camp_id: str) -> Camp:
        """Return the camp ``camp_id``; raise KeyError if the game has none."""
        for camp in self.info.camps:
            if camp.id == camp_id:
                return camp
        raise KeyError(camp_id)

    def section(self, section_id: str) -> Section:
        """Return the section ``section_id``; raise KeyError if the game has none."""
        for section in self.info.sections:
            if section.id == section_id:
                return section
        raise KeyError(section_id)

    def contested(self) -> tuple[Entry, ...]:
        """Return the contested cases, in the document's order."""
        return tuple(e for e in self.entries if e.kind == "contested")

    def settings(self) -> tuple[Entry, ...]:
        """Return the settings left to the table."""
        return tuple(e for e in self.entries if e.kind == "setting")

    def minority_roles(self) -> tuple[Role, ...]:
        """Return the roles of the informed minority (wolves, mafia)."""
        minority = {c.id for c in self.info.camps if c.minority}
        return tuple(r for r in self.roles if r.camp in minority)

    def reading_of(self, path: str) -> Reading | None:
        """Return garou's reading that the structured value at ``path`` rests on, or None.

        ``path`` is written as in :attr:`Reading.fields` ("day.vote.tie.without_captain",
        "role:chasseur.power"); a reading of a block covers everything inside it.
        """
        for entry in self.entries:
            for reading in entry.readings:
                for field_ in reading.fields:
                    if path == field_ or path.startswith((field_ + ".", field_ + "[")):
                        return reading
        return None
