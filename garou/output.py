"""How commands print: rich for people, JSON for scripts."""

from __future__ import annotations

import json
import sys
from typing import Any

from rich.console import Console


def console() -> Console:
    """Return a console on standard output (plain text when it is not a terminal)."""
    return Console(highlight=False, soft_wrap=False)


def print_json(data: Any) -> None:
    """Print ``data`` as indented UTF-8 JSON on standard output."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
