"""The skill-deck round, twice: on gamefold's immutable records, and on plain mutable lists.

A *session* is ``rounds`` Rounds of two player characters and one GM unit: each Round
starts (everyone refills to the hand limit, recycling an empty deck with Fatigue and one
Exhausted card for players, SD-3/SD-5/SD-7), each unit activates in turn, its controller
freely Discards the two oldest cards of their hand (SD-9), the activation ends, and the
Round ends. Both sides count *reducer calls*: StartRound, Activate, Discard, EndActivation
and EndRound, :data:`CALLS_PER_ROUND` a Round.

:class:`MutableSkills` is the baseline: the straightforward in-place implementation a
programmer would write first (lists, ``random.Random``, the same checks and the same events
as tuples). :func:`gamefold_session` drives :mod:`gamefold.skills` itself; it is the hook to
keep in step with that package's public verbs.
"""

from __future__ import annotations

import random
from typing import Any

PLAYERS = ("ana", "bo")
GM = "gm"
GM_UNITS = ("goblin",)
ORDER = ("ana", "goblin", "bo")  # players first, then alternating while both have units
DISCARDS = 2
DECK_SIZE = 30
HAND_LIMIT = 5
EXHAUST_ON_RECYCLE = 1
FATIGUE_ON_RECYCLE = 1
CALLS_PER_ROUND = 2 + len(ORDER) * (2 + DISCARDS)


class Owner:
    """One owner's zones as mutable lists."""

    __slots__ = ("alive", "deck", "discard", "exhausted", "fatigue", "hand", "player")

    def __init__(self, player: str, cards: list[int]) -> None:
        self.player, self.deck, self.hand = player, cards, []
        self.discard: list[int] = []
        self.exhausted: list[int] = []
        self.fatigue, self.alive = 0, True


class MutableSkills:
    """The baseline: the same skill-deck rules, changed in place; methods return events."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.owners: dict[str, Owner] = {}
        for seat, name in enumerate((*PLAYERS, GM)):
            cards = list(range(seat * DECK_SIZE, (seat + 1) * DECK_SIZE))
            self.rng.shuffle(cards)
            self.owners[name] = owner = Owner(name, cards)
            self._draw(owner, HAND_LIMIT, [])
        self.controller = {**{p: p for p in PLAYERS}, **dict.fromkeys(GM_UNITS, GM)}
        self.active: str | None = None
        self.activated: set[str] = set()
        self.in_round = False

    def start_round(self) -> list[tuple[Any, ...]]:
        """SD-3: everyone alive refills to the hand limit before any unit activates."""
        if self.in_round:
            raise ValueError("a Round is already under way")
        events: list[tuple[Any, ...]] = [("RoundStarted",)]
        for owner in self.owners.values():
            if owner.alive and len(owner.hand) < HAND_LIMIT:
                self._draw(owner, HAND_LIMIT - len(owner.hand), events)
        self.in_round, self.activated = True, set()
        return events

    def activate(self, unit: str) -> list[tuple[Any, ...]]:
        """SD-13: a unit that has not activated this Round begins its activation."""
        if not self.in_round or self.active is not None or unit in self.activated:
            raise ValueError(f"{unit} cannot activate now")
        if not self.owners[self.controller[unit]].alive:
            raise ValueError(f"{unit} is dead")
        self.active = unit
        return [("ActivationStarted", unit)]

    def discard(self, player: str, card: int) -> list[tuple[Any, ...]]:
        """SD-9: the activating unit's controller discards a card from hand."""
        if self.active is None or self.controller[self.active] != player:
            raise ValueError(f"{player} can use cards only in their own activation")
        hand = self.owners[player].hand
        if card not in hand:
            raise ValueError(f"{player} holds no card {card}")
        hand.remove(card)
        self.owners[player].discard.append(card)
        return [("CardDiscarded", player, card)]

    def end_activation(self, unit: str) -> list[tuple[Any, ...]]:
        """SD-15: the active unit ends its activation."""
        if self.active != unit:
            raise ValueError(f"{unit} is not activating")
        self.active = None
        self.activated.add(unit)
        return [("ActivationEnded", unit)]

    def end_round(self) -> list[tuple[Any, ...]]:
        """The Round ends once every unit has activated."""
        if not self.in_round or self.active is not None or len(self.activated) < len(ORDER):
            raise ValueError("the Round cannot end yet")
        self.in_round = False
        return [("RoundEnded",)]

    def _draw(self, owner: Owner, count: int, events: list[tuple[Any, ...]]) -> None:
        """SD-5/6/7: draw, recycling the discard pile; Fatigue and Exhaustion for players."""
        while count > 0:
            if owner.deck:
                drawn = owner.deck[:count]
                del owner.deck[:count]
                owner.hand.extend(drawn)
                count -= len(drawn)
                events.append(("CardsDrawn", owner.player, tuple(drawn)))
            elif owner.discard:
                self._recycle(owner, events)
            else:
                owner.alive = owner.player == GM
                events.append(("CharacterDied" if not owner.alive else "DrawFellShort",))
                return

    def _recycle(self, owner: Owner, events: list[tuple[Any, ...]]) -> None:
        owner.deck, owner.discard = owner.discard, []
        self.rng.shuffle(owner.deck)
        events.append(("DeckRecycled", owner.player, len(owner.deck)))
        if owner.player != GM:
            owner.fatigue += FATIGUE_ON_RECYCLE
            gone = owner.deck[:EXHAUST_ON_RECYCLE]
            del owner.deck[:EXHAUST_ON_RECYCLE]
            owner.exhausted.extend(gone)
            events.append(("CardsExhausted", owner.player, tuple(gone)))


