"""The campaign game definition: setup, who acts when, the end and the outcome (CP-1).

Between battles summit's flow decides who acts; during one, the battle's clock and actor of
:mod:`gamefold.games.campaign.flow`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamefold import combat, diplomacy, skills
from gamefold.core import Action, Event
from gamefold.domains import span, widest
from gamefold.games.base import EventRules, GameDef, Policy, register_game
from gamefold.games.campaign import account, sizes
from gamefold.games.campaign.battle import muster
from gamefold.games.campaign.config import SCENARIOS, CampaignConfig
from gamefold.games.campaign.flow import battle_actor, battle_clock
from gamefold.games.campaign.policies import greedy_policy, random_policy
from gamefold.games.campaign.rules import build_rules
from gamefold.games.campaign.state import NAME, CampaignState, initial_state
from gamefold.games.skirmish import NAME as SKIRMISH
from gamefold.games.skirmish import Skirmish, redraw_held
from gamefold.games.skirmish import determinize as determinize_bookkeeping
from gamefold.games.skirmish import initial_state as tallies
from gamefold.games.summit import DIPLOMACY, MAP, Summit, initial_flow
from gamefold.games.summit import initial_state as map_state
from gamefold.games.summit import view_bounds as summit_bounds
from gamefold.registry import Game, Rules
from gamefold.rng import Rng
from gamefold.skills import GM

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
        flow = initial_flow(config.summit.scenario, factions)
        return self.rules.new_game(
            {
                DIPLOMACY: diplomacy.initial_state(config.summit.diplomacy, factions, seed),
                MAP: map_state(config.summit.scenario, factions, seed),
                "skills": skills.initial_state(sk.skills_config(), factions, seed),
                "combat": muster(config, sk, seed),
                NAME: initial_state(factions, flow, tallies((*factions, GM), seed), seed),
            }
        )

    def players(self, game: Game) -> tuple[str, ...]:
        """The factions in seat order, then ``"gm"``, the war-master of the guards no faction
        commands (CP-4, CP-12)."""
        return (*self.config.factions, GM)

    def action_sizes(self) -> Mapping[Any, int]:
        """Summit's and a battle's (see :func:`~gamefold.games.campaign.sizes.action_sizes`)."""
        summit, battle = self._summit.action_sizes(), self._skirmish.action_sizes()
        return sizes.action_sizes(self.config, summit, battle)

    def observation_bounds(self) -> Mapping[str, tuple[float, float]]:
        """Summit's ranges (see :func:`~gamefold.games.summit.view_bounds`), the Skill
        decks' (SD-1, SD-7; the guards are the GM's units, CP-4) and the fight's (see
        :func:`gamefold.combat.view_bounds`): a battle fields at most every champion and
        ``garrison_slots`` guards (CP-4, CP-10, CP-11), each name's range covering all
        that share it; one record and one tally a faction, and the GM's tally.

        Hit points come from the troops (CP-3) and the forts (CP-4) summit bounds. Left
        out, for :meth:`observation_growth` to range by an env's ``max_steps``: ``round``,
        which also counts the Skill decks' Rounds, and the battles and what they tally:
        nothing caps a turn's battles (CP-1; CP-7's fall back keeps the troops that attack
        again)."""
        config = self.config
        factions = len(config.factions)
        sk = self._skirmish.config
        fighters = sk.fighters()
        decks = skills.view_bounds(sk.skills_config(), factions, config.garrison_slots)
        fight = combat.view_bounds(sk.combat_config(), fighters)
        flow = {k: v for k, v in summit_bounds(config.summit).items() if k != "round"}
        # CP-3, CP-4, CP-11: a champion's troops, or a guard's forts, give its hit points.
        troops, forts = flow["troops"][1], flow["forts"][1]
        most = max(
            config.champion_hp + config.hp_per_troop * troops,
            config.troop_hp + config.fort_hp * forts,
            config.defender_hp,
        )
        hp = span("hp_per_troop", most, "CP-3")
        own = {
            **dict.fromkeys(("hp", "max_hp"), hp),
            "len(records)": (0.0, float(factions)),
            "len(tallies)": (0.0, float(factions + 1)),
            "len(chosen)": (0.0, float(len(fighters))),  # SK-1: one choice a unit a Round
            "len(guards)": (0.0, float(config.garrison_slots)),  # CP-4
            "len(allies)": (0.0, float(factions)),  # CP-10: other factions' champions
        }
        return widest(flow, decks, fight, own)

    def observation_growth(self) -> Mapping[str, tuple[float, float, float]]:
        """The battles' growths (see :meth:`Skirmish.observation_growth
        <gamefold.games.skirmish.Skirmish.observation_growth>`: the battles are skirmishes
        of its config, CP-1), and the war's, none at the start: an action opens one battle
        at most and a battle's end tallies one attack and one defence (CP-1, CP-6); a
        battle's first Round is a Round of the decks, and summit's turn cycles, which share
        the name ``round``, begin one an action at most."""
        counts = ("battles", "first_round", "attacks", "defences", "round")
        war = dict.fromkeys(counts, (0.0, 0.0, 1.0))
        grown = dict(self._skirmish.observation_growth())
        for name, (low, start, step) in war.items():  # a name shared takes the largest
            was = grown.get(name, (low, start, step))
            grown[name] = (min(was[0], low), max(was[1], start), max(was[2], step))
        return grown

    def clock_action(self, game: Game) -> Action | None:
        """Summit's clock between battles; during one, the battle's clock (CP-1)."""
        state: CampaignState = game.campaign
        if state.battle is None:
            return self._summit.clock_action(game)
        return battle_clock(self.config.max_battle_rounds, self.rules, game)

    def actor(self, game: Game) -> str | None:
        """A faction (summit's flow) between battles; during one, a reacting player, the
        pairing side, the active unit's controller or the side due (SK-1), the GM's seat
        being its commander's (CP-12); ``None`` when the clock acts or the campaign is over."""
        if self.is_over(game):
            return None
        state: CampaignState = game.campaign
        if state.battle is None:
            return self._summit.actor(game)
        return battle_actor(self._skirmish.config, game)

    def is_over(self, game: Game) -> bool:
        """Whether the campaign has ended: summit's end (SM-10), never during a battle."""
        return self._summit.is_over(game)

    def outcome(self, game: Game) -> dict[str, dict[str, Any]]:
        """Per faction (then ``"gm"``): summit's winner and score (DP-14, SM-11), and the
        champion's fate and battles."""
        return account.outcome(self._summit, game)

    def outcome_types(self) -> Mapping[str, Any]:
        """Summit's outcome columns, then the champion's and its battles'."""
        return {**self._summit.outcome_types(), **account.CHAMPION_TYPES}

    def determinize(self, view: Game, viewer: str, rng: Rng) -> Game:
        """The slices' draws (:meth:`Rules.determinize <gamefold.Rules.determinize>`), the
        skirmish's bookkeeping drawn on the game's own ``"skirmish"`` stream (the one a
        skirmish draws it on, so Dodge's rolls in a search bot's playouts follow the
        skirmish's), then the held declaration the view hides, which spans the slices
        (SK-4, SK-18)."""
        shown = view.skirmish
        bookkeeping = determinize_bookkeeping(shown, viewer, rng.split(SKIRMISH))
        drawn: Game = self.rules.determinize(view, viewer, rng).with_skirmish(bookkeeping)
        return redraw_held(drawn, shown, view.combat.declared, rng.split("held"))

    def describe(self, event: Event) -> str:
        """One readable line for an event of any slice."""
        return account.describe(self.config, event)

    def policies(self) -> dict[str, Policy]:
        """``"random"`` (a random kind, then a random action of it) and ``"greedy"``."""
        return {**super().policies(), "random": random_policy, "greedy": greedy_policy(self.config)}

    def rule_ids(self) -> tuple[str, ...]:
        """SD-1 … SD-15, CB-1 … CB-15, DP-1 … DP-14 and CP-1 … CP-12."""
        return account.RULE_IDS

    def event_rules(self) -> EventRules:
        """The skirmish's, summit's and the campaign's event tables, joined."""
        return account.event_rules(self._skirmish, self._summit)

    def setup_rules(self, game: Game) -> tuple[str, ...]:
        """Summit's setup rules, the decks and opening hands (SD-1, SD-7, SD-14), CP-2."""
        return (*self._summit.setup_rules(game), *skills.SETUP_RULES, "CP-2")

    def attested(self, game: Game, events: tuple[Event, ...]) -> tuple[str, ...]:
        """The events' rules, the zone rules declarations show, and the decks a battle
        carries over (CP-9)."""
        return account.attested(self._skirmish, self._summit, game, events)

    def probe_actions(self, game: Game, actor: str) -> tuple[Action, ...]:
        """Attacks across a truce (CP-6), so coverage meets the Ceasefire's refusal."""
        return account.truce_attacks(game, actor)
