"""Rule coverage: which rules a game's seeded play reaches, and how often.

:func:`coverage` plays ``games`` seeded games (the seeds of :func:`~gamefold.sim.simulate`)
and attributes rule IDs step by step:

- **setup**: the rules the game's setup applied (:meth:`GameDef.setup_rules
  <gamefold.games.GameDef.setup_rules>`), once per game;
- **events**: each event of each step attests the rules :meth:`GameDef.attested
  <gamefold.games.GameDef.attested>` names, by default the game's :meth:`event_rules
  <gamefold.games.GameDef.event_rules>` table (each subsystem exports its own
  ``EVENT_RULES``), once per rule and event;
- **refusals**: at each decision point (a state where an actor chooses), the candidate
  actions below that the registry does not list as legal are checked with
  :meth:`Rules.check <gamefold.registry.Rules.check>`, and each refusal counts once for the
  ``rule`` of its :class:`~gamefold.IllegalAction`. The candidates are, in order and without
  repeats: what each subsystem and rule lists for the actor before the registry filters it
  (refusals decided while listing); the *neighbours* of each legal action, the action with
  one field changed (a name to another name seen in the legal actions, an enum to each other
  member, a flag flipped, a count one up or down, a tuple emptied or cut short); and the
  game's own :meth:`probe_actions <gamefold.games.GameDef.probe_actions>`. At most
  ``probes`` of them are checked per decision point, spread evenly over the list (0: no
  refusals are probed). All of it
  is a function of the state, so the counts are deterministic.

Rules a game does not list in :meth:`~gamefold.games.GameDef.rule_ids` (EN-4 for a
malformed probe) are left out of the report. Probing never changes play: the games are the
very games :func:`~gamefold.sim.simulate` plays with the same seed and policies.
"""

from __future__ import annotations

import enum
import json
import math
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

import attrs

from gamefold.core import Action
from gamefold.games.base import GameDef, Played, get_game, play
from gamefold.registry import Game
from gamefold.sim.bounds import MAX_GAMES, MAX_PROBES, MAX_STEPS, count
from gamefold.sim.extras import require
from gamefold.sim.policies import DEFAULT_POLICY, Policies, resolve_policies
from gamefold.sim.runner import game_seeds

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "DEFAULT_PROBES",
    "coverage",
    "coverage_json",
    "game_coverage",
    "refusal_rules",
]

DEFAULT_PROBES = 48
"""The default number of candidate actions checked at each decision point."""


def coverage(
    game: GameDef[Any] | str,
    *,
    games: int = 100,
    seed: int | str = 0,
    policies: Policies = DEFAULT_POLICY,
    max_steps: int = 10_000,
    probes: int = DEFAULT_PROBES,
) -> pd.DataFrame:
    """Play ``games`` seeded games of ``game`` and count the rules they reach.

    One row per rule ID of :meth:`~gamefold.games.GameDef.rule_ids`, in that order, zeros
    included, indexed by ``rule``: ``games`` is how many games reached the rule, ``times``
    how often it was attributed in all (see the module's docstring). ``frame.attrs`` holds
    the ``game``'s name and the number of ``games``. Without the ``sim`` extra it raises
    :class:`~gamefold.sim.MissingExtra` before any game is played; a count out of its
    bounds (:mod:`gamefold.sim.bounds`) is a :class:`~gamefold.ConfigError` naming it.
    """
    pandas = require("sim", "pandas", "rule coverage")
    count("games", games, 1, MAX_GAMES)
    count("probes", probes, 0, MAX_PROBES)
    count("max_steps", max_steps, 1, MAX_STEPS)
    if isinstance(game, str):
        game = get_game(game)()
    resolved = resolve_policies(game, policies)
    rules = game.rule_ids()
    reached: Counter[str] = Counter()
    times: Counter[str] = Counter()
    for one_seed in game_seeds(seed, 0, games):
        played = play(game, one_seed, resolved, max_steps=max_steps)
        counts = game_coverage(game, played, probes=probes)
        times.update(counts)
        reached.update(counts.keys())
    frame: pd.DataFrame = pandas.DataFrame(
        {
            "games": [reached[r] for r in rules],
            "times": [times[r] for r in rules],
        },
        index=pandas.Index(list(rules), name="rule"),
    )
    frame.attrs.update(game=game.name, games=games)
    return frame


