"""The Round flow (SK-1): refills, pairing, alternating activations, one exchange a Round.

Who acts when is the table "Who acts when (SK-1)" of ``docs/games/skirmish.md``; the
functions here decide it, each citing the rules it keeps.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from gamefold import combat
from gamefold.combat import (
    AssignPairings,
    CombatState,
    Side,
    assigning_side,
    awaits,
    exchange_under_way,
    find,
    is_paired,
)
from gamefold.core import Action, Events, replace
from gamefold.errors import Refusal
from gamefold.games.skirmish import codes
from gamefold.games.skirmish.config import SkirmishConfig
from gamefold.games.skirmish.state import G, SkirmishSlices
from gamefold.skills import GM, PLAYERS, Activate, EndActivation, SkillsState, controller

__all__ = [
    "party_chooser",
    "side_choice_listing",
    "deciding",
    "fight_over",
    "leader",
    "pairing_needed",
    "pairing_options",
    "refuse_activate",
    "refuse_end_activation",
    "step_pairing",
    "whose_choice",
]

_PARTY = Side.PARTY  # read once: an enum class read costs a call


def pairing_needed(state: CombatState) -> bool:
    """Whether Forward pairings must be assigned before anyone declares (CB-5)."""
    return state.ending is None and not is_paired(state) and not exchange_under_way(state)


def leader(config: SkirmishConfig, state: CombatState) -> str:
    """The party leader: the configured seat, or the first standing member in seat order
    (of those on the party's side: a player among the enemies never leads it)."""
    party = config.party
    for name in (party[config.leader], *party):
        c = find(state, name)
        if c is not None and c.hp > 0 and c.side is _PARTY:
            return name
    return party[config.leader]


def deciding(config: SkirmishConfig, state: CombatState) -> str:
    """Who chooses the pairings now: the party leader or the GM (SK-1, CB-5)."""
    return leader(config, state) if assigning_side(state) is _PARTY else GM


def refuse_activate(game: SkirmishSlices, action: Activate) -> Refusal | None:
    """SK-1, after the deck's reasons: no unit activates while pairings are due (CB-5)."""
    if not pairing_needed(game.combat):
        return None
    message = "the Forward pairings are assigned before any unit activates"
    return codes.refusal(codes.PAIRING_FIRST, message)


def narrow_activate(game: SkirmishSlices, actor: str) -> bool:
    """:func:`refuse_activate` for a whole listing: every Activate while no pairing is due,
    none while one is (SK-1)."""
    return not pairing_needed(game.combat)


def refuse_end_activation(game: SkirmishSlices, action: EndActivation) -> Refusal | None:
    """SK-1, after the deck's reasons: a unit ends its activation with no window open, no
    pairing due, and once it made its choice for the exchange."""
    reacting = game.skills.reacting
    if reacting:
        return codes.refusal(codes.REACTION_PENDING, f"{', '.join(reacting)} may react first")
    fight = game.combat
    if pairing_needed(fight):
        message = "the Forward pairings are assigned again before the activation ends"
        return codes.refusal(codes.PAIRING_FIRST, message)
    if action.unit not in game.skirmish.chosen and awaits(fight, action.unit):
        message = f"{action.unit} must choose an ability or retreat before ending its activation"
        return codes.refusal(codes.DECLARE_FIRST, message)
    return None


def narrow_end_activation(
    game: SkirmishSlices, actor: str
) -> bool | Callable[[EndActivation], bool]:
    """:func:`refuse_end_activation` for a whole listing: none while a window is open or a
    pairing is due, else each unit that made its choice or awaits none (SK-1)."""
    if game.skills.reacting or pairing_needed(game.combat):
        return False
    chosen, fight = game.skirmish.chosen, game.combat
    return lambda action: action.unit in chosen or not awaits(fight, action.unit)


def _pairing_blocked(deck: SkillsState) -> str | None:
    """The code of why no pairing is assigned now, whatever the fight says: outside a
    Round (SD-13), while a window is open (SD-8); ``None`` when neither."""
    if not deck.in_round:
        return codes.NO_ROUND
    return codes.REACTION_PENDING if deck.reacting else None


def step_pairing(game: G, action: AssignPairings) -> tuple[G, Events] | Refusal:
    """Assign the pairings in the fight (CB-5), during a Round, with no window open; the
    fight decides first, its refusal before these."""
    state, events = combat.step(game.combat, action)
    deck = game.skills
    code = _pairing_blocked(deck)
    if code == codes.NO_ROUND:
        return codes.refusal(code, "pairings are chosen during a Round")
    if code is not None:
        return codes.refusal(code, f"{', '.join(deck.reacting)} may react first")
    return replace(game, combat=state), events


def pairing_options(config: SkirmishConfig, game: SkirmishSlices, actor: str) -> tuple[Action, ...]:
    """The pairings ``actor`` may assign: the leader's for the party, the GM's (EN-5)."""
    state = game.combat
    deck = game.skills
    if _pairing_blocked(deck) is not None or not pairing_needed(state):
        return ()
    if actor != deciding(config, state):
        return ()
    return combat.legal_actions(state, assigning_side(state).value)


def fight_over(game: SkirmishSlices) -> bool:
    """Whether the fight has ended (SK-9): the game is over."""
    return game.combat.ending is not None


def whose_choice(config: SkirmishConfig, game: SkirmishSlices) -> str | None:
    """Whose choice is due: a reacting player, the pairing side, the active unit's
    controller, or the side due to activate; ``None`` when the clock acts or it is over."""
    deck: SkillsState = game.skills
    if fight_over(game) or not deck.in_round:
        return None
    if deck.reacting:
        return deck.reacting[0]
    fight: CombatState = game.combat
    if pairing_needed(fight):
        return deciding(config, fight)
    if deck.active is not None:
        return controller(deck, deck.active)
    if deck.side == GM:
        return GM if any(u in deck.gm_units for u in deck.pending) else None
    return party_chooser(config, deck)


def party_chooser(config: SkirmishConfig, deck: SkillsState) -> str | None:
    """Who picks the party's next unit (SK-1, SD-13): with ``side_choice``, the leader or the
    first living member after it in seat order; else the first member still to activate."""
    first = next((u for u in deck.pending if u not in deck.gm_units), None)
    if first is None or not config.side_choice:
        return first
    alive = {o.player for o in deck.owners if o.alive}
    party, start = config.party, config.leader
    for name in (*party[start:], *party[:start]):
        if name in alive:
            return name
    return None


# The party's activations, one record per unit, as the deck's own listing hands them out.
_activate = lru_cache(maxsize=1024)(Activate)


def side_choice_listing(
    config: SkirmishConfig, listing: Callable[[SkillsState, str], tuple[Action, ...]]
) -> Callable[[SkillsState, str], tuple[Action, ...]]:
    """The deck's listing, where the party's chooser may activate any party unit still to
    activate (SK-1, SD-13) instead of only its own."""

    def listed(deck: SkillsState, actor: str) -> tuple[Action, ...]:
        actions = listing(deck, actor)
        due = deck.in_round and deck.active is None and deck.side == PLAYERS
        if not (config.side_choice and due) or actor == GM:
            return actions
        # The chooser lists every party activation; the other members list none of them, so
        # no activation is listed for two players.
        others = tuple(a for a in actions if not isinstance(a, Activate))
        if actor != party_chooser(config, deck):
            return others
        units = [u for u in deck.pending if u not in deck.gm_units]
        return (*(_activate(u) for u in units), *others)

    return listed
