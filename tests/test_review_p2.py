"""A review of P2's judge and SE outputs against P2's text and code: each test holds one point of it, on the committed
files (the MacGyver judge of nbs/58-59, the four notebooks of papers/semantic-entropy/ and their outputs, README)."""
import json, re, subprocess
from pathlib import Path
import numpy as np
import pandas as pd
import pytest
from reader_text import reader_files, reader_text

ROOT = Path(__file__).resolve().parents[1]
FIG, PAPERS = ROOT/'figures/semantic-entropy', ROOT/'papers/semantic-entropy'
NB58, NB59 = ROOT/'nbs/58_mgjudge.ipynb', ROOT/'nbs/59_mgscore.ipynb'
SE_NOTEBOOKS = sorted(PAPERS.glob('[!_.]*.ipynb'))
JD = ROOT/'data/trained/macgyver-judge'

def cells(path: Path, kind: str|None=None) -> list[str]:
    "The sources of a notebook's cells (of one kind, if given)."
    return [''.join(c['source']) for c in json.loads(path.read_text())['cells'] if kind in (None, c['cell_type'])]

def flat(text: str) -> str: return ' '.join(text.split())

def caption(name: str) -> str: return flat((FIG/name).read_text().split('\n\n')[0])

def test_judge_set_is_creaevals_draw():
    "nb59 (and nb58) call the 50 pairs creaeval's seeded, balanced draw, not P2's pairs; the draw is what they say."
    from creaeval.samples import macgyver_judge_set
    for nb in (NB58, NB59):
        text = flat('\n'.join(cells(nb)))
        assert "P2's 50 held-out pairs" not in text and "P2's 50 pairs" not in text.replace("not P2's 50 pairs", '')
        assert 'macgyver_judge_set' in text and 'seed' in text, nb.name
    assert "not P2's 50 pairs" in flat(cells(NB59, 'markdown')[0])
    a, b = macgyver_judge_set(), macgyver_judge_set()
    pd.testing.assert_frame_equal(a, b)                                          # seeded: the same draw every time
    assert len(a) == a.problem_id.nunique() == 50
    assert a.kind.value_counts().to_dict() == {'human': 25, 'model': 25}
    assert a.correct.value_counts().to_dict() == {1: 25, 0: 25}

def test_p2_judges_and_relation_told_as_p2_gives_them():
    "The all-NO judges are creaeval's offline ones (P2's GPT-4o: 84.7%); P2 discusses models, not a per-problem relation."
    first = flat(cells(NB58, 'markdown')[0])
    assert "judges of P2's Table 2 answer a constant NO" not in first
    assert '84.7%' in first and 'offline' in first
    files = [*ROOT.glob('nbs/*.ipynb'), *ROOT.glob('papers/*/*.ipynb'), *ROOT.glob('figures/*/*.md'), *reader_files()]
    bad = re.compile(r'negative relation P2|as P2 discusses|relation P2 discusses')
    hits = [str(p.relative_to(ROOT)) for p in files if bad.search(flat(p.read_text()))]
    assert not hits, hits

def test_mgjudge_history_told():
    "The held-out pairs' three scorings are in research/mgjudge.md, linked from nb58; the CV AUC is called the best of 9."
    log = (ROOT/'research/mgjudge.md').read_text()
    assert '(mgjudge.md)' in (ROOT/'research/README.md').read_text()
    nb = '\n'.join(cells(NB58, 'markdown'))
    assert 'computed once' not in nb.lower() and '](../research/mgjudge.md)' in cells(NB58, 'markdown')[0]
    if (ROOT/'.git').exists():                      # the scorings, read back from the commits the log names
        for commit, auc in (('e0dcca8', '.459'), ('45f59e7', '.542'), ('f417e38', '.542')):
            got = json.loads(subprocess.run(['git', 'show', f'{commit}:data/trained/macgyver-judge/held_out_auc.json'],
                                            cwd=ROOT, capture_output=True, text=True, check=True).stdout)['auc']
            assert f"{got:.3f}".lstrip('0') == auc and f'`{commit}`' in log, commit
    cv, choice = pd.read_csv(JD/'cv.csv'), json.loads((JD/'choice.json').read_text())
    eff = cv[cv['head'] == 'effective']
    assert eff.candidate.nunique() == 9 and choice['effective']['cv_auc'] == eff.auc.max()
    for name in ('table_02_trained_judge.md', 'tables_03_05_trained_judge.md'):
        t = caption(name)
        assert 'the best of 9 candidates' in t and 'scored three times' in t and 'optimistic' in t, name
        assert 'held-out AUC' not in t, name
    assert 'the best of 9' in flat(nb) and 'scored three times' in flat(cells(NB59, 'markdown')[0])

