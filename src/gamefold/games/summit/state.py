"""Summit's own slice, the turn flow, and the map slice it composes with.

:class:`SummitState` is summit's ``"summit"`` slice, reached through :class:`SummitSlices`;
the map is the territory subsystem's slice on summit's scenario, a :class:`MapState`. Both
are public (EN-9): a secret pact, hidden by the diplomacy view, has no trace on the map
until it is revealed.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Protocol, Self, TypeVar

import attrs

from gamefold import diplomacy, territory
from gamefold.core import Action, Events, replace
from gamefold.domains import Range, span, widest
from gamefold.games.summit.config import Scenario, SummitConfig
from gamefold.registry import Game
from gamefold.rng import Rng
from gamefold.territory import TerritoryView, state_from_view, view_fields

__all__ = [
    "G",
    "SummitSlices",
    "Ask",
    "DIPLOMACY",
    "MAP",
    "MapState",
    "MapView",
    "NAME",
    "Phase",
    "SummitGame",
    "SummitState",
    "determinize",
    "initial_flow",
    "initial_state",
    "map_determinize",
    "map_view",
    "on_map",
    "view",
    "view_bounds",
]


NAME = "summit"
"""The name of summit's own slice, the turn flow."""
MAP = territory.NAME
"""The map slice's name in a summit game."""
DIPLOMACY = diplomacy.subsystem.name
"""The diplomacy slice's name in a summit game."""


class Phase(StrEnum):
    """Where the turn flow stands (SM-9)."""

    ROUND = "round"
    """A Round is due to begin: the clock issues StartRound."""
    TURN_START = "turn-start"
    """The next seat's turn is due: the clock issues BeginTurn with the holdings."""
    TURN = "turn"
    """The current player acts, then ends the turn with EndTurn."""
    WINDOW = "window"
    """The current player's turn ended: they play a Standalone card or Pass."""
    ROUND_END = "round-end"
    """Every seat had its turn: the clock issues EndRound."""
    OVER = "over"
    """The game has ended (SM-10)."""


# The phases as plain names, for the flow and the clock, which compare with them at every
# step: a member read through its enum class goes through the class's metaclass each time.
_ROUND, _TURN_START, _TURN, _WINDOW = Phase.ROUND, Phase.TURN_START, Phase.TURN, Phase.WINDOW
_ROUND_END, _OVER = Phase.ROUND_END, Phase.OVER


@attrs.frozen
class Ask:
    """A proposal awaiting its recipient's answer before play goes on (SM-9)."""

    proposal: int
    """The proposal's id."""
    to: str
    """The recipient, whose answer is due."""


@attrs.frozen
class MapState(territory.TerritoryState[Scenario]):
    """The ``"map"`` slice of a summit game: the territory's record on summit's scenario
    (the territory subsystem's own slice; build it with :func:`initial_state`)."""


@attrs.frozen
class SummitState:
    """Summit's own slice: where the turn flow stands (SM-9, SM-10, SM-12). Build it with
    :func:`initial_flow`. All of it is public and it draws nothing: it is its own view."""

    players: tuple[str, ...]
    """The players, in seat order: the order of their turns."""
    max_rounds: int
    """The Rounds the game lasts (the scenario's ``max_rounds``, SM-10)."""
    phase: Phase = Phase.ROUND
    """Where the turn flow stands."""
    round: int = 0
    """Rounds begun."""
    turn: int = 0
    """Turns begun."""
    asked: Ask | None = None
    """The proposal awaiting its answer, if any."""
    proposals: int = 0
    """Proposals made in the turn under way (SM-12)."""

    @property
    def current(self) -> str:
        """The player whose turn (or window) it is or was last; ``""`` before the first."""
        return self.players[(self.turn - 1) % len(self.players)] if self.turn else ""

    @property
    def next_player(self) -> str:
        """The player whose turn begins next."""
        return self.players[self.turn % len(self.players)]


def initial_state(
    scenario: Scenario, players: tuple[str, ...] | list[str], seed: int | str = 0
) -> MapState:
    """The map before the first Round: the territory's setup (TR-1)."""
    return territory.initial_state(scenario, players, seed, record=MapState)


def initial_flow(scenario: Scenario, players: tuple[str, ...] | list[str]) -> SummitState:
    """The turn flow before the first Round: no Round, no turn begun."""
    return SummitState(tuple(players), scenario.max_rounds)


