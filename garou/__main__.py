"""Run garou as ``python -m garou``."""

from garou.cli.app import main

main()
