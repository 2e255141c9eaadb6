"""What a ready-made game is: :class:`GameDef`, and the registers of games and policies.

A :class:`GameDef` pairs a config record with the :class:`~gamefold.registry.Rules` it
builds, the initial game for a seed, and the game's flow: which clock action happens next
(:meth:`GameDef.clock_action`), whose choice is due (:meth:`GameDef.actor`), and when the
game is over. Games register by name (:func:`register_game`), so records, replay and the
command line find them; bots offer their policies to every game (:func:`register_policy`).

A **policy** chooses an action for one actor from that actor's view of the game (never the
full state, EN-9), the legal actions, and its own :class:`~gamefold.rng.Rng` stream (never
the game's, which would let a bot see the future).
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, Self, TypeAlias, TypeVar

import attrs

from gamefold import _providers
from gamefold.core import Action, Event
from gamefold.errors import ConfigError
from gamefold.games.account import (
    EventRules,
    attested_by,
    subsystem_event_rules,
    subsystem_lines,
    subsystem_rule_ids,
    told,
)
from gamefold.games.variants import with_paths
from gamefold.record import register_game_lookup
from gamefold.registry import Game, Rules
from gamefold.rng import Rng

__all__ = [
    "GameDef",
    "Policy",
    "game_names",
    "get_game",
    "policy_problem",
    "random_policy",
    "register_game",
    "register_policy",
    "registered_policies",
]

C = TypeVar("C")

Policy: TypeAlias = Callable[[Game, tuple[Action, ...], Rng], tuple[Action, Rng]]
"""``policy(view, legal_actions, rng) -> (action, next_rng)``: one actor's choice."""


def random_policy(view: Game, legal: tuple[Action, ...], rng: Rng) -> tuple[Action, Rng]:
    """The uniform random legal policy."""
    return rng.choice(legal)


