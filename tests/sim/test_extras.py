"""Optional extras: a feature used without its extra raises one clear error naming the
install line (``pip install 'gamefold[sim]'``), and the command line exits with status 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gamefold import GamefoldError
from gamefold.cli import main
from gamefold.sim import MissingExtra, simulate
from gamefold.sim.extras import require
from gamefold.sim.plots import game_length

ROOT = Path(__file__).resolve().parents[2]


def _hide(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """Make ``import module`` fail as if it were not installed (``None`` in sys.modules)."""
    for name in modules:
        monkeypatch.setitem(sys.modules, name, None)


@pytest.fixture
def no_pandas(monkeypatch: pytest.MonkeyPatch) -> None:
    _hide(monkeypatch, "pandas")


def test_simulate_without_pandas_names_the_install_line_before_playing(
    no_pandas: None,
) -> None:
    calls: list[object] = []

    def spy(view: object, legal: tuple[object, ...], rng: object) -> object:
        calls.append(view)
        raise AssertionError("no game may be played without the extra")

    with pytest.raises(MissingExtra) as caught:
        simulate("skirmish", games=2, policies=spy, progress=False)  # type: ignore[arg-type]
    err = caught.value
    assert "pip install 'gamefold[sim]'" in str(err)
    assert (err.extra, err.module) == ("sim", "pandas")
    assert isinstance(err, GamefoldError)
    assert isinstance(err, ImportError)  # code catching ImportError keeps working
    assert calls == []


def test_tqdm_is_imported_only_when_a_bar_is_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    _hide(monkeypatch, "tqdm", "tqdm.auto")
    monkeypatch.delenv("CI", raising=False)
    frame = simulate("skirmish", games=2, seed=1, progress=False)
    assert frame["game"].nunique() == 2
    with pytest.raises(MissingExtra, match=r"tqdm is not installed.*gamefold\[sim\]"):
        simulate("skirmish", games=2, seed=1, progress=True)


def test_plots_without_matplotlib_name_the_install_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    frame = simulate("skirmish", games=2, seed=1, progress=False)
    _hide(monkeypatch, "matplotlib", "matplotlib.pyplot")
    with pytest.raises(MissingExtra, match=r"plotting needs the 'sim' extra"):
        game_length(frame)


def test_a_library_that_fails_inside_is_not_called_a_missing_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the absence of the library itself means the extra is missing."""
    (tmp_path / "brokenlib.py").write_text("import no_such_dependency_anywhere\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError) as caught:
        require("sim", "brokenlib", "a test")
    assert not isinstance(caught.value, MissingExtra)


def test_missing_extra_pickles() -> None:
    import pickle

    err = MissingExtra("dask", "distributed", "--dask")
    again = pickle.loads(pickle.dumps(err))
    assert (str(again), again.extra, again.module) == (str(err), "dask", "distributed")


@pytest.mark.parametrize(
    ("argv", "feature"),
    [
        (["simulate", "skirmish", "--games", "2"], "a simulation"),
        (["simulate", "skirmish", "--games", "2", "--no-progress"], "a simulation"),
        (["coverage", "skirmish", "--games", "2"], "rule coverage"),
        (["compare", "skirmish", "--games", "2", "--set", "skills.hand_limit=6"], "a comparison"),
    ],
    ids=["simulate", "simulate-no-bar", "coverage", "compare"],
)
def test_cli_without_the_extra_exits_2_with_one_line(
    no_pandas: None, capsys: pytest.CaptureFixture[str], argv: list[str], feature: str
) -> None:
    status = main(argv)
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert err.count("\n") == 1
    assert err.startswith(f"gamefold: error: {feature} needs the 'sim' extra")
    assert "pip install 'gamefold[sim]'" in err


def test_cli_dask_without_the_extra_names_its_install_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _hide(monkeypatch, "distributed")
    status = main(["simulate", "skirmish", "--games", "2", "--dask", "tcp://127.0.0.1:1"])
    _, err = capsys.readouterr()
    assert status == 2
    assert "pip install 'gamefold[dask]'" in err


@pytest.mark.parametrize("command", ["simulate", "coverage"])
def test_cli_without_the_extra_prints_no_traceback_in_a_fresh_process(command: str) -> None:
    """As a user runs it: ``gamefold simulate`` or ``coverage`` with pandas and tqdm absent."""
    script = (
        "import sys\n"
        "for name in ('pandas', 'tqdm', 'tqdm.auto'): sys.modules[name] = None\n"
        "from gamefold.cli import main\n"
        f"sys.exit(main([{command!r}, 'skirmish', '--games', '2']))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "pip install 'gamefold[sim]'" in done.stderr


def _third_party_imports(package: Path) -> dict[str, str]:
    """Every library a package's modules import (``import``, ``from``, or ``require``),
    by top-level module name, with a file that imports it."""
    import ast

    found: dict[str, str] = {}
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", "") == "require"
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
            ):
                names = [str(node.args[1].value)]
            for name in names:
                root = name.split(".")[0]
                if root not in sys.stdlib_module_names and root not in ("gamefold", "attrs"):
                    found.setdefault(root, path.name)
    return found


@pytest.mark.parametrize(
    ("package", "extras"), [("sim", ("sim",)), ("envs", ("envs", "openspiel"))]
)
def test_every_library_a_package_imports_is_declared_in_its_extra(
    package: str, extras: tuple[str, ...]
) -> None:
    """numpy, imported by the statistics, is in the ``sim`` extra itself, not only there
    because pandas happens to bring it."""
    import tomllib
    from importlib.metadata import packages_distributions

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    optional = project["optional-dependencies"]
    deps = [*project["dependencies"], *(d for extra in extras for d in optional[extra])]
    declared = {_distribution_name(dep) for dep in deps}
    owners = packages_distributions()
    for module, where in _third_party_imports(ROOT / "src" / "gamefold" / package).items():
        dists = {_distribution_name(d) for d in owners.get(module, [module])}
        assert dists & declared, f"{where} imports {module}, which the extras {extras} lack"


def _distribution_name(requirement: str) -> str:
    import re

    name = re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0]
    return re.sub(r"[-_.]+", "-", name).lower()
