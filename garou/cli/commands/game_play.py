"""The interactive face of ``garou game play``: prompts for each step, in the data's order.

Every answer becomes one event recorded through :func:`garou.game.session.record` (the
same checks as the scripted face); a refused event is said with its rule and asked again.
The session always starts from the replayed state, so it resumes wherever it stopped.
"""

from __future__ import annotations

from collections.abc import Container
from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:
    from rich.console import Console

    from garou.game.journal import Journal
    from garou.game.table import LoupGarouState
    from garou.rules.loader import Rulebook
    from garou.rules.model import NightStep

UNDO_WORDS = {"annuler", "undo", "u"}
QUIT_WORDS = {"q", "quit", "quitter"}


class _Undo(Exception):
    """The game master asked to cancel the last event."""


class _Quit(Exception):
    """The game master asked to stop (everything answered is kept)."""


class _Changed(Exception):
    """A command typed at a prompt recorded an event that changed what the game waits for
    (the step, or who is at the table): the prompt is left, the step asked anew."""


NIGHT_DRAFT = "night-step"
"""The journal's draft of the night step being answered (its answers so far)."""


class _Answers:
    """The answers of one night step, each kept in the journal's draft as it is given."""

    def __init__(self, session: Session, where: dict[str, Any], kept: dict[str, Any]):
        self.session, self.where, self.kept = session, where, kept

    def get(self, field: str, ask: Any) -> Any:
        """Return the answer ``field``: the one kept, else ``ask()``'s, kept at once."""
        if field not in self.kept:
            self.kept[field] = ask()
            self.save()
        return self.kept[field]

    def drop_last(self) -> None:
        """Forget the last answer (the one the table refused); keep the others."""
        if self.kept:
            self.kept.pop(list(self.kept)[-1])
        self.save()

    def save(self) -> None:
        session = self.session
        data = {**self.where, "answers": self.kept}
        session.journal.save_draft(session.game_id, NIGHT_DRAFT, data)


