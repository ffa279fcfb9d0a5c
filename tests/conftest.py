"""Test-wide settings: hypothesis draws the same examples on every run, so that CI is repeatable
(run `pytest --hypothesis-seed=N` or drop the profile to explore further)."""
from hypothesis import settings

settings.register_profile("repeatable", derandomize=True)
settings.load_profile("repeatable")