@attrs.frozen
class SummitGame(Game):
    """A summit game in play: the factions' economy, the map and summit's turn flow, by name
    (a :class:`SummitSlices`)."""

    diplomacy: diplomacy.DiplomacyState
    """The factions' economy (:mod:`gamefold.diplomacy`)."""
    map: MapState
    """The map (:mod:`gamefold.territory`)."""
    summit: SummitState
    """Summit's turn flow (:data:`NAME`)."""

    def with_summit(self, summit: SummitState) -> Self:
        """This game with the turn flow ``summit``."""
        return replace(self, summit=summit)


class SummitSlices(Protocol):
    """A game summit's rules run on: any game record with the economy and the map as slices
    and summit's turn flow, read and written by name (summit's own record holds the flow as
    a slice, the campaign's inside its ``campaign`` slice)."""

    @property
    def diplomacy(self) -> diplomacy.DiplomacyState:
        """The factions' economy (:mod:`gamefold.diplomacy`)."""

    @property
    def map(self) -> MapState:
        """The map (:mod:`gamefold.territory`)."""

    @property
    def summit(self) -> SummitState:
        """Summit's turn flow (:data:`NAME`)."""

    def with_summit(self, summit: SummitState) -> Self:
        """This game with the turn flow ``summit``: how summit's rules write it."""

    def with_slice(self, name: str, value: Any) -> Self:
        """This game with the slice ``name`` replaced: how the map's answer is kept."""


G = TypeVar("G", bound=SummitSlices)
"""The record a summit rule takes and gives back: the same class (a :class:`SummitSlices`)."""


def on_map(game: G, action: Action) -> tuple[G, Events]:
    """``game`` after the map's answer to ``action``, a host action of summit's rules: the
    territory decides it (raising :class:`~gamefold.IllegalAction` if it refuses) and the
    game keeps the slice it returns, so the map is never edited behind its back."""
    board, events = territory.step(game.map, action)
    return game.with_slice(MAP, board), events


@attrs.frozen(kw_only=True)
class MapView(TerritoryView):
    """The map as any player sees it: the :class:`MapState` without its RNG."""

    scenario: Scenario
    """The map and the figures of summit's rules."""


def map_view(state: territory.TerritoryState[Any], viewer: str) -> MapView:
    """What ``viewer`` may see of the map: everything but the RNG (EN-9)."""
    return MapView(**view_fields(state, viewer))


def map_determinize(shown: MapView, viewer: str, rng: Rng) -> MapState:
    """The map ``shown`` is the view of (EN-9): all of it public, the stream drawn afresh."""
    return state_from_view(MapState, shown, rng)


def view(state: SummitState, viewer: str) -> SummitState:
    """What ``viewer`` may see of the turn flow: all of it (EN-9; it has no stream)."""
    return state


def determinize(shown: SummitState, viewer: str, rng: Rng) -> SummitState:
    """The turn flow ``shown`` is the view of: itself, nothing of it hidden (EN-9)."""
    return shown


def view_bounds(config: SummitConfig) -> dict[str, Range]:
    """The true ranges of the numbers of a summit view (a game's
    :meth:`~gamefold.games.GameDef.observation_bounds`): the diplomacy cards' (DP-8), the
    map's lengths (TR-1), one player a seat, and every counter the game's length bounds:
    ``max_rounds`` Rounds (SM-10) of one turn a seat (SM-9), each counter growing by a
    bounded step a turn (:func:`_counters`)."""
    dip, scenario, seats = config.diplomacy, config.scenario, len(config.names)
    rounds = scenario.max_rounds
    turns = span("max_rounds", rounds * seats, "SM-10")
    flow = {
        "round": span("max_rounds", rounds, "SM-10"),
        "max_rounds": span("max_rounds", rounds, "SM-10"),
        "turn": turns,
        "since": turns,  # DP-8: the turn a pact was accepted in
        "turns": span("max_rounds", rounds, "SM-9"),  # one turn of each seat a Round
        "proposals": span("proposals_per_turn", scenario.proposals_per_turn, "SM-12"),
        "len(players)": (0.0, float(seats)),
    }
    board = territory.view_bounds(scenario, seats)
    return widest(diplomacy.view_bounds(dip), board, flow, _counters(config))


