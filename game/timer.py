"""A speech's countdown, on any clock: the terminal shows it, the tests drive a fake clock.

Pure: it reads the time from the ``now`` function it is given and never sleeps or prints.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

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

    def pause(self) -> None:
        if self.paused_at is None and self.started is not None:
            self.paused_at = self.now()

    def resume(self) -> None:
        if self.paused_at is not None:
            now = self.now()
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
