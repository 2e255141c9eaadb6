"""Information-set Monte Carlo tree search: a bot that sees only its player's view.

:class:`ISMCTS` is a policy (see :data:`gamefold.games.Policy`). For each move it grows one
tree over the searching player's information set (single-observer ISMCTS): every iteration
draws a whole game the view could have come from (:meth:`GameDef.determinize
<gamefold.games.GameDef.determinize>`), walks the tree down through the moves legal in that
draw, adds one new move, plays on with the rollout policy for at most ``horizon`` choices and
scores the state it reached with :meth:`GameDef.evaluate
<gamefold.games.GameDef.evaluate>`. Because a move is legal in some draws and not in others,
a child is scored with availability counts: its exploration term counts the iterations in
which it *could* have been chosen, not the parent's visits. The move played is the root's
most visited, ties going to the first in the listing.

Every player's choices are edges of the one tree, keyed by the action. A choice the
searching player cannot see (another side's declaration, hidden until the exchange
resolves) is such an edge too: below it the tree may tell the draws apart by it, the known
optimism of single-observer search with partially observable moves. The move made at the
root never can: each iteration re-draws every hidden declaration from the view.

The budget is ``iterations`` (never wall time), and every draw comes from the policy's own
stream: the same seed gives the same moves, in any process.
"""

from __future__ import annotations

import math
import numbers
from typing import Any

from gamefold.core import Action
from gamefold.errors import RegistryError
from gamefold.games import GameDef, Policy, register_policy
from gamefold.registry import Game
from gamefold.rng import Rng

__all__ = ["ISMCTS", "MAX_HORIZON", "MAX_ITERATIONS", "determinize_problem"]

MAX_ITERATIONS = 1_000_000
"""The most iterations a move may search: a budget no typo turns into an endless search."""

MAX_HORIZON = 1_000_000
"""The most choices one playout may make (the command line's largest step cap)."""


def determinize_problem(game: GameDef[Any]) -> str | None:
    """Why search cannot play ``game`` from a view, or ``None``: what the game itself says
    (:meth:`GameDef.determinize_problem <gamefold.games.GameDef.determinize_problem>`)."""
    return game.determinize_problem()


class _Node:
    """One edge's statistics: who chose it, how often it was taken, could have been, won."""

    __slots__ = ("available", "children", "mover", "total", "visits")

    def __init__(self, mover: str) -> None:
        self.mover = mover
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.children: dict[Action, _Node] = {}


