"""The playtest table: people play seats of a game, bots the rest, every step recorded.

:class:`Table` holds a game in play (no I/O but its record file), for any front end;
:class:`Terminal` plays it in a terminal (``gamefold play GAME --human SEAT``). Both need
nothing beyond the core install. :class:`Host` gives each human seat of a table its own
token and tells what each token may see and do; :func:`app` and :class:`Served` serve it
to browsers (``gamefold serve``), with the ``serve`` extra (Starlette, uvicorn).
"""

from __future__ import annotations

from gamefold.serve.host import Host, Refused
from gamefold.serve.table import Choice, Table
from gamefold.serve.terminal import Terminal, screen
from gamefold.serve.web import Served, app, bind

__all__ = [
    "Choice",
    "Host",
    "Refused",
    "Served",
    "Table",
    "Terminal",
    "app",
    "bind",
    "screen",
]
