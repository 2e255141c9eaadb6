"""The ``"greedy"`` skirmish policy: simple, sensible play from a player's view alone.

- **Pairing**: the healthiest fighters of its side take the pairings.
- **Its own activation**: the party flees (every member retreats, carrying a fallen ally
  when it can) once its standing hit points fall below half the enemies'. Otherwise it uses
  the most damaging ability it can afford at the weakest reachable enemy, paying with the
  cheapest cards: an ability card Played for it first (UseCard), else a Payment Discard of
  its least useful cards (neither reactions nor ability cards); with nothing to pay, the
  free ability. The Hand is drawn at random from the policy's own stream. Then it ends its
  activation, keeping its other cards for reactions and later Rounds.
- **A reaction window**: it Plays the reaction card that prevents the most damage, if any,
  then closes the window.

It sees only what the player may see (EN-9): the view, the legal actions, and the public
config (which effects shield, which cards declare abilities).
"""

from __future__ import annotations

from collections.abc import Sequence

from gamefold.combat import AssignPairings, CombatView, Retreat, Side
from gamefold.core import Action
from gamefold.games.base import Policy
from gamefold.games.skirmish.config import SkirmishConfig
from gamefold.games.skirmish.declaring import UseAbility, UseCard
from gamefold.registry import Game
from gamefold.rng import Rng
from gamefold.skills import CardDef, CloseReactionWindow, EndActivation, Play, SkillsView

__all__ = ["FLEE_BELOW", "definition", "greedy_policy"]

FLEE_BELOW = 0.5
"""The party flees when its standing hit points are below this share of the enemies'."""

Choice = UseAbility | UseCard | Retreat


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
    return _side_hp(fight, Side.PARTY) < FLEE_BELOW * _side_hp(fight, Side.ENEMIES)


def _retreat(options: Sequence[Retreat]) -> Action:
    """Retreat dropping nothing, dragging a fallen ally along when possible (CB-15)."""
    kept = [a for a in options if not a.drop]
    carrying = [a for a in kept if a.carry is not None]
    return (carrying or kept or list(options))[0]


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
            return self._choose(view, choices, rng)
        ends: list[Action] = [a for a in legal if isinstance(a, EndActivation)]
        return (ends or list(legal))[0], rng

    def _prevents(self, deck: SkillsView, card: int) -> int:
        effect = definition(deck, card).play
        param = self.config.reaction_effects.get(effect.name)
        return 0 if param is None else effect.params.get(param, 0)

    def _react(self, deck: SkillsView, legal: tuple[Action, ...]) -> Action:
        plays = [a for a in legal if isinstance(a, Play) and self._prevents(deck, a.card) > 0]
        if plays:
            return max(plays, key=lambda a: self._prevents(deck, a.card))
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
        return 0 if ability is None else ability.damage_win


def _payment(choice: UseAbility | UseCard) -> tuple[str, tuple[int, ...]]:
    if isinstance(choice, UseCard):
        return ("card", (choice.card,))
    return (choice.ability, choice.cards)


def greedy_policy(config: SkirmishConfig) -> Policy:
    """The greedy policy for a skirmish played with ``config`` (see the module's text)."""
    return _Greedy(config)
