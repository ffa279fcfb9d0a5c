"""Test-wide settings: hypothesis draws the same examples on every run, so that CI is repeatable
(run `pytest --hypothesis-seed=N` or drop the profile to explore further); the browser and
Pyodide tests count as slow, so `pytest -m "not slow"` is the quick tier."""
import shutil
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]

settings.register_profile("repeatable", derandomize=True)
settings.load_profile("repeatable")


def pytest_collection_modifyitems(items):
    for item in items:
        if item.get_closest_marker("browser") or item.get_closest_marker("wasm"):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def web_page(tmp_path_factory) -> Path:
    """web/js as it is in this checkout, beside an engine-data.js written from this very source
    (as build.sh lays them out in dist/): the page's modules under Node, no build needed."""
    from py_engine import webbuild

    root = tmp_path_factory.mktemp("page")
    shutil.copytree(ROOT / "web" / "js", root / "js")
    (root / "engine-data.js").write_text(webbuild.engine_data_js())
    return root

