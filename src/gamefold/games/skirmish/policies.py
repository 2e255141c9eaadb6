"""The ``"greedy"`` skirmish policy: simple, sensible play from a player's view alone.

Its heuristic is told in ``docs/games/skirmish.md`` ("Policies"). It sees only what the
player may see (EN-9): the view, the legal actions, and the public config (which effects
shield, which cards declare abilities).
"""

from __future__ import annotations

from collections.abc import Sequence

from gamefold.combat import AssignPairings, CombatView, Retreat, Side, Zone
from gamefold.core import Action
from gamefold.games.base import Policy
from gamefold.games.skirmish.config import SkirmishConfig
from gamefold.games.skirmish.declaring import UseAbility, UseCard
from gamefold.registry import Game
from gamefold.rng import Rng
from gamefold.skills import (
    Activate,
    Burn,
    CardDef,
    CloseReactionWindow,
    Discard,
    Effect,
    EndActivation,
    Play,
    SkillsView,
)

__all__ = ["FLEE_BELOW", "definition", "greedy_policy"]

FLEE_BELOW = 0.5
"""The party flees when its standing hit points are below this share of the enemies'."""

Choice = UseAbility | UseCard | Retreat

_USEFUL = frozenset({"draw", "move", "level"})
"""Play effects the skirmish resolves besides shields and abilities (SD-11, SK-11, SK-12)."""


def definition(view: SkillsView, card: int) -> CardDef:
    """The definition of ``card`` as a viewer may know it (decks are public lists, SD-1)."""
    return view.config.card_definition(card, len(view.owners) - 1)


def _hp(fight: CombatView, cid: str) -> int:
    return next((c.hp for c in fight.combatants if c.id == cid), 0)


def _side_hp(fight: CombatView, side: Side) -> int:
    return sum(c.hp for c in fight.combatants if c.side is side and c.hp > 0)


def _pair(fight: CombatView, options: Sequence[AssignPairings]) -> Action:
    """The pairing that puts the side's healthiest fighters in the pairs."""
    return max(options, key=lambda a: sum(_hp(fight, p.own) for p in a.pairs))


def _losing(fight: CombatView) -> bool:
    """Below half the enemies' hit points, or a member down and below the enemies'."""
    party, enemies = _side_hp(fight, Side.PARTY), _side_hp(fight, Side.ENEMIES)
    down = any(c.side is Side.PARTY and c.hp <= 0 for c in fight.combatants)
    return party < FLEE_BELOW * enemies or (down and party < enemies)


def _retreat(options: Sequence[Retreat]) -> Action:
    """Retreat dragging a fallen ally along when possible (CB-15), dropping the most items
    to run (CB-14)."""
    carrying = [a for a in options if a.carry is not None]
    return max(carrying or list(options), key=lambda a: len(a.drop))


