"""Shared pytest configuration for creaeval.

Every notebook in nbs/ is one test (tests/test_notebooks.py); cells flagged `slow`, `gpu` or
`api` are skipped unless named in CREAEVAL_TEST_FLAGS (space separated).

`make test` runs the tests in one pytest-xdist worker per core. Each worker then gets its share of the cores for the
models it runs (the in-process engines through CREAEVAL_PROVIDER_LOCAL_THREADS, torch and the BLAS libraries through
their OpenMP variables), so that two workers on two cores do not each start two threads and wait for each other. A
value the caller has set is kept.
"""
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault('HF_HUB_OFFLINE', '1')
os.environ.setdefault('TRANSFORMERS_OFFLINE', '1')

# The committed runs are stored packed (`creaeval.rundir.pack_run`); the tests that read their files by path (and the
# notebooks they run) find them unpacked. A run already unpacked costs one stat; the lock keeps workers apart.
from creaeval.rundir import unpack_all
unpack_all(ROOT/'data')

WORKERS = int(os.environ.get('PYTEST_XDIST_WORKER_COUNT', '1'))
if WORKERS > 1:
    share = str(max(1, (os.cpu_count() or 1) // WORKERS))
    for var in ('CREAEVAL_PROVIDER_LOCAL_THREADS', 'OMP_NUM_THREADS', 'MKL_NUM_THREADS', 'OPENBLAS_NUM_THREADS'):
        os.environ.setdefault(var, share)

# The tests that take minutes (`make test` prints the 15 slowest) start first, so that a parallel run does not end with
# one of them running alone while the other workers wait. The order changes nothing else.
LONG_FIRST = ('tests/test_runner_embedded.py::test_embedded_creaeval_and_direct',
              *(f'tests/test_notebooks.py::test_notebook[{nb}]' for nb in ('37_general', '90_cli', '27_training',
                                                                           '58_mgjudge', '15_local', '36_scorer',
                                                                           '53_stepwise', '16_models')),
              'tests/test_docs.py')

def pytest_collection_modifyitems(config, items):
    rank = lambda item: next((i for i, p in enumerate(LONG_FIRST) if item.nodeid.startswith(p)), len(LONG_FIRST))
    items.sort(key=rank)                                      # stable: every other test keeps its place
