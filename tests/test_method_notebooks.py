"""The method notebooks as a teacher reads them: each names, in its first markdown cell, the part of P1 or P2 it
implements (a section, equation, table, figure or appendix that the paper has); what they show is what they say (the
scorer's count, Table 17's tokens from a committed run, toys named as toys, valid toy probabilities, whole candidates,
the backend comparison on a committed run); the index lists every notebook; no tracker wording or outside notes.
Reads committed files only (`tests/test_notebooks.py` runs the notebooks)."""
import json, re
from pathlib import Path
import numpy as np, pandas as pd
import pytest

ROOT = Path(__file__).resolve().parents[1]
NBS = ROOT/'nbs'
METHOD_NBS = sorted(p for p in NBS.glob('[0-9][0-9]_*.ipynb')
                    if 30 <= int(p.name[:2]) <= 36 or 50 <= int(p.name[:2]) <= 59)
OURS = [NBS/f'{n}.ipynb' for n in ('01_cgpst', '27_training', '31_judge', '32_common', '33_creaeval', '34_baselines',
                                    '36_scorer', '50_entropy', '51_nli', '52_diversity', '53_stepwise', '54_se_compare',
                                    '55_store', '56_agents', '57_p2tables', 'index')]

def cells(nb: Path) -> list[dict]: return json.loads(nb.read_text())['cells']
def source(c: dict) -> str: return ''.join(c['source'])
def shown(c: dict) -> str:
    "Everything a code cell shows: streams and plain-text results."
    return ''.join(''.join(o.get('text', '')) + ''.join(o.get('data', {}).get('text/plain', ''))
                   for o in c.get('outputs', []))
def cell_with(nb: Path, text: str, kind: str='code') -> int:
    hits = [i for i, c in enumerate(cells(nb)) if c['cell_type'] == kind and text in source(c)]
    assert len(hits) == 1, (nb.name, text, hits)
    return hits[0]

# What each paper has (P1: its text; P2: the sections, appendices, equations and tables its sources name).
_r = lambda a, b: {str(i) for i in range(a, b + 1)}
HAS = {
    'P1': {'§': {'1', '2', '2.1', '2.2', '3', '3.1', '3.2', '4', '4.1', '4.2', '4.3', '5', '5.1', '5.2', '6', '6.1',
                 '6.2', '6.3', '6.4', '6.5', '7'},
           'Eq': _r(1, 10), 'Table': _r(1, 19), 'Figure': _r(1, 33),
           'App': set('ABCDEFGHIJKL') | {f'D.{i}' for i in range(1, 7)}},
    'P2': {'§': {'1', '3', '3.1', '3.2', '4', '5', '6', '6.1', '7', '8'}, 'Eq': _r(3, 5), 'Table': _r(1, 20),
           'Figure': _r(1, 7),
           'App': {'C', 'D', 'H', 'I'} | {f'C.{i}' for i in range(1, 10)} | {f'D.{i}' for i in range(1, 5)}},
}
POINTER = re.compile(r"(?P<kind>§|Eqs?\.|Tables?|Figures?|App\.)\s?(?P<a>[A-L](?:\.\d+)?|\d+(?:\.\d+)?)"
                     r"(?:\s?[-–/]\s?(?P<b>[A-L](?:\.\d+)?|\d+(?:\.\d+)?))?")

def pointers(text: str) -> list[tuple[str, str, str]]:
    "(paper, kind, number) of every pointer, each read as the paper last named before it (P1 or P2)."
    out, paper = [], None
    for m in re.finditer(r"\bP([12])\b|" + POINTER.pattern, text):
        if m.group(1): paper = f"P{m.group(1)}"; continue
        if paper is None: continue
        kind = {'§': '§', 'E': 'Eq', 'T': 'Table', 'F': 'Figure', 'A': 'App'}[m.group('kind')[0]]
        out += [(paper, kind, x) for x in (m.group('a'), m.group('b')) if x]
    return out

def test_pointer_reader():
    got = pointers("P1 §3.2 (Eq. 2), App. D.3-D.4; P2 Tables 3-5, App. C.2/C.8 and §3.2")
    assert got == [('P1', '§', '3.2'), ('P1', 'Eq', '2'), ('P1', 'App', 'D.3'), ('P1', 'App', 'D.4'),
                   ('P2', 'Table', '3'), ('P2', 'Table', '5'), ('P2', 'App', 'C.2'), ('P2', 'App', 'C.8'),
                   ('P2', '§', '3.2')]
    assert pointers("Phase 1: memory-augmented analysis") == []

@pytest.mark.parametrize('nb', METHOD_NBS, ids=[p.stem for p in METHOD_NBS])
def test_first_cell_names_the_paper(nb):
    "The first markdown cell names a section, equation, table, figure or appendix of P1 or P2 (only ones that exist)."
    first = next(source(c) for c in cells(nb) if c['cell_type'] == 'markdown')
    got = pointers(first)
    assert got, f"{nb.name}: its first markdown cell names no section/equation/table of P1 or P2"
    missing = [p for p in got if p[2] not in HAS[p[0]][p[1]]]
    assert not missing, f"{nb.name}: points to what the paper does not have: {missing}"

def test_scorer_repr_counts_answers():
    "The scorer's repr counts rated answers, not the keys of its pool (nb36 once showed '5 rated answers' for 1,500)."
    from creaeval.scorer import RatedNeighbours
    m = RatedNeighbours()
    m.pool = dict(full=np.zeros((7, 3)), object=np.array(['brick'] * 7), rating=np.ones(7), group=np.array(['p'] * 7),
                  uid=None)
    assert '7 rated answers' in repr(m)
    nb = NBS/'36_scorer.ipynb'
    i = cell_with(nb, 'demo = RatedNeighbours().fit(small)')
    assert '1,500 rated answers' in source(cells(nb)[i - 1])
    assert re.search(r"RatedNeighbours\([^,]+, 1500 rated answers", shown(cells(nb)[i]))

