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

def test_demos_and_rhythm_are_counted(tmp_path):
    "Demos (last line an expression, not a test call), their outputs, and export cells followed by a demo or test."
    out = [{'output_type': 'execute_result', 'data': {'text/plain': '1'}, 'metadata': {}, 'execution_count': 1}]
    cell = lambda src, outputs=(): {'cell_type': 'code', 'source': src, 'metadata': {}, 'outputs': list(outputs)}
    nb = {'cells': [cell('#| export\ndef f(): return 1'), cell('f()', out),              # export followed by a shown demo
                    cell('#| export\ndef g(): return 2'), cell('x = g()'),               # not followed: no demo, no test
                    cell('#| export\ndef h(): return 3'), cell('test_eq(h(), 3)'),       # followed by a test
                    cell('h()'), cell('%time h()'), {'cell_type': 'markdown', 'source': 'h()'}]}
    (tmp_path/'01_x.ipynb').write_text(json.dumps(nb))
    kinds = [house.cell_kind(c) for c in nb['cells']]
    assert kinds == ['export', 'demo', 'export', 'other', 'export', 'test', 'demo', 'other', None]
    r = house.notebook_rhythm(tmp_path/'01_x.ipynb')
    assert (r['demos'], r['demos_shown'], r['exports'], r['followed'], r['shows']) == (2, 1, 3, 2, True)

def test_reader_demos_are_counted(tmp_path):
    "What a reader gets: a demo with no test and over 200 characters shown (or an image) after a definition."
    text = lambda n: [{'output_type': 'stream', 'name': 'stdout', 'text': 'x' * n}]
    img = [{'output_type': 'display_data', 'data': {'image/png': 'iVBOR', 'text/plain': '<Figure>'}, 'metadata': {}}]
    cell = lambda src, outputs=(): {'cell_type': 'code', 'source': src, 'metadata': {}, 'outputs': list(outputs)}
    nb = {'cells': [cell('#| export\ndef f(): return 1\ndef f2(): pass'), cell('print(f())', text(201)),  # 2 shown
                    cell('#| export\ndef g(): return 2'), cell('test_eq(g(), 2)\nprint(g())', text(500)),  # a test
                    cell('#| export\ndef h(): return 3'), cell('h()', text(200)),                          # too short
                    cell('#| export\nimport os'), cell('plot()', img),                  # defines nothing: not counted
                    cell('#| export\nclass K: pass'), cell('K()', img)]}                # an image is shown
    (tmp_path/'01_x.ipynb').write_text(json.dumps(nb))
    r = house.notebook_rhythm(tmp_path/'01_x.ipynb')
    assert (r['definitions'], r['definitions_shown'], r['reader_demos']) == (5, 3, 3)

def test_long_signatures_and_paper_code(tmp_path):
    src = tmp_path/'m.py'
    src.write_text("def a(p, q, r, s, t, u, v): pass\ndef b(p, q, r, s, t, u, v=1): pass\n"
                   "class C:\n    def m(self, p, q, r, s, t, u): pass\n")
    house.ROOT, root = tmp_path, house.ROOT
    try:
        assert house.long_signatures([src], 6) == [('m.py', 'a', 7)]
        (tmp_path/'p').mkdir()
        code = {'cell_type': 'code', 'metadata': {}, 'outputs': [],
                'source': "here = lambda p: p\ndef draw(ax):\n    ax.plot([1])\ndef helper(x):\n    return x"}
        (tmp_path/'p'/'n.ipynb').write_text(json.dumps({'cells': [code]}))
        got = house.paper_code(tmp_path/'p')['p/n.ipynb']['definitions']
        assert got == [('here', 1, False), ('draw', 2, True), ('helper', 2, False)]
    finally: house.ROOT = root

def test_the_docs_state_the_measured_figures():
    "docs/layers.md's figures for the notebooks' pattern are the ones house.py measures now."
    import re
    m = house.measure()
    text = ' '.join((ROOT/'docs/layers.md').read_text().split())
    got = re.search(r'(\d+)% of the ([\d,]+) export cells hold at most one definition \((\d+) hold two', text)
    assert got and int(got[2].replace(',', '')) == m['export_cells'] and int(got[3]) == len(m['many_definitions'])
    assert int(got[1]) == round(100 * m['one_definition_share'])
    got = re.search(r'([\d,]+) of the ([\d,]+) definitions \((\d+)%\) are followed by a \*reader demo\*', text)
    assert got and (int(got[1].replace(',', '')), int(got[2].replace(',', ''))) == (m['definitions_shown'], m['definitions'])
    assert int(got[3]) == round(100 * m['definitions_shown_share'])
