"""``garou game play`` for a Mafia evening: the judge's prompts, the speeches' countdown.

Same face as the Loup-Garou session (the prompts, "annuler" to undo, "q" to stop, each
answer committed at once); at any prompt of the day the judge may also type
``foul NAME``, ``tech NAME [BEHAVIOUR]``, ``dq NAME BEHAVIOUR``, ``ov NAME [BEHAVIOUR]`` or
``fouls NAME [WORDS]`` (the fouls lookup, the player known), or their French words
(« faute », « technique », « exclure », « défaite », « fautes »: ``mafia.command.*``).
"""

from __future__ import annotations

from typing import Any

import typer

from garou.core.catalogue import phrase
from garou.game.mafia_script import DRAFT, timer_label

from .game_play import Session, _Changed, _picked, _Quit, suggest

__all__ = ["DRAFT", "MafiaSession", "run_timer"]

FAREWELL_DRAFT = "mafia-farewell"
"""The journal's draft of the farewell being given (its countdown done, the answers)."""

FAREWELL_ANSWERS = ("best_move", "suspects", "crown")
"""The farewell's answers, in the order they are asked (an undo takes back the last)."""

SANCTION_WORDS = {
    "foul": "foul",
    "tech": "technical-foul",
    "dq": "disqualify",
    "ov": "opponent-victory",
}


COMMANDS = (*SANCTION_WORDS, "fouls")
"""The judge's day commands, by their English words (ids of ``mafia.command.*``)."""


def command_words() -> dict[str, str]:
    """Every word of each day command, folded, to the command: the catalogue's words of
    both languages (``mafia.command.<command>``, comma-separated), whatever ``--lang``."""
    from garou.core.catalogue import say
    from garou.core.names import fold

    words = {command: command for command in COMMANDS}
    for command in COMMANDS:
        for lang in ("fr", "en"):
            for word in say(f"mafia.command.{command}", lang).split(","):
                words[fold(word.strip())] = command
    return words


def command_help(lang: str) -> dict[str, Any]:
    """The first word of each day command in ``lang``, for the prompts' help."""
    from garou.core.catalogue import say

    return {c: say(f"mafia.command.{c}", lang).split(",")[0].strip() for c in COMMANDS}


