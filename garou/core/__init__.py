"""The kernel every part of garou shares: its words, its errors, its records, its files.

- :mod:`~garou.core.catalogue`: every word a user sees, in French and English
  (``core/messages/*.yaml``).
- :mod:`~garou.core.errors`: the one base exception, its subclasses and the exit codes.
- :mod:`~garou.core.records`: frozen records.
- :mod:`~garou.core.names`: names as people type them (accents, case, languages, games).
- :mod:`~garou.core.lists`: lists of names and NAME=VALUE pairs typed on one line.
- :mod:`~garou.core.reader` and :mod:`~garou.core.writer`: reading YAML with the line of
  every key, writing files atomically.
- :mod:`~garou.core.files`: which rule files garou reads, and the cache folder.
"""
