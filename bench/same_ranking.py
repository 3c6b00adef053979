"""Record what ``garou search`` answers to every relevance query, to check that a change of
the search's code kept every answer.

``python bench/same_ranking.py --save FILE`` runs each query of every relevance set
(``tests/data/relevance/``, studied and unseen) with ``--explain`` in both display
languages and writes, per query, what ``garou search --json --explain`` gives: the hits
and their scores, the verdict and its reasons, the close call, the corrections.
``--compare FILE`` runs them again and lists every query whose answer differs (exit 1 if
any). An unseen set's query is named by its file and number only, never by its text:
the unseen sets stay unseen.

Run it before a change that should not change any answer (``--save``) and after
(``--compare``); a change that means to change answers is measured with
``bench/relevance.py`` instead.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data" / "relevance"


def queries() -> list[tuple[str, dict[str, Any]]]:
    """Every query of every relevance set with the name it is listed by, in a stable order."""
    from garou.rules import read_yaml

    found = []
    for path in sorted(DATA.glob("*/*.yaml")):
        for number, query in enumerate(read_yaml(path)["queries"], 1):
            unseen = path.parent.name == "unseen"
            found.append((f"unseen/{path.stem} #{number}" if unseen else query["q"], query))
    return found


def answers() -> dict[str, Any]:
    """What the search answers to each query, keyed by the query, its game and language."""
    from garou.lookup import Searcher

    recorded: dict[str, Any] = {}
    with Searcher() as searcher:
        for name, query in queries():
            for lang in ("fr", "en"):
                key = json.dumps([name, query.get("game"), lang], ensure_ascii=False)
                result = searcher.search(query["q"], game=query.get("game"), limit=10,
                                         lang=lang, explain=True)  # fmt: skip
                data = result.to_dict()
                if result.verdict is not None:
                    data["verdict"] = [result.verdict.answered, result.verdict.reason]
                data["per_game"] = [h.id for h in result.per_game]
                data["elsewhere"] = result.elsewhere
                recorded[key] = data
    return recorded


def main(argv: list[str] | None = None) -> int:
    """Save or compare; return 1 when the answers differ."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--save", type=Path, help="write every answer to this file")
    parser.add_argument("--compare", type=Path, help="compare every answer with this file")
    args = parser.parse_args(argv)
    if (args.save is None) == (args.compare is None):
        parser.error("give --save FILE or --compare FILE")
    sys.path.insert(0, str(REPO))
    now = answers()
    if args.save is not None:
        args.save.write_text(json.dumps(now, ensure_ascii=False, indent=1, sort_keys=True))
        print(f"{len(now)} answers saved to {args.save}")
        return 0
    before = json.loads(args.compare.read_text())
    differ = sorted(k for k in before.keys() | now.keys() if before.get(k) != now.get(k))
    for key in differ:
        print(f"differs: {key}")
        if key.startswith('["unseen/'):
            continue
        old, new = before.get(key, {}), now.get(key, {})
        for field in sorted(old.keys() | new.keys()):
            if old.get(field) != new.get(field):
                was, now_ = (json.dumps(v.get(field), ensure_ascii=False)[:300] for v in (old, new))
                print(f"  {field}: {was}\n  {' ' * len(field)}→ {now_}")
    print(f"{len(differ)} of {len(now)} answers differ")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
