"""Options shared by several commands, so that they read and behave the same everywhere."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

Json = Annotated[bool, typer.Option("--json", help="Print JSON for scripts instead of tables.")]
Lang = Annotated[
    str | None,
    typer.Option(
        "--lang",
        "-l",
        help="fr or en. Default: $GAROU_LANG, else the locale, else fr.",
        show_default=False,
    ),
]
RulesDir = Annotated[
    Path | None,
    typer.Option(
        "--rules-dir",
        envvar="GAROU_RULES_DIR",
        help="A folder of your own rule files (YAML) that extends the built-in rules.",
        show_default=False,
    ),
]
Game = Annotated[
    str | None,
    typer.Option("--game", "-g", help="loup-garou or mafia.", show_default=False),
]
