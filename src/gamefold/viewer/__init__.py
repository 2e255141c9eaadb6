"""A time-travel viewer for game records: one self-contained HTML page per record.

:func:`to_html` replays a :class:`~gamefold.record.GameRecord` and writes a page that needs
nothing else (no network; script, style and data inline) to step through the game: the
clock, each action and who took it, its events with their rule IDs linked to the docs, the
state as a tree with what changed highlighted, each player's view (EN-9), and a panel of
the game's own (zones and hands in a skirmish, territories and pacts in a summit; for any
other game, each slice by what it is, cards by name and the config folded away).
``gamefold view RECORD.json`` does the same from a shell, and a record shows itself this
way in a notebook (:meth:`GameRecord._repr_html_ <gamefold.record.GameRecord>`).
"""

from __future__ import annotations

from gamefold.viewer.build import (
    DOCS,
    FULL,
    RULE_PAGES,
    page,
    rule_link,
    state_tree,
    to_html,
    viewer_data,
)
from gamefold.viewer.diff import Op, Path, diff, patch
from gamefold.viewer.panels import card_names, clock_items, panel
from gamefold.viewer.slices import slice_sections

__all__ = [
    "DOCS",
    "FULL",
    "RULE_PAGES",
    "Op",
    "Path",
    "card_names",
    "clock_items",
    "diff",
    "panel",
    "page",
    "patch",
    "rule_link",
    "slice_sections",
    "state_tree",
    "to_html",
    "viewer_data",
]
