"""Write YAML safely, for the files garou writes (agreements).

YAML never leaves ``rules``: other packages build plain data and call :func:`dump_yaml`.
"""

from __future__ import annotations

from typing import Any

import yaml


def dump_yaml(data: Any) -> str:
    """Return ``data`` (plain dicts, lists, strings, numbers) as block-style UTF-8 YAML text."""
    return yaml.safe_dump(
        data,
        allow_unicode=True,
        sort_keys=False,
        default_flow_style=False,
        width=88,
    )
