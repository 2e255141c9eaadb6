"""Search bots that see only their player's view: information-set MCTS.

:class:`ISMCTS` plays any registered game whose slices can be determinized
(:meth:`GameDef.determinize <gamefold.games.GameDef.determinize>`): it never reads the
state, only the view every policy receives, so it plays fair. It is a built-in policy of
every game that can be determinized, by name ``"ismcts"`` (``"ismcts:iterations=200"``
for another budget), in :func:`gamefold.sim.simulate`, :func:`gamefold.sim.compare` and
``gamefold simulate --policy p1=ismcts:iterations=200``.
"""

from __future__ import annotations

from gamefold.search.ismcts import ISMCTS

__all__ = ["ISMCTS"]
