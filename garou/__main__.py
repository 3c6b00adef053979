"""Run garou as ``python -m garou``."""

from garou.cli import main

main()
