"""A speech's countdown, on any clock: the terminal shows it, the tests drive a fake clock.

Pure: it reads the time from the ``now`` function it is given and never sleeps or prints.
The web app keeps a countdown in the journal instead of in memory: its start, pauses,
resumes and stop are ``timer`` events with their times (:func:`timer_data`), and the time
left is read back from them on a clock (:func:`countdown_from`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

WARN_SECONDS = 10
"""garou's warning before the end of a speech: 10 s left (the document names no warning;
mafiaratings' judge client sounds at one sixth of a 60 s speech, 10 s)."""


@dataclass
class Countdown:
    """``seconds`` counted down from :meth:`start`, with pauses."""

    seconds: float
    now: Callable[[], float]
    warn: float = WARN_SECONDS
    started: float | None = None
    paused_at: float | None = None
    paused_for: float = 0.0
    pauses: list[tuple[float, float]] = field(default_factory=list)

    def start(self) -> None:
        self.started = self.now()

    def elapsed(self) -> float:
        if self.started is None:
            return 0.0
        end = self.paused_at if self.paused_at is not None else self.now()
        return max(0.0, end - self.started - self.paused_for)

    def left(self) -> float:
        """Seconds left (never below zero)."""
        return max(0.0, self.seconds - self.elapsed())

    def pause(self, at: float | None = None) -> None:
        """Pause now (or at the time ``at``, read from a recorded event)."""
        if self.paused_at is None and self.started is not None:
            self.paused_at = self.now() if at is None else at

    def resume(self, at: float | None = None) -> None:
        """Resume now (or at the time ``at``)."""
        if self.paused_at is not None:
            now = self.now() if at is None else at
            self.pauses.append((self.paused_at, now))
            self.paused_for += now - self.paused_at
            self.paused_at = None

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    def warning(self) -> bool:
        """True once the time left is at or below the warning, before the end."""
        return 0 < self.left() <= min(self.warn, self.seconds / 2)

    def over(self) -> bool:
        return self.started is not None and self.left() <= 0

    def shown(self) -> str:
        """The time left as m:ss, rounded up (a speech at 0.2 s left shows 0:01)."""
        left = int(-(-self.left() // 1))
        return f"{left // 60}:{left % 60:02d}"


# --- a countdown kept in the journal ------------------------------------------------------

TIMER_KIND = "timer"
"""The event kind of a countdown's start, pause, resume and stop (every game's)."""
ACTIONS = ("start", "pause", "resume", "stop")
"""What a ``timer`` event does."""
MAX_SECONDS = 24 * 3600
"""The longest countdown a ``timer`` event may start."""
MAX_AT = 253_402_300_799
"""The latest time a ``timer`` event may hold: the last second of the year 9999 (UTC), in
seconds since 1970, as the wall clock gives it; the earliest is 0."""


def timer_data(action: str, label: str, at: float, seconds: int | None = None) -> dict[str, Any]:
    """Return the values of a ``timer`` event: what it does, to which countdown, when (the
    clock's time, in seconds), and for a start its length."""
    data: dict[str, Any] = {"action": action, "label": label, "at": round(float(at), 3)}
    if seconds is not None:
        data["seconds"] = int(seconds)
    return data


def check_timer(data: Mapping[str, Any]) -> None:
    """Refuse a ``timer`` event whose values are not a countdown's (nothing is recorded)."""
    from .errors import IllegalEventError

    action, label, at = data.get("action"), data.get("label"), data.get("at")
    if action not in ACTIONS:
        raise IllegalEventError("judge.refused.timer-action", action=str(action), actions=ACTIONS)
    if not isinstance(label, str) or not label.strip() or len(label) > 200:
        raise IllegalEventError("judge.refused.timer-label")
    if isinstance(at, bool) or not isinstance(at, int | float) or not 0 <= at <= MAX_AT:
        raise IllegalEventError("judge.refused.timer-at", value=str(at), most=MAX_AT)
    if action == "start":
        seconds = data.get("seconds")
        if (
            isinstance(seconds, bool)
            or not isinstance(seconds, int)
            or not 0 < seconds <= MAX_SECONDS
        ):
            raise IllegalEventError(
                "judge.refused.timer-seconds", value=str(seconds), most=MAX_SECONDS
            )


def countdown_from(
    events: Iterable[Any], labels: Collection[str], now: Callable[[], float]
) -> tuple[str, Countdown] | None:
    """Return the countdown the ``timer`` events leave running (or paused) for one of
    ``labels``, with its label, read on the clock ``now``; None when none is.

    The latest start among ``labels`` wins; a pause, a resume or a stop acts on the
    countdown of its own label only. The result is the same for every reader at the same
    time: two phones, the table's screen, a server started again.
    """
    found: dict[str, Countdown] = {}
    order: list[str] = []
    for event in events:
        data = event.data
        label = data.get("label")
        if label not in labels:
            continue
        at = float(data["at"])
        action = data["action"]
        if action == "start":
            countdown = Countdown(float(data["seconds"]), now)
            countdown.started = at
            found[label] = countdown
            order = [x for x in order if x != label] + [label]
        elif label not in found:
            continue
        elif action == "pause":
            found[label].pause(at)
        elif action == "resume":
            found[label].resume(at)
        elif action == "stop":
            del found[label]
            order.remove(label)
    if not order:
        return None
    return order[-1], found[order[-1]]


def timer_view(found: tuple[str, Countdown] | None, seconds: int) -> dict[str, Any]:
    """What a page shows of a countdown: the whole seconds left (rounded up, as the
    terminal shows them), whether it runs, is paused, is over; ``seconds`` when none runs."""
    if found is None:
        return {"label": None, "left": seconds, "seconds": seconds, "state": "idle"}
    label, countdown = found
    left = int(-(-countdown.left() // 1))
    state = "over" if countdown.over() else "paused" if countdown.paused else "running"
    return {"label": label, "left": left, "seconds": int(countdown.seconds), "state": state}
