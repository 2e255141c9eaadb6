"""The campaign game definition: setup, who acts when, the end and the outcome (CP-1).

One clock, nested (CP-1), as :meth:`Campaign.clock_action` and :meth:`Campaign.actor` say it:

1. **the factions' Rounds and turns** (summit's flow, SM-9): the clock's ``StartRound``;
   each faction's ``BeginTurn`` (ticks, DP-4, DP-5; deploys, SM-4); the faction's actions
   until it ends its turn; its between-turn window; the clock's ``EndRound``;
2. **a battle**, begun by an Attack in the attacker's turn and fought to its end before
   anything else: the clock's ``StartBattleRound`` (refills, SD-3), Rounds of activations,
   the clock's ``EndBattleRound``; after the fight is over or ``max_battle_rounds`` Rounds,
   the clock's ``EndBattle`` (CP-5, CP-7), and the attacker's turn goes on;
3. **a battle Round's activations** (SD-13): the skirmish's order (SK-1): a reacting player
   first, then the pairing side, then the active unit's controller, then the side due. A
   unit that does not stand in the fight (a champion of another faction, or anyone once the
   fight is over) passes: the clock activates it and ends its activation (CP-9).

Choices are made by the factions ``p1`` … ``pN`` (each also its champion, which fights
its own territory's battles too, CP-11). A battle's guards play the GM's deck (CP-4) under
the defending faction's command (CP-12): wherever the skirmish names the GM, the actor is
the defender. ``"gm"``, the war-master, commands only a neutral territory's guards (or
every garrison's, without ``defender_commands``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamefold import combat, diplomacy, skills
from gamefold.core import Action, Event
from gamefold.games.base import EventRules, GameDef, Policy, register_game
from gamefold.games.campaign import attribution
from gamefold.games.campaign.account import describe
from gamefold.games.campaign.battle import (
    EndBattle,
    EndBattleRound,
    StartBattleRound,
    fighting,
    muster,
    rounds_fought,
)
from gamefold.games.campaign.config import SCENARIOS, CampaignConfig
from gamefold.games.campaign.outcome import outcome
from gamefold.games.campaign.policies import greedy_policy, random_policy
from gamefold.games.campaign.rules import build_rules
from gamefold.games.campaign.state import NAME, CampaignState, initial_state
from gamefold.games.skirmish import Skirmish, SkirmishState, Tally, whose_choice
from gamefold.games.summit import DIPLOMACY, Summit
from gamefold.games.summit import NAME as MAP
from gamefold.games.summit import initial_state as map_state
from gamefold.registry import Game, Rules
from gamefold.rng import Rng
from gamefold.skills import GM, PLAYERS, Activate, EndActivation, SkillsState

__all__ = ["Campaign"]


@register_game
class Campaign(GameDef[CampaignConfig]):
    """Factions trade cards over a map; each attack is a battle of champions with Skill decks.

    Skills + combat + diplomacy: summit's economy between battles, the skirmish's fight in
    them, and the rules between the two (CP-1 … CP-12)."""

    name = "campaign"
    config_type = CampaignConfig

    @classmethod
    def scenarios(cls) -> Mapping[str, Any]:
        """``default`` (6 Rounds) and ``long`` (12 Rounds, see :data:`.SCENARIOS`)."""
        return SCENARIOS

    def build_rules(self) -> Rules:
        """Summit's and the skirmish's registries, composed
        (see :func:`~gamefold.games.campaign.rules.build_rules`)."""
        # Equivalent with Summit's default config: summit's rules take no config, and the
        # delegate's clock, actor and end checks read the state alone.
        self._summit = Summit(self.config.summit)
        self._skirmish = Skirmish(self.config.skirmish_config())
        return build_rules(self.config, self._summit.rules, self._skirmish.config)

    def setup(self, seed: int | str) -> Game:
        """Each slice on its own stream split from ``seed`` (EN-3): the map dealt (SM-2), the
        opening hands of cards (DP-2) and of Skill cards (SD-14), no battle yet."""
        config = self.config
        factions = config.factions
        sk = self._skirmish.config  # the battles' skirmish config, built with the rules
        return self.rules.new_game(
            {
                DIPLOMACY: diplomacy.initial_state(config.summit.diplomacy, factions, seed),
                MAP: map_state(config.summit.scenario, factions, seed),
                "skills": skills.initial_state(sk.skills_config(), factions, seed),
                "combat": muster(config, sk, seed),
                "skirmish": SkirmishState(
                    tuple(Tally(p) for p in (*factions, GM)),
                    rng=Rng.from_seed(seed).split("skirmish"),
                ),
                NAME: initial_state(factions, seed),
            }
        )

    def players(self, game: Game) -> tuple[str, ...]:
        """The factions in seat order, then ``"gm"``, the war-master of the guards no faction
        commands (CP-4, CP-12)."""
        return (*self.config.factions, GM)

    def clock_action(self, game: Game) -> Action | None:
        """Summit's clock between battles; during one, the battle's clock (CP-1)."""
        state: CampaignState = game.campaign
        if state.battle is None:
            return self._summit.clock_action(game)
        return self._battle_clock(game)

    def _battle_clock(self, game: Game) -> Action | None:
        deck: SkillsState = game.skills
        fight: combat.CombatState = game.combat
        if not deck.in_round:
            over = fight.ending is not None
            if over or rounds_fought(game) >= self.config.max_battle_rounds:
                return EndBattle()
            return StartBattleRound()
        if deck.reacting:
            return None
        if deck.active is not None:
            return None if fighting(fight, deck.active) else EndActivation(deck.active)
        if not deck.pending:
            return EndBattleRound()
        return self._passing(game, deck, fight)

    def _passing(self, game: Game, deck: SkillsState, fight: combat.CombatState) -> Action | None:
        """CP-9: the next unit to activate passes if it does not stand in the fight."""
        gm_side = deck.side == GM
        due = [u for u in deck.pending if (u in deck.gm_units) is gm_side]
        if deck.side == PLAYERS:
            due = due[:1]  # the party's units go in seat order (no leader's choice)
        idle = [u for u in due if not fighting(fight, u)]
        if len(idle) != len(due) or not idle:
            return None
        action = Activate(idle[0])
        return action if self.rules.check(game, action) is None else None

    def actor(self, game: Game) -> str | None:
        """A faction (summit's flow) between battles; during one, a reacting player, the
        pairing side, the active unit's controller or the side due (SK-1), the GM's seat
        being its commander's (CP-12); ``None`` when the clock acts or the campaign is over."""
        if self.is_over(game):
            return None
        state: CampaignState = game.campaign
        if state.battle is None:
            return self._summit.actor(game)
        deck: SkillsState = game.skills
        actor = deck.reacting[0] if deck.reacting else whose_choice(self._skirmish.config, game)
        return state.battle.commander if actor == GM else actor  # CP-12

    def is_over(self, game: Game) -> bool:
        """Whether the campaign has ended: summit's end (SM-10), never during a battle."""
        return self._summit.is_over(game)

    def outcome(self, game: Game) -> dict[str, dict[str, Any]]:
        """Per faction (then ``"gm"``): summit's winner and score (DP-14, SM-11), and the
        champion's fate and battles."""
        return outcome(self._summit, game)

    def describe(self, event: Event) -> str:
        """One readable line for an event of any slice."""
        return describe(self.config, event)

    def policies(self) -> dict[str, Policy]:
        """``"random"`` (a random kind, then a random action of it) and ``"greedy"``."""
        return {"random": random_policy, "greedy": greedy_policy(self.config)}

    def rule_ids(self) -> tuple[str, ...]:
        """SD-1 … SD-15, CB-1 … CB-15, DP-1 … DP-14 and CP-1 … CP-12."""
        return attribution.RULE_IDS

    def event_rules(self) -> EventRules:
        """The skirmish's, summit's and the campaign's event tables, joined."""
        return self._tables()

    def _tables(self) -> dict[type, Any]:
        # A cache: a miss only builds an equal table again.
        table: dict[type, Any] | None = getattr(self, "_table_cache", None)
        if table is None:
            table = attribution.event_rules(self._skirmish, self._summit)
            self._table_cache = table
        return table

    def setup_rules(self, game: Game) -> tuple[str, ...]:
        """Summit's setup rules, the decks and opening hands (SD-1, SD-7, SD-14), CP-2."""
        return (*self._summit.setup_rules(game), *skills.SETUP_RULES, "CP-2")

    def attested(self, game: Game, events: tuple[Event, ...]) -> tuple[str, ...]:
        """The events' rules, the zone rules declarations show, and the decks a battle
        carries over (CP-9)."""
        return attribution.attested(self._skirmish, self._summit, game, events)

    def probe_actions(self, game: Game, actor: str) -> tuple[Action, ...]:
        """Attacks across a truce (CP-6), so coverage meets the Ceasefire's refusal."""
        return attribution.truce_attacks(game, actor)
