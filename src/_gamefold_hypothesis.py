"""gamefold's Hypothesis entry point, kept outside the package so that loading it is free.

Hypothesis imports every entry point when it is imported itself. A hook inside ``gamefold``
would import the whole package (about a hundred modules) into every project where gamefold
is merely installed; this one registers gamefold's strategies only if gamefold is already
imported, and ``gamefold/__init__`` registers them otherwise (see
:mod:`gamefold.testing._plugin`).
"""

from __future__ import annotations

import sys


def _hypothesis_setup_hook() -> None:
    """Register gamefold's strategies now if gamefold is imported; else it does it itself."""
    if "gamefold" in sys.modules:
        from gamefold.testing._plugin import register

        register()
