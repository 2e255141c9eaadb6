"""Variants: a game with a few config fields changed by path, everything else its own.

Variants are the games' own: :mod:`gamefold.games.variants` defines them, and
:meth:`GameDef.variant <gamefold.games.GameDef.variant>` makes one. This module keeps the
names it has always had, :func:`~gamefold.games.variants.variant`,
:func:`~gamefold.games.variants.parse_settings` and
:func:`~gamefold.games.variants.with_path`, for code that imports them from here.
"""

from __future__ import annotations

from gamefold.games.variants import parse_settings, variant, with_path

__all__ = ["parse_settings", "variant", "with_path"]
