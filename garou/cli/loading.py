"""Python's cycle collector paused while garou loads what it keeps until the end."""

from __future__ import annotations

import gc


class Loading:
    """Python's cycle collector paused while garou loads (``with Loading():``).

    Loading makes many objects and frees few: modules, classes, functions, the commands,
    all kept until the process ends. Each collection during a load walks all of them
    again for nothing (about 7% of a start). The collector is paused for the load (nested
    loads are one), then what was loaded is moved out of its sight (``gc.freeze``) and it
    runs again, as before, on what the command itself makes."""

    depth = 0
    paused = False

    def __enter__(self) -> None:
        if Loading.depth == 0:
            Loading.paused = gc.isenabled()
            gc.disable()
        Loading.depth += 1

    def __exit__(self, *exc: object) -> None:
        Loading.depth -= 1
        if Loading.depth == 0 and Loading.paused:
            gc.freeze()
            gc.enable()
