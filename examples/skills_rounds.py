"""Play a few Rounds of the skill-deck subsystem with seeded random choices.

Two player characters (Ana and Bo) face the GM's goblin and orc. Every Round the clock
issues StartRound (refills, SD-3); units activate in alternation (SD-13) and Play, Burn or
Discard cards (SD-8 … SD-12) until they end their activation (SD-15); the host game opens a
reaction window for the target of each Strike (SD-8); the clock issues EndRound (Burn
modifiers reset, SD-12). Small decks make recycling, Fatigue and Exhaustion (SD-5) show up
quickly. The account is printed from the events alone (EN-7).

Run it with ``python examples/skills_rounds.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamefold import Action, EndRound, Event, Rng, StartRound
from gamefold.skills import (
    GM,
    STANDARD_EFFECTS,
    ActivationEnded,
    ActivationStarted,
    CardBurned,
    CardDiscarded,
    CardPlayed,
    CardsDrawn,
    CardsExhausted,
    ChangeHandLimit,
    CharacterDied,
    CloseReactionWindow,
    CostPaid,
    DeckRecycled,
    DrawFellShort,
    EndActivation,
    FatigueGained,
    HandLimitChanged,
    ModifiersReset,
    OpenReactionWindow,
    PayCost,
    ReactionWindowClosed,
    ReactionWindowOpened,
    RoundEnded,
    RoundStarted,
    SkillsConfig,
    SkillsState,
    card_definition,
    initial_state,
    legal_actions,
    step,
)

ROUNDS = 5
CONFIG = SkillsConfig(deck_size=12, hand_limit=4, gm_deck_size=12, gm_hand_limit=4)


def names(state: SkillsState, cards: tuple[int, ...]) -> str:
    """The cards' names, for the account."""
    return ", ".join(card_definition(state, card).name for card in cards) or "nothing"


def who(player: str) -> str:
    """A card owner's name for the account."""
    return "the GM" if player == GM else player


DESCRIBE: dict[type, Callable[[SkillsState, Any], str]] = {
    RoundStarted: lambda s, e: f"\n== Round {e.round} ==",
    RoundEnded: lambda s, e: f"== end of Round {e.round} ==",
    CardsDrawn: lambda s, e: f"  {who(e.player)} draws {names(s, e.cards)}",
    DeckRecycled: lambda s, e: (
        f"  {who(e.player)} reshuffles the discard pile into a deck of {e.size}"
        + (" (free for the GM)" if e.free else "")
    ),
    FatigueGained: lambda s, e: f"  {who(e.player)} gains {e.amount} Fatigue ({e.total} in all)",
    CardsExhausted: lambda s, e: f"  {who(e.player)} loses {names(s, e.cards)} to Exhaustion",
    DrawFellShort: lambda s, e: f"  {who(e.player)} cannot draw {e.missing} more card(s)",
    CharacterDied: lambda s, e: f"  {who(e.player)} dies ({e.cause})",
    ActivationStarted: lambda s, e: f" {e.unit} activates" + (" (GM)" if e.player == GM else ""),
    ActivationEnded: lambda s, e: f"  {e.unit} ends its activation",
    CardPlayed: lambda s, e: (
        f"  {who(e.player)} plays {e.name}: {e.effect.name} {dict(e.effect.params)}"
    ),
    CardBurned: lambda s, e: (
        f"  {who(e.player)} burns {e.name} for "
        + ", ".join(f"{m.stat} {m.amount:+d}" for m in e.modifiers)
    ),
    CardDiscarded: lambda s, e: f"  {who(e.player)} discards {names(s, (e.card,))}",
    CostPaid: lambda s, e: f"  {who(e.player)} pays {names(s, e.cards)} for {e.ability}",
    ReactionWindowOpened: lambda s, e: f"  {who(e.player)} may react",
    ReactionWindowClosed: lambda s, e: f"  {who(e.player)}'s reaction window closes",
    ModifiersReset: lambda s, e: f"  {who(e.player)}'s Burn modifiers wear off",
    HandLimitChanged: lambda s, e: f"  {who(e.player)}'s hand limit goes from {e.old} to {e.new}",
}


class Table:
    """The game loop: the state, a seeded chooser, and the account."""

    def __init__(self, seed: int) -> None:
        self.state = initial_state(CONFIG, ["Ana", "Bo"], seed, gm_units=["goblin", "orc"])
        self.choices = Rng.from_seed(seed).split("choices")

    def do(self, action: Action) -> tuple[Event, ...]:
        """Apply one action and print what happened."""
        self.state, events = step(self.state, action, STANDARD_EFFECTS)
        for event in events:
            print(DESCRIBE[type(event)](self.state, event))
        return events

    def pick(self, options: tuple[Action, ...]) -> Action:
        """A seeded random choice among the unit's options.

        Payments are for the host game's abilities; here a unit only ever pays one card for
        an attack. Ending the activation is twice as likely as any other option.
        """
        options = tuple(a for a in options if not isinstance(a, PayCost) or a.ability == "attack")
        weighted = options + tuple(a for a in options if isinstance(a, EndActivation))
        choice, self.choices = self.choices.choice(weighted)
        return choice

    def react(self, attacker: str) -> None:
        """The host game lets the Strike's target react, then closes the window (SD-8)."""
        targets = [
            p
            for p, o in zip(self.state.seats, self.state.owners, strict=True)
            if o.alive and p != attacker and (p == GM) != (attacker == GM)
        ]
        if not targets:
            return
        target, self.choices = self.choices.choice(targets)
        self.do(OpenReactionWindow(target))
        reactions = legal_actions(self.state, target)
        if reactions:
            self.do(self.pick(reactions))
        self.do(CloseReactionWindow(target))

    def activation(self) -> None:
        """Activate the next unit and act until it ends its activation (SD-13, SD-15)."""
        actor = next(seat for seat in self.state.seats if legal_actions(self.state, seat))
        self.do(self.pick(legal_actions(self.state, actor)))
        while self.state.active is not None:
            events = self.do(self.pick(legal_actions(self.state, actor)))
            if any(isinstance(e, CardPlayed) and e.name == "Strike" for e in events):
                self.react(actor)

    def play_round(self) -> None:
        """One Round: refill, every activation, end."""
        self.do(StartRound())
        while self.state.pending or self.state.active is not None:
            self.activation()
        self.do(EndRound())


def main() -> None:
    """Play ROUNDS Rounds and print the account."""
    table = Table(seed=2024)
    for number in range(1, ROUNDS + 1):
        if number == 3:
            print("\nBo reaches a new Level: a Level card raises his hand limit.")
            table.do(ChangeHandLimit("Bo", 1))
        table.play_round()
    for owner in table.state.owners:
        print(
            f"{who(owner.player)}: hand {len(owner.hand)}, deck {len(owner.deck)}, "
            f"discard {len(owner.discard)}, exhausted {len(owner.exhausted)}, "
            f"Fatigue {owner.fatigue}" + ("" if owner.alive else ", dead")
        )


if __name__ == "__main__":
    main()
