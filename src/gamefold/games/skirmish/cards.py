"""What Playing and Burning Skill cards does in the fight: shields, and tallies (SK-3, SK-5).

- A plain :class:`~gamefold.skills.Play` of a card whose effect declares an ability is
  refused: that card is used with :class:`~gamefold.games.skirmish.UseCard` (SK-3, SD-11).
- Playing a card whose effect is one of ``reaction_effects`` (``"defend"``, ``"evade"``)
  raises a shield on the player's unit, the size of the effect parameter the config names
  (``block``, ``chance``): that much damage is prevented in the exchange resolved next this
  Round (SK-5). In a reaction window this is how a party member answers an attack (SD-8).
- Burning a card whose modifiers name a stat of ``shield_stats`` (``"defence"``) raises a
  shield of the modifier's amount (SK-5, SD-12). Every other Burn modifier (``attack``,
  ``focus``, ``speed``, ``evasion``, ``morale``) and every other Play effect (``move``,
  ``heal``) is flavour only: reported, with no effect on the fight. ``draw`` draws (SD-11).

The GM's cards shield the GM unit whose activation is under way.
"""

from __future__ import annotations

from gamefold import combat
from gamefold.core import Events
from gamefold.errors import IllegalAction
from gamefold.games.skirmish import codes
from gamefold.games.skirmish.config import SkirmishConfig
from gamefold.games.skirmish.state import NAME, SkirmishState, add_shield, bump
from gamefold.registry import Checker, Game, Handler
from gamefold.skills import GM, Burn, Discard, Play, SkillsState, card_definition

__all__ = [
    "after_play",
    "around_burn",
    "around_play",
    "check_play",
    "check_window",
    "keep_in_window",
    "keep_play",
    "window_allows",
]


def _unit(deck: SkillsState, player: str) -> str | None:
    """The unit a card of ``player`` shields: the character, or the GM's active unit."""
    return deck.active if player == GM else player


def _shield(game: Game, unit: str | None, amount: int) -> tuple[Game, Events]:
    """SK-5: combat wards ``unit`` against ``amount`` damage, if it still stands."""
    if unit is None or amount <= 0:
        return game, ()
    ward = combat.Ward(unit, amount)
    if combat.check(game["combat"], ward) is not None:
        return game, ()
    fight, events = combat.step(game["combat"], ward)
    state = add_shield(game[NAME], unit, amount)
    return game.with_slice("combat", fight).with_slice(NAME, state), events


def after_play(
    config: SkirmishConfig, game: Game, before: SkillsState, action: Play
) -> tuple[Game, Events]:
    """Count a Play and raise the shield of a reaction effect (SK-5); ``before`` is the deck
    slice as it was before the Play."""
    player = action.player
    effect = card_definition(before, action.card).play
    in_window = player in before.reacting
    state: SkirmishState = bump(game[NAME], player, cards_played=1, reactions=int(in_window))
    game = game.with_slice(NAME, state)
    param = config.reaction_effects.get(effect.name)
    if param is None:
        return game, ()
    return _shield(game, _unit(before, player), effect.params.get(param, 0))


def window_allows(game: Game, player: str) -> bool:
    """SK-4: while a reaction window is open, only its player uses cards."""
    reacting = game["skills"].reacting
    return not reacting or player in reacting


def check_window(game: Game, action: Play | Burn | Discard, inner: Checker) -> IllegalAction | None:
    """The deck's check, then SK-4: while a window is open, only its player uses cards."""
    problem = inner(game, action)
    if problem is None and not window_allows(game, action.player):
        message = f"{', '.join(game['skills'].reacting)} may react first"
        return codes.illegal(codes.REACTION_PENDING, message, action)
    return problem


def keep_in_window(game: Game, action: Play | Burn | Discard) -> bool:
    """What :func:`check_window` adds to the deck's check, for a listed card (EN-5)."""
    return window_allows(game, action.player)


def _declares(config: SkirmishConfig, game: Game, action: Play) -> str | None:
    """SK-3: the ability a card's Play effect declares, if any."""
    effect = card_definition(game["skills"], action.card).play.name
    return config.card_abilities.get(effect)


def check_play(
    config: SkirmishConfig, game: Game, action: Play, inner: Checker
) -> IllegalAction | None:
    """The deck's check, then SK-3: a card that declares an ability is used with UseCard."""
    problem = check_window(game, action, inner)
    if problem is not None:
        return problem
    ability = _declares(config, game, action)
    if ability is not None:
        message = f"this card declares {ability}: use it with UseCard."
        return codes.illegal(codes.USE_CARD, message, action)
    return None


def keep_play(config: SkirmishConfig, game: Game, action: Play) -> bool:
    """What :func:`check_play` adds to the deck's check, for a listed Play (EN-5)."""
    return window_allows(game, action.player) and _declares(config, game, action) is None


def around_play(
    config: SkirmishConfig, game: Game, action: Play, inner: Handler
) -> tuple[Game, Events]:
    """Play (SD-11), then its shield (SK-5); the registry checked it (:func:`check_play`)."""
    before = game["skills"]
    game, events = inner(game, action)
    game, more = after_play(config, game, before, action)
    return game, (*events, *more)


def around_burn(
    config: SkirmishConfig, game: Game, action: Burn, inner: Handler
) -> tuple[Game, Events]:
    """Burn (SD-12), then a shield for each modifier of a ``shield_stats`` stat (SK-5); the
    registry checked it (:func:`check_window`)."""
    before = game["skills"]
    game, events = inner(game, action)
    state: SkirmishState = game[NAME]
    in_window = int(action.player in before.reacting)
    game = game.with_slice(NAME, bump(state, action.player, cards_burned=1, reactions=in_window))
    definition = card_definition(before, action.card)
    amount = sum(m.amount for m in definition.burn if m.stat in config.shield_stats)
    game, more = _shield(game, _unit(before, action.player), amount)
    return game, (*events, *more)