class MafiaSession(Session):
    """One interactive session on a Mafia evening."""

    def state(self) -> Any:
        from garou.game import session

        return session.load(self.journal, self.book, self.game_id, self.lang).state

    def record(self, kind: str, data: dict[str, Any]) -> Any:
        from garou.game import session
        from garou.game.errors import IllegalEventError

        drawn = getattr(self, "drawn", None)
        if drawn is not None and self.theirs_since(drawn):
            # The step was drawn before another screen recorded (an undo, a vote): the
            # answer was for a game that has changed. Told, and the step asked anew.
            self.told_elsewhere()
            raise _Changed()
        self.told_elsewhere()  # what another screen recorded first, before this one's
        try:
            replayed = session.record(self.journal, self.book, self.game_id, kind, data, self.lang)
        except IllegalEventError as exc:
            self.show(self.say("error.prefix", message=exc.message(self.lang)), "bold red")
            return None
        self._story(replayed.state, {replayed.effective[-1].seq})
        self.told_elsewhere()
        return replayed.state

    def _story(self, state: Any, seqs: set[int]) -> None:
        """Say the story lines of the events ``seqs`` (what the judge reads aloud; the
        judge's own lines marked so)."""
        told: set[tuple[int, str]] = getattr(self, "skips_told", set())
        for line in state.story:
            key = getattr(line.text, "key", None)
            if key == "mafia.story.skipped" and (
                (line.number, line.text.values.get("name")) in told
            ):
                continue  # said when the speech was passed over (skip_lost_speeches)
            if line.seq in seqs:
                mark = f" [{self.say('mafia.play.judge-only')}]" if line.hidden else ""
                self.show(line.text.say(self.lang) + mark, "cyan" if line.hidden else "")

    # --- what another screen recorded -------------------------------------------------

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.told_elsewhere()  # the journal as it is when the session starts: nothing told

    def told_elsewhere(self) -> bool:
        """Tell the events another screen (the judge's phone, ``garou game add``) recorded
        since this session last looked, with what they give to read aloud; True when there
        were some. The judge's own day commands record events too, so the events are told
        from the journal's own record of what this session appended
        (:attr:`garou.game.journal.Journal.appended`), never from the count alone."""
        journal = getattr(self, "journal", None)
        if journal is None:
            return False  # a session built bare (no game to look at)
        from garou.game import session
        from garou.game.sentences import event_said

        events = journal.events(self.game_id)
        last = max((e.seq for e in events), default=0)
        seen = getattr(self, "seen", None)
        if seen is None:  # the first look: what is there was there before this session
            replayed = session.load(journal, self.book, self.game_id, self.lang)
            self.seen, self.undone = last, {e.seq for e in replayed.undone}
            return False
        theirs = {
            e.seq
            for e in events
            if e.seq > seen and e.kind != "timer" and (self.game_id, e.seq) not in journal.appended
        }
        self.seen = last
        if not theirs:
            return False
        replayed = session.load(journal, self.book, self.game_id, self.lang)
        undone = {e.seq for e in replayed.undone}
        said = [event_said(replayed, e) for e in replayed.effective if e.seq in theirs]
        taken = [e for e in replayed.undone if e.seq not in self.undone]
        said += [
            phrase("mafia.play.undone", event=event_said(replayed, e), seq=e.seq) for e in taken
        ]
        self.undone = undone
        if said:
            self.show(self.say("game.play.elsewhere", count=len(said), events=said), "yellow")
            self._story(replayed.state, theirs)
        self.shown.clear()
        return True

    def theirs_since(self, seq: int) -> bool:
        """True when another screen (the phone, ``garou game add``, another terminal)
        recorded an event after event ``seq``: this session's own events (a foul typed at
        a prompt) and the countdowns are no change of the step."""
        journal = getattr(self, "journal", None)
        if journal is None:
            return False
        return any(
            e.seq > seq and e.kind != "timer" and (self.game_id, e.seq) not in journal.appended
            for e in journal.events(self.game_id)
        )

    def recorded_since(self, seq: int) -> bool:
        """True when another screen recorded after event ``seq`` (told, with what it gives
        to read aloud): the judge's own command at the prompt is not another screen's."""
        if not self.theirs_since(seq):
            return False
        self.told_elsewhere()
        return True

    def command(self, answer: str) -> bool:
        """Run a sanction or lookup typed at a prompt; True when it was one. The commands
        are the catalogue's words, French and English alike (« faute » or ``foul``)."""
        from garou.core.names import fold

        words = answer.split()
        command = command_words().get(fold(words[0])) if words else None
        if command is None:
            return False
        if len(words) < 2:
            self.show(self.say("mafia.play.commands", **command_help(self.lang)), "yellow")
            return True
        name, rest = words[1], " ".join(words[2:])
        if command == "fouls":
            from garou.game.mafia_fouls import lookup

            try:
                for line in lookup(self.state(), name, rest or None, self.lang):
                    self.show(line)
            except Exception as exc:  # a GarouError: said with its message
                message = getattr(exc, "message", None)
                self.show(message(self.lang) if callable(message) else str(exc), "red")
            return True
        data: dict[str, Any] = {"player": name}
        if rest:
            data["behaviour"] = rest
        before = self.waiting()
        if self.record(SANCTION_WORDS[command], data) is not None and self.waiting() != before:
            # the prompt may name a player just removed (a speaker disqualified, a nominee,
            # a voter): it is left, and the step asked anew from the state now
            raise _Changed()
        return True

    def take_back(self, state: Any) -> str | None:
        """Take back the last answer kept for the step being answered: the last nominee's
        ballots of the vote, the farewell's last answer; None when the step has none (the
        undo is then an event's, confirmed first)."""
        from garou.game import session
        from garou.game.mafia_script import draft_data, next_step

        step = next_step(state)
        if step.kind == "vote" and step.round != "lift":
            ballots = session.mafia_ballots(self.journal, self.book, self.game_id, self.lang)
            if not ballots.done:
                return None
            done = list(ballots.done)
            nominee = done.pop()
            votes = {k: v for k, v in ballots.votes.items() if v != nominee}
            self.journal.save_draft(self.game_id, DRAFT, draft_data(state, votes, done))
            return self.say("game.play.votes-back", name=nominee)
        if step.kind == "farewell":
            kept = self.journal.kept_draft(self.game_id, FAREWELL_DRAFT)
            draft = dict(kept[1]) if kept is not None else {}
            answered = [k for k in FAREWELL_ANSWERS if k in draft]
            if draft.get("player") != step.player or not answered:
                return None
            draft.pop(answered[-1])
            self.journal.save_draft(self.game_id, FAREWELL_DRAFT, draft)
            return self.say("game.play.answer-back")
        return None

    def waiting(self) -> tuple[Any, ...]:
        """What a prompt is asked for: the step the evening waits for and who is at the
        table (a command that changes either leaves the prompt)."""
        from garou.game.mafia_script import next_step

        state = self.state()
        return (next_step(state), tuple(s.name for s in state.living()))

    def prompt(self, question: str, default: str | None = None) -> str:
        """Ask ``question``; a day command typed is run and the question asked again. What
        another screen recorded while it waited is told, and the step asked anew from the
        evening as it now is (the answer typed was for the evening as it was)."""
        while True:
            answer = self.ask(question, default)
            if not self.command(answer):
                if self.told_elsewhere():
                    raise _Changed()
                return answer
            if self.told_elsewhere():
                raise _Changed()

    def names(
        self,
        question: str,
        options: list[str],
        empty: bool = True,
        one: bool = False,
        default: str | None = None,
        nobody: bool = False,
    ) -> list[str]:
        """Ask for names among ``options`` (``one``: a single name is wanted; ``default``:
        the answer Enter takes; ``nobody``: the word for "nobody", « personne », in either
        language, answers no name, unless it is a player's name)."""
        from garou.core.catalogue import say
        from garou.core.names import fold

        by_fold = {fold(o): o for o in options}
        by_fold.update({str(i): o for i, o in self.seat_numbers(options).items()})
        none = {fold(say("mafia.play.word.nobody", lang)) for lang in ("fr", "en")} - set(by_fold)
        from garou.core.lists import quote_name, quote_names

        while True:
            answer = self.prompt(f"{question} ({quote_names(options, ', ')})", default)
            if nobody and fold(answer) in none:
                return []
            picked = _picked(answer, by_fold)
            found = [by_fold.get(fold(p)) for p in picked]
            if all(found) and (picked or empty) and not (one and len(found) > 1):
                return [f for f in found if f]
            unknown = [p for p, f in zip(picked, found, strict=True) if not f]
            suggest(self, [p for p in unknown if not self.left_table(p)], options)
            shown = [quote_name(o) for o in options]
            key = "game.play.pick-one" if one else "game.play.pick-names-any"
            self.show(self.say(key, options=shown), "yellow")

    def left_table(self, typed: str) -> bool:
        """Say so when ``typed`` is a player of the evening who has left the table (shot,
        voted out, disqualified) rather than "did you mean" another name; True then."""
        from garou.core.catalogue import phrase
        from garou.core.names import fold

        if getattr(self, "journal", None) is None:
            return False  # a session built bare (no game to look at): nobody has left
        state = self.state()
        seat = next((s for s in state.seats if fold(s.name) == fold(typed)), None)
        if seat is None or seat.alive:
            return False
        how = phrase(f"cause.{seat.out}") if seat.out else ""
        self.show(self.say("game.play.left-table", name=seat.name, how=how), "yellow")
        return True

    def seat_numbers(self, options: list[str]) -> dict[int, str]:
        state = self.state()
        return {s.seat: s.name for s in state.seats if s.name in options}

    def name(self, question: str, options: list[str], empty: bool = False) -> str | None:
        while True:
            picked = self.names(question, options, empty, one=True)
            if len(picked) == 1 or (empty and not picked):
                return picked[0] if picked else None

    # --- the loop ---------------------------------------------------------------------

    def finished(self, state: Any) -> bool:
        """True once the evening is over and every farewell given (mafia.txt: the player
        leaving the table has the farewell, the one the last vote sends out too)."""
        return bool(state.phase == "over" and not state.farewell_due)

    def header(self, state: Any) -> None:
        from garou.game.mafia import warnings

        where = self.say(
            "game.recap.night" if state.phase == "night" else "game.recap.day",
            number=state.night if state.phase == "night" else state.day,
        )
        alive = len(state.living())
        self.show(f"\n— {where} · {self.say('mafia.play.alive', alive=alive)} —", "bold")
        for warning in warnings(state, self.lang):
            self.show(f"⚠ {warning['message']} ({warning['rule']})", "bold yellow")

    def night(self, state: Any) -> None:
        from garou.game.mafia_script import next_step
        from garou.game.questions import questions

        self.drawn = self.last_seq()  # the game as this step is drawn for
        step = next_step(state)
        if step.kind == "meeting" or step.meeting:
            # the first night's checks follow the meeting (mf-first-night)
            self.meeting(state, step.seconds)
        asked = questions(state, step)  # a shot's or a check's target
        if not asked:
            self.record("day", {})
            return
        (target,) = asked
        data: dict[str, Any] = {"shooter": step.player} if step.kind == "shot" else {}
        data["target"] = self.name(target.say(self.lang), list(target.options))
        self.record(step.kind, data)

    def meeting(self, state: Any, seconds: int) -> None:
        """Read the first night's meeting and offer its countdown, once a session."""
        if getattr(self, "met", False):
            return
        self.met = True
        self.show(self.say("mafia.story.meeting", seconds=seconds))
        if self.countdown and self.ask_yes(self.say("mafia.play.timer-meeting")):
            self.timer(seconds, timer_label(state))

    def day(self, state: Any) -> None:
        from garou.game.mafia_script import can_nominate, next_step

        self.drawn = self.last_seq()  # the game as this step is drawn for
        step = next_step(state)
        self.skip_lost_speeches(state, step.skipped)
        if step.kind == "farewell" and step.player is not None:
            self.farewell(state, step.player)
            return
        if step.kind == "table-decision" and step.player is not None:
            self.table_decision(step.player)
            return
        if step.kind == "speech":
            key = "mafia.play.extra-speech" if step.round == "revote" else "mafia.play.speech"
            words = command_help(self.lang)
            seq = self.last_seq()
            answer = self.prompt(self.say(key, name=step.player, seconds=step.seconds, **words))
            if self.recorded_since(seq):
                return  # the speech (or what follows it) recorded on another screen meanwhile
            if answer:  # not a command: say so and list them, then ask again
                from garou.core.catalogue import phrase

                commands = phrase("mafia.play.commands", **words)
                if answer.lower() in {"help", "aide", "?", "h"}:
                    self.show(self.say("game.play.commands", commands=commands), "yellow")
                else:
                    self.show(
                        self.say("game.play.unknown-command", word=answer, commands=commands),
                        "yellow",
                    )
                return
            if self.countdown and not self.timer(step.seconds, timer_label(state), since=seq):
                return  # recorded on another screen while the countdown ran: it is stopped
            self.record("speech", {"player": step.player, "seconds": step.seconds})
            return
        if can_nominate(state):
            answer = self.prompt(self.say("mafia.play.nominate"))
            if answer:
                parts = answer.replace(",", " ").split()
                if len(parts) != 2:
                    self.show(self.say("mafia.play.nominate-how"), "yellow")
                    return
                self.record("nominate", {"by": parts[0], "nominee": parts[1]})
                return
            if state.nominations:
                # "no more nominations" is recorded: a session resumed (after a Ctrl-C in
                # the vote) goes on at the vote, never asks for nominations again
                self.record("close-nominations", {})
                return
        if step.kind == "vote":
            self.vote(state)
            return
        self.record("night", {})

    def skip_lost_speeches(self, state: Any, names: tuple[str, ...]) -> None:
        """Say, when it is passed over, each speech lost to fouls (``mf-foul``), once."""
        if not hasattr(self, "skips_told"):
            self.skips_told: set[tuple[int, str]] = set()
        for name in names:
            if (state.day, name) not in self.skips_told:
                self.skips_told.add((state.day, name))
                count = state.player(name).fouls
                self.show(self.say("mafia.story.skipped", name=name, count=count), "bold")

    def vote(self, state: Any) -> None:
        from garou.game.mafia_script import lift_ballots, next_step
        from garou.game.questions import questions

        step = next_step(state)
        (ballot,) = questions(state, step)  # who votes, for whom
        living = list(ballot.voters)
        votes: dict[str, str] = {}
        if step.round == "lift":
            # the ballots picked so far (on the judge's phone) are checked against what was
            # recorded since, the judge told what changed, as the other rounds' are
            from garou.core.lists import quote_names
            from garou.game import session
            from garou.game.mafia_script import draft_data

            ballots = session.mafia_ballots(self.journal, self.book, self.game_id, self.lang)
            for said in ballots.told:
                self.show(said.say(self.lang), "yellow")
            kept = [n for n in living if n in ballots.votes]
            if kept:
                self.show(self.say("game.play.ballots-kept", count=len(kept), names=kept), "yellow")
            said_yes = [n for n in kept if ballots.votes[n] == "yes"]
            question = ballot.say(self.lang)
            if said_yes:  # Enter keeps names: how to say nobody instead
                question += " " + self.say("mafia.play.lift-nobody")
            # Enter keeps the yes voters kept, else says nobody; "nobody" typed says so too
            default = quote_names(said_yes, ", ") or self.say("mafia.play.word.nobody")
            yes = self.names(question, living, default=default, nobody=True)
            votes = lift_ballots(state, yes)
            self.journal.save_draft(self.game_id, DRAFT, draft_data(state, votes))
        else:
            # In nomination order: the silent ballots go to the last nominee of that order.
            # Each nominee's answer is kept in the journal as it is typed (as Loup-Garou's
            # ballots): a Ctrl-C, an EOF or a crash resumes at the next nominee. A foul, a
            # disqualification typed meanwhile (or an undo) is checked against the draft
            # each time, the judge told what it changed (garou.game.session.mafia_ballots).
            from garou.game import session
            from garou.game.mafia_script import draft_data

            first = True
            while True:
                ballots = session.mafia_ballots(self.journal, self.book, self.game_id, self.lang)
                for said in ballots.told:
                    self.show(said.say(self.lang), "yellow")
                state = self.state()
                step = next_step(state)
                if step.kind != "vote":
                    return  # the vote is no longer what comes (the game is over...)
                (ballot,) = questions(state, step)
                votes, done = dict(ballots.votes), list(ballots.done)
                living = list(ballot.voters)
                if first and votes:
                    kept = [n for n in living if n in votes]
                    self.show(
                        self.say("game.play.ballots-kept", count=len(kept), names=kept), "yellow"
                    )
                first = False
                pool = list(ballot.options)
                nominee = next((n for n in pool[:-1] if n not in done), None)
                if nominee is None:
                    break
                left = [n for n in living if n not in votes]
                picked = self.names(ballot.say(self.lang, name=nominee), left)
                # kept on top of the ballots kept now: a phone's ballots (the judge's phone
                # may type the same vote) are said, never overwritten
                cast = session.cast_ballots(self.journal, self.book, self.game_id, votes,
                                            dict.fromkeys(picked, nominee), [nominee],
                                            self.lang)  # fmt: skip
                for said in cast.told:
                    self.show(said.say(self.lang), "yellow")
            for note in ballot.notes:  # the silent ballots: the last nominee's
                self.show(note.say(self.lang), "dim")
        if self.record("vote", {"votes": votes}) is not None:
            self.journal.drop_draft(self.game_id, DRAFT)  # refused: the ballots stay kept

    def table_decision(self, leader: str) -> None:
        """Ask what the table decided after a vote nobody won by more than half (the
        document says nothing: garou records the table's decision, never takes it). The
        decisions are the question's (:func:`garou.game.questions.questions`), each typed
        by the catalogue's word, in French and English alike, the leader's by their name."""
        from garou.core.catalogue import say
        from garou.core.names import fold
        from garou.game.mafia_script import next_step
        from garou.game.questions import questions

        state = self.state()
        (question,) = questions(state, next_step(state))

        def words_of(then: str) -> list[str]:
            if then == "leader":
                return [leader]
            return [say(f"mafia.play.word.{then}", lang) for lang in ("fr", "en")]

        words = {fold(w): then for then in question.options for w in words_of(then)}
        words.update({fold(then): then for then in question.options})
        while True:
            answer = self.prompt(question.say(self.lang))
            then = words.get(fold(answer))
            if then is not None:
                self.record("table-decision", {"then": then})
                return
            choices = [leader if t == "leader" else self.say(f"mafia.play.word.{t}")
                       for t in question.options]  # fmt: skip
            self.show(self.say("game.play.pick-one", options=choices), "yellow")

    def farewell(self, state: Any, name: str) -> None:
        """The farewell's countdown and three questions. Each answer, and the countdown once
        over or stopped, is kept in the journal's draft as it is given (as the ballots
        are): a Ctrl-C, a "q" or a crash resumes at the next question, the countdown not
        run again, the answers not asked again of a player who has left the table."""
        seconds = state.farewell_seconds()
        self.show(self.say("mafia.play.farewell", name=name, seconds=seconds), "bold")
        # the answers hold whatever was recorded since (a foul, a disqualification typed at
        # one of its questions): the best move and the testament name any seat; a crown
        # given to a player no longer at the table is asked again
        kept = self.journal.kept_draft(self.game_id, FAREWELL_DRAFT)
        draft = kept[1] if kept is not None else None
        living = [s.name for s in state.living()]
        if draft is None or draft.get("player") != name:
            draft = {"player": name}
        else:
            if draft.get("crown") is not None and draft["crown"] not in living:
                draft.pop("crown")
            if len(draft) > 1:
                self.show(self.say("mafia.play.farewell-kept", name=name), "yellow")

        def keep(key: str, value: Any) -> None:
            draft[key] = value
            self.journal.save_draft(self.game_id, FAREWELL_DRAFT, draft)

        if self.countdown and not draft.get("timed"):
            self.timer(seconds, timer_label(state))
        if not draft.get("timed"):
            keep("timed", True)
        from garou.game.mafia_script import next_step
        from garou.game.questions import NAMES, questions

        for question in questions(state, next_step(state)):  # best move, testament, crown
            if question.field not in draft:
                said, options = question.say(self.lang), list(question.options)
                if question.kind == NAMES:
                    keep(question.field, self.names(said, options))
                else:
                    keep(question.field, self.name(said, options, empty=question.empty))
        self.record(
            "farewell",
            {
                "player": name,
                "best_move": draft["best_move"],
                "suspects": draft["suspects"],
                "crown": draft["crown"],
                "seconds": seconds,
            },
        )
        self.journal.drop_draft(self.game_id, FAREWELL_DRAFT)

    def timer(self, seconds: int, label: str | None = None, since: int | None = None) -> bool:
        return run_timer(self, seconds, label, since)

    def mark(self, action: str, label: str, seconds: int | None = None) -> None:
        """Record a countdown's start, pause, resume or stop in the journal (a ``timer``
        event with the wall clock's time), so that the web's screens show the terminal's
        countdown too. A journal that refuses it never stops the countdown."""
        import time

        from garou.game import session
        from garou.game.errors import IllegalEventError
        from garou.game.timer import timer_data

        now = getattr(self.clock, "wall", time.time)()
        data = timer_data(action, label, now, seconds if action == "start" else None)
        try:
            session.record(self.journal, self.book, self.game_id, "timer", data, self.lang)
        except IllegalEventError as exc:
            self.show(self.say("error.prefix", message=exc.message(self.lang)), "red")

    def over(self, state: Any) -> None:
        from garou.game.mafia_points import points

        winner = state.game.camp(state.winner).name.get(self.lang)
        said = self.say("game.play.winner", camp=winner)  # a sentence, read aloud
        self.show(self.say("game.play.read", text=said), "bold green")
        from garou.core.catalogue import format_number

        scored = points(state, self.lang)
        for player in scored["players"]:
            totals = ", ".join(
                f"{scored['names'][s]} {format_number(v['total'], self.lang)}"
                for s, v in player["points"].items()
            )
            role = state.game.role(player["role"]).name.get(self.lang)
            label = f"{player['seat']:>2}. {player['name']} ({role})"
            read = [r["reason"] for v in player["points"].values() for r in v["reasons"]
                    if r["source"] == "garou"]  # fmt: skip
            self.show("  " + self.say("protocol.field", label=label, value=totals))
            if read:  # points resting on garou's reading (a disqualified winner): said so
                self.show("    " + self.say("club.reading-mark", reasons="; ".join(read)), "dim")
        self.show(self.say("mafia.play.protocol", id=self.game_id), "dim")


