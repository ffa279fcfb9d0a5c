"""Test-wide settings: hypothesis draws the same examples on every run, so that CI is repeatable
(run `pytest --hypothesis-seed=N` or drop the profile to explore further); the browser and
Pyodide tests count as slow, so `pytest -m "not slow"` is the quick tier."""
import pytest
from hypothesis import settings

settings.register_profile("repeatable", derandomize=True)
settings.load_profile("repeatable")


def pytest_collection_modifyitems(items):
    for item in items:
        if item.get_closest_marker("browser") or item.get_closest_marker("wasm"):
            item.add_marker(pytest.mark.slow)