class _Greedy:
    """The greedy policy for one config: picklable, as a class instance."""

    def __init__(self, config: SkirmishConfig) -> None:
        self.config = config

    def __call__(self, view: Game, legal: tuple[Action, ...], rng: Rng) -> tuple[Action, Rng]:
        pairings = [a for a in legal if isinstance(a, AssignPairings)]
        if pairings:
            return _pair(view["combat"], pairings), rng
        if any(isinstance(a, CloseReactionWindow) for a in legal):
            return self._react(view["skills"], legal), rng
        choices = [a for a in legal if isinstance(a, UseAbility | UseCard | Retreat)]
        if choices:
            prepared = self._prepare(view, legal)
            return (prepared, rng) if prepared is not None else self._choose(view, choices, rng)
        burn = self._shield_burn(view["skills"], legal, keep=2)
        if burn is not None:
            return burn, rng
        idle = self._idle_discard(view["skills"], legal)
        if idle is not None:
            return idle, rng
        activations = [a for a in legal if isinstance(a, Activate)]
        if len(activations) > 1:  # the side's choice (SD-13)
            return self._next_unit(view["combat"], activations), rng
        ends: list[Action] = [a for a in legal if isinstance(a, EndActivation)]
        return (ends or list(legal))[0], rng

    def _prepare(self, view: Game, legal: tuple[Action, ...]) -> Action | None:
        """A Level card, a move card or a draw card to Play before the choice, if any."""
        deck: SkillsView = view["skills"]
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return None
        player = plays[0].player
        me = next(o for o in deck.owners if o.player == player)
        for play in plays:
            effect = definition(deck, play.card).play
            raises = effect.name == "level" and effect.params.get("delta", 0) > 0
            if raises and me.hand_limit < deck.config.hand_limit + 2:
                return play
            if effect.name == "move" and self._wants_to_move(view["combat"], deck.active):
                return play
            if effect.name == "draw" and me.hand_size <= 3:
                return play
            if self._heals(view["combat"], deck.active, effect):
                return play
        return self._bonus_burn(deck, legal, me.hand_size)

    def _bonus_burn(self, deck: SkillsView, legal: tuple[Action, ...], held: int) -> Action | None:
        """With more than 3 cards, Burn one whose modifier empowers the coming blow (SK-17)."""
        if held <= 3:
            return None
        for action in legal:
            if isinstance(action, Burn) and any(
                self.config.burn_effects.get(m.stat) == "empower" and m.amount > 0
                for m in definition(deck, action.card).burn
            ):
                return action
        return None

    def _heals(self, fight: CombatView, unit: str | None, effect: Effect) -> bool:
        """A healing card (SK-16) whose whole amount the unit has lost."""
        param = self.config.heal_effects.get(effect.name)
        me = next((c for c in fight.combatants if c.id == unit), None)
        if param is None or me is None:
            return False
        amount = effect.params.get(param, 0)
        return amount > 0 and me.hp + amount <= me.max_hp

    def _next_unit(self, fight: CombatView, activations: list[Activate]) -> Activate:
        """A unit that wants to move goes first, while no one declared and it still may
        (SK-11); else the healthiest."""
        movers = [a for a in activations if self._wants_to_move(fight, a.unit)]
        return max(movers or activations, key=lambda a: _hp(fight, a.unit))

    def _wants_to_move(self, fight: CombatView, unit: str | None) -> bool:
        me = next((c for c in fight.combatants if c.id == unit), None)
        return me is not None and me.zone is Zone.FORWARD and me.hp * 4 < me.max_hp * 3

    def _idle_discard(self, deck: SkillsView, legal: tuple[Action, ...]) -> Action | None:
        """A free Discard of a card whose Play does nothing in this fight (SD-9)."""
        config = self.config
        useful = {*_USEFUL, *config.reaction_effects, *config.card_abilities, *config.heal_effects}
        for action in legal:
            if not isinstance(action, Discard):
                continue
            effect = definition(deck, action.card).play
            # A card whose Play only lowers the hand limit is dead weight once no shield
            # Burn is wanted (the hand is small): it goes, like one whose Play does nothing.
            lowers = effect.name == "level" and effect.params.get("delta", 0) <= 0
            if effect.name not in useful or lowers:
                return action
        return None

    def _shield(self, deck: SkillsView, card: int) -> int:
        burn = definition(deck, card).burn
        return sum(m.amount for m in burn if m.stat in self.config.shield_stats)

    def _shield_burn(self, deck: SkillsView, legal: tuple[Action, ...], keep: int) -> Action | None:
        """The Burn with the biggest shield while the burner holds more than ``keep`` cards."""
        burns = [a for a in legal if isinstance(a, Burn) and self._shield(deck, a.card) > 0]
        if not burns:
            return None
        me = next(o for o in deck.owners if o.player == burns[0].player)
        if me.hand_size <= keep:
            return None
        return max(burns, key=lambda a: self._shield(deck, a.card))

    def _prevents(self, deck: SkillsView, card: int) -> int:
        effect = definition(deck, card).play
        param = self.config.reaction_effects.get(effect.name)
        return 0 if param is None else effect.params.get(param, 0)

    def _react(self, deck: SkillsView, legal: tuple[Action, ...]) -> Action:
        plays = [a for a in legal if isinstance(a, Play) and self._prevents(deck, a.card) > 0]
        if plays:
            return max(plays, key=lambda a: self._prevents(deck, a.card))
        burn = self._shield_burn(deck, legal, keep=0)
        if burn is not None:
            return burn
        return next(a for a in legal if isinstance(a, CloseReactionWindow))

    def _value(self, deck: SkillsView, card: int) -> int:
        effect = definition(deck, card).play.name
        if effect in self.config.reaction_effects:
            return 3
        return 2 if effect in self.config.card_abilities else 1

    def _cost(self, deck: SkillsView, choice: UseAbility | UseCard) -> int:
        if isinstance(choice, UseCard):
            return 0  # the card is in hand for this very ability
        return sum(self._value(deck, c) for c in choice.cards)

    def _choose(self, view: Game, choices: list[Choice], rng: Rng) -> tuple[Action, Rng]:
        fight: CombatView = view["combat"]
        deck: SkillsView = view["skills"]
        retreats = [a for a in choices if isinstance(a, Retreat)]
        blows = [a for a in choices if isinstance(a, UseAbility | UseCard)]
        if retreats and (not blows or _losing(fight)):
            return _retreat(retreats), rng
        damage = {a: self._damage(fight, deck, a) for a in blows}
        best = max(damage.values())
        blows = [a for a in blows if damage[a] == best]
        weakest = min((_hp(fight, a.target), a.target) for a in blows)[1]
        blows = [a for a in blows if a.target == weakest]
        cheapest = min(self._cost(deck, a) for a in blows)
        blows = [a for a in blows if self._cost(deck, a) == cheapest]
        first = blows[0]
        same = [a for a in blows if _payment(a) == _payment(first)]
        return rng.choice(same)

    def _damage(self, fight: CombatView, deck: SkillsView, choice: UseAbility | UseCard) -> int:
        if isinstance(choice, UseAbility):
            name = choice.ability
        else:
            name = self.config.card_abilities[definition(deck, choice.card).play.name]
        ability = fight.config.ability(name)
        if ability is None:
            return 0
        target = next((c for c in fight.combatants if c.id == choice.target), None)
        held = set() if target is None else {a.condition for a in target.conditions}
        fresh = any(i.condition not in held for i in ability.inflicts)
        return ability.damage_win + (3 if fresh else 0)


def _payment(choice: UseAbility | UseCard) -> tuple[str, tuple[int, ...]]:
    if isinstance(choice, UseCard):
        return ("card", (choice.card,))
    return (choice.ability, choice.cards)


def greedy_policy(config: SkirmishConfig) -> Policy:
    """The greedy policy for a skirmish played with ``config`` (see the module's text)."""
    return _Greedy(config)
