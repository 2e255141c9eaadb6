"""Sphinx configuration for the gamefold docs (furo theme, MyST Markdown pages)."""

from __future__ import annotations

project = "gamefold"
author = "gamefold developers"
copyright = "2026, gamefold developers"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
exclude_patterns = ["_build"]

html_theme = "furo"
html_title = "gamefold"

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
# Type aliases and attrs internals that autodoc cannot cross-reference are not errors.
nitpicky = False
intersphinx_mapping: dict[str, tuple[str, None]] = {}