class Session:
    """One interactive session on one game."""

    def __init__(
        self,
        journal: Journal,
        book: Rulebook,
        game_id: int,
        lang: str,
        out: Console,
        clock: Any,
        countdown: bool,
    ):
        self.journal, self.book, self.game_id, self.lang = journal, book, game_id, lang
        self.out, self.clock, self.countdown = out, clock, countdown
        self.shown: set[str] = set()
        self.drawn: int | None = None
        """The game's last event when the step being asked was drawn (set by :meth:`run`;
        None outside it, as for ``game speak``): what another screen recorded since is
        said, and the step asked anew."""

    # --- words ------------------------------------------------------------------------

    def say(self, key: str, **values: Any) -> str:
        from garou.core.catalogue import say

        return say(key, self.lang, **values)

    def show(self, text: str, style: str = "") -> None:
        from rich.markup import escape

        self.out.print(f"[{style}]{escape(text)}[/]" if style else escape(text))

    def ask(self, question: str, default: str | None = None) -> str:
        """Ask on the terminal; "annuler" undoes, "q" stops, end of input stops.

        Standard input is read one line at a time from ``sys.stdin`` itself (a new text
        stream per question would buffer, and lose, the rest of a piped script of answers).
        """
        import sys

        suffix = f" [{default}]" if default else ""
        typer.echo(f"{question}{suffix} ", nl=False)
        line = sys.stdin.readline()
        if not line:
            raise _Quit()
        answer = line.strip()
        if answer.lower() in UNDO_WORDS:
            raise _Undo()
        if answer.lower() in QUIT_WORDS:
            raise _Quit()
        return answer or (default or "")

    def ask_yes(self, question: str, default: bool = False) -> bool:
        from garou.core.names import fold

        yes = {"o", "oui", "y", "yes"}
        no = {"n", "non", "no"}
        while True:
            answer = fold(self.ask(question, self.say("word.yes" if default else "word.no")))
            if answer in yes or answer == fold(self.say("word.yes")):
                return True
            if answer in no or answer == fold(self.say("word.no")):
                return False
            self.show(self.say("game.play.yes-no"), "yellow")

    def ask_name(
        self, question: str, options: list[str], empty: bool = False, aliases: Any = None
    ) -> str | None:
        """Ask for one of ``options``; ``aliases(answer)``: another name it may be typed
        by (a role's aliases), or None."""
        from garou.core.lists import quote_names, unquote
        from garou.core.names import fold

        by_fold = {fold(o): o for o in options}
        while True:
            answer = self.ask(f"{question} ({quote_names(options, ', ')})")
            if not answer and empty:
                return None
            for typed in (answer, unquote(answer)):
                if fold(typed) in by_fold:
                    return by_fold[fold(typed)]
            found = aliases(answer) if aliases is not None else None
            if found in options:
                return found
            suggest(self, [answer], options)
            self.show(self.say("game.play.pick-one", options=_quoted(options)), "yellow")

    def ask_names(self, question: str, options: list[str], count: int | None) -> list[str]:
        from garou.core.lists import quote_names
        from garou.core.names import fold

        by_fold = {fold(o): o for o in options}
        shown = _quoted(options)
        while True:
            answer = self.ask(f"{question} ({quote_names(options, ', ')})")
            picked = _picked(answer, by_fold)
            found = [by_fold.get(fold(p)) for p in picked]
            if picked and all(found) and (count is None or len(found) == count):
                return [f for f in found if f]
            suggest(self, [p for p, f in zip(picked, found, strict=True) if not f], options)
            if count is None:
                self.show(self.say("game.play.pick-names-any", options=shown), "yellow")
            else:
                self.show(self.say("game.play.pick-names", options=shown, count=count), "yellow")

    # --- recording --------------------------------------------------------------------

    def state(self) -> LoupGarouState:
        from garou.game import session

        return session.load(self.journal, self.book, self.game_id, self.lang).state

    def record(self, kind: str, data: dict[str, Any]) -> LoupGarouState | None:
        """Record an event, asking what it waits for first (a player's choice, the cards
        of the living: :func:`garou.game.questions.waited`); None when refused."""
        from garou.game import session
        from garou.game.errors import IllegalEventError
        from garou.game.questions import waited

        while True:
            try:
                return session.record(
                    self.journal, self.book, self.game_id, kind, data, self.lang
                ).state
            except IllegalEventError as exc:
                if self.drawn is not None and self.recorded_since(self.drawn):
                    return None  # answered on another screen meanwhile: said, asked anew
                question = waited(exc, self.state(), data)
                if question is None:
                    message = exc.message(self.lang)
                    self.show(self.say("error.prefix", message=message), "bold red")
                    return None
                data = question.into(data, self.answer(question))

    def answer(self, question: Any) -> Any:
        """Ask what an event waits for: a player's choice, or who holds each card still
        unmatched (by card, the most common one inferred)."""
        from garou.game.questions import CARDS

        if question.kind != CARDS:
            for note in question.notes:
                self.show(note.say(self.lang), "bold")
            return self.ask_name(question.say(self.lang), list(question.options))
        game = self.state().game
        roles: dict[str, str] = {}
        unknown = list(question.options)
        self.show(question.say(self.lang), "bold")
        left = dict(question.cards)
        for role, count in sorted(left.items(), key=lambda kv: kv[1])[:-1] or left.items():
            label = game.role(role).name.get(self.lang)
            picked = self.ask_names(
                self.say("game.play.who-holds", role=label, count=count), unknown, count
            )
            for name in picked:
                roles[name] = role
            unknown = [n for n in unknown if n not in picked]
        return roles

    # --- the loop ---------------------------------------------------------------------

    def run(self) -> None:
        self.show(self.say("game.play.intro"), "dim")
        while True:
            state = self.state()
            self.drawn = self.last_seq()  # the game as this step is drawn for
            self.header(state)
            if self.finished(state):
                self.over(state)
                return
            try:
                if state.phase == "night":
                    self.night(state)
                else:
                    self.day(state)
            except _Undo:
                try:
                    self.undo(state)
                except _Quit:
                    self.bye()
                    return
            except _Quit:
                self.bye()
                return
            except _Changed:
                continue  # the prompt named a player or a step that no longer holds

    def bye(self) -> None:
        """Say the game is paused, with the command that resumes it (on this journal)."""
        said = self.say("game.play.bye", id=self.game_id, option=self.journal.db_option())
        self.show(said, "dim")

    def undo(self, state: Any) -> None:
        """ "annuler" typed at a prompt: inside a step with answers kept (a vote's ballots, a
        night step's or a farewell's answers), the last answer is taken back and asked
        again, the others kept; otherwise the last event is undone only once confirmed
        (the table may have heard it read), the drafts left as they are."""
        from garou.game import session
        from garou.game.errors import IllegalEventError
        from garou.game.replay import META_KINDS
        from garou.game.sentences import event_said

        taken = self.take_back(state)
        if taken is not None:
            self.show(taken, "yellow")
            return
        replayed = session.load(self.journal, self.book, self.game_id, self.lang)
        last = [e for e in replayed.effective if e.kind not in (*META_KINDS, "start")]
        if last:
            said = event_said(replayed, last[-1])
            question = self.say("game.play.undo-confirm", seq=last[-1].seq, event=said)
            try:
                sure = self.ask_yes(question)
            except _Undo:
                sure = True  # "annuler" typed twice: the game master means it
            if not sure:
                self.show(self.say("game.play.undo-kept"), "dim")
                return
        self.shown.clear()
        try:
            replayed = session.undo(self.journal, self.book, self.game_id, self.lang)
            undone = replayed.undone[-1]
            said = event_said(replayed, undone)
            self.show(self.say("game.play.undone", event=said, seq=undone.seq), "yellow")
        except IllegalEventError as exc:
            self.show(self.say("error.prefix", message=exc.message(self.lang)), "red")

    def take_back(self, state: Any) -> str | None:
        """Take back the last answer kept for the step being answered (the last ballot of
        the show of hands, the night step's last answer); say what, or None when the step
        has none (the undo is then an event's)."""
        from garou.game import session
        from garou.game.script import BALLOT_DRAFT, ballot_draft, next_step

        if state.phase == "day" and next_step(state).kind == "vote":
            ballots = session.lg_ballots(self.journal, self.book, self.game_id, self.lang)
            if not ballots.asked:
                return None
            asked = list(ballots.asked)
            voter = asked.pop()
            votes = {k: v for k, v in ballots.votes.items() if k != voter}
            self.journal.save_draft(self.game_id, BALLOT_DRAFT, ballot_draft(state, votes, asked))
            return self.say("game.play.ballot-back", voter=voter)
        if state.phase == "night":
            step = state.next_step()
            draft = self.journal.draft(self.game_id, NIGHT_DRAFT)
            where = {"night": state.night, "step": step.id if step is not None else None}
            if draft is None or {k: draft.get(k) for k in where} != where:
                return None
            answers = dict(draft.get("answers") or {})
            if not answers:
                return None
            _Answers(self, where, answers).drop_last()
            return self.say("game.play.answer-back")
        return None

    def last_seq(self) -> int:
        """The number of the game's last event (countdowns aside)."""
        seqs = [e.seq for e in self.journal.events(self.game_id) if e.kind != "timer"]
        return max(seqs, default=0)

    def recorded_since(self, seq: int) -> bool:
        """True when an event was recorded after event ``seq`` on another screen (the
        phone, ``garou game add``) while a prompt waited: the game master is told what,
        with its read-aloud, and the step is asked anew from the game as it now is."""
        from garou.game import session
        from garou.game.sentences import event_said

        if self.last_seq() == seq:
            return False
        replayed = session.load(self.journal, self.book, self.game_id, self.lang)
        since = [event_said(replayed, e) for e in replayed.effective if e.seq > seq]
        undone = [e for e in replayed.undone if e.seq > seq]
        if since or undone:
            events = since or [event_said(replayed, e) for e in undone]
            self.show(self.say("game.play.elsewhere", count=len(events), events=events), "yellow")
        if since and replayed.effective[-1].seq > seq:
            self.told(replayed.state)
        self.shown.clear()
        return True

    def told(self, state: Any) -> None:
        """Say what the last event recorded elsewhere gives to read aloud."""
        if getattr(state, "told", None):
            self.announce(state, "game.play.out")

    def finished(self, state: Any) -> bool:
        """True once nothing is left to ask: the game is over."""
        return bool(state.phase == "over")

    def header(self, state: LoupGarouState) -> None:
        from garou.game.table import warnings

        where = (
            self.say("game.recap.night", number=state.night)
            if state.phase == "night"
            else self.say("game.recap.day", number=state.day)
        )
        key = f"{state.phase}{state.night}{state.day}{len(state.story)}"
        if key in self.shown:
            return
        self.shown.add(key)
        if state.phase != "over":
            self.out.rule(
                self.say(
                    "game.play.where",
                    where=where,
                    alive=len(state.living()),
                    total=len(state.seats),
                )
            )
        for warning in warnings(state):
            self.show(f"⚠ {warning.text.say(self.lang)} ({warning.rule})", "bold yellow")

    # --- night ------------------------------------------------------------------------

    def night(self, state: LoupGarouState) -> None:
        step = state.next_step()
        if not state.done and state.night >= 1 and f"asleep{state.night}" not in self.shown:
            self.shown.add(f"asleep{state.night}")
            self.show(self.say("game.play.read", text=self.say("game.play.asleep")), "bold cyan")
        if step is None:
            self.dawn(state)
            return
        self.call(state, step)

    def call(self, state: LoupGarouState, step: NightStep) -> None:
        from garou.game import script

        game = state.game
        roles = [game.role(r).name.get(self.lang) for r in step.roles]
        self.show(self.say("game.play.calling", roles=roles), "bold")
        # the step's answers are kept in the journal as they are typed (a draft, as the
        # day's ballots): a Ctrl-C or a refusal resumes in the step, nothing answered lost
        where = {"night": state.night, "step": step.id}
        draft = self.journal.draft(self.game_id, NIGHT_DRAFT)
        kept: dict[str, Any] = {}
        if draft is not None and {k: draft.get(k) for k in where} == where:
            kept = dict(draft.get("answers") or {})
        read = f"read{state.night}{step.id}"
        if kept:
            self.show(self.say("game.play.step-kept", count=len(kept)), "yellow")
        elif read not in self.shown:
            self.show(self.say("game.play.read", text=step.action.get(self.lang)), "cyan")
        self.shown.add(read)
        todo = script.next_step(state)
        answers = _Answers(self, where, kept)
        data = self.ask_step(state, todo, answers)
        kind = todo.kind
        if todo.cue is not None or kind not in ("couple", "look", "kill", "potions"):
            self.record("call", todo.call_data)
            return
        after = self.record(kind, {k: v for k, v in data.items() if v is not None})
        if after is None:
            answers.drop_last()
            return
        self.journal.drop_draft(self.game_id, NIGHT_DRAFT)
        if kind == "look":
            night, target, shown = after.looks[-1]
            seen = script.shown_name(after, shown, self.lang)
            self.show(self.say("game.play.seen", target=target, shown=seen), "bold green")

    def ask_step(self, state: LoupGarouState, todo: Any, answers: _Answers) -> dict[str, Any]:
        """Ask the step's questions (:func:`garou.game.questions.night_questions`) one by
        one, each time from the answers so far (kept in the journal's draft); return the
        event's values they give."""
        from garou.game.questions import ENTER, TELL, night_questions

        data: dict[str, Any] = {}
        walked: set[tuple[str, str]] = set()
        while True:
            questions = night_questions(state, todo, answers.kept)
            question = next((q for q in questions if (q.field, q.kind) not in walked), None)
            if question is None:
                return data
            walked.add((question.field, question.kind))
            for note in question.notes:
                self.show(note.say(self.lang), "magenta" if note.cue else "bold")
            if question.kind == ENTER:
                self.ask(self.say("game.play.enter"))
            elif question.kind != TELL:
                value = answers.get(question.field, lambda q=question: self.ask_one(state, q))
                data = question.into(data, value)

    def ask_one(self, state: LoupGarouState, question: Any) -> Any:
        """Ask ``question`` on the terminal; return the answer (a name, names, a yes, a
        card's role id)."""
        from garou.game.questions import CARD, NAMES, YES

        text = question.say(self.lang)
        if question.kind == NAMES:
            return self.ask_names(text, list(question.options), question.count)
        if question.kind == YES:
            return self.ask_yes(text, question.default)
        if question.kind == CARD:
            return self.ask_card(state, text, list(question.options))
        return self.ask_name(text, list(question.options), empty=question.empty)

    def ask_card(self, state: LoupGarouState, text: str, left: list[str]) -> str:
        """Ask for one of the cards ``left`` (role ids), by its name or an alias."""
        game = state.game
        labels = [game.role(r).name.get(self.lang) for r in left]

        def by_alias(typed: str) -> str | None:
            from garou.core.errors import GarouError
            from garou.core.names import resolve_role

            try:
                role = resolve_role(game, typed).id
            except GarouError:
                return None
            return labels[left.index(role)] if role in left else None

        picked = self.ask_name(text, labels, aliases=by_alias)
        return left[labels.index(picked or labels[0])]

    def dawn(self, state: LoupGarouState) -> None:
        self.show(self.say("game.play.dawn"), "bold")
        self.ask(self.say("game.play.enter"))
        after = self.record("dawn", {})
        if after is not None:
            self.announce(after, "game.play.deaths")

    def announce(self, state: LoupGarouState, key: str) -> None:
        """Give the one grouped announcement to read, then the ruling for the game master.

        What is read says what happened in the phase the event closed (``key``: the morning
        or the vote), from :func:`garou.game.table.announcement`.
        """
        from garou.game.table import announcement

        told = " ".join(p.say(self.lang) for p in announcement(state))
        if told:
            self.show(self.say("game.play.read", text=told), "bold cyan")
        for said in state.said:
            self.show(f"  [{said.rule}] {said.message}", "dim")

    # --- day --------------------------------------------------------------------------

    def day(self, state: LoupGarouState) -> None:
        from garou.game.questions import questions
        from garou.game.script import next_step

        step = next_step(state)
        (question,) = questions(state, step)  # the election, or the show of hands
        if step.kind == "election":
            for note in question.notes:
                self.show(note.say(self.lang), "bold")
            captain = self.ask_name(question.say(self.lang), list(question.options))
            self.record("election", {"captain": captain})
            return
        # each ballot is kept in the journal as it is typed: a Ctrl-C resumes at the next
        # voter; the ballots kept are checked against what was recorded since (an undo,
        # another screen, garou game add), the game master told what that changed
        from garou.game import session
        from garou.game.script import BALLOT_DRAFT

        ballots = session.lg_ballots(self.journal, self.book, self.game_id, self.lang)
        for said in ballots.told:
            self.show(said.say(self.lang), "yellow")
        votes, asked = dict(ballots.votes), list(ballots.asked)
        if state.vote_round == "first" and f"debate{state.day}" not in self.shown and not asked:
            self.shown.add(f"debate{state.day}")
            self.debate(state)
        if state.vote_round == "revote":
            self.show(self.say("game.play.revote", names=list(state.tied)), "bold")
        self.show(self.say("game.play.vote-how"), "dim")
        if asked:
            self.show(self.say("game.play.ballots-kept", count=len(asked), names=asked), "yellow")
        targets = list(question.options)
        # an undo or a vote on another screen since the step was drawn
        seq = self.drawn if self.drawn is not None else self.last_seq()
        for voter in question.voters:
            if voter in asked:
                continue
            if asked and self.journal.draft(self.game_id, BALLOT_DRAFT) is None:
                return  # recorded meanwhile elsewhere: the ballots are checked again
            said = question.say(self.lang, voter=voter)
            target = self.ask_name(said, targets, empty=question.empty)
            if self.recorded_since(seq):
                return  # the vote (or what it waits for) recorded on another screen
            votes, asked = self.cast(votes, {voter: target}, [voter])
        votes, asked = self.cast(votes, {}, [])  # a phone's last ballots, said, counted
        after = self.record("vote", {"votes": votes})
        self.journal.drop_draft(self.game_id, BALLOT_DRAFT)
        if after is not None and after.told:
            self.announce(after, "game.play.out")
        elif after is not None:
            for said in after.said:
                self.show(f"  [{said.rule}] {said.message}", "dim")

    def cast(
        self, votes: dict[str, str], cast: dict[str, str | None], asked: list[str]
    ) -> tuple[dict[str, str], list[str]]:
        """Keep the ballots just typed on top of those kept now (a phone may type some of
        the same show of hands): what another screen changed is said, never overwritten."""
        from garou.game import session

        ballots = session.cast_ballots(
            self.journal, self.book, self.game_id, votes, cast, asked, self.lang
        )
        for said in ballots.told:
            self.show(said.say(self.lang), "yellow")
        return dict(ballots.votes), list(ballots.asked)

    def debate(self, state: LoupGarouState) -> None:
        minutes = state.debate_minutes()
        if minutes is None:
            return
        self.show(self.say("game.play.debate", minutes=minutes), "bold")
        if self.countdown and self.ask_yes(self.say("game.play.countdown")):
            run_countdown(self, minutes * 60)

    def over(self, state: LoupGarouState) -> None:
        winner = state.game.camp(state.winner).name.get(self.lang) if state.winner else "-"
        self.show(
            self.say("game.play.read", text=self.say("game.play.winner", camp=winner)), "bold green"
        )
        self.show(self.say("game.play.recap-hint", id=self.game_id), "dim")


