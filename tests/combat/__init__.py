"""Tests of the combat subsystem (CB-1 … CB-15)."""
