"""What Playing and Burning Skill cards does in the fight (SK-3, SK-5, SK-11 … SK-17).

The config names the Play effects and Burn modifier stats that act, and how; the wrappers
of ``Play`` and ``Burn`` here carry them out with combat's and the deck's own actions (a
shield is combat's ``Ward``). A stat or effect the config names nowhere is flavour.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Literal

from gamefold import combat, skills
from gamefold.combat import Empower, Heal, Move, Ward, Zone
from gamefold.core import Events, replace
from gamefold.errors import IllegalAction, Refusal
from gamefold.games.skirmish import codes
from gamefold.games.skirmish.config import SkirmishConfig
from gamefold.games.skirmish.state import (
    Dodged,
    G,
    SkirmishSlices,
    SkirmishState,
    bump,
)
from gamefold.registry import Game, Handler
from gamefold.skills import (
    GM,
    Burn,
    ChangeHandLimit,
    Discard,
    Effect,
    Modifier,
    Play,
    SkillsState,
    card_definition,
    draw_effect,
    modifier_total,
)

__all__ = [
    "after_play",
    "around_burn",
    "around_play",
    "declared_ability",
    "level_effect",
    "move_problem",
    "refuse_play",
    "refuse_window",
]

_FORWARD, _REARWARD = Zone.FORWARD, Zone.REARWARD  # read once: an enum class read costs a call


def level_effect(state: SkillsState, player: str, effect: Effect) -> tuple[SkillsState, Events]:
    """SK-12: the ``"level"`` Play effect: ``player``'s hand limit changes by ``delta`` (SD-2),
    when the deck allows it (the limit stays from 0 to the maximum); else nothing."""
    try:
        return skills.step(state, ChangeHandLimit(player, effect.param("delta")))
    except IllegalAction:
        return state, ()


def _move(game: SkirmishSlices, unit: str | None) -> Move | None:
    fighter = next((c for c in game.combat.combatants if c.id == unit), None)
    if fighter is None or fighter.zone is None:
        return None
    other = _REARWARD if fighter.zone is _FORWARD else _FORWARD
    return Move(fighter.id, other)


def move_problem(game: SkirmishSlices, unit: str | None) -> str | None:
    """Why ``unit`` cannot move now (SK-11), or ``None`` when a move card would move it."""
    move = _move(game, unit)
    if move is None:
        return "it is not in the fight"
    problem = combat.check(game.combat, move)
    return None if problem is None else problem.code


def _moved(game: G, unit: str) -> tuple[G, Events]:
    """SK-11: the unit moves to its side's other zone, if combat allows it now."""
    move = _move(game, unit)
    return (game, ()) if move is None else _stepped(game, move)


def _stepped(game: G, action: Move | Empower | Heal | Ward) -> tuple[G, Events]:
    """The fight after the host's ``action``, decided by combat; unchanged if it refuses."""
    try:
        fight, events = combat.step(game.combat, action)
    except IllegalAction:
        return game, ()
    return replace(game, combat=fight), events


def _unit(game: SkirmishSlices, deck: SkillsState, player: str) -> str | None:
    """The unit a card of ``player`` acts on: the character; for the GM, the unit a held
    declaration aims at while the GM reacts (SK-18), else its active unit."""
    if player != GM:
        return player
    state: SkirmishState = game.skirmish
    # A declaration is held only while its reactor's window is open, when no one else uses
    # cards (SK-4): with ``or`` for ``and`` the GM would never meet another held one.
    if GM in deck.reacting and state.held is not None:
        return state.held.target
    return deck.active


def _shield(game: G, unit: str, amount: int) -> tuple[G, Events]:
    """SK-5: combat wards ``unit`` against ``amount`` damage, if it still stands (combat
    refuses a ward of less than 1, which raises nothing)."""
    # Most Burns and failed dodges shield 0: answered here without building a refusal.
    if amount <= 0:  # speed: combat refuses it alike
        return game, ()
    return _stepped(game, Ward(unit, amount))


def _boost(game: G, boost: Empower | Heal) -> tuple[G, Events]:
    """SK-16, SK-17: combat empowers or heals the unit, if it still stands (combat refuses
    a boost of less than 1, which does nothing)."""
    if boost.amount <= 0:  # speed: combat refuses it alike, more slowly
        return game, ()
    return _stepped(game, boost)


def _card_effect(config: SkirmishConfig, game: G, unit: str, effect: Effect) -> tuple[G, Events]:
    """SK-16: an ability card's damage empowers the blow; a healing effect heals."""
    if config.card_ability(effect.name) is not None and config.card_damage is not None:
        return _boost(game, Empower(unit, effect.param(config.card_damage)))
    param = config.heal_param(effect.name)
    if param is not None:
        return _boost(game, Heal(unit, effect.param(param)))
    return game, ()


def after_play(
    config: SkirmishConfig, game: G, before: SkillsState, action: Play
) -> tuple[G, Events]:
    """Count a Play, then do its effect: a move (SK-11), a reaction's shield or dodge (SK-5,
    SK-15), a boost or a heal (SK-16); ``before`` is the deck slice before the Play."""
    player = action.player
    effect = card_definition(before, action.card).play
    in_window = player in before.reacting
    state: SkirmishState = bump(game.skirmish, player, cards_played=1, reactions=int(in_window))
    game = game.with_skirmish(state)
    unit = _unit(game, before, player)
    if unit is None:
        return game, ()
    if effect.name == "move":
        return _moved(game, unit)
    param = config.reaction_param(effect.name)
    if param is None:
        return _card_effect(config, game, unit, effect)
    amount = effect.param(param)
    if effect.name in config.dodge_effects:
        chance = amount + _dodge_bonus(config, game.skills, player)
        return _dodge(config, game, unit, chance)
    return _shield(game, unit, amount)


