"""Shared pytest configuration for creaeval.

Every notebook in nbs/ is one test (tests/test_notebooks.py); cells flagged `slow`, `gpu` or
`api` are skipped unless named in CREAEVAL_TEST_FLAGS (space separated).
"""
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault('HF_HUB_OFFLINE', '1')
os.environ.setdefault('TRANSFORMERS_OFFLINE', '1')