def _counters(config: SummitConfig) -> dict[str, Range]:
    """The counters a turn adds a bounded step to, over the game's turns."""
    dip, scenario, seats = config.diplomacy, config.scenario, len(config.names)
    rounds, cards = scenario.max_rounds, dip.cards
    turns, tier = rounds * seats, max((card.tier for card in cards), default=0)
    # SM-12: at most proposals_per_turn proposals a turn; ids count them from 0 (DP-9),
    # and a pact, its truce and its tallies come from one accepted proposal each.
    made = turns * scenario.proposals_per_turn
    ids = span("proposals_per_turn", made - 1, "SM-12")
    # DP-4, DP-5: a turn start adds the ticks of the territories and the zones held, at
    # most all of them, once a Round for each player; kept ticks pile up (DP-1), and every
    # card earned pays ticks_per_card ticks (DP-6).
    income = diplomacy.income(dip, len(scenario.territories), sorted(dip.bonus_zones))
    ticks = span("max_rounds", rounds * income, "DP-6")
    earned = rounds * income // (dip.ticks_per_card * dip.quarters_per_tick)
    # DP-12: one Standalone card resolves at most a turn start, so one Fortify, Trap or
    # Duration Modifier (SM-8, SM-13, SM-14), at most the largest tier.
    longest = max((card.duration for card in cards), default=0)
    extended = longest + turns * scenario.extend_turns * tier
    kinds = {kind.value: sum(card.kind is kind for card in cards) for kind in diplomacy.Kind}
    pacts = span("proposals_per_turn", made, "SM-12")
    # SM-6, SM-8: a player takes territories in its own turn (others' cards resolve at
    # their turn starts), losing none then but to a Territory Transfer it accepts; and
    # outside it only by a transfer it proposed (SM-7, at most every proposal made).
    ceded = made * scenario.transfer_territories * tier
    conquests = rounds * len(scenario.territories) + 2 * ceded
    # DP-1: the pool holds at most every card of a kind.
    pool = {kind: span("catalogue", count, "DP-1") for kind, count in kinds.items()}
    found = {
        **dict.fromkeys(("id", "proposal", "pact"), ids),
        **dict.fromkeys(("pacts", "len(pacts)", "len(truces)"), pacts),
        # DP-9: a pending proposal locks its Agreement card, offered in no other (DP-10).
        "len(proposals)": span("catalogue", kinds[diplomacy.Kind.AGREEMENT.value], "DP-9"),
        # DP-9: the Value cards of a proposal or pact fill its Agreement card's slots.
        "len(values)": span("catalogue", max((card.slots for card in cards), default=0), "DP-9"),
        "expires": span("proposal_ttl", turns + dip.proposal_ttl * seats, "DP-9"),
        "remaining": span("extend_turns", extended, "SM-14"),
        **dict.fromkeys(("random", "agreement", "value", "standalone"), ticks),
        "cards_earned": span("max_rounds", earned, "DP-6"),
        "forts": span("fort_levels", turns * scenario.fort_levels * tier, "SM-8"),
        "traps": span("trap_troops", turns * scenario.trap_troops * tier, "SM-13"),
        "conquests": span("max_rounds", conquests, "SM-6"),
        **_troops(config, made, earned),
    }
    return widest(found, pool)  # the pool's counts share the counters' names


def _troops(config: SummitConfig, made: int, earned: int) -> dict[str, Range]:
    """Every troop the game may ever hold, which bounds a reserve, a garrison and an
    attack, and the deploy debt: ``made`` proposals at most, ``earned`` cards a player."""
    dip, scenario, seats = config.diplomacy, config.scenario, len(config.names)
    turns, tier = scenario.max_rounds * seats, max((c.tier for c in dip.cards), default=0)
    slots = max((card.slots for card in dip.cards), default=0)
    biggest = max((c.troops for c in dip.cards if c.kind is diplomacy.Kind.VALUE), default=0)
    # SM-5, DP-11: a Value card is self-applied at most once each time it comes into a
    # hand: dealt (DP-2), earned (DP-6), or kept from an accepted proposal (DP-9).
    applied = seats * (dip.starting_hand + earned) + made * slots
    # SM-7: an accepted pact pays its partner the troops of its Value cards.
    paid = made * slots
    # SM-4: a turn start's deploy, with every pact's bonus (at most every pact made); SM-8:
    # one Foreign Aid at most a turn start (DP-12).
    bonus = made * (scenario.support_deploy + scenario.partnership_deploy)
    deploy = scenario.deploy_base + len(scenario.territories) // scenario.territories_per_troop
    per_turn = deploy + bonus + scenario.aid_troops * tier
    setup = max(scenario.starting_troops, scenario.neutral_troops) * len(scenario.territories)
    troops = setup + turns * per_turn + (applied + paid) * biggest
    debt = span("max_rounds", applied * dip.debt_for(biggest), "DP-11")
    return {
        **dict.fromkeys(("troops", "garrisons", "reserve"), span("max_rounds", troops, "SM-4")),
        **dict.fromkeys(("debt", "deploy_debt"), debt),
    }