def _dodge_bonus(config: SkirmishConfig, deck: SkillsState, player: str) -> int:
    """SK-17: what the owner's ``dodge`` Burn modifiers in force add to a Dodge chance."""
    return sum(modifier_total(deck, player, stat) for stat in config.dodge_stats())


def _dodge(config: SkirmishConfig, game: G, unit: str, chance: int) -> tuple[G, Events]:
    """SK-15: roll the dodge die with the slice's RNG; a roll of at most ``chance`` shields."""
    state: SkirmishState = game.skirmish
    face, rng = state.rng.below(config.dodge_sides)
    roll = face + 1
    shield = config.dodge_shield if roll <= chance else 0
    game = game.with_skirmish(replace(state, rng=rng))
    game, events = _shield(game, unit, shield)
    return game, (Dodged(unit, roll, config.dodge_sides, shield), *events)


def refuse_window(game: SkirmishSlices, action: Play | Burn | Discard) -> Refusal | None:
    """SK-4: while a window is open, only its player uses cards (after the deck's reasons)."""
    reacting = game.skills.reacting
    if not reacting or action.player in reacting:
        return None
    message = f"{', '.join(reacting)} may react first"
    return codes.refusal(codes.REACTION_PENDING, message)


def narrow_window(
    game: SkirmishSlices, actor: str
) -> Literal[True] | Callable[[Play | Burn | Discard], bool]:
    """:func:`refuse_window` for a whole listing: every card use while no window is open,
    else those of the players it waits for (SK-4)."""
    reacting = game.skills.reacting
    if not reacting:
        return True
    return lambda action: action.player in reacting


def declared_ability(config: SkirmishConfig, game: SkirmishSlices, card: int) -> str | None:
    """SK-3: the ability card ``card``'s Play effect declares, if any."""
    effect = card_definition(game.skills, card).play.name
    return config.card_ability(effect)


def refuse_play(config: SkirmishConfig, game: SkirmishSlices, action: Play) -> Refusal | None:
    """SK-4 (:func:`refuse_window`), then SK-3: a card that declares an ability is used with
    UseCard (after the deck's reasons)."""
    problem = refuse_window(game, action)
    if problem is not None:
        return problem
    ability = declared_ability(config, game, action.card)
    if ability is not None:
        message = f"this card declares {ability}: use it with UseCard."
        return codes.refusal(codes.USE_CARD, message)
    return None


def narrow_play(config: SkirmishConfig, game: SkirmishSlices, actor: str) -> Callable[[Play], bool]:
    """:func:`refuse_play` for a whole listing: the window read once (SK-4), then each card
    that declares no ability (SK-3), without a refusal built for those that do."""
    window = narrow_window(game, actor)

    def keep(action: Play) -> bool:
        if window is not True and not window(action):
            return False
        return declared_ability(config, game, action.card) is None

    return keep


def around_play(
    config: SkirmishConfig, game: Game, action: Play, inner: Handler
) -> tuple[Game, Events]:
    """Play (SD-11), then its shield (SK-5); the registry refuses it with :func:`refuse_play`."""
    before = game.skills
    game, events = inner(game, action)
    game, more = after_play(config, game, before, action)
    return game, (*events, *more)


def around_burn(
    config: SkirmishConfig, game: Game, action: Burn, inner: Handler
) -> tuple[Game, Events]:
    """Burn (SD-12), counted, then a shield for each modifier of a ``shield_stats`` stat
    (SK-5) and what each modifier does (SK-17); the registry refuses it with
    :func:`refuse_window`."""
    before = game.skills
    game, events = inner(game, action)
    state: SkirmishState = game.skirmish
    in_window = int(action.player in before.reacting)
    game = game.with_skirmish(bump(state, action.player, cards_burned=1, reactions=in_window))
    definition = card_definition(before, action.card)
    amount = sum(m.amount for m in definition.burn if m.stat in config.shield_stats)
    unit = _unit(game, before, action.player)
    if unit is None:
        return game, events
    game, more = _shield(game, unit, amount)
    found = [*events, *more]
    for modifier in definition.burn:
        game, more = _burn_effect(config, game, action.player, unit, modifier)
        found.extend(more)
    return game, (*found,)


@cache
def _draw(count: int) -> Effect:
    """SK-17: the ``draw`` effect of ``count`` cards, built once for each count (records are
    immutable)."""
    return Effect("draw", {"count": count})


def _burn_effect(
    config: SkirmishConfig,
    game: G,
    player: str,
    unit: str,
    modifier: Modifier,
) -> tuple[G, Events]:
    """SK-17: what one Burn modifier does in the fight (``dodge`` is read when Dodging)."""
    kind = config.burn_kind(modifier.stat)  # a stat not named falls through: flavour
    if modifier.amount <= 0:
        return game, ()
    if kind == "empower":
        return _boost(game, Empower(unit, modifier.amount))
    if kind == "heal":
        return _boost(game, Heal(unit, modifier.amount))
    if kind == "move":
        return _moved(game, unit)
    if kind == "draw":
        deck = game.skills
        if not skills.owner_of(deck, player).alive:
            return game, ()
        deck, drawn = draw_effect(deck, player, _draw(modifier.amount))
        return replace(game, skills=deck), drawn
    return game, ()
