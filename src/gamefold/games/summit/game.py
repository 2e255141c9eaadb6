"""The summit game definition: setup, who acts when (SM-9), end and outcome (SM-1 … SM-11)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamefold import diplomacy, territory
from gamefold.core import Action, EndRound, Event, StartRound
from gamefold.diplomacy import BeginTurn, DiplomacyState
from gamefold.games.base import EventRules, GameDef, Policy, register_game
from gamefold.games.summit import account, sizes, state
from gamefold.games.summit.account import describe
from gamefold.games.summit.config import SummitConfig
from gamefold.games.summit.policies import greedy, random_kinds
from gamefold.games.summit.rules import build_rules
from gamefold.games.summit.state import (
    _OVER,
    _ROUND,
    _ROUND_END,
    _TURN,
    _TURN_START,
    _WINDOW,
    DIPLOMACY,
    MAP,
    NAME,
    MapState,
    SummitState,
)
from gamefold.registry import Game, Rules
from gamefold.territory import holdings, territory_count, zones_held

__all__ = ["Summit"]


def _garrisoned(state: MapState, player: str) -> int:
    """The troops on ``player``'s territories."""
    return sum(t for o, t in zip(state.owners, state.garrisons, strict=True) if o == player)


OUTCOME_TYPES: dict[str, Any] = {
    "winner": bool,
    "win_share": float,
    "score": int,
    "turns": int,
    "territories": int,
    "zones": int,
    "troops": int,
    "cards_earned": int,
    "pacts": int,
    "conquests": int,
}
"""The type of each column of summit's outcome."""


@register_game
class Summit(GameDef[SummitConfig]):
    """Diplomacy at a summit: 3 to 6 players trade cards and pacts over a small map."""

    name = "summit"
    config_type = SummitConfig

    def build_rules(self) -> Rules:
        """The diplomacy, map and turn flow slices with summit's cross-slice rules."""
        return build_rules()

    def setup(self, seed: int | str) -> Game:
        """The slices for ``seed``, each on its own stream split from it (EN-3)."""
        names, scenario = self.config.names, self.config.scenario
        return self.rules.new_game(
            {
                DIPLOMACY: diplomacy.initial_state(self.config.diplomacy, names, seed),
                MAP: state.initial_state(scenario, names, seed),
                NAME: state.initial_flow(scenario, names),
            }
        )

    def players(self, game: Game) -> tuple[str, ...]:
        """The players in seat order."""
        state: SummitState = game.summit
        return state.players

    def observation_bounds(self) -> Mapping[str, tuple[float, float]]:
        """The true ranges of the view's numbers, from the config
        (see :func:`~gamefold.games.summit.state.view_bounds`)."""
        return state.view_bounds(self.config)

    def action_sizes(self) -> Mapping[Any, int]:
        """The seats, hand cards, fillings, territories and targets of this many players
        on this map (see :func:`~gamefold.games.summit.sizes.action_sizes`)."""
        return sizes.action_sizes(self.config)

    def clock_action(self, game: Game) -> Action | None:
        """StartRound, BeginTurn with the map's holdings, or EndRound, when one is due;
        never while a proposal awaits its answer (SM-9)."""
        state: SummitState = game.summit
        phase = state.phase
        if phase is _TURN or state.asked is not None:  # most steps: a player's choice
            return None
        if phase is _ROUND:
            return StartRound()
        if phase is _TURN_START:
            player = state.next_player
            territories, zones = holdings(game.map, player)
            return BeginTurn(player, territories, zones)
        if phase is _ROUND_END:
            return EndRound()
        return None

    def actor(self, game: Game) -> str | None:
        """The recipient of an awaited proposal, else the player whose turn or window it
        is; while the clock acts, the player its next action concerns; ``None`` when over."""
        state: SummitState = game.summit
        phase, asked = state.phase, state.asked
        if phase is _OVER:
            return None
        if asked is not None:
            return asked.to
        if phase is _TURN or phase is _WINDOW:
            return state.current
        return state.next_player

    def is_over(self, game: Game) -> bool:
        """Whether the game has ended (SM-10)."""
        state: SummitState = game.summit
        return state.phase is _OVER

    def outcome(self, game: Game) -> dict[str, dict[str, Any]]:
        """Per player: ``winner``, ``win_share``, ``score`` (DP-14) and the map's figures.

        SM-11: the top score wins; a tie is broken by the scenario's ``tie_break``
        (territories held, then cards held, by default); the players still tied are all
        winners and each has a ``win_share`` of 1/k. This holds for a game cut off by a
        step cap too, scored as it stands.
        """
        dip: DiplomacyState = game.diplomacy
        state: MapState = game.map
        points = {score.player: score.points for score in diplomacy.scores(dip)}
        held = {p.player: diplomacy.held_count(dip, seat) for seat, p in enumerate(dip.players)}
        figures = {
            "territories": lambda p: territory_count(state, p),
            "cards": lambda p: held[p],
        }
        rank = {
            p: (points[p], *(figures[f](p) for f in state.scenario.tie_break))
            for p in state.players
        }
        top = max(rank.values())
        winners = [p for p in state.players if rank[p] == top]
        return {
            realm.player: {
                "winner": realm.player in winners,
                "win_share": 1 / len(winners) if realm.player in winners else 0.0,
                "score": points[realm.player],
                "turns": realm.turns,
                "territories": territory_count(state, realm.player),
                "zones": len(zones_held(state, realm.player)),
                "troops": realm.troops + _garrisoned(state, realm.player),
                "cards_earned": realm.cards_earned,
                "pacts": realm.pacts,
                "conquests": realm.conquests,
            }
            for realm in state.realms
        }

    def outcome_types(self) -> Mapping[str, Any]:
        """The type of each outcome column: every one has a value in every game."""
        return OUTCOME_TYPES

    def describe(self, event: Event) -> str:
        """One readable line for any event of the game."""
        return describe(self.config.diplomacy, event)

    def policies(self) -> dict[str, Policy]:
        """``"random"`` (a random kind, then a random action of it) and ``"greedy"``; both
        see only the player's view (EN-9)."""
        return {**super().policies(), "random": random_kinds, "greedy": greedy}

    def rule_ids(self) -> tuple[str, ...]:
        """DP-1 … DP-14, SM-1 … SM-16 and TR-1 … TR-8 (see :mod:`gamefold.games.summit.account`)."""
        return account.RULE_IDS

    def event_rules(self) -> EventRules:
        """Diplomacy's and summit's event tables (see :mod:`gamefold.games.summit.account`)."""
        return account.EVENT_RULES

    def setup_rules(self, game: Game) -> tuple[str, ...]:
        """The seats, the map's deal, the opening hands and counters."""
        return account.SETUP_RULES

    def probe_actions(self, game: Game, actor: str) -> tuple[Action, ...]:
        """The attacks a truce forbids ``actor`` now, so coverage meets TR-6's refusal."""
        return territory.truce_attacks(game.map, actor)
