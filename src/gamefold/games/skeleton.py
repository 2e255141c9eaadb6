"""A game of your own in one file: what ``gamefold new NAME`` writes.

:func:`skeleton` is the source of ``NAME.py``: a small game composing the skill-deck
subsystem, registered as ``NAME``, with a config, a second policy and nothing else, since
its account, rule tables and viewer panel come from the subsystem
(:class:`~gamefold.games.GameDef`'s defaults). It plays, replays, views, simulates and
passes :func:`gamefold.testing.conformance` as written; :func:`name_problem` says why a name
cannot be one.
"""

from __future__ import annotations

import importlib.util
import keyword
import re
from string import Template

__all__ = ["MAX_NAME", "name_problem", "skeleton"]

_SOURCE = Template('''\
"""$name: a game of your own, composed from gamefold's skill-deck subsystem.

Two players hold Skill decks. Each Round they refill (SD-3) and activate in turn
(SD-13); after the last Round, whoever put more Strikes through their discard pile
wins. Try it:

    gamefold --import $name play $name --seed 7 --json $name.json
    gamefold --import $name replay $name.json
    gamefold --import $name view $name.json
    gamefold --import $name simulate $name --games 100 --policy eager
    gamefold --import $name coverage $name --games 20
"""

from __future__ import annotations

from typing import Any

import attrs
from gamefold import Action, EndRound, Game, Rng, Rules, StartRound, skills
from gamefold.games import GameDef, Policy, register_game
from gamefold.games.sizes import skill_sizes

DECK = skills.SkillsConfig(deck_size=12, hand_limit=3)


@attrs.frozen
class ${title}Config:
    """What a game of $name is played with."""

    rounds: int = 6
    deck: skills.SkillsConfig = DECK


def eager(view: Game, legal: tuple[Action, ...], rng: Rng) -> tuple[Action, Rng]:
    """Play a card whenever one can be played, else act at random."""
    plays = tuple(action for action in legal if isinstance(action, skills.Play))
    return rng.choice(plays or legal)


@register_game
class ${title}Game(GameDef[${title}Config]):
    """Two Skill decks; after the last Round, the most Strikes discarded wins."""

    name = "$name"
    config_type = ${title}Config
    seats = ("ann", "bo")

    def build_rules(self) -> Rules:
        return Rules([skills.subsystem])

    def setup(self, seed: int | str) -> Game:
        deck = skills.initial_state(self.config.deck, self.seats, seed)
        return self.rules.new_game({"skills": deck})

    def players(self, game: Game) -> tuple[str, ...]:
        return self.seats

    def observation_bounds(self) -> dict[str, tuple[float, float]]:
        # For RL envs: the decks' ranges (SD-1 ...), the Rounds; turns stay 0 (none begin).
        rounds = (0.0, float(self.config.rounds))
        deck = skills.view_bounds(self.config.deck, len(self.seats))
        return {**deck, "round": rounds, "turn": (0.0, 1.0)}

    def observation_growth(self) -> dict[str, tuple[float, float, float]]:
        return skills.view_growth(self.config.deck)  # SD-12: a Burn adds its modifiers

    def action_sizes(self) -> dict[Any, int]:  # for RL envs: an action space that fits
        return skill_sizes(self.config.deck, len(self.seats), gm_units=0)  # SD-1, SD-13

    def clock_action(self, game: Game) -> Action | None:
        deck = game.skills
        if not deck.in_round:
            return None if self.is_over(game) else StartRound()
        return EndRound() if skills.round_over(deck) else None

    def actor(self, game: Game) -> str | None:
        deck: skills.SkillsState = game.skills
        if deck.active is not None:
            return skills.controller(deck, deck.active)
        if self.is_over(game) or not deck.pending:
            return None  # over, or only a clock action is due
        return deck.pending[0]  # the players' side picks who goes next: seat order

    def is_over(self, game: Game) -> bool:
        return game.skills.round >= self.config.rounds and not game.skills.in_round

    def outcome(self, game: Game) -> dict[str, dict[str, Any]]:
        deck = game.skills

        def strikes(player: str) -> int:
            pile = skills.owner_of(deck, player).discard
            return sum(skills.card_definition(deck, c).name == "Strike" for c in pile)

        scores = {p: strikes(p) for p in self.seats}
        best = max(scores.values())
        return {p: {"score": s, "winner": s == best} for p, s in scores.items()}

    def policies(self) -> dict[str, Policy]:
        return {**super().policies(), "eager": eager}
''')


MAX_NAME = 40
"""The longest name of a new game: a module name to type, well within any file system's."""

_NAME = re.compile(r"[a-z][a-z0-9_]*")


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a new game and its module, or ``None`` if it can: lower-case
    ASCII letters, digits and underscores, starting with a letter (so never a dunder), at
    most :data:`MAX_NAME` characters, not a Python keyword, and no module or registered game
    (a shipped one included) may have it already."""
    from gamefold.games.base import game_names

    if len(name) > MAX_NAME:
        shown = name[: MAX_NAME - 3] + "..."
        return f"{shown!r} has {len(name):,} characters; a game's name has at most {MAX_NAME}"
    if not _NAME.fullmatch(name) or keyword.iskeyword(name):
        return (
            f"{name!r} cannot name a game module: use lower-case letters a-z, digits and "
            "underscores, starting with a letter and not a Python keyword (such as my_game)"
        )
    if name in game_names():
        return f"a game named {name!r} is registered already: choose another name"
    if importlib.util.find_spec(name) is not None:
        return f"a module named {name!r} exists already, so `--import {name}` would load it"
    return None


def skeleton(name: str) -> str:
    """The source of ``NAME.py``, the game ``name`` (a name :func:`name_problem` accepts)."""
    title = "".join(part.capitalize() for part in name.split("_"))
    return _SOURCE.substitute(name=name, title=title)
