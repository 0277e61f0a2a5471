"""Test helpers shared by the suite: a throwaway PostgreSQL server and headless Chromium.

Importable as ``support`` (``tests/`` is on pytest's ``pythonpath``, see pyproject.toml).
Fixtures built on these live in ``tests/conftest.py``.
"""
