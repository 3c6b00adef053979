"""The web face of garou: ``garou serve``, the same libraries on a phone or a shared screen.

Pages are rendered on the server through the printables' Jinja environment (autoescaped),
in French and English through the catalogue. Only the serve command imports this package,
so the command line's start does not pay for Flask.

- :mod:`.app` builds the application (:func:`create_app`) from a :class:`WebConfig`;
- :mod:`.security` holds the keys, the access decorators, the cross-site checks;
- :mod:`.i18n` picks the page's language and says catalogue messages in it;
- :mod:`.rendering` is the Jinja environment and the page renderer;
- :mod:`.library` opens the rules and the search index once for the server;
- :mod:`.views` turns rule entries into what the templates show;
- :mod:`.routes` has one module per area (rules, sheets, setup, house, game: the live
  game's game-master view and table view).
"""

from .app import WebConfig, create_app

__all__ = ["WebConfig", "create_app"]