Shape = tuple[tuple[int, int, int, int, int, bool], ...]
"""Per owner: deck, hand, discard and exhausted sizes, Fatigue, alive: what both must agree on."""


def baseline_session(rounds: int, seed: int) -> Shape:
    """Play a session on :class:`MutableSkills`; the owners' final :data:`Shape`."""
    game = MutableSkills(seed)
    controller = game.controller
    for _ in range(rounds):
        game.start_round()
        for unit in ORDER:
            player = controller[unit]
            game.activate(unit)
            for _ in range(DISCARDS):
                game.discard(player, game.owners[player].hand[0])
            game.end_activation(unit)
        game.end_round()
    return tuple(_shape(o) for o in game.owners.values())


def _shape(owner: Any) -> tuple[int, int, int, int, int, bool]:
    zones = (owner.deck, owner.hand, owner.discard, owner.exhausted)
    return (*(len(zone) for zone in zones), owner.fatigue, owner.alive)


def _config() -> Any:
    from gamefold.skills import SkillsConfig

    return SkillsConfig(
        deck_size=DECK_SIZE,
        hand_limit=HAND_LIMIT,
        gm_deck_size=DECK_SIZE,
        gm_hand_limit=HAND_LIMIT,
        exhaust_on_recycle=EXHAUST_ON_RECYCLE,
        fatigue_on_recycle=FATIGUE_ON_RECYCLE,
    )


def _gamefold_start(seed: int) -> tuple[Any, list[tuple[str, Any, Any]], Any, Any]:
    """The session's first state, each unit's (controller, Activate, EndActivation), and the
    clock's two actions: every action a session can build once."""
    from gamefold import EndRound, StartRound
    from gamefold.skills import Activate, EndActivation, controller, initial_state

    state = initial_state(_config(), list(PLAYERS), seed=seed, gm_units=list(GM_UNITS))
    turns = [(controller(state, u), Activate(u), EndActivation(u)) for u in ORDER]
    return state, turns, StartRound(), EndRound()


def gamefold_session(rounds: int, seed: int) -> Shape:
    """Play a session on :mod:`gamefold.skills`; the owners' final :data:`Shape`.

    The hook on the gamefold side: it uses only the subsystem's public verbs, and builds no
    action it can reuse (only the Discards depend on the state).
    """
    from gamefold.skills import Discard, owner_of, step

    state, turns, start, end = _gamefold_start(seed)
    for _ in range(rounds):
        state = step(state, start)[0]
        for player, activate, end_activation in turns:
            state = step(state, activate)[0]
            for _ in range(DISCARDS):
                state = step(state, Discard(player, owner_of(state, player).hand[0]))[0]
            state = step(state, end_activation)[0]
        state = step(state, end)[0]
    return tuple(_shape(o) for o in state.owners)


# -- one Discard, three ways: what any immutable step must do, against the baseline ---------
#
# Each function makes ``count`` free Discards (SD-9) of the first card of a five-card hand,
# by the player whose unit is activating, and returns the number made.


def baseline_discards(count: int) -> int:
    """The baseline's :meth:`MutableSkills.discard`; the hand is dealt again every 5 cards."""
    game = MutableSkills(0)
    game.start_round()
    game.activate(PLAYERS[0])
    owner = game.owners[PLAYERS[0]]
    dealt = list(owner.hand)
    for _ in range(count // HAND_LIMIT):
        owner.hand[:] = dealt
        owner.discard.clear()
        for card in dealt:
            game.discard(PLAYERS[0], card)
    return count // HAND_LIMIT * HAND_LIMIT


def _activating() -> Any:
    from gamefold import StartRound
    from gamefold.skills import Activate, initial_state, step

    state = initial_state(_config(), list(PLAYERS), seed=0, gm_units=list(GM_UNITS))
    return step(step(state, StartRound())[0], Activate(PLAYERS[0]))[0]


def floor_discards(count: int) -> int:
    """The least any step on gamefold's records does for a Discard, and nothing else: build
    the action, copy the owner and the state with generated copy functions, build the
    event. No dispatch, no check."""
    from gamefold import replacer
    from gamefold.skills import CardDiscarded, Discard, Owner, SkillsState

    set_zones = replacer(Owner, "hand", "discard")
    set_owners = replacer(SkillsState, "owners")
    state = _activating()
    owner, others = state.owners[0], state.owners[1:]
    player, card = owner.player, owner.hand[0]
    for _ in range(count):
        action = Discard(player, card)
        moved = set_zones(owner, owner.hand[1:], (*owner.discard, action.card))
        set_owners(state, (moved, *others))
        (CardDiscarded(player, action.card),)
    return count


def gamefold_discards(count: int) -> int:
    """:func:`gamefold.skills.step` on a Discard built the way :func:`gamefold_session` does."""
    from gamefold.skills import Discard, owner_of, step

    state = _activating()
    player = PLAYERS[0]
    for _ in range(count):
        step(state, Discard(player, owner_of(state, player).hand[0]))
    return count
