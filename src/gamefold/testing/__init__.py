"""Hypothesis strategies and invariants for gamefold states, actions and whole games.

Each subsystem's strategies live in a module of this package
(:mod:`gamefold.testing.skills`, …); they are public so that a game's own test suite can
test its house rules the way gamefold tests its own.
"""
