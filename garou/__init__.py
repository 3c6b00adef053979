"""garou: rules lookup and disputes assistant for Loup-Garou and sports Mafia tables.

This package is only the command-line shell; the capabilities live in the top-level
packages ``rules``, ``lookup``, ``houserules`` and ``printables``.
"""

__version__ = "0.1.0"
