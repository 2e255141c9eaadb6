"""Who answers what a lower layer asks of a higher one: the package's own providers.

Dependencies point down: the records know no game, the games know no search bot. Where a
lower layer needs an answer only a higher one has (a game's class by its name, for a
record; the ``"ismcts"`` policy, for a game), the higher layer registers its answer when it
is imported, and the lower one, asked before that, loads the providers named here, as an
installed plugin's entry point names its module: by text, imported on first need, never by
an import statement of the lower layer.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module

__all__ = ["PROVIDERS", "load"]

PROVIDERS: Mapping[str, tuple[str, ...]] = {
    "games": ("gamefold.games",),
    "policies": ("gamefold.search",),
    "viewer": ("gamefold.viewer",),
}
"""Each question, and the modules that register its answers when imported."""


def load(question: str) -> None:
    """Import the providers of ``question`` (once: an imported module is not run again)."""
    for module in PROVIDERS[question]:
        import_module(module)