def test_se_rho_resamples_problems():
    "SE against P(effective): rows and problems stated, the interval resamples problems, off-task runs flagged."
    from creaeval.mgscore import cluster_spearman, read_se_verdicts, se_beside_judge
    from creaeval.p2tables import step_labels
    rho = pd.read_csv(FIG/'tables_03_05_trained_judge_rho.csv')
    assert {'rows', 'problems', 'off_task_included'} <= set(rho.columns)
    per, want = se_beside_judge(read_se_verdicts())
    got = rho.set_index(['runs', 'verdict'])
    for r in want.itertuples():
        row = got.loc[(r.runs, r.verdict)]
        assert row.rows == r.rows and row.problems == r.problems
        assert abs(row.lo - r.lo) < 1e-9 and abs(row.hi - r.hi) < 1e-9
    allr = got.loc['all runs']
    assert (allr.rows == len(per)).all() and (allr.problems == per.problem_id.nunique()).all() and len(per) > 2 * 50
    x = np.random.default_rng(0).normal(size=(2, 20))                # problems repeated: the same interval as once
    once, thrice = cluster_spearman(*x, np.arange(20)), cluster_spearman(*np.repeat(x, 3, axis=1), np.repeat(np.arange(20), 3))
    assert np.allclose(once, thrice)
    tj = pd.read_csv(FIG/'tables_03_05_trained_judge.csv').set_index('run')
    runs = {p.parent.name: p.parent for p in (ROOT/'data/runs/p2-se').glob('*/config.json')}
    off = sorted(k for k, d in runs.items() if step_labels(d)['off_task'])
    assert 'smollm2-t1.0' in off and sorted(tj.index[tj.off_task]) == off
    assert set(allr.off_task_included.iloc[0].split(', ')) == set(off)
    cap = caption('tables_03_05_trained_judge.md')
    assert all(k in cap for k in off) and 'off_task' in cap and 'resampling problems' in cap
    assert f"{len(per)} (run, problem) rows, which cover {per.problem_id.nunique()} problems" in cap

def test_judges_figure_axis_is_not_one_reading():
    "P2's three-criteria majority accuracy does not sit on an axis labelled as our effectiveness verdict."
    src = cells(PAPERS/'tables_02_17_judges.ipynb', 'code')
    assert not any("set_ylabel('accuracy (effectiveness verdict)')" in c for c in src)
    t = caption('tables_02_17_judges.md')
    assert 'not the same measure' in t and 'five annotators' in t and 'effectiveness verdict alone' in t

def test_unnormalised_below_zero_explained():
    "Negative unnormalised SE: explained where it is shown, and the explanation (repeated draws summed) checked."
    from creaeval.se_compare import se_records
    per = pd.read_csv(FIG/'tables_03_05_se_per_problem.csv')
    assert per.se_unnormalised.min() < 0
    for name in ('tables_03_05_vs_p2.md', 'tables_03_05_se_convergent.md'):
        t = caption(name)
        assert 'below zero' in t and 'counted once per draw' in t and f"{per.se_unnormalised.min():.2f}" in t, name
    assert 'counted once per draw' in flat('\n'.join(cells(PAPERS/'tables_03_05_se_convergent.ipynb', 'markdown')))
    n = 0
    for x in se_records(ROOT/'data/runs/p2-se/qwen05-t1.0')[1]:       # each negative step: a meaning summed past 1,
        for s in x['steps']:                                           # back to <= 1 with each text counted once
            if not s['se'] or s['se']['model']['unnormalised'] >= 0: continue
            pool, cls = [s['candidates'][i] for i in s['usable']], np.array(s['classes'])
            sums = {k: np.exp([pool[i]['logp'] for i in np.flatnonzero(cls == k)]).sum() for k in set(cls)}
            once = {k: np.exp(list({pool[i]['step']: pool[i]['logp'] for i in np.flatnonzero(cls == k)}.values())).sum()
                    for k in set(cls)}
            assert max(sums.values()) > 1 and max(once.values()) <= 1
            n += 1
    assert n > 0

