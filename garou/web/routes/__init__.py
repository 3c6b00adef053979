"""The pages, one module per area, each a Flask blueprint.

A new area (the live game) adds a module here with its ``bp`` and one line in
:data:`AREAS`; each view says what it needs with :func:`garou.web.security.game_master_page`
or :func:`garou.web.security.public_page`.
"""

from __future__ import annotations

from importlib import import_module

from flask import Flask

AREAS = ("rules", "sheets", "setup", "house", "game")
"""The route modules, in the order of the navigation."""


def register_all(app: Flask) -> None:
    """Register every area's blueprint on ``app``."""
    for area in AREAS:
        app.register_blueprint(import_module(f".{area}", __name__).bp)