def run_timer(
    session: Any, seconds: int, label: str | None = None, since: int | None = None
) -> bool:
    """Show a speech's countdown, one tick a second; Ctrl-C pauses (Enter resumes, "s"
    stops); a warning line once 10 s are left; the clock is the session's (fake in tests).

    With ``label``, a session that can (``mark``) records the start, the pauses, the
    resumes and a stop as ``timer`` events: the web's table screen shows the same time.
    With ``since`` (the game's last event when the step was asked), the countdown looks at
    the journal at each tick: once another screen recorded (the phone ended the speech),
    it stops, says what was recorded, and returns False (the step is gone); else True."""
    from garou.game.timer import Countdown

    mark = getattr(session, "mark", None) if label else None
    moved = getattr(session, "recorded_since", None) if since is not None else None
    clock = session.clock
    countdown = Countdown(seconds, clock.now)
    countdown.start()
    if mark:
        mark("start", label, seconds)
    warned = False
    while not countdown.over():
        if moved is not None and moved(since):
            typer.echo("")
            return False  # the speech ended elsewhere: nothing more is written for it
        try:
            typer.echo(f"\r⏱ {countdown.shown()} ", nl=False)
            if countdown.warning() and not warned:
                warned = True
                typer.echo("")
                session.show(
                    session.say("mafia.play.warn", seconds=int(countdown.left() + 0.999)),
                    "bold yellow",
                )
            clock.sleep(min(1.0, countdown.left()))
        except KeyboardInterrupt:
            countdown.pause()
            if mark:
                mark("pause", label)
            typer.echo("")
            try:
                answer = session.ask(session.say("mafia.play.paused", left=countdown.shown()))
            except _Quit:
                answer = "s"
            if answer.strip().lower() in {"s", "stop"}:
                if mark:
                    mark("stop", label)
                typer.echo("")
                session.show(session.say("game.play.countdown-stopped"), "dim")
                return True
            countdown.resume()
            if mark:
                mark("resume", label)
    typer.echo("\r⏱ 0:00 ")
    session.show(session.say("mafia.play.time-up"), "bold red")
    return True
