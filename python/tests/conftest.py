"""Where the tests find the engine and the package: CCENGINE names the engine program
(default build/ccengine), and PYTHONPATH holds build/python (ctest sets both)."""

import os
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
HERE = pathlib.Path(__file__).resolve().parent


@pytest.fixture(scope="session")
def engine_path() -> str:
    path = os.environ.get("CCENGINE", str(ROOT / "build" / "ccengine"))
    if not os.access(path, os.X_OK):
        pytest.fail(f"no engine program at {path} (set CCENGINE)")
    return path


@pytest.fixture(scope="session")
def fake_engine() -> list:
    """The command of the deliberately broken engine; its first argument picks the fault."""
    return [sys.executable, str(HERE / "fake_engine.py")]
