"""The errors of a live game."""

from __future__ import annotations

from typing import Any

from garou.core.catalogue import Phrase
from garou.core.errors import GarouError


class IllegalEventError(GarouError):
    """Raised when an event breaks a rule or the game's state: nothing is recorded.

    ``rule`` is the id of the entry the refusal cites (``garou show RULE``), when there is one.
    """

    def __init__(
        self,
        key: str | Phrase,
        /,
        *,
        rule: str | None = None,
        hint: Phrase | None = None,
        **values: Any,
    ):
        self.rule = rule
        self.ask: Any = None
        """The player's choice the event waits for (a ``garou.game.engine.Ask``), if any."""
        self.unknown: tuple[str, ...] = ()
        """The players whose card the event needs and nobody recorded."""
        self.seq = 0
        """The number of the event refused, once the replay knows it."""
        self.event_kind: str | None = None
        """The kind of that event, when it is an earlier one (a correction breaks it)."""
        super().__init__(key, hint=hint, **values)

    def message(self, lang: str) -> str:
        """Return why the event is refused, the rule it breaks, and nothing recorded."""
        return self._said(lang, with_rule=True)

    def reason(self, lang: str) -> str:
        """Return why the event is refused (and the hint), without the rule and "nothing
        was recorded": for a page that says those itself (a link to the rule, a line)."""
        return self._said(lang, with_rule=False)

    def _said(self, lang: str, with_rule: bool) -> str:
        from garou.core.catalogue import say

        text = super().message(lang)
        if self.rule and with_rule:
            text = say("game.refused.rule", lang, message=text, rule=self.rule)
        if self.hint is not None:
            if text and (text[-1].isalnum() or text[-1] == ")"):
                text += "."  # the refusal is a sentence: the hint is the next one
            text += " " + self.hint.say(lang)
        return text


class StaleFormError(IllegalEventError):
    """Raised when a form was drawn for a step the game has left (another screen recorded
    since its page was drawn): nothing is recorded, the current step is shown instead."""


class BadRecordError(GarouError):
    """Raised when an exported game record cannot be imported (with its file:line)."""


class UnreplayableGameError(IllegalEventError):
    """Raised when a game stored in the journal no longer replays (an event edited by hand,
    a row deleted, a kind this garou does not know): it names the game and the event, and
    says why the rules refuse it, without "nothing was recorded" (a reading command records
    nothing anyway)."""

    def __init__(self, game_id: int, name: str | None, kind: str | None, error: IllegalEventError):
        self.game_id = game_id
        self.name = name
        self.error = error
        why = _Reason(error)
        if error.seq and kind is not None:
            key = "game.replay.broken-named" if name else "game.replay.broken"
            super().__init__(key, id=game_id, name=name or "", seq=error.seq, kind=kind, why=why)
        else:
            key = "game.replay.broken-start-named" if name else "game.replay.broken-start"
            super().__init__(key, id=game_id, name=name or "", why=why)
        self.seq = error.seq
        self.event_kind = kind

    def message(self, lang: str) -> str:
        """The game, the event and why it is refused (its rule named)."""
        return self._said(lang, with_rule=False)

    def reason(self, lang: str) -> str:
        """The same as :meth:`message`."""
        return self._said(lang, with_rule=False)


class UnreadRulesError(UnreplayableGameError):
    """Raised when a game stored in the journal names a role (a card, a card dealt) or a
    case of its agreement that the rules garou read do not have: the game was made with a
    rules folder (``$GAROU_RULES_DIR``, ``--rules-dir``) this run did not read. Its journal
    is sound; the message names the role or case, says which rules were read, and how to
    give the folder again (never "damaged")."""

    def __init__(self, game_id: int, name: str | None, what: Phrase, read: Phrase):
        from garou.core.catalogue import phrase

        self.game_id = game_id
        self.name = name
        self.error = self
        key = "game.replay.rules-unread-named" if name else "game.replay.rules-unread"
        hint = phrase("game.hint.rules-folder")
        IllegalEventError.__init__(
            self, key, hint=hint, id=game_id, name=name or "", what=what, read=read
        )
        self.seq = 1
        self.event_kind = "start"


class _Reason:
    """Why an event is refused, with its rule, said in the language of the message quoting
    it (never "nothing was recorded")."""

    def __init__(self, error: IllegalEventError):
        self.error = error

    def get(self, lang: str) -> str:
        from garou.core.catalogue import say

        text = self.error.reason(lang)
        if self.error.rule:
            text = say("game.replay.why-rule", lang, message=text, rule=self.error.rule)
        return text


class DuplicateRecordError(GarouError):
    """Raised when a game record to import is already a game of the journal (same setup,
    date, name and events): importing it again would count the evening twice."""

    def __init__(self, file: str, game_id: int, name: str | None, date: str):
        from garou.core.catalogue import phrase

        self.game_id = game_id
        key = "game.import.duplicate-named" if name else "game.import.duplicate"
        super().__init__(
            key,
            file=file,
            id=game_id,
            name=name or "",
            date=date,
            hint=phrase("game.import.duplicate-hint"),
        )