class GameDef(ABC, Generic[C]):
    """A ready-made game: config, rules, setup and flow. Subclass it to ship a game.

    Subclasses set :attr:`name` and :attr:`config_type` and implement the abstract methods.
    ``GameDef(config)`` builds the :class:`Rules` once; a config left out is the default.
    """

    name: ClassVar[str]
    """The game's name in records and on the command line (``"skirmish"``)."""
    config_type: ClassVar[type[Any]]
    """The game's config record type; its no-argument instance is the default config."""

    def __init__(self, config: C | None = None) -> None:
        if config is None:
            config = self.config_type()
        if not isinstance(config, self.config_type):
            raise ConfigError(
                "config", f"{self.name} needs a {self.config_type.__name__}, got {config!r}"
            )
        self.config: C = config
        self.rules: Rules = self.build_rules()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.config!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # Rules hold closures; a game travels to worker processes as its class and config.
        return (type(self), (self.config,))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, GameDef) and type(other) is type(self) and other.config == self.config
        )

    def __hash__(self) -> int:
        return hash((type(self), self.config))

    def variant(self, changes: Mapping[str, Any] | None = None, /, **by_path: Any) -> Self:
        """This game with config fields changed by path, every other field kept as it is.

        ``game.variant(**{"skills.hand_limit": 6})`` or ``game.variant({"skills.hand_limit":
        6})``; a bad path or value is a :class:`~gamefold.ConfigError` naming the path. See
        :mod:`gamefold.games.variants`.
        """
        return type(self)(with_paths(self.config, {**(changes or {}), **by_path}))

    @classmethod
    def scenarios(cls) -> Mapping[str, Any]:
        """The game's named configs (``--scenario NAME``); ``"default"`` is always there."""
        return {"default": cls.config_type()}

    @abstractmethod
    def build_rules(self) -> Rules:
        """The registry of this game for :attr:`config`."""

    @abstractmethod
    def setup(self, seed: int | str) -> Game:
        """The initial game for ``seed``: each slice's RNG split from the seed."""

    @abstractmethod
    def players(self, game: Game) -> tuple[str, ...]:
        """The actors who make choices in this game, in seat order."""

    @abstractmethod
    def clock_action(self, game: Game) -> Action | None:
        """The lifecycle action that must happen next, or ``None`` when a choice is due."""

    @abstractmethod
    def actor(self, game: Game) -> str | None:
        """The actor whose choice is due, or ``None`` when the game is over."""

    @abstractmethod
    def is_over(self, game: Game) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def outcome(self, game: Game) -> dict[str, dict[str, Any]]:
        """Per player, the numbers a simulation reports (winner, damage, score …)."""

    def outcome_types(self) -> Mapping[str, Any]:
        """The type of each column :meth:`outcome` reports: ``bool``, ``int``, ``float`` or
        ``str``, or one of them ``| None`` for a value some games lack (``int | None``).

        A simulation's file takes its schema from these, before any game is played, so a
        column missing from every game of the first batch is still typed right. A column
        left out is typed from the first value it shows (none, by default: override this
        in a game whose outcome can lack a value).
        """
        return {}

    def observation_bounds(self) -> Mapping[str, tuple[float, float]]:
        """The true range ``(low, high)`` of each plain number (``int`` or ``float``) field
        of the players' views, by field name, derived from the config: a value the rules
        can never take beyond. :mod:`gamefold.envs` gives each such slot this range instead
        of the ±2**31 of a number it knows nothing of (a caller's ``bounds=`` still wins),
        so that float16 and normalising wrappers work. ``{}`` by default; a name covers
        every field so named in the view, so give the widest of their ranges.
        """
        return {}

    def observation_growth(self) -> Mapping[str, tuple[float, float, float]]:
        """The growth ``(low, start, step)`` of each plain number field of the players'
        views that no range of :meth:`observation_bounds` can name, since nothing in the
        rules caps it (a count of Rounds, a whole fight's damage), but that one action moves
        by a bounded amount, by field name, derived from the config: the value is never
        below ``low``, starts at most at ``start``, and after ``n`` actions (clock actions
        included) is at most ``start + n * step``. An env truncates a game after
        ``max_steps`` actions, so :mod:`gamefold.envs` gives each such slot the range
        ``(low, start + max_steps * step)`` (the widest of a name's ranges; a caller's
        ``bounds=`` still wins). ``{}`` by default; a name covers every field so named in
        the view, so give the largest of their growths.
        """
        return {}

    def action_sizes(self) -> Mapping[Any, int]:
        """How many values each action field can take under :attr:`config`, derived from
        it: no decision ever resolves a reference, or lists a group of values, larger.
        :mod:`gamefold.envs` numbers a field with the smaller of this and its domain's cap,
        so an agent's action space is sized to the game rather than to every game.

        A key is a :class:`~gamefold.domains.Ref` (every field declaring it) or an
        ``(action_type, field_name)`` pair (that field alone, listed ones included); the
        pair wins where both name a field. A bound must be sound: a decision
        beyond it raises the codec's error mid-game. ``{}`` by default: every field takes
        its domain's cap, as a game that says nothing always did.
        """
        return {}

    def describe(self, event: Event) -> str:
        """One readable line for an event, for the turn-by-turn account.

        By default the line of the subsystem that tells such events
        (:attr:`Subsystem.lines <gamefold.Subsystem.lines>`, the first of the game's
        subsystems that has one), else the event's ``repr``.
        """
        return told(self._lines, event)

    @functools.cached_property
    def _lines(self) -> Mapping[type, Callable[[Any], str]]:
        """The subsystems' lines, joined once (the first subsystem telling an event wins)."""
        return subsystem_lines(self.rules)

    def determinize(self, view: Game, viewer: str, rng: Rng) -> Game:
        """A whole game ``viewer``'s ``view`` could have come from, hidden parts drawn from
        ``rng``: what search bots (:mod:`gamefold.search`) play out instead of the state they
        may not see. By default the slices' determinizers (:meth:`Rules.determinize
        <gamefold.Rules.determinize>`); a game whose hidden facts span slices overrides it.
        """
        return self.rules.determinize(view, viewer, rng)

    def determinize_problem(self) -> str | None:
        """Why search bots cannot play this game from a view (a sentence naming what to
        write), or ``None`` when :meth:`determinize` works.

        By default the registry's (:meth:`Rules.determinize_problem
        <gamefold.Rules.determinize_problem>`): every slice needs a determinizer, since
        :meth:`determinize` composes them, and so does an override that calls it. A game
        whose own :meth:`determinize` draws every slice itself overrides this to return
        ``None``."""
        return self.rules.determinize_problem()

    def policies(self) -> dict[str, Policy]:
        """The built-in policies of this game by name: ``"random"``, then each policy a bot
        offers every game that suits it (:func:`register_policy`): ``"ismcts"``
        (:class:`gamefold.search.ISMCTS` at its default budget) exactly when the game can be
        determinized (:meth:`determinize_problem` is ``None``); a game adds its own to
        ``super().policies()``."""
        found: dict[str, Policy] = {"random": random_policy}
        for name, offer in _offers().items():
            if offer.problem(self) is None:
                found[name] = offer.make(self)
        return found

    def evaluate(self, game: Game) -> dict[str, float]:
        """Each player's share of the win from ``game``, in [0, 1]: how search bots
        (:mod:`gamefold.search`) score a playout they cut short.

        At the end, each of ``k`` winners gets ``1/k`` and the others 0; by default a game
        not over yet is scored the same way, as :meth:`outcome` says it stands. A game
        whose outcome names no winner before the end overrides this with an estimate.
        """
        outcome = self.outcome(game)
        winners = [player for player in outcome if outcome[player].get("winner")]
        return {player: 1 / len(winners) if player in winners else 0.0 for player in outcome}

    # -- rule coverage (see gamefold.sim.coverage) ---------------------------------------

    def rule_ids(self) -> tuple[str, ...]:
        """Every rule ID the game relies on: its subsystems' and its own, in order.

        Rule coverage reports each of them, zeros included. By default the subsystems'
        (:attr:`Subsystem.rule_ids <gamefold.Subsystem.rule_ids>`), in the registry's order.
        """
        return subsystem_rule_ids(self.rules)

    def event_rules(self) -> EventRules:
        """The rules each event type attests (see :data:`EventRules`); by default the
        subsystems' tables (:attr:`Subsystem.event_rules <gamefold.Subsystem.event_rules>`),
        joined (:func:`~gamefold.games.account.joined_event_rules`)."""
        return subsystem_event_rules(self.rules)

    def setup_rules(self, game: Game) -> tuple[str, ...]:
        """The rules the setup applied to the initial ``game`` (opening hands …)."""
        return ()

    def attested(self, game: Game, events: tuple[Event, ...]) -> tuple[str, ...]:
        """The rules a step's ``events`` attest, ``game`` being the state after the step.

        By default each event attests what :meth:`event_rules` says of it; a game overrides
        this to add what shows only in the state (where a declarer stands …).
        """
        return attested_by(self._event_table, events)

    @functools.cached_property
    def _event_table(self) -> EventRules:
        """:meth:`event_rules`, asked once: a game's table depends on its config alone."""
        return self.event_rules()

    def probe_actions(self, game: Game, actor: str) -> tuple[Action, ...]:
        """Actions rule coverage checks at ``actor``'s decision point besides the legal
        ones and their neighbours, so refusals only these meet are observed; ``()`` by
        default. Bounded and deterministic: a function of the state alone."""
        return ()