def run_countdown(session: Session, seconds: int) -> None:
    """Count ``seconds`` down on the session's clock, saying the time left now and then."""
    clock = session.clock
    end = clock.now() + seconds
    marks = sorted({m for m in (seconds, 180, 120, 60, 30, 10) if m <= seconds}, reverse=True)
    try:
        for mark in marks:
            wait = end - mark - clock.now()
            if wait > 0:
                clock.sleep(wait)
            if mark >= 60 and mark % 60 == 0:
                session.show(session.say("game.play.left-min", count=mark // 60), "yellow")
            else:
                session.show(session.say("game.play.left", seconds=mark), "yellow")
        left = end - clock.now()
        if left > 0:
            clock.sleep(left)
        session.show(session.say("game.play.time-up"), "bold red")
    except KeyboardInterrupt:
        session.show(session.say("game.play.countdown-stopped"), "dim")


def suggest(session: Any, typed: list[str], options: list[str]) -> None:
    """Say the names closest to each unknown name typed ("did you mean"), when any is."""
    from garou.core.names import Either, closest

    for word in typed:
        near = closest(word, options) if word.strip() else []
        if near:
            said = session.say("game.play.did-you-mean", typed=word, names=Either(near))
            session.show(said, "yellow")


def _picked(answer: str, known: Container[str] = ()) -> list[str]:
    """The names typed at a prompt: separated by , or ; (a name holding one in quotes), or
    the whole answer when it is one of the ``known`` names (folded) as typed; an open quote
    picks nothing (the question is asked again)."""
    from garou.core.errors import UsageError
    from garou.core.lists import read_list
    from garou.core.names import fold

    if answer.strip() and fold(answer.strip()) in known:
        return [answer.strip()]
    try:
        return read_list(answer, ",;")
    except UsageError:
        return []


def _quoted(names: list[str]) -> list[str]:
    """``names`` as a person types them back at a prompt (see garou.core.lists)."""
    from garou.core.lists import quote_name

    return [quote_name(n) for n in names]