class ISMCTS:
    """The ISMCTS policy for ``game``: ``ISMCTS(game, iterations=100)``.

    ``iterations`` draws (and tree walks) per move, 1 to :data:`MAX_ITERATIONS`;
    ``horizon`` the most choices one walk and its playout make before the state is scored,
    1 to :data:`MAX_HORIZON`; ``exploration`` the UCB constant, a finite number of at least
    0; ``rollout`` the policy a playout plays every seat with (by default the game's
    ``"random"``). Counts may be NumPy integers; anything else out of bounds is a
    ``ValueError``. By name: ``"ismcts"``, or with options,
    ``"ismcts:iterations=200,horizon=30"``.
    """

    def __init__(
        self,
        game: GameDef[Any],
        *,
        iterations: int = 100,
        horizon: int = 40,
        exploration: float = 0.7,
        rollout: Policy | None = None,
    ) -> None:
        problem = determinize_problem(game)
        if problem is not None:
            raise RegistryError(f"{game.name} cannot be played by ismcts: {problem}")
        self.game = game
        self.iterations = _count("iterations", iterations, MAX_ITERATIONS)
        self.horizon = _count("horizon", horizon, MAX_HORIZON)
        self.exploration = _exploration(exploration)
        self._rollout = rollout

    def __repr__(self) -> str:
        return (
            f"ISMCTS({self.game.name}, iterations={self.iterations}, horizon={self.horizon}, "
            f"exploration={self.exploration:g})"
        )

    @property
    def __name__(self) -> str:  # the policy column of a simulation's frame
        return f"ismcts:iterations={self.iterations}"

    def __reduce__(self) -> tuple[Any, ...]:
        options = {
            "iterations": self.iterations,
            "horizon": self.horizon,
            "exploration": self.exploration,
            "rollout": self._rollout,
        }
        return (_rebuilt, (self.game, options))

    @property
    def rollout(self) -> Policy:
        """The policy playouts play every seat with (the game's ``"random"`` by default)."""
        if self._rollout is None:  # looked up late: the game's policies include this one
            self._rollout = self.game.policies()["random"]
        return self._rollout

    def configured(self, **options: Any) -> ISMCTS:
        """This policy with some options changed (what ``"ismcts:iterations=200"`` gives)."""
        known = {"iterations", "horizon", "exploration"}
        strange = sorted(set(options) - known)
        if strange:
            raise ValueError(f"ismcts has no option {strange[0]!r}; options: {sorted(known)}")
        current = {
            "iterations": self.iterations,
            "horizon": self.horizon,
            "exploration": self.exploration,
        }
        return ISMCTS(self.game, rollout=self._rollout, **{**current, **options})

    def __call__(self, view: Game, legal: tuple[Action, ...], rng: Rng) -> tuple[Action, Rng]:
        """The most visited of ``legal`` after the search; the stream moves on by one draw."""
        if len(legal) == 1:
            return legal[0], rng.split("ismcts:next")
        me = self.game.actor(view)
        if me is None:
            raise ValueError("ISMCTS was asked to move in a view where no one is due to act")
        root = _Node(me)
        draws = rng.split("ismcts")
        for i in range(self.iterations):
            self._iterate(root, view, me, draws.split(str(i)))
        return self._best(root, legal), rng.split("ismcts:next")

    def _best(self, root: _Node, legal: tuple[Action, ...]) -> Action:
        best, most = legal[0], -1
        for action in legal:
            child = root.children.get(action)
            visits = -1 if child is None else child.visits
            if visits > most:
                best, most = action, visits
        return best

    def _iterate(self, root: _Node, view: Game, me: str, rng: Rng) -> None:
        game = self.game
        state = game.determinize(view, me, rng.split("draw"))
        rng = rng.split("walk")
        path = [root]
        node, choices, grown = root, 0, False
        while choices < self.horizon:
            state = _settled(game, state)
            actor = game.actor(state)
            if actor is None:
                break
            legal = game.rules.legal_actions(state, actor)
            if grown:
                action, rng = self.rollout(state, legal, rng)
            else:
                action, rng, node, grown = self._descend(node, actor, legal, rng)
                path.append(node)
            state, _ = game.rules.step(state, action)
            choices += 1
        scores = game.evaluate(_settled(game, state))
        root.visits += 1
        for step in path[1:]:
            step.visits += 1
            step.total += scores.get(step.mover, 0.0)

    def _descend(
        self, node: _Node, actor: str, legal: tuple[Action, ...], rng: Rng
    ) -> tuple[Action, Rng, _Node, bool]:
        """The tree's move at ``node``: a move never tried yet (the tree grows by it, and
        the playout starts), else the best by UCB over the available moves."""
        children = node.children
        untried = [a for a in legal if a not in children]
        for action in legal:
            child = children.get(action)
            if child is not None:
                child.available += 1
        if untried:
            action, rng = rng.choice(untried)
            child = children[action] = _Node(actor)
            child.available += 1
            return action, rng, child, True
        c = self.exploration
        best, top = legal[0], -math.inf
        for action in legal:
            child = children[action]
            value = child.total / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if value > top:
                best, top = action, value
        return best, rng, children[best], False


def _count(name: str, value: object, most: int) -> int:
    """``value`` as a count from 1 to ``most`` (a NumPy integer too, never a bool)."""
    whole = int(value) if isinstance(value, numbers.Integral) else None
    if whole is not None and not isinstance(value, bool) and 1 <= whole <= most:
        return whole
    raise ValueError(f"{name} is a whole number from 1 to {most:,}, not {value!r}")


def _exploration(value: object) -> float:
    """``value`` as the UCB constant: a finite number of at least 0 (never NaN, never a
    bool): NaN would make every comparison false and the search pick the first move."""
    number = float(value) if isinstance(value, numbers.Real) else math.nan
    if not isinstance(value, bool) and math.isfinite(number) and number >= 0:
        return number
    raise ValueError(f"exploration is a finite number of at least 0, not {value!r}")


def _settled(game: GameDef[Any], state: Game) -> Game:
    """``state`` after every clock action due: a choice is due, or the game is over."""
    while True:
        action = game.clock_action(state)
        if action is None:
            return state
        state, _ = game.rules.step(state, action)


def _rebuilt(game: GameDef[Any], options: dict[str, Any]) -> ISMCTS:
    return ISMCTS(game, **options)


# Offered by name to every game that can be determinized: the games know no search bot.
register_policy("ismcts", ISMCTS, problem=determinize_problem)
