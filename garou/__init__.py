"""garou: rules lookup and disputes assistant for Loup-Garou and sports Mafia tables.

One package, one folder per capability:

- ``garou.core``: what every part shares: the message catalogue (every word a user sees, in
  French and English), the errors and exit codes, records, names, reading and writing files.
- ``garou.rules``: the rule data of both games, its loader and typed model, the distribution
  verifier (``rules.distribution``) and the stateless resolvers (``rules.play``: votes,
  death cascades, wins, fouls).
- ``garou.lookup``: the search index and the search.
- ``garou.houserules``: the contested cases a table settles, and its signed agreement.
- ``garou.printables``: the cheat sheets and agreement sheets (HTML, PDF, Markdown).
- ``garou.game``: the live game, an append-only journal of events replayed into its state.
- ``garou.web``: ``garou serve``, the same on a phone.
- ``garou.cli``: the ``garou`` command, a thin face over the packages above.
"""

__version__ = "0.1.0"
