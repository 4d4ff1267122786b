"""The house stays readable: the limits of `tools/house.py` (definitions per export cell, cell length, line length,
module size) hold for the notebooks and the package. The measuring code is tested on a notebook it writes."""
import importlib.util, json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location('house', ROOT/'tools/house.py')
house = importlib.util.module_from_spec(spec); spec.loader.exec_module(house)

def test_limits_hold():
    m = house.measure()
    assert not house.problems(m), house.problems(m)

def test_cells_are_counted(tmp_path):
    cell = lambda src: {'cell_type': 'code', 'source': src, 'metadata': {}, 'outputs': []}
    nb = {'cells': [cell('#| export\nimport os\n\nX = 1\ndef f(): pass'), cell('#| export\ndef g(): pass\nclass H: pass'),
                    cell('def not_exported(): pass\ndef either(): pass'), {'cell_type': 'markdown', 'source': '# t'}]}
    (tmp_path/'01_x.ipynb').write_text(json.dumps(nb))
    cells = house.export_cells(tmp_path)
    assert [c['definitions'] for c in cells] == [['f'], ['g', 'H']]
    assert cells[0]['lines'] == 5
