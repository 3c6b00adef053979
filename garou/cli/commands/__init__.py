"""The commands, one module per capability; each exposes ``register(app)``.

:data:`COMMANDS` is the one table of dispatch: the name a user types → the module under
``garou.cli.commands`` whose ``register(app)`` adds it. ``garou`` imports only the module of
the command it runs (``garou.cli.app``); its help texts live in ``help.yaml``.
"""

from garou.cli.options import Json, Lang

COMMANDS: dict[str, str] = {
    "search": "search",
    "index": "search",
    "rules": "browse",
    "show": "browse",
    "roles": "browse",
    "check": "check",
    "suggest": "check",
    "vote": "play",
    "cascade": "play",
    "win": "play",
    "fouls": "play",
    "house": "house",
    "print": "printing",
    "game": "game",
    "club": "club",
    "serve": "serve",
}
"""Command name → module of ``garou.cli.commands`` that registers it, in the order of --help."""


def global_options(lang: Lang = None, json_: Json = False) -> None:
    """The options every command shares, accepted wherever a user types them: before the
    command (``garou --lang en search …``), on a group (``garou game --lang en status``) and
    on the command itself (the command's own value wins). ``garou.cli.app`` gives these
    parameters to ``garou`` and to every group; they are the commands' own definitions
    (:mod:`garou.cli.options`), so they read, convert and explain themselves the same."""
