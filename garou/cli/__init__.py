"""The ``garou`` command line: the dispatch (:mod:`~garou.cli.app`), one module per group of
commands (:mod:`~garou.cli.commands`), and how they read options and print."""