def test_table_17_demo_reads_a_committed_run():
    "nb57's Table 17 demo shows a committed run's tokens (the paper notebook's), not made-up ones under its name."
    nb = NBS/'57_p2tables.ipynb'
    c = cells(nb)[cell_with(nb, 't17 = table_17(')]
    assert 'input_per_pair=[' not in source(c) and 'pair_tokens(' in source(c)
    ours = pd.read_csv(ROOT/'figures/semantic-entropy/table_17_tokens_ours.csv').set_index('method')
    for m in ('agents', 'chateval'):
        assert f"{ours.input_per_pair[m]:.3f}" in shown(c), m
    md = source(cells(nb)[cell_with(nb, '`table_17` sets', 'markdown')])
    assert 'degenerate' in md

def test_toy_rho_is_a_toy():
    "nb57's se_against_yes toy is called a toy and gives a rho that is not the degenerate -1."
    nb = NBS/'57_p2tables.ipynb'
    c = cells(nb)[cell_with(nb, 'r4 = se_against_yes(toy')]
    assert 'a toy' in source(c)
    rho = float(re.search(r"'rho': (?:np\.float64\()?(-?[\d.]+)", shown(c)).group(1))
    assert -1 < rho < 1 and abs(rho) > .1

NEGATIVE = re.compile(r"unnormalised'?:?\s+-\d")

@pytest.mark.parametrize('name', ['50_entropy', '53_stepwise'])
def test_negative_entropies_explained(name):
    "A shown negative (unnormalised) SE has prose beside it that says why; toys show none (valid probabilities)."
    cs = cells(NBS/f'{name}.ipynb')
    for i, c in enumerate(cs):
        if c['cell_type'] != 'code' or not NEGATIVE.search(shown(c)): continue
        assert 'in_project(' in source(c) or 'se_recs' in source(c), f"{name} cell {i}: a toy shows a negative SE"
        near = ' '.join(source(d) for d in cs[max(i - 2, 0):i + 3] if d['cell_type'] == 'markdown')
        assert 'negative' in near, f"{name} cell {i}: a negative SE shown without a word"

def test_committed_step_shown_whole():
    "nb53 shows the committed run's first step's candidates whole and says the embedding clusterer merged meanings."
    nb = NBS/'53_stepwise.ipynb'
    i = cell_with(nb, "one = score_step(cands, 1, kept")
    c = cells(nb)[i]
    assert '[:80]' not in source(c)
    recs = [json.loads(l) for l in (ROOT/'data/runs/p2-se/qwen05-t1.0/records.jsonl').read_text().splitlines()]
    first = next(r for r in recs if r.get('type') == 'se_problem')
    out = re.sub(r'\s+', ' ', shown(c))
    for cand in first['steps'][0]['candidates']:
        assert re.sub(r'\s+', ' ', cand['step']) in out, cand['step']
    assert 'merged different meanings' in source(cells(nb)[i + 1])

def test_backend_comparison_on_a_committed_run():
    "nb54 compares backends on a committed run, with the numbers of figures/semantic-entropy/se_backend_agreement.csv."
    nb = NBS/'54_se_compare.ipynb'
    real = [c for c in cells(nb) if c['cell_type'] == 'code' and 'data/runs/p2-se/' in source(c)
            and 'backends.csv' in source(c)]
    assert real, "nb54 reads no committed run's backends.csv"
    out = '\n'.join(shown(c) for c in real)
    ag = pd.read_csv(ROOT/'figures/semantic-entropy/se_backend_agreement.csv')
    run = json.loads((ROOT/'data/runs/p2-se/qwen05-t1.0/config.json').read_text())
    ag = ag[ag.model == run['sampler'].split('/', 1)[-1]]
    assert len(ag) > 1
    for r in ag.itertuples():
        assert re.search(re.escape(r.backend) + r"\s+" + str(r.steps) + r"\s+" + f"{r.mean_classes:.3f}"
                         + r"\s+" + f"{r.ari:.3f}", out), r.backend

def test_index_lists_every_notebook():
    "nbs/index.ipynb and creaeval/__init__.py's docstring (exported from it) list every numbered notebook."
    import ast
    idx = ' '.join(source(c) for c in cells(NBS/'index.ipynb') if c['cell_type'] == 'markdown')
    doc = ast.get_docstring(ast.parse((ROOT/'creaeval/__init__.py').read_text()))
    for nb in sorted(NBS.glob('[0-9][0-9]_*.ipynb')):
        assert f"`{nb.stem}`" in idx, nb.stem
        assert f"`{nb.stem}`" in doc, nb.stem

TRACKER = re.compile(r"the issue's|\b(?:in|from|by) the issue\b|the issue (?:asks|found|says|suggest|wants)"
                     r"|\bissue\s*#?\d+|reference notes|papers\.md|notes on P2|seed notes|B-notes", re.I)

@pytest.mark.parametrize('nb', OURS, ids=[p.stem for p in OURS])
def test_no_tracker_wording(nb):
    "No issue wording or outside notes in what a reader sees (prose, code and its comments)."
    for i, c in enumerate(cells(nb)):
        m = TRACKER.search(source(c))
        assert not m, f"{nb.name} cell {i}: {m.group(0)!r}"