def coverage_json(frame: pd.DataFrame) -> str:
    """The JSON report of a coverage frame: ``{"game", "games", "rules": {rule: times}}``."""
    rules = {str(rule): int(times) for rule, times in frame["times"].items()}
    report = {"game": frame.attrs["game"], "games": frame.attrs["games"], "rules": rules}
    return json.dumps(report, indent=2)


def game_coverage(
    game: GameDef[Any], played: Played, *, probes: int = DEFAULT_PROBES
) -> Counter[str]:
    """How often each rule was attributed in one played game (every state kept)."""
    if len(played.states) != len(played.actions) + 1:
        raise ValueError("rule coverage needs every state: play with keep_states=True")
    counts: Counter[str] = Counter(game.setup_rules(played.states[0]))
    for index, events in enumerate(played.events):
        before, after = played.states[index], played.states[index + 1]
        counts.update(game.attested(after, events))
        if probes and game.clock_action(before) is None:
            actor = game.actor(before)
            if actor is not None:
                counts.update(refusal_rules(game, before, actor, probes=probes))
    return counts


def refusal_rules(
    game: GameDef[Any], state: Game, actor: str, *, probes: int = DEFAULT_PROBES
) -> tuple[str, ...]:
    """The rules of the refusals met at ``actor``'s decision point in ``state``: each
    candidate action (see the module's docstring) the registry does not list, checked."""
    rules = game.rules
    legal = rules.legal_actions(state, actor)
    shown = set(legal)
    candidates = [a for a in _unique(_candidates(game, state, actor, legal)) if a not in shown]
    found = []
    for action in _spread(candidates, probes):
        problem = rules.check(state, action)
        if problem is not None:
            found.append(problem.rule)
    return tuple(found)


def _candidates(
    game: GameDef[Any], state: Game, actor: str, legal: tuple[Action, ...]
) -> Iterator[Action]:
    rules = game.rules
    for i, sub in enumerate(rules.subsystems):
        yield from sub.legal_actions(state.slices[i], actor)
    for rule in (*rules.rules, *rules.overrides):
        if rule.legal_actions is not None:
            yield from rule.legal_actions(state, actor)
    names = _names(legal)
    for action in legal:
        yield from _neighbours(action, names)
    yield from game.probe_actions(state, actor)


def _unique(actions: Iterable[Action]) -> list[Action]:
    seen: set[Action] = set()
    out = []
    for action in actions:
        if action not in seen:
            seen.add(action)
            out.append(action)
    return out


def _spread(candidates: list[Action], limit: int) -> list[Action]:
    """At most ``limit`` of ``candidates``, evenly spaced, in order."""
    if len(candidates) <= limit or limit < 1:
        return candidates
    stride = math.ceil(len(candidates) / limit)
    return candidates[::stride]


def _names(actions: tuple[Action, ...]) -> tuple[str, ...]:
    """Every string field value of ``actions``, in order of first appearance."""
    seen: dict[str, None] = {}
    for action in actions:
        for field in attrs.fields(type(action)):  # type: ignore[arg-type]
            value = getattr(action, field.name)
            if isinstance(value, str):
                seen.setdefault(value, None)
    return tuple(seen)


def _variants(value: object, names: tuple[str, ...]) -> Iterator[object]:
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, enum.Enum):
        yield from (member for member in type(value) if member is not value)
    elif isinstance(value, int):
        yield from (value + 1, value - 1) if value > 0 else (value + 1,)
    elif isinstance(value, str):
        yield from (name for name in names if name != value)
    elif isinstance(value, tuple) and value:
        yield from ((), value[:-1]) if len(value) > 1 else ((),)


def _neighbours(action: Action, names: tuple[str, ...]) -> Iterator[Action]:
    """``action`` with one field changed to a nearby value of the same kind."""
    for field in attrs.fields(type(action)):  # type: ignore[arg-type]
        for value in _variants(getattr(action, field.name), names):
            try:
                yield attrs.evolve(action, **{field.name: value})  # type: ignore[misc]
            except (TypeError, ValueError):
                continue  # the action's own converter refuses the value: not a candidate
