"""The engine's hot path compiled by mypyc (engine/compiled.py): the same games as from source, Cards kept as
Cards, doctests run from source, and a build that no longer matches its sources never used."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine import Card, Rules, Trump, compiled, parse_cards
from engine.bots import get
from engine.combos import decompose, split_pairs
from engine.throw import check_throw

from ..bots.helpers import dealt_hand, play_until


@pytest.fixture
def built() -> None:
    """The compiled modules in use. Without a C compiler there is nothing compiled to compare (the engine runs from
    source, as every other test checks); with one, scripts/setup built them, and a build not in use is a failure."""
    if not compiled.can_build():
        pytest.skip("no C compiler or Python headers here: nothing is compiled")
    if os.environ.get(compiled.PURE_PYTHON) == "1":
        pytest.skip("this run asked for the engine from source (ENGINE_PURE_PYTHON=1)")
    assert compiled.in_use(), "the compiled modules are not in use: run scripts/setup (or scripts/compile.py)"


# Plays hands with the search bot (fixed samples, no clock) and the rule bot; prints a digest of every logged action.
GAMES = textwrap.dedent("""
    import hashlib
    from engine import arena, compiled
    from engine.rules import Rules
    from tests.bots.helpers import dealt_hand, play_until
    digest = hashlib.sha256()
    for name, seed in (("search", 3), ("rule", 4), ("search:none", 5)):
        hand = dealt_hand(Rules.preset("competition"), seed, dealer=seed % 4)
        play_until(hand, [arena.make_bot(name, 4)] * 4, lambda h: False, seed)
        digest.update(repr((hand.log, hand.result)).encode())
    print(compiled.in_use(), digest.hexdigest())
""")


def run_python(code: str, *, pure: bool = False, path: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, compiled.PURE_PYTHON: "1" if pure else "0"}
    if path is not None:
        env["PYTHONPATH"] = str(path)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True,
                          cwd=path or compiled.ROOT)


def test_the_compiled_and_the_source_engine_play_the_same_games(built):
    fast = run_python(GAMES).stdout.split()
    slow = run_python(GAMES, pure=True).stdout.split()
    assert fast[0] == "True" and slow[0] == "False"
    assert fast[1] == slow[1]


def test_cards_stay_cards_through_the_compiled_modules():
    # A value typed by a bound TypeVar of int would come back from compiled code as a bare int ('23', not 'QH').
    cards = parse_cards("AH AH KH KH QH JH 3S")
    order = Trump("2", "S").order()
    assert all(type(c) is Card for part in split_pairs(cards) for c in part)
    assert all(type(c) is Card for comp in decompose(cards[:6], order) for c in comp.cards)
    checked = check_throw(parse_cards("AH KH"), [parse_cards("QH QH"), parse_cards("AH 3C"), []], order)
    failing = [c for comp in checked.failing for c in comp.cards]
    assert not checked.ok and all(type(c) is Card for c in (*checked.forced, *failing))
    # Whole hands: every card the engine logs (random bots throw, and their throws fail).
    for seed in range(4):
        hand = play_until(dealt_hand(Rules(), seed, dealer=seed % 4), [get("random"), get("rule")] * 2,
                          lambda h: False, seed)
        logged = [c for entry in hand.log for c in (entry.played or ())]
        tricks = [c for trick in hand.tricks for _, plays in trick.plays for c in plays]
        assert logged and all(type(c) is Card for c in logged + tricks)


def test_the_compiled_modules_doctests_pass_from_source(built):
    # A compiled module keeps no docstrings (engine/conftest.py leaves them out of this run): run them from source.
    sources = [str(compiled.source(module)) for module in compiled.MODULES]
    env = {**os.environ, compiled.PURE_PYTHON: "1"}
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "--doctest-modules", "-p", "no:cacheprovider",
                             *sources], check=False, capture_output=True, text=True, env=env, cwd=compiled.ROOT)
    assert result.returncode == 0, result.stdout[-2000:]
    assert " passed" in result.stdout


def test_a_build_that_does_not_match_its_sources_is_not_used(built, tmp_path):
    shutil.copytree(compiled.ROOT / "engine", tmp_path / "engine",
                    ignore=shutil.ignore_patterns("__pycache__"))
    check = "from engine import compiled; import engine.bots; print(compiled.in_use())"
    assert run_python(check, path=tmp_path).stdout.split() == ["True"]
    assert run_python(check, path=tmp_path, pure=True).stdout.split() == ["False"]
    trick = tmp_path / "engine" / "trick.py"
    trick.write_text(trick.read_text() + "\n# edited after the build\n")
    stale = run_python(check, path=tmp_path)
    assert stale.stdout.split() == ["False"]
    assert "not built from its sources" in stale.stderr
