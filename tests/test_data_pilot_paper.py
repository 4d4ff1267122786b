"""The papermill notebook for CreaEval Tables 9-11 runs end to end and writes tables equal to `creaeval.pilot`'s."""
from pathlib import Path
import pandas as pd
import pytest

ROOT = Path(__file__).resolve().parents[1]
NB = ROOT/'papers'/'creaeval'/'tables_9_11_temperature_pilot.ipynb'

def test_tables_9_11_notebook(tmp_path):
    papermill = pytest.importorskip('papermill')
    from creaeval.pilot import pilot_table, PILOT_TABLES
    papermill.execute_notebook(str(NB), str(tmp_path/'out.ipynb'), parameters=dict(out_dir=str(tmp_path/'fig')),
                               kernel_name='python3', cwd=str(ROOT), progress_bar=False)
    for n, (_, _, stem) in PILOT_TABLES.items():
        written = pd.read_csv(tmp_path/'fig'/f'{stem}.csv').set_index(['model', 'temperature'])
        pd.testing.assert_frame_equal(written, pilot_table(n), check_exact=True)
        assert (tmp_path/'fig'/f'{stem}.md').read_text().startswith(f'Table {n}:')
    assert (tmp_path/'fig'/'tables_9_11_temperature_pilot.png').stat().st_size > 10_000
