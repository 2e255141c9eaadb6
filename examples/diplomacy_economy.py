"""Play a few seeded turns of the diplomacy card economy for three players.

A tiny stand-in for a host game's map gives each player some territories and bonus zones
at every turn start; players pick random legal actions; Standalone effects run through
effect handlers; the account is printed from the events alone. Run it with no arguments:

    python examples/diplomacy_economy.py
"""

from __future__ import annotations

from gamefold import Action, EndTurn, Event, Rng, replace
from gamefold.diplomacy import (
    Accept,
    BeginTurn,
    BonusZone,
    Decline,
    DiplomacyConfig,
    DiplomacyState,
    EffectHandlers,
    Kind,
    PlayStandalone,
    Propose,
    StandaloneResolved,
    describe,
    initial_state,
    legal_actions,
    scores,
    step,
)

PLAYERS = ("Avalon", "Brisk", "Corvin")
ZONES = {
    "Embassy Row": BonusZone(Kind.AGREEMENT, quarters=40),  # 10 ticks a turn
    "Barracks": BonusZone(Kind.VALUE, quarters=40),
    "Black Market": BonusZone(Kind.STANDALONE, quarters=32),
}
TURNS = 15
CHOICES_PER_TURN = 4

# The host game's map: territories held and bonus zones, per player.
Map = dict[str, tuple[int, tuple[str, ...]]]


def siege(world: Map, resolved: StandaloneResolved) -> tuple[Map, tuple[Event, ...]]:
    """A Siege takes one territory from its target."""
    target = resolved.effect.target
    if target in world:
        count, zones = world[target]
        world = {**world, target: (max(0, count - resolved.effect.tier), zones)}
        print(f"   [map] {target} loses {resolved.effect.tier} territory to a siege")
    return world, ()


def fortify(world: Map, resolved: StandaloneResolved) -> tuple[Map, tuple[Event, ...]]:
    """Fortify gains its player a territory."""
    count, zones = world[resolved.player]
    print(f"   [map] {resolved.player} fortifies and holds {count + 1} territories")
    return {**world, resolved.player: (count + 1, zones)}, ()


def foreign_aid(world: Map, resolved: StandaloneResolved) -> tuple[Map, tuple[Event, ...]]:
    """Foreign Aid lets its target raise a territory's worth of levies."""
    target = resolved.effect.target
    if target not in world:
        return world, ()
    count, zones = world[target]
    print(f"   [map] {resolved.player}'s aid reaches {target}: {count + 1} territories")
    return {**world, target: (count + 1, zones)}, ()


HANDLERS: EffectHandlers[Map] = EffectHandlers(
    {"Siege": siege, "Fortify": fortify, "Foreign Aid": foreign_aid}
)


def report(config: DiplomacyConfig, events: tuple[Event, ...]) -> None:
    """Print one line per event."""
    for event in events:
        print("   " + describe(config, event))


def choose(state: DiplomacyState, rng: Rng) -> tuple[Action, Rng]:
    """A random legal action of any player, diplomacy first: deals and Standalone plays
    three times in four when there are any; a Standalone card is aimed at a random rival.
    """
    options = [a for p in state.players for a in legal_actions(state, p.player)]
    keen = [a for a in options if isinstance(a, Propose | Accept | Decline | PlayStandalone)]
    roll, rng = rng.below(4)
    action, rng = rng.choice(keen if keen and roll else options)
    if isinstance(action, PlayStandalone):
        rivals = [p for p in PLAYERS if p != action.player]
        target, rng = rng.choice(rivals)
        action = replace(action, target=target)
    return action, rng


def play_turn(state: DiplomacyState, world: Map, rng: Rng) -> tuple[DiplomacyState, Map, Rng]:
    """Begin the next turn from the map, make a few random choices, end the turn."""
    config = state.config
    territories, zones = world[state.next_player]
    state, events = step(state, BeginTurn(state.next_player, territories, zones))
    report(config, events)
    world, _ = HANDLERS.run(world, events)
    for _ in range(CHOICES_PER_TURN):
        action, rng = choose(state, rng)
        if isinstance(action, EndTurn):
            break
        state, events = step(state, action)
        report(config, events)
    assert state.active is not None
    state, events = step(state, EndTurn(state.active))
    report(config, events)
    return state, world, rng


def main() -> None:
    """Play TURNS turns from seed 2026 and print the account and the scores."""
    config = DiplomacyConfig(bonus_zones=ZONES, hand_limit=10)
    state = initial_state(config, PLAYERS, seed=2026)
    world: Map = {
        "Avalon": (24, ("Embassy Row", "Barracks")),
        "Brisk": (16, ("Barracks", "Black Market")),
        "Corvin": (30, ("Embassy Row",)),
    }
    rng = Rng.from_seed(2026).split("example players")
    for _ in range(TURNS):
        state, world, rng = play_turn(state, world, rng)
    print("\nFinal scores (DP-14):")
    for score in scores(state):
        print(f"   {score.player}: {score.points} points")


if __name__ == "__main__":
    main()
