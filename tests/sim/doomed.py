"""A toy race whose chosen games kill their worker process or hang, for the fault tests.

``GAMEFOLD_DOOM`` (JSON) says what happens when a game is set up: ``{"seed": S, "games":
[i, …], "mode": "kill" | "kill-once" | "hang" | "sigint", "marks": DIR}``. The games named
are those of a simulation seeded ``S``. ``kill`` sends SIGKILL to the worker process playing
the game (by its own pid; never the main process), every time; ``kill-once`` only the first
time (a file in ``marks`` remembers it, across processes); ``hang`` writes ``marks/hanging``
and sleeps, so that a test can interrupt a run at a known game; ``sigint`` sends SIGINT to
the main process when it plays the game itself, as Ctrl-C would. Without the variable it
is the scored toy race. Workers import this module by name, so it stays importable from the
root.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import time
from pathlib import Path

from tests.sim.scored import ScoredRace

from gamefold.games import register_game
from gamefold.registry import Game
from gamefold.sim import game_seed

DOOM = "GAMEFOLD_DOOM"


@register_game
class DoomedRace(ScoredRace):
    """The scored toy race, with the faults ``GAMEFOLD_DOOM`` asks for."""

    name = "toy-doomed"

    def setup(self, seed: int | str) -> Game:
        doom = os.environ.get(DOOM)
        if doom:
            _fault(json.loads(doom), seed)
        return super().setup(seed)


def _fault(doom: dict[str, object], seed: int | str) -> None:
    games = doom["games"]
    assert isinstance(games, list)
    if seed not in {game_seed(doom["seed"], i) for i in games}:  # type: ignore[arg-type]
        return
    marks = Path(str(doom["marks"]))
    mode = doom["mode"]
    if mode == "hang":
        (marks / "hanging").write_text(str(seed))
        time.sleep(120)
        return
    if multiprocessing.parent_process() is None:
        if mode == "sigint":
            os.kill(os.getpid(), signal.SIGINT)
        return  # only a worker process is ever killed
    if mode == "kill-once":
        try:
            os.close(os.open(marks / "killed", os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            return
    os.kill(os.getpid(), signal.SIGKILL)
