"""The playtest table: people play seats of a game, bots the rest, every step recorded.

:class:`Table` holds a game in play (no I/O but its record file), for any front end;
:class:`Terminal` plays it in a terminal (``gamefold play GAME --human SEAT``). Both need
nothing beyond the core install.
"""

from __future__ import annotations

from gamefold.serve.table import Choice, Table, action_text
from gamefold.serve.terminal import HELP, Terminal, parse_entry, screen

__all__ = ["HELP", "Choice", "Table", "Terminal", "action_text", "parse_entry", "screen"]
