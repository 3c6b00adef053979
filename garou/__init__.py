"""garou: rules lookup and disputes assistant for Loup-Garou and sports Mafia tables.

The command line lives here; the capabilities are installed beside it, as
``garou.rules``, ``garou.lookup``, ``garou.houserules`` and ``garou.printables`` (their
folders sit at the top of the repository).
"""

__version__ = "0.1.0"
