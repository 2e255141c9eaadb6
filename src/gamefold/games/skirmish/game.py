"""The skirmish game definition: setup, who acts when, the end and the outcome (SK-1, SK-9)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamefold import combat, skills
from gamefold.core import Action, EndRound, Event, StartRound
from gamefold.domains import widest
from gamefold.games.base import EventRules, GameDef, Policy, register_game
from gamefold.games.skirmish import account, sizes
from gamefold.games.skirmish.account import OUTCOME_TYPES, describe, outcome
from gamefold.games.skirmish.config import SCENARIOS, SkirmishConfig
from gamefold.games.skirmish.declaring import redraw_held
from gamefold.games.skirmish.flow import fight_over, whose_choice
from gamefold.games.skirmish.policies import greedy_policy
from gamefold.games.skirmish.rules import build_rules
from gamefold.games.skirmish.state import NAME, initial_state
from gamefold.registry import Game, Rules
from gamefold.rng import Rng
from gamefold.skills import GM, SkillsState

__all__ = ["Skirmish"]

_END_ROUND = EndRound()


@register_game
class Skirmish(GameDef[SkirmishConfig]):
    """A party with Skill decks fights the GM's enemies, one exchange a Round."""

    name = "skirmish"
    config_type = SkirmishConfig

    @classmethod
    def scenarios(cls) -> Mapping[str, Any]:
        """``default``, ``classic``, ``siege`` and ``ambush`` (see :data:`.SCENARIOS`)."""
        return SCENARIOS

    def build_rules(self) -> Rules:
        """The three slices and the rules between them
        (see :func:`~gamefold.games.skirmish.rules.build_rules`)."""
        return build_rules(self.config)

    def setup(self, seed: int | str) -> Game:
        """Decks shuffled and hands dealt (SD-14), everyone in the fight at full hit points."""
        config = self.config
        gm_units = tuple(e.id for e in config.enemies)
        deck = skills.initial_state(config.skills_config(), config.party, seed, gm_units=gm_units)
        fight = combat.initial_state(config.combat_config(), config.fighters(), seed)
        tallies = initial_state((*config.party, GM), seed)
        return self.rules.new_game({"skills": deck, "combat": fight, NAME: tallies})

    def players(self, game: Game) -> tuple[str, ...]:
        """The party in seat order, then the GM."""
        return (*self.config.party, GM)

    def observation_bounds(self) -> Mapping[str, tuple[float, float]]:
        """The skill decks' numbers (SD-1, SD-7, the enemies being the GM's units), the
        fight's (see :func:`gamefold.combat.view_bounds`), hit points: no combatant's pass
        the largest ``max_hp`` a fighter enters with (CB-11; healing stops there), one
        tally a player and the GM's, and one choice a unit (SK-1).

        Left out, for :meth:`observation_growth` to range by an env's ``max_steps``: what
        counts Rounds, exchanges and the tallies of a whole fight, and the wards and boosts
        of an exchange, since nothing caps a fight's length (SK-9: it ends only when a side
        is down or flees) or an activation's cards (SD-15)."""
        config = self.config
        fighters = config.fighters()
        default = config.combat_config().max_hp
        most = max(default if f.max_hp is None else f.max_hp for f in fighters)
        hp = (0.0, float(most))
        seats = config.party_size + 1
        decks = skills.view_bounds(config.skills_config(), config.party_size, len(config.enemies))
        own = {
            "hp": hp,
            "max_hp": hp,
            "len(tallies)": (0.0, float(seats)),
            "len(chosen)": (0.0, float(len(fighters))),  # SK-1: one choice a unit a Round
            # The clock counts turns begun, and a skirmish begins none (SD-13: Rounds and
            # activations only): the count stays 0.
            "turn": (0.0, 1.0),
        }
        return widest(decks, combat.view_bounds(config.combat_config(), fighters), own)

    def action_sizes(self) -> Mapping[Any, int]:
        """The units, owners, combatants, abilities, pairings, drops and payments of this
        party and these enemies (see :func:`~gamefold.games.skirmish.sizes.action_sizes`)."""
        return sizes.action_sizes(self.config)

    def observation_growth(self) -> Mapping[str, tuple[float, float, float]]:
        """What one action adds to the counts no bound covers, none at the start: the
        Rounds (the clock's, the decks', and a fall's or a death's Round), one a
        ``StartRound`` (SD-13); the exchanges, wards and edges (see
        :func:`gamefold.combat.view_growth`); the Burn modifiers (see
        :func:`gamefold.skills.view_growth`); and the tallies. An action Plays, Burns or
        reacts with one card (SD-11, SD-12, SK-4) and pays one ability's cost (SD-10).
        Damage is dealt at the resolution an action completes (SK-7): each fighter's blow
        at most the largest an ability names, plus the edges, which that resolution spends
        (CB-10), so ``n`` actions deal at most ``n`` resolutions' blows and ``n`` actions'
        edges; a ward stops no more than a blow deals.
        """
        config = self.config
        decks = config.skills_config()
        # SD-10: a payment is exactly its ability's cost, and an action pays for one.
        abilities = config.combat_config().abilities
        cost = float(max([0, *(config.cost(ability.name) for ability in abilities)]))
        boost = _most_boost(config)
        blows = len(config.fighters()) * combat.most_damage(config.combat_config())
        damage = (0.0, 0.0, float(blows + boost))
        own = {
            **dict.fromkeys(("round", "death_round", "fell_round"), (0.0, 0.0, 1.0)),
            **dict.fromkeys(("damage_dealt", "damage_taken", "damage_prevented"), damage),
            **dict.fromkeys(("cards_played", "cards_burned", "reactions"), (0.0, 0.0, 1.0)),
            "cards_paid": (0.0, 0.0, cost),
        }
        return {**skills.view_growth(decks), **combat.view_growth(boost, boost), **own}

    def clock_action(self, game: Game) -> Action | None:
        """``StartRound`` between Rounds, ``EndRound`` once every unit has activated."""
        if fight_over(game):
            return None
        deck: SkillsState = game.skills
        if not deck.in_round:
            return StartRound()
        return _END_ROUND if skills.round_over(deck) else None

    def actor(self, game: Game) -> str | None:
        """Whose choice is due (:func:`~gamefold.games.skirmish.flow.whose_choice`)."""
        return whose_choice(self.config, game)

    def is_over(self, game: Game) -> bool:
        """Whether the fight has ended (SK-9)."""
        return fight_over(game)

    def outcome(self, game: Game) -> dict[str, dict[str, Any]]:
        """Per player (the party, then ``"gm"``): winner, side, fate, damage, cards …"""
        return outcome(self.config, game)

    def outcome_types(self) -> Mapping[str, Any]:
        """The type of each outcome column (``death_round`` and ``fell_round`` may be none)."""
        return OUTCOME_TYPES

    def evaluate(self, game: Game) -> dict[str, float]:
        """Win shares at the end; before it, each side's share of the hit points still
        standing, for every player of that side (how search bots score a cut playout)."""
        if fight_over(game):
            return super().evaluate(game)
        rows = outcome(self.config, game)
        hp: dict[str, int] = {}
        for row in rows.values():
            hp[row["side"]] = hp.get(row["side"], 0) + max(row["hp"], 0)
        total = sum(hp.values())
        return {p: hp[row["side"]] / total if total else 0.5 for p, row in rows.items()}

    def determinize(self, view: Game, viewer: str, rng: Rng) -> Game:
        """The slices' draws (:meth:`Rules.determinize <gamefold.Rules.determinize>`), then
        the held declaration the view hides, which spans the slices (SK-4, SK-18)."""
        drawn = self.rules.determinize(view, viewer, rng)
        return redraw_held(drawn, view.skirmish, view.combat.declared, rng.split("held"))

    def describe(self, event: Event) -> str:
        """One readable line for an event of any of the three slices."""
        return describe(event)

    def policies(self) -> dict[str, Policy]:
        """``"random"`` and ``"greedy"``
        (see :func:`~gamefold.games.skirmish.policies.greedy_policy`)."""
        return {**super().policies(), "greedy": greedy_policy(self.config)}

    def rule_ids(self) -> tuple[str, ...]:
        """SD-1 … SD-15, CB-1 … CB-15 and SK-1 … (see :mod:`gamefold.games.skirmish.account`)."""
        return account.rule_ids()

    def event_rules(self) -> EventRules:
        """Skills', combat's and the skirmish's own event tables, joined."""
        return account.event_rules(self.config)

    def setup_rules(self, game: Game) -> tuple[str, ...]:
        """Decks, the GM's deck and the opening hands (SD-1, SD-7, SD-14)."""
        return skills.SETUP_RULES

    def attested(self, game: Game, events: tuple[Event, ...]) -> tuple[str, ...]:
        """The events' rules, and the zone rules each declaration shows (CB-4 … CB-7)."""
        return account.attested(self._event_table, game, events)


def _most_boost(config: SkirmishConfig) -> int:
    """The most one action adds to a unit's ward or edge: a Play's shield, dodge or
    ability damage is one parameter of the card's effect or ``dodge_shield`` (SK-5, SK-15,
    SK-16), a Burn's shield and boosts add up its card's modifiers (SK-5, SK-17)."""
    decks = config.skills_config()
    cards = (*decks.deck, *decks.gm_deck)
    played = [value for card in cards for value in card.play.params.values()]
    burned = [sum(max(m.amount, 0) for m in card.burn) for card in cards]
    return max([0, config.dodge_shield, *played, *burned])
