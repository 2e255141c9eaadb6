"""Sphinx configuration for the gamefold docs (furo theme, MyST Markdown pages, notebooks).

The notebooks (``docs/notebooks/`` links to ``examples/notebooks/``) are rendered by myst-nb
and executed at every build, so the pages show what the current code computes and a notebook
that no longer runs fails the build. Their committed outputs (re-run with
``jupyter execute --inplace examples/notebooks/*.ipynb``) are what a repository page shows.
"""

from __future__ import annotations

project = "gamefold"
author = "gamefold developers"
copyright = "2026, gamefold developers"

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
]
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb", ".rst": "restructuredtext"}
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
exclude_patterns = ["_build", "jupyter_execute"]

nb_execution_mode = "force"  # every build runs the notebooks: their pages show fresh numbers
nb_execution_raise_on_error = True  # a notebook that fails fails the build
nb_execution_timeout = 600

html_theme = "furo"
html_title = "gamefold"

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
# Type aliases and attrs internals that autodoc cannot cross-reference are not errors.
nitpicky = False
intersphinx_mapping: dict[str, tuple[str, None]] = {}
