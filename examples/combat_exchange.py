"""A small fight with gamefold.combat, played with seeded random legal choices.

Three adventurers meet three monsters. Each exchange, the side with more combatants in
Forward pairs them up (when pairings are needed), then every combatant declares an ability,
a Hand and a target, chosen at random among its legal declarations; a badly hurt party asks
to retreat. The last declaration resolves the exchange. After each exchange the host ends the
Round (conditions tick down) and, now and then, springs a trap (a condition). The script
prints the account from the events, until a side falls or the party escapes.

Run it with no arguments: ``python examples/combat_exchange.py``.
"""

from __future__ import annotations

from gamefold import EndRound, Rng
from gamefold.combat import (
    ATTACK,
    DEFEND,
    Ability,
    Afflict,
    CombatConfig,
    CombatState,
    Condition,
    Fighter,
    Hand,
    Inflict,
    Item,
    Retreat,
    Side,
    Stance,
    Zone,
    check,
    describe,
    initial_state,
    legal_actions,
    step,
    waiting_for,
)
from gamefold.core import Action

SHIELD_BASH = Ability(
    name="Shield Bash",
    stance=Stance.OFFENSIVE,
    hands=(Hand.ROCK, Hand.PAPER),
    zone=Zone.FORWARD,
    damage_win=3,
    damage_tie=1,
    cost=1,
    inflicts=(Inflict(condition=Condition.DULLED),),
)

SEED = 9

FIGHTERS = (
    Fighter("Ayla", Side.PARTY, Zone.FORWARD, abilities=("Shield Bash",), items=(Item("rope", 2),)),
    Fighter("Bram", Side.PARTY, Zone.FORWARD, max_hp=8, items=(Item("lantern"),)),
    Fighter("Cass", Side.PARTY, Zone.REARWARD, max_hp=6),
    Fighter("Ghoul", Side.ENEMIES, Zone.FORWARD, max_hp=12),
    Fighter("Wight", Side.ENEMIES, Zone.FORWARD),
    Fighter("Imp", Side.ENEMIES, Zone.REARWARD, max_hp=5),
)


def party_wants_out(state: CombatState) -> bool:
    """The party asks to retreat once one of its members has fallen."""
    return any(c.hp == 0 for c in state.combatants if c.side is Side.PARTY)


def choose(state: CombatState, actor: str, rng: Rng) -> tuple[Action, Rng]:
    """A random legal action of ``actor``; a party wanting out retreats, carrying if it can."""
    options = legal_actions(state, actor)
    retreats = [a for a in options if isinstance(a, Retreat)]
    if retreats and party_wants_out(state):
        carrying = [a for a in retreats if a.carry is not None and not a.drop]
        return rng.choice(carrying or [a for a in retreats if not a.drop])
    return rng.choice([a for a in options if not isinstance(a, Retreat)])


def next_actor(state: CombatState) -> str:
    """Whoever must act: a side that must pair, else someone the exchange waits for."""
    for side in ("party", "enemies"):
        if legal_actions(state, side):
            return side
    return waiting_for(state)[0]


def host_turn(state: CombatState, rng: Rng) -> tuple[CombatState, Rng, list[str]]:
    """Between exchanges the host ends the Round and, one time in four, springs a trap."""
    state, events = step(state, EndRound())
    lines = [describe(e) for e in events]
    roll, rng = rng.below(4)
    if roll == 0 and state.ending is None:
        standing = [c.id for c in state.combatants if c.hp > 0]
        victim, rng = rng.choice(standing)
        condition, rng = rng.choice(tuple(Condition))
        trap = Afflict(victim, condition)
        if check(state, trap) is None:
            state, events = step(state, trap)
            lines += ["A trap springs!", *(describe(e) for e in events)]
    return state, rng, lines


def main() -> int:
    """Play the fight and print its account."""
    config = CombatConfig(abilities=(ATTACK, DEFEND, SHIELD_BASH))
    state = initial_state(config, FIGHTERS, seed=SEED)
    rng = Rng.from_seed(SEED).split("choices")
    print("Rock beats Paper, Paper beats Scissors, Scissors beats Rock (the seed's rule).")
    while state.ending is None:
        action, rng = choose(state, next_actor(state), rng)
        before = state.exchange
        state, events = step(state, action)
        for event in events:
            print(describe(event))
        if state.exchange != before and state.ending is None:
            state, rng, lines = host_turn(state, rng)
            for line in lines:
                print(line)
            print("-- " + ", ".join(f"{c.id} {c.hp}/{c.max_hp}" for c in state.combatants))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