def test_default_clusterer_is_creaevals_departure():
    "Wherever SE stands beside P2's numbers, the MiniLM clusterer is said to be creaeval's, not P2's DeBERTa."
    assert "inside P2's range" not in flat(reader_text())                   # README.md and every docs page
    readme = flat(reader_text('guide'))                                     # README.md and docs/guide.md, where P2 moved
    assert "The default clusterer is creaeval's departure" in readme
    ag = pd.read_csv(FIG/'se_backend_agreement.csv')
    ari = ag[ag.backend.str.startswith('onnx') & ag.model.str.contains('0.5b')].ari.iloc[0]
    assert f"adjusted Rand index of {ari:.2f}".replace(' 0.', ' .') in readme
    for name in ('tables_03_05_vs_p2.md', 'tables_03_05_se_convergent.md', 'se_diversity.md',
                 'se_diversity_spearman.md', 'se_backend_agreement.md', 'se_temperature.md'):
        t = caption(name)
        assert "creaeval's default" in t and 'DeBERTa' in t, name
    for nb in SE_NOTEBOOKS:
        if nb.stem == 'tables_02_17_judges': continue                  # no SE there
        md = flat('\n'.join(cells(nb, 'markdown')))
        assert "creaeval's default clusterer" in md and 'DeBERTa' in md, nb.name

def test_no_issue_wording_or_dates():
    "Reader-facing files of P2's judge and SE never name an issue (\"the issue's bar\") nor a date of work."
    files = [*SE_NOTEBOOKS, NB58, NB59, *FIG.glob('*.md'), *(ROOT/'research').glob('*.md')]
    bad = re.compile(r"\bthe issue\b|issue's|\b20\d\d-\d\d-\d\d\b", re.I)
    hits = [f"{p.relative_to(ROOT)}: {m.group()}" for p in files for m in [bad.search(p.read_text())] if m]
    assert not hits, hits

@pytest.mark.parametrize('nb', [NB58, NB59], ids=lambda p: p.stem)
def test_first_cell_names_p2_parts(nb):
    "The first markdown cell names the parts of P2 it implements, and points nowhere outside the repository."
    first = cells(nb, 'markdown')[0]
    for part in ('P2 §4', 'App. D', 'Table 2', 'Tables 3-5'):
        assert part in first, (nb.name, part)
    assert not re.search(r'shared/|papers\.md|seed note|https?://', first)

def test_figures_saved_readable():
    "Every PNG the four notebooks write goes through save_figure and shows its smallest text at >= 7 pt."
    from creaeval.plots import png_text_size, MIN_PT
    for stem, png in (('se_diversity', 'se_diversity'), ('se_temperature', 'se_temperature'),
                      ('tables_02_17_judges', 'tables_02_17_judges'),
                      ('tables_03_05_se_convergent', 'tables_03_05_se_convergent')):
        code = '\n'.join(cells(PAPERS/f'{stem}.ipynb', 'code'))
        assert 'save_figure(fig' in code and '.savefig(' not in code, stem
        got = png_text_size(FIG/f'{png}.png')
        assert got is not None and got[0] >= MIN_PT, (png, got)
    assert not any('.savefig(' in c for nb in (NB58, NB59) for c in cells(nb, 'code'))

def test_no_judge_model_claimed_without_a_committed_run():
    "The offline P2 judges named in nb58's first cell are those data/runs/p2-judges holds (1.5B only: no 0.5B run)."
    runs = {p.name for p in (ROOT/'data/runs/p2-judges').iterdir() if p.is_dir()}
    first = ' '.join(cells(NB58, 'markdown')[0].split())
    assert not any(r.startswith('qwen05') for r in runs) and 'and 0.5B' not in first
    assert 'Qwen2.5-Coder-1.5B' in first and any(r.startswith('qwen15') for r in runs)
