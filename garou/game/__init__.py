"""Hold a live game: an append-only journal of events, the state replayed from them.

``journal`` stores games and events (SQLite) and knows no rules; ``replay`` reads the
undo and correction markers and hands every other event to the game's rules module
(``table`` for Loup-Garou, registered in ``replay.RULESETS``); ``engine`` is the one door
to the resolvers of ``garou.rules.play``; ``session`` records, undoes and corrects;
``start`` builds a game's first event from a checked setup and the agreement; ``record``
exports and imports whole games as YAML; ``recap`` gives the evening back.
"""
