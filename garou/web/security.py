"""Who may see a page and send a form: keys, cross-site checks, request limits.

- On the loopback address (the default) every page is open to this machine, and only to
  it: a request whose ``Host`` is not a loopback name is refused (a web page cannot
  reach the server through a rebound DNS name).
- With ``--lan`` every page but the public ones needs a key: the server's key (printed in
  the terminal with the address, as text and as a QR code) for the tools, a game's own key
  for that game's pages. The key comes once in the address (``?key=...``); it is then kept
  in a cookie and taken out of the address. Keys are compared in constant time.
- Every form is posted with a token bound to the browser's session cookie, and from a
  page of this server (``Origin``, else ``Referer``); anything else is refused.

A page says what it needs with one decorator: :func:`game_master_page` (a key under
``--lan``; the game's key when ``game_of`` names the game) or :func:`public_page` (nothing:
the table view). A page with neither is treated as a game master's page.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import threading
from collections.abc import Callable, Mapping
from typing import Any, TypeVar
from urllib.parse import urlsplit

from garou.core.records import record

F = TypeVar("F", bound=Callable[..., Any])

KEY_PARAM = "key"
"""The query parameter carrying a key."""
KEY_COOKIE = "garou_key"
"""The cookie keeping the server's key (a game's: ``garou_key_<game>``)."""
SESSION_COOKIE = "garou_session"
"""The cookie the cross-site token is bound to."""
CSRF_FIELD = "csrf"
"""The form field carrying the cross-site token."""
SERVER_SCOPE = ""
"""The scope of the server's own key (the tools: search, rulings, sheets, setup, house)."""
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})
"""Host names a request may use when the server listens on the loopback address only."""

MAX_BODY = 64 * 1024
"""Largest request body accepted, in bytes (the biggest form is a few kilobytes)."""
MAX_QUERY = 4096
"""Longest query string accepted, in bytes."""


@record
class Access:
    """What a page needs."""

    public: bool
    """True for a page anyone may see (it shows nothing secret)."""
    game_of: Callable[[Mapping[str, Any]], str | None] | None = None
    """Which game's key the page needs, from the route's values; None: the server's key."""


def _mark(view: F, access: Access) -> F:
    view.garou_access = access  # type: ignore[attr-defined]
    return view


def game_master_page(game_of: Callable[[Mapping[str, Any]], str | None] | None = None) -> Any:
    """Mark a view as a game master's page: under ``--lan`` it needs a key.

    ``game_of`` returns the game id from the route's values (``lambda v: v["game"]``): the
    page then needs that game's key (or the server's). Without it, the server's key.
    """

    def decorate(view: F) -> F:
        return _mark(view, Access(public=False, game_of=game_of))

    return decorate


def public_page(view: F) -> F:
    """Mark a view as public: it needs no key (it must show nothing secret)."""
    return _mark(view, Access(public=True))


def access_of(view: Callable[..., Any] | None) -> Access:
    """Return what ``view`` needs (a game master's page when it does not say)."""
    found = getattr(view, "garou_access", None)
    return found if isinstance(found, Access) else Access(public=False)


def _token(key: bytes, purpose: str, value: str) -> str:
    digest = hmac.new(key, f"{purpose}:{value}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode("ascii")


class Keys:
    """The server's secrets: its own key, each game's key, and the signing key of tokens.

    Everything is random per server run unless given. A later game journal can keep a
    game's key with the game and hand it in with :meth:`set_game_key`.
    """

    def __init__(self, server_key: str | None = None, signing: bytes | None = None):
        self.server_key = server_key or secrets.token_urlsafe(18)
        self._signing = signing or secrets.token_bytes(32)
        self._games: dict[str, str] = {}
        self._lock = threading.Lock()

    def game_key(self, game: str) -> str:
        """Return the key of ``game`` (made on first use)."""
        with self._lock:
            if game not in self._games:
                self._games[game] = secrets.token_urlsafe(18)
            return self._games[game]

    def set_game_key(self, game: str, key: str) -> None:
        """Use ``key`` as the key of ``game`` (one kept in the game's journal)."""
        with self._lock:
            self._games[game] = key

    def opens(self, given: str | None, scope: str) -> bool:
        """Return True when ``given`` is the key of ``scope`` (or the server's key).

        Compared in constant time; an empty or missing key opens nothing.
        """
        if not given:
            return False
        candidate = given.encode("utf-8", "replace")
        wanted = [self.server_key]
        if scope != SERVER_SCOPE:
            with self._lock:
                if scope in self._games:
                    wanted.append(self._games[scope])
        found = False
        for key in wanted:  # no early exit: the same work whichever key matches
            found |= hmac.compare_digest(candidate, key.encode("utf-8"))
        return found

    def csrf_token(self, session: str) -> str:
        """Return the form token of the browser session ``session``."""
        return _token(self._signing, "csrf", session)

    def csrf_ok(self, session: str | None, token: str | None) -> bool:
        """Return True when ``token`` is the form token of ``session`` (constant time)."""
        if not session or not token:
            return False
        return hmac.compare_digest(
            self.csrf_token(session).encode(), token.encode("utf-8", "replace")
        )


def new_session() -> str:
    """Return a new random browser session id."""
    return secrets.token_urlsafe(18)


def key_cookie(scope: str) -> str:
    """Return the name of the cookie keeping the key of ``scope``."""
    return KEY_COOKIE if scope == SERVER_SCOPE else f"{KEY_COOKIE}_{scope}"


def same_origin(host_url: str, origin: str | None, referer: str | None) -> bool:
    """Return True when a form was sent from a page of ``host_url`` ("http://host:port/").

    ``Origin`` is read first (every current browser sends it with a form); without it,
    ``Referer``. A request with neither is refused: it did not come from one of our pages.
    """
    own = urlsplit(host_url)
    for value in (origin, referer):
        if not value or value == "null":
            if value == "null":
                return False  # a sandboxed or privacy-stripped origin: not ours
            continue
        sent = urlsplit(value)
        return (sent.scheme, sent.netloc.lower()) == (own.scheme, own.netloc.lower())
    return False


def loopback_host(host: str) -> bool:
    """Return True when the ``Host`` header names this machine's loopback address."""
    name = host.strip().lower()
    if name.startswith("["):
        name = name.split("]", 1)[0] + "]"
    elif name.count(":") == 1:
        name = name.split(":", 1)[0]
    return name in LOOPBACK_HOSTS
