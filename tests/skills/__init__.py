"""Tests of the skill-deck subsystem, gamefold.skills (rules SD-1 … SD-15)."""