_GAMES: dict[str, type[GameDef[Any]]] = {}


def register_game(cls: type[GameDef[Any]]) -> type[GameDef[Any]]:
    """Make a game known by name to records, replay and the command line (a decorator)."""
    if cls.name in _GAMES and _GAMES[cls.name] is not cls:
        raise ValueError(f"a different game is already registered as {cls.name!r}")
    _GAMES[cls.name] = cls
    return cls


def get_game(name: str) -> type[GameDef[Any]]:
    """The registered game called ``name``; ``KeyError`` names the known games."""
    _load_builtin_games()
    try:
        return _GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(game_names())}") from None


def game_names() -> tuple[str, ...]:
    """The names of every registered game, sorted."""
    _load_builtin_games()
    return tuple(sorted(_GAMES))


def _load_builtin_games() -> None:
    import gamefold.games  # noqa: F401  (registers the built-in games)


register_game_lookup(get_game)  # records find games by name here, knowing none


@attrs.frozen
class _Offer:
    """A policy a bot offers by name: how it is made for a game, and why a game is refused."""

    make: Callable[[GameDef[Any]], Policy]
    problem: Callable[[GameDef[Any]], str | None]


_POLICIES: dict[str, _Offer] = {}


def _no_problem(game: GameDef[Any]) -> str | None:
    return None


def register_policy(
    name: str,
    make: Callable[[GameDef[Any]], Policy],
    *,
    problem: Callable[[GameDef[Any]], str | None] = _no_problem,
) -> None:
    """Offer a policy to every game by ``name``: ``make(game)`` builds it for a game, which is
    offered it (in :meth:`GameDef.policies`) when ``problem(game)`` is ``None``, and refused
    with that sentence otherwise (:func:`policy_problem`).

    A bot registers itself when its module is imported, so the games know no bot:
    :mod:`gamefold.search` registers ``"ismcts"``, and is loaded the first time a game's
    policies are asked for. Registering another ``make`` under a taken name is a
    ``ValueError``.
    """
    offered = _POLICIES.get(name)
    if offered is not None and offered.make is not make:
        raise ValueError(f"a different policy is already registered as {name!r}")
    _POLICIES[name] = _Offer(make, problem)


def registered_policies() -> tuple[str, ...]:
    """The names of every policy a bot offers to the games (:func:`register_policy`),
    sorted."""
    return tuple(sorted(_offers()))


def policy_problem(game: GameDef[Any], name: str) -> str | None:
    """Why ``game`` is not offered the registered policy ``name`` (a sentence naming what
    to write), or ``None`` when it is, or when no bot offers ``name``."""
    offer = _offers().get(name)
    return None if offer is None else offer.problem(game)


def _offers() -> dict[str, _Offer]:
    """The policies bots offer, the package's own bots loaded first."""
    _providers.load("policies")
    return _POLICIES
