"""Every papermill notebook in papers/ runs end to end with `out_dir` pointed at a temporary folder and writes non-empty
outputs there; for the notebooks we know, the written tables are checked against the library that computed them.
Staleness: every table and caption it writes must equal the committed copy in its default `out_dir` byte for byte
(the CSVs are rounded to 10 decimals so that CPUs agree), and every figure it writes must be committed (PNG bytes
depend on the matplotlib build, so figures are checked by existence and by the tables they plot).
The temperature-pilot notebook is tested in `test_data_pilot_paper.py` and left out here."""
import json, os
from pathlib import Path
import numpy as np
import pandas as pd
import pytest

ROOT = Path(__file__).resolve().parents[1]
TESTED_ELSEWHERE = {'tables_9_11_temperature_pilot'}
NOTEBOOKS = [p for p in sorted((ROOT/'papers').glob('*/[!_.]*.ipynb')) if p.stem not in TESTED_ELSEWHERE]

def run(nb: Path, tmp_path: Path, **params) -> Path:
    "Run a paper notebook with `out_dir` in `tmp_path`, every model load refused (it must read the runs)."
    papermill = pytest.importorskip('papermill')
    fig = tmp_path/'fig'
    os.environ['CREAEVAL_NO_MODELS'] = '1'      # the kernel inherits it (creaeval.core.check_models_allowed)
    try: papermill.execute_notebook(str(nb), str(tmp_path/'out.ipynb'), parameters=dict(out_dir=str(fig), **params),
                                    kernel_name='python3', cwd=str(nb.parent), progress_bar=False)
    finally: del os.environ['CREAEVAL_NO_MODELS']
    return fig

def check_table_05(fig: Path):
    from creaeval.runner import runs_cost_table
    t = pd.read_csv(fig/'table_05_cost.csv').set_index('run').sort_index()
    cost = runs_cost_table(ROOT/'data/runs/qwen-a05').set_index('run').sort_index()
    assert sorted(t.index) == sorted(cost.index)
    pd.testing.assert_series_equal(t.tokens_p50_k * 1000, cost.tokens_p50.astype(float), check_names=False)
    for run in t.index:   # input and output tokens: medians over the run's units, recounted here from the call lists
        units = [json.loads(l) for l in (ROOT/'data/runs/qwen-a05'/run/'records.jsonl').read_text().splitlines()]
        units = [u for u in units if u['type'] == 'sample']
        for col, key in (('tokens_in', 'input_tokens'), ('tokens_out', 'output_tokens')):
            med = float(np.median([sum(c[key] or 0 for c in u['calls']) for u in units]))
            assert abs(t.loc[run, col] - med) <= 0.5, (run, col, t.loc[run, col], med)
    assert t.set_index('method').loc['Direct Score', 'ratio_ours'] == 1.0
    assert t.set_index('method').loc['CreaEval', 'paper_tokens_p50_k'] == 42.85  # read from reported/, not ours
    assert (fig/'table_05_cost.md').read_text().startswith('Table 5:')
    assert (fig/'table_05_cost.png').stat().st_size > 10_000

def check_tables_02_12_13(fig: Path):
    for stem in ('table_02_qwk', 'table_12_pcc', 'table_13_icc'):
        ours = pd.read_csv(fig/f'{stem}_ours.csv', index_col=0)
        assert ours.shape[1] == 21 and {'Direct Score', 'CreaEval'} <= set(ours.index)
        assert ours.isna().all().all()  # one released response: agreement is undefined, never a number
        side = pd.read_csv(fig/f'{stem}_vs_paper.csv')
        assert (side.undefined_because == 'fewer than 2 paired samples').all() and side.paper.notna().all()
    chk = pd.read_csv(fig/'tables_02_12_13_avg_check.csv')
    assert len(chk) == 24 and (chk.verdict != 'mismatch').all()
    assert sorted(chk[chk.verdict == 'tie'].method) == ['CoT', 'Direct Score']
    sheet = pd.read_csv(fig/'tables_02_12_13_score_sheet_A05_FS10.csv')
    assert len(sheet) == 20 and list(sheet.columns[3:5]) == ['H01', 'H02']
    assert sheet.set_index(['step', 'dimension']).loc[(6, 'Development'), ['H01', 'H02']].tolist() == [8, 4]
    assert (fig/'tables_02_12_13_scores_A05_FS10.png').stat().st_size > 10_000
    assert not any(p.name.startswith('synthetic') for p in fig.iterdir())  # part (c) writes nothing

def check_table_03(fig: Path):
    from creaeval.loaders import load_aut_pairs, load_ocsai_predictions, load_ocsai_test, align_ocsai_predictions
    r = pd.read_csv(fig/'table_03_aut_r.csv').set_index(['source', 'rater'])
    ids = pd.read_csv(fig/'table_03_aut_answers.csv', dtype={'sample_id': str}).sample_id
    assert (r.n == len(ids)).all() and len(ids) >= 120
    truth = load_aut_pairs(verbose=False).assign(id=lambda d: d.id.astype(str)).groupby('id').target.first().loc[ids]
    ref = pd.read_csv(ROOT/'data/aut_reference.csv', dtype={'sample_id': str}).set_index(['rater', 'sample_id']).score
    gpt = align_ocsai_predictions(load_ocsai_predictions(), load_ocsai_test())
    gpt = gpt[(gpt.run == 'gpt-4-0-10') & ~gpt.duplicate].assign(test_id=lambda d: d.test_id.astype(str)).set_index('test_id').predicted
    for (src, rater), col in ((('length (words)', 'length'), ref.loc['length']), (('semantic distance (MiniLM)', 'semdis'), ref.loc['semdis']),
                              (('ridge on MiniLM (trained on the train split)', 'ridge'), ref.loc['ridge']), (('GPT-4 0-shot', 'gpt-4'), gpt)):    # recomputed here from the sources, on the same answers
        assert abs(r.loc[(src, rater), 'r'] - np.corrcoef(col.loc[ids].to_numpy(float), truth.to_numpy(float))[0, 1]) < 1e-9, src
    from creaeval.core import dataset_file
    davinci = pd.read_csv(dataset_file('aut/ocsai/finetuned/gpt-ft-davinci-1.csv'), dtype={'id': str}).set_index('id').predicted
    assert abs(r.loc[('Ocsai fine-tuned GPT-3 davinci', 'gpt3-davinci'), 'r'] - np.corrcoef(davinci.loc[ids], truth)[0, 1]) < 1e-9
    for run in sorted((ROOT/'data/trained').glob('*/scores.csv')):          # each trained evaluator, from its own scores
        sc = pd.read_csv(run, dtype={'sample_id': str})
        key, got = (sc.source.iloc[0] + ' (trained here)', sc.rater.iloc[0]), sc.set_index('sample_id').score.loc[ids]
        if got.isna().any():       # scores part of the answers (SFT_Evidence): only in the in-progress table, on those
            prog = pd.read_csv(fig/'table_03_aut_r_in_progress.csv').query('run == @run.parent.name')
            row = prog.set_index(['source', 'rater']).loc[key]
            assert key not in r.index and row.n == got.notna().sum(), key
            assert abs(row.r - np.corrcoef(got.dropna(), truth[got.notna().to_numpy()])[0, 1]) < 1e-9, key
            continue
        assert abs(r.loc[key, 'r'] - np.corrcoef(got, truth)[0, 1]) < 1e-9, key
    ok = r.r.notna()
    assert ((r.lo[ok] <= r.r[ok] + 1e-9) & (r.r[ok] <= r.hi[ok] + 1e-9)).all()
    assert (fig/'table_03_aut_r.png').stat().st_size > 10_000
    vs = pd.read_csv(fig/'table_03_aut_r_vs_direct.csv')     # every finished run but Direct, paired with Direct on the same answers
    ours_runs = {s.rsplit(' (', 1)[0] for s in r.index.get_level_values(0) if s.endswith(('(chosen)', '(weighted)'))}
    assert set(vs.method) == ours_runs - {'direct'} and {'creaeval', 'rate'} <= set(vs.method)
    for row in vs.dropna(subset=['diff']).itertuples():
        a, b = r.loc[(f"{row.method} ({row.variant})", row.rater), 'r'], r.loc[(f"direct ({row.variant})", row.rater), 'r']
        assert abs(row.diff - (a - b)) < 1e-9 and row.lo <= row.diff + 1e-9 <= row.hi + 2e-9, row
    dev = pd.read_csv(fig/'table_03_aut_r_dev.csv')        # the prompt choice, made on the development answers only
    assert {'rate (weighted)', 'direct (weighted)', 'GPT-4 0-shot'} <= set(dev.source) and dev.n.nunique() == 1 and dev.n.iloc[0] <= 60
    if (fig/'table_03_aut_r_in_progress.csv').exists():
        prog = pd.read_csv(fig/'table_03_aut_r_in_progress.csv')
        assert (prog.groupby('run').n.nunique() == 1).all() and prog.n.max() < 240
    check_table_03_ttcw(fig)

def check_table_03_ttcw(fig: Path):
    "TTCW: our balanced accuracy recomputed with sklearn from the committed Direct scores, inside its interval."
    from sklearn.metrics import balanced_accuracy_score
    t = pd.read_csv(fig/'table_03_ttcw_balanced_accuracy.csv')
    assert (t.n_stories == 36).all() and (t.n_items == 504).all() and {'direct', 'TTCW update'} <= set(t.source)
    assert ((t.lo <= t.balanced_accuracy + 1e-9) & (t.balanced_accuracy <= t.hi + 1e-9)).all()
    assert abs(t.set_index(['source', 'rater']).loc[('TTCW update', 'gpt4'), 'balanced_accuracy'] - 0.584) < 5e-4   # the update's own table
    y_of = load_ttcw_majority_yes()
    sc = pd.read_csv(ROOT/'data/runs/qwen-ttcw/direct/scores.csv', dtype={'sample_id': str})
    items = sc[(sc.item > 0) & sc.origin.isin(['item', 'missing'])]
    for judge, g in items.groupby('rater'):
        ba = balanced_accuracy_score(y_of.loc[list(zip(g.sample_id, g.item.astype(int)))], (g.score == 1).astype(int))
        assert abs(t.set_index(['source', 'rater']).loc[('direct', judge), 'balanced_accuracy'] - ba) < 1e-9, judge

def distance_from_raters(scores_csv: Path, ratings: Path, judge: str, sid: str) -> float:
    "Mean |step score - the raters' mean| / range over the reported dimensions a judge scored, recomputed for the tests."
    from creaeval.cgpst import REPORTED, dimension
    from creaeval.sheets import load_cgpst_ratings
    from creaeval.scores import step_level, from_sheets
    h = step_level(from_sheets(load_cgpst_ratings(ratings)))
    h = h[h.sample_id == sid].groupby(['step', 'dimension']).score.mean()
    s = step_level(pd.read_csv(scores_csv))
    s = s[(s.rater == judge) & (s.sample_id == sid)].set_index(['step', 'dimension']).score
    d = [abs(s[k] - h[k]) / (dimension(*k).hi - dimension(*k).lo) for k in REPORTED if k in s.index and not pd.isna(s[k])]
    return float(np.mean(d))

def check_table_04(fig: Path):
    from creaeval.core import dataset_file
    rows = pd.read_csv(fig/'table_04_checks_rows.csv')
    assert len(rows) == 9 and (rows.verdict != 'mismatch').all() and rows.verdict.eq('tie').sum() == 1
    drops = pd.read_csv(fig/'table_04_checks_text_drops.csv', index_col=0)
    assert (drops.table_4_rounded == drops.text_pct).all() and list(drops.text_pct) == [23, 63, 67, 98]
    ours = pd.read_csv(fig/'table_04_ablation_ours.csv', index_col=0)
    assert {'CreaEval', 'w/o Evidence', 'w/o Decoupled'} <= set(ours.index) and ours[['PCC', 'ICC', 'QWK']].isna().all().all()  # n = 1
    assert ours.loc['CreaEval', 'paper QWK'] == 0.64
    desc = pd.read_csv(fig/'table_04_distance_A05_FS10.csv').set_index(['row', 'judge'])
    for row, run in (('w/o Decoupled', 'tat'), ('w/o Evidence', 'direct'), ('CreaEval', 'creaeval')):
        want = distance_from_raters(ROOT/'data/runs/qwen-a05'/run/'scores.csv', dataset_file('cgpst/data_A.json'), 'local/qwen2.5-coder-1.5b-instruct', 'A05_FS10')
        assert abs(desc.loc[(row, 'local/qwen2.5-coder-1.5b-instruct'), 'distance'] - want) < 1e-9, row   # figures hold 10 decimals (reports.write_csv)
    assert (fig/'table_04_distance.png').stat().st_size > 10_000

def check_fig_02(fig: Path):
    "AUT QWK of one judge recomputed with scikit-learn against each rater on the answers both scored, then averaged."
    from sklearn.metrics import cohen_kappa_score
    from creaeval.p1data import aut_scores
    per = pd.read_csv(fig/'fig_02_per_judge.csv')
    aut, _ = aut_scores(ROOT/'data/runs/qwen-aut')
    m = aut[(aut.source == 'direct') & (aut.rater == 'local/qwen2.5-coder-0.5b-instruct')].set_index('sample_id').score
    ks = []
    for rater, g in aut[aut.source == 'human'].groupby('rater'):
        h = g.set_index('sample_id').score
        both = h.index.intersection(m.dropna().index)
        if len(both) >= 2:
            ks.append(cohen_kappa_score(h[both].astype(int), m[both].astype(int), labels=[1, 2, 3, 4, 5], weights='quadratic'))
    want = per[(per.dataset == 'AUT') & (per.source == 'direct') & (per.judge == 'qwen2.5-coder-0.5b')].value.iloc[0]
    assert abs(np.nanmean(ks) - want) < 1e-9, (np.nanmean(ks), want)
    assert (fig/'fig_02_per_judge.png').stat().st_size > 10_000

def check_figs_04(fig: Path):
    "One SoT x judge cell recomputed: the 1.5B judge's PCC and QWK against each kept rater (scipy, sklearn), averaged."
    from scipy.stats import pearsonr
    from sklearn.metrics import cohen_kappa_score
    from creaeval.loaders import load_aut_pairs
    from creaeval.scores import from_aut_raters
    grid = pd.read_csv(fig/'figs_04_08_09_sot_grid.csv')
    assert len(grid) == 27 and set(grid.analyst) == {'smollm2-135m', 'qwen2.5-coder-0.5b', 'qwen2.5-coder-1.5b'}
    runs = [ROOT/'data/runs/qwen-aut/creaeval', ROOT/'data/runs/qwen-aut-sot/qwen05', ROOT/'data/runs/qwen-aut-sot/smollm2']
    tabs = [pd.read_csv(r/'scores.csv', dtype={'sample_id': str}).query("item == 0 and origin == 'judge'") for r in runs]
    common = set.intersection(*[set(t.groupby('sample_id').rater.nunique().loc[lambda c: c == 3].index) for t in tabs])
    human = from_aut_raters(load_aut_pairs(verbose=False).assign(id=lambda d: d.id.astype(str)).query('id in @common'))
    human = human.assign(sample_id=human.sample_id.astype(str)).dropna(subset=['score'])
    m = tabs[1][tabs[1].rater == 'local/qwen2.5-coder-1.5b-instruct'].set_index('sample_id').score
    rs, ks = [], []
    for rater, g in human.groupby('rater'):
        if g.sample_id.nunique() < 10: continue                    # the notebook's min_rated
        h = g.set_index('sample_id').score
        rs.append(pearsonr(h, m.loc[h.index]).statistic)
        ks.append(cohen_kappa_score(h.astype(int), m.loc[h.index].astype(int), labels=[1, 2, 3, 4, 5], weights='quadratic'))
    cell = grid[(grid.analyst == 'qwen2.5-coder-0.5b') & (grid.judge == 'qwen2.5-coder-1.5b')].set_index('metric').value
    assert abs(np.mean(rs) - cell['pcc']) < 1e-9 and abs(np.mean(ks) - cell['qwk']) < 1e-9, (rs, ks, cell)
    assert (fig/'figs_04_08_09_sot_grid.png').stat().st_size > 10_000

def check_fig_05(fig: Path):
    "AUT: each judge's length-score r recomputed with scipy, averaged over the judges whose r is defined."
    from scipy import stats
    from creaeval.p1data import aut_scores, aut_lengths
    t = pd.read_csv(fig/'fig_05_verbosity.csv').query("dataset == 'AUT'").set_index('source')
    aut, _ = aut_scores(ROOT/'data/runs/qwen-aut')
    L = aut_lengths()
    for src in ('creaeval', 'direct'):
        rs = []
        for _, g in aut[aut.source == src].groupby('rater'):
            g = g.dropna(subset=['score'])
            if g.score.nunique() > 1: rs.append(stats.pearsonr(L.loc[g.sample_id], g.score).statistic)
        assert abs(np.mean(rs) - t.loc[src, 'r']) < 1e-9 and t.loc[src, 'n_raters'] == len(rs), src
        assert t.loc[src, 'n_raters'] + t.loc[src, 'n_undefined'] == 3
    assert (fig/'fig_05_verbosity.png').stat().st_size > 10_000

def check_figs_06(fig: Path):
    "The variance of every (method, answer) on AUT recomputed from the runs' scores with numpy."
    from creaeval.p1data import aut_scores
    v = pd.read_csv(fig/'figs_06_22_28_variance.csv', dtype={'sample_id': str}).query("dataset == 'AUT'")
    aut, _ = aut_scores(ROOT/'data/runs/qwen-aut')
    want = aut[aut.source != 'human'].dropna(subset=['score']).groupby(['source', 'sample_id']).score.agg(
        lambda x: np.var(x.to_numpy(float)))
    got = v.set_index(['source', 'sample_id']).variance
    assert len(got) == len(want) == 6 * 240 and np.allclose(got.loc[want.index], want, atol=1e-9)
    assert (fig/'figs_06_22_28_variance.png').stat().st_size > 10_000

def check_figs_03(fig: Path):
    "AUT: the (human, direct) cell counts recomputed by joining every rater with every judge on the same answer."
    from creaeval.p1data import aut_scores
    c = pd.read_csv(fig/'figs_03_10_21_heatmaps.csv').query("dataset == 'AUT' and source == 'direct'")
    aut, _ = aut_scores(ROOT/'data/runs/qwen-aut')
    j = aut[aut.source == 'direct'].dropna(subset=['score']).merge(aut[aut.source == 'human'], on='sample_id')
    want = j.groupby(['score_y', 'score_x']).size()
    got = c.set_index(['human', 'other']).pairs
    assert got.sum() == len(j) and all(got.get((int(h), int(m)), 0) == n for (h, m), n in want.items())
    for name in ('aut', 'ttcw', 'cgpst'): assert (fig/f'figs_03_10_21_heatmaps_{name}.png').stat().st_size > 10_000

def check_figs_07(fig: Path):
    "Every step score in the case-study table is the run's own step score (or a rater's) for the released response."
    from creaeval.core import dataset_file
    from creaeval.p1data import cgpst_scores
    t = pd.read_csv(fig/'figs_07_29_33_case_studies.csv')
    s, _ = cgpst_scores(ROOT/'data/runs/qwen-a05', dataset_file('cgpst/data_A.json'))
    s = s[s.source.isin(['human', 'tat', 'creaeval'])]
    who = np.where(s.source == 'human', s.rater, s.source + ': ' + s.rater.str.split('/').str[-1].str.replace('-instruct', ''))
    want = s.assign(who=who).dropna(subset=['score']).set_index(['step', 'dimension', 'who']).score
    got = t.set_index(['step', 'dimension', 'who']).score
    assert len(got) == len(want) and np.allclose(got.loc[want.index], want)
    assert (fig/'figs_07_29_33_case_studies.png').stat().st_size > 10_000

def check_se_temperature(fig: Path):
    "Each temperature's mean SE in every form, recomputed from its run's own se.csv on the problems all runs share."
    t = pd.read_csv(fig/'se_temperature.csv')
    se = {float(json.loads((d/'config.json').read_text())['temperature']): pd.read_csv(d/'se.csv').set_index('problem_id')
          for d in (ROOT/'data/runs/p2-se').glob('qwen05-t*') if (d/'se.csv').exists() and 'paths' not in d.name}
    if len(se) < 2: return
    common = sorted(set.intersection(*[set(v.index) for v in se.values()]))
    got = t[t.sampler == 'chat/local/qwen2.5-coder-0.5b-instruct'].set_index('temperature')
    assert sorted(got.index) == sorted(se) and (got.problems == len(common)).all()
    for T, v in se.items():
        for form in ('length_normalised', 'renormalised', 'discrete'):
            assert abs(got.loc[T, form] - v.loc[common, f"se_{form}"].mean()) < 1e-9, (T, form)
    assert (fig/'se_temperature.png').stat().st_size > 10_000
    mp, d = pd.read_csv(fig/'se_multipath.csv'), ROOT/'data/runs/p2-se/qwen05-t1.0-paths5'
    if (d/'se.csv').exists():          # the multi-path mean over all paths, from the run's own se.csv
        v = pd.read_csv(d/'se.csv').se_length_normalised
        assert len(mp) == 1 and mp.problems[0] == len(v) and abs(mp.all_paths[0] - v.mean()) < 1e-9

def check_tables_08(fig: Path):
    "Table 8 on AUT: SFT_Evidence and its paired SFT recomputed from their scores on the answers with evidence."
    ours = pd.read_csv(fig/'table_08_aut_ours.csv')
    gain = pd.read_csv(fig/'table_08_aut_evidence_gain.csv').iloc[0]
    from creaeval.samples import aut_answers
    truth = aut_answers('pairs').assign(id=lambda d: d.id.astype(str)).set_index('id').rating
    sc = {m: pd.read_csv(ROOT/f'data/trained/aut-{m}-smollm2-135m-instruct/scores.csv', dtype={'sample_id': str})
          .query("split == 'eval'").set_index('sample_id').score for m in ('sft-evidence', 'sft-paired')}
    ids = sc['sft-evidence'].dropna().index
    r = {m: np.corrcoef(v.loc[ids], truth.loc[ids])[0, 1] for m, v in sc.items()}
    assert (ours.dropna(subset=['n']).n == len(ids)).all()
    row = ours[(ours.source == 'SFT_Evidence')].iloc[0]
    assert abs(row.r - r['sft-evidence']) < 1e-9 and abs(gain['diff'] - (r['sft-evidence'] - r['sft-paired'])) < 1e-9
    assert gain.lo <= gain['diff'] <= gain.hi

def check_tables_02_17(fig: Path):
    "creaeval's trained judge row on the 50 pairs from its committed held-out file; the CV row from its out-of-fold file."
    from sklearn.metrics import roc_auc_score
    jd = ROOT/'data/trained/macgyver-judge'
    t, ho = pd.read_csv(fig/'table_02_trained_judge.csv'), pd.read_csv(jd/'held_out.csv')
    thr = json.loads((jd/'choice.json').read_text())['effective']['threshold']
    row = t[(t.set == "Table 2's 50 pairs") & (t.reading == 'effectiveness')].iloc[0]
    assert row.n == 50 and abs(row.accuracy - (ho.yes_effective == ho.correct).mean()) < 1e-9
    assert abs(row.auc_p_effective - roc_auc_score(ho.correct, ho.p_effective)) < 1e-9
    assert (ho.yes_effective == (ho.p_effective >= thr)).all()
    oof = pd.read_csv(jd/'oof_effective.csv')
    row = t[t.set.str.startswith('grouped CV')].iloc[0]
    assert row.n == len(oof) and abs(row.auc_p_effective - roc_auc_score(oof.effective, oof.p)) < 1e-9
    assert abs(row.yes_rate - (oof.p >= thr).mean()) < 1e-9 and row.auc_lo < row.auc_p_effective < row.auc_hi

def check_trained_judge_se(fig: Path):
    "The trained judge's row per SE run: mean P and YES share from the committed verdicts, repeats from the records."
    from creaeval.mgscore import repeated_steps
    t = pd.read_csv(fig/'tables_03_05_trained_judge.csv').set_index('run')
    v = pd.read_csv(ROOT/'data/trained/macgyver-judge/se_verdicts.csv')
    runs = {c.parent.name: c.parent for c in (ROOT/'data/runs/p2-se').glob('*/config.json')}
    assert sorted(t.index) == sorted(runs) == sorted(v.run.unique())
    for name, d in runs.items():
        recs = [json.loads(l) for l in (d/'records.jsonl').read_text().splitlines() if l.strip()]
        sol = [r['solution'] for r in recs if r.get('type') == 'se_problem']
        got = v[v.run == name]
        assert t.problems[name] == len(sol) == len(got), name
        assert abs(t.repeated[name] - np.nanmean([repeated_steps(s) for s in sol])) < 1e-9, name   # no step: skipped
        for c in ('p_effective', 'yes_effective', 'p_feasible', 'yes_feasible'):
            assert abs(t.loc[name, c] - got[c].mean()) < 1e-9, (name, c)

def check_tables_03_05(fig: Path):
    "Each judge run's share of YES per criterion from its sample records; the SE of the judged problems from se.csv."
    conv, checked = pd.read_csv(fig/'tables_03_05_convergent_ours.csv'), 0
    for c in (ROOT/'data/runs/p2-judges').rglob('config.json'):
        cfg = json.loads(c.read_text())
        if not (cfg.get('load_kw') or {}).get('solutions'): continue
        recs = [json.loads(l) for l in (c.parent/'records.jsonl').read_text().splitlines() if l.strip()]
        got = {str(r['sample_id']): {x['criterion']: x['verdict'] for x in r['info']['criteria']}
               for r in recs if r['type'] == 'sample' and r['info'].get('criteria')}
        row = conv[conv.judge_run == str(c.parent.relative_to(ROOT))]
        if not got: continue
        assert len(row) == 1 and row.judged.iloc[0] == len(got), (c.parent, len(got))
        for crit in ('Feasibility', 'Safety', 'Effectiveness'):
            v = [g[crit] for g in got.values() if g.get(crit) is not None]
            assert abs(row[crit].iloc[0] - np.mean(v)) < 1e-9, (c.parent, crit)
        se = pd.read_csv(ROOT/cfg['load_kw']['solutions']/'se.csv', dtype={'problem_id': str}).set_index('problem_id')
        assert abs(row.SE_judged.iloc[0] - se.loc[sorted(got), 'se_length_normalised'].mean()) < 1e-9
        checked += 1
    assert checked == len(conv), (checked, len(conv))             # every row of the table comes from a run checked here
    check_trained_judge_se(fig)

def check_se_diversity(fig: Path):
    "Spearman's rho of SE with each baseline, and the meanings per step of each backend, recomputed from the runs' files."
    from scipy.stats import spearmanr
    cor, ag, checked = pd.read_csv(fig/'se_diversity_spearman.csv'), pd.read_csv(fig/'se_backend_agreement.csv'), 0
    for c in (ROOT/'data/runs/p2-se').glob('*/config.json'):
        cfg = json.loads(c.read_text())
        if not (c.parent/'diversity.csv').exists() or cfg['temperature'] != 1.0 or cfg['paths'] != 1: continue
        model, d = cfg['sampler'].split('/', 1)[-1], pd.read_csv(c.parent/'diversity.csv', dtype={'problem_id': str})
        per_problem = d.groupby('problem_id').mean(numeric_only=True)
        for per, t in (('step', d), ('problem', per_problem)):
            for m in ('cosine', 'distinct_2', 'self_bleu', 'n_classes'):
                row = cor[(cor.model == model) & (cor.per == per) & (cor.measure == m)]
                assert len(row) == 1 and row.n.iloc[0] == len(t), (model, per, m)
                assert abs(row.rho.iloc[0] - spearmanr(t.se, t[m]).statistic) < 1e-9, (model, per, m)
        b = pd.read_csv(c.parent/'backends.csv', dtype={'problem_id': str})
        b = b[b.problem_id.isin(set(d.problem_id))]
        for k, v in b.groupby('backend'):
            row = ag[(ag.model == model) & (ag.backend == k)]
            assert len(row) == 1 and row.steps.iloc[0] == len(v) and abs(row.mean_classes.iloc[0] - v.n_classes.mean()) < 1e-9
        checked += 1
    assert checked == cor.model.nunique() == ag.model.nunique() > 0

CHECKS = {'tables_02_17_judges': check_tables_02_17, 'se_diversity': check_se_diversity, 'tables_03_05_se_convergent': check_tables_03_05, 'se_temperature': check_se_temperature, 'tables_01_06_07_08': check_tables_08, 'fig_02_per_judge': check_fig_02, 'figs_04_08_09_sot_grid': check_figs_04, 'figs_07_29_33_case_studies': check_figs_07, 'figs_03_10_21_heatmaps': check_figs_03, 'figs_06_22_28_variance': check_figs_06, 'fig_05_verbosity': check_fig_05, 'table_04_ablation': check_table_04, 'table_05_cost': check_table_05, 'tables_02_12_13_agreement': check_tables_02_12_13, 'table_03_aut_ttcw': check_table_03}

def test_papers_found():
    assert {p.stem for p in NOTEBOOKS} >= set(CHECKS)

@pytest.mark.parametrize('nb', NOTEBOOKS, ids=lambda p: p.stem)
def test_paper_notebook(nb, tmp_path):
    fig = run(nb, tmp_path)
    files = [p for p in fig.rglob('*') if p.is_file()]
    assert files, f"{nb.name} wrote nothing to out_dir"
    assert all(p.stat().st_size > 0 for p in files), [p.name for p in files if not p.stat().st_size]
    if nb.stem in CHECKS: CHECKS[nb.stem](fig)
    stale = stale_outputs(nb, fig)
    assert not stale, (f"{nb.name}: the committed figures differ from what the notebook writes now: {stale}; run "
                       f"`creaeval reproduce --in-place {nb.relative_to(ROOT)}` and commit its outputs")

def stale_outputs(nb: Path, fig: Path) -> list[str]:
    "Files the notebook writes whose committed copy (in its default out_dir) is missing or, for tables, differs."
    import papermill
    committed = ROOT/papermill.inspect_notebook(str(nb))['out_dir']['default'].strip("'\"")
    out = []
    for p in sorted(q for q in fig.rglob('*') if q.is_file()):
        c = committed/p.relative_to(fig)
        if not c.exists(): out.append(f"{c.relative_to(ROOT)} missing")
        elif p.suffix in ('.csv', '.md') and c.read_bytes() != p.read_bytes(): out.append(f"{c.relative_to(ROOT)} differs")
    return out

def test_table_03_ttcw_run_in_progress(tmp_path):
    "A TTCW run committed half-way is kept out of the main table, shown on its own stories, and paired with Direct there."
    from sklearn.metrics import roc_auc_score
    src, runs = ROOT/'data/runs/qwen-ttcw/direct', tmp_path/'ttcw'
    for name in ('direct', 'half'): (runs/name).mkdir(parents=True)
    (runs/'direct'/'config.json').write_text((src/'config.json').read_text())
    (runs/'direct'/'scores.csv').write_text((src/'scores.csv').read_text())
    cfg = json.loads((src/'config.json').read_text()); cfg['method'] = 'creaeval'
    (runs/'half'/'config.json').write_text(json.dumps(cfg))
    ce = ROOT/'data/runs/qwen-ttcw/creaeval'/'records.jsonl'   # the analyst's records the notebook shows for a CreaEval run
    (runs/'half'/'records.jsonl').write_text(ce.read_text())
    sc = pd.read_csv(src/'scores.csv', dtype={'sample_id': str})
    ten = sorted(sc.sample_id.unique())[:10]
    sc[sc.sample_id.isin(ten)].to_csv(runs/'half'/'scores.csv', index=False)   # Direct's own verdicts on 10 stories
    fig = run(ROOT/'papers/creaeval/table_03_aut_ttcw.ipynb', tmp_path, runs_ttcw=str(runs), n_boot=50)
    main = pd.read_csv(fig/'table_03_ttcw_balanced_accuracy.csv')
    assert 'creaeval' not in set(main.source) and (main.n_stories == 36).all()
    prog = pd.read_csv(fig/'table_03_ttcw_in_progress.csv')
    assert (prog.n_stories == 10).all() and {'creaeval', 'direct', 'TTCW update'} <= set(prog.source)
    p = prog.set_index(['source', 'rater']).balanced_accuracy
    for judge in cfg['judges'] + ['majority of judges']:
        assert p[('creaeval', judge)] == p[('direct', judge)]           # the same verdicts, on the same stories
    vs = pd.read_csv(fig/'table_03_ttcw_vs_direct.csv')
    assert sorted(vs.rater) == sorted(cfg['judges'] + ['majority of judges']) and (vs['diff'] == 0).all()
    assert (vs.lo == 0).all() and (vs.hi == 0).all() and (vs.n_stories == 10).all() and not vs.finished.any()
    auc = pd.read_csv(fig/'table_03_ttcw_auc.csv').set_index(['run', 'judge'])
    y_of = load_ttcw_majority_yes()
    w = sc[(sc.origin == 'weighted') & (sc.item > 0) & sc.sample_id.isin(ten) & (sc.rater == cfg['judges'][0])]
    expect = roc_auc_score(y_of.loc[list(zip(w.sample_id, w.item.astype(int)))], w.score)
    assert abs(auc.loc[('creaeval', cfg['judges'][0]), 'auc'] - expect) < 1e-9 and auc.loc[('creaeval', cfg['judges'][0]), 'n_items'] == 140

def load_ttcw_majority_yes() -> pd.Series:
    from creaeval.loaders import load_ttcw_majority
    return load_ttcw_majority().set_index(['story_id', 'ttcw_idx']).verdict.eq('Yes').astype(int)

def test_table_05_bad_runs_folder(tmp_path):
    papermill = pytest.importorskip('papermill')
    with pytest.raises(papermill.PapermillExecutionError, match='no such folder'):
        run(ROOT/'papers/creaeval/table_05_cost.ipynb', tmp_path, runs=str(tmp_path/'nope'))

# The agreement notebook on more than one response: a researcher points `ratings` and `runs` at a larger release and
# gets defined Tables 2/12/13. Here a small stand-in: the released response copied under new ids, with the Step-2,
# Step-5 and Step-6 response-level scores of both raters and of two method runs redrawn around a shared latent quality.
VARIED = {('Step-2', 'Focus'): (2, 'Focus', 1, 10), ('Step-2', 'Adequacy'): (2, 'Adequacy', 1, 10),
          ('Step-5', 'Correctly Used'): (5, 'Correctly Used', 1, 5),
          **{('Step-6', k): (6, 'Humaneness' if k == 'Humaness' else k, 1, 10 if k == 'Development' else 5)
             for k in ('Relevance', 'Effectiveness', 'Criteria', 'Impact', 'Humaness', 'Development')}}

def many_responses(tmp_path: Path, n: int=12, seed: int=0):
    "A rater-sheet file and a runs folder (direct, creaeval) with n responses; returns their paths and the drawn scores."
    import copy, json
    import numpy as np
    from creaeval.core import dataset_file
    rng = np.random.default_rng(seed)
    rec = json.loads(dataset_file('cgpst/data_A.json').read_text())[0]
    recs, drawn = [], []
    for i in range(n):
        sid = f"X{i:02d}_FS10"
        r = copy.deepcopy(rec); r[0] = sid
        for (step, key), (k, dim, lo, hi) in VARIED.items():
            z = rng.uniform(lo, hi)
            for j, rater in enumerate(r[1]):
                v = int(np.clip(round(z + rng.normal(0, 1)), lo, hi)); r[3 + j][step][0][key] = v
                drawn.append(dict(sample_id=sid, source='human', rater=rater, step=k, dimension=dim, score=v))
            for m, sd in (('direct', 2.0), ('creaeval', 0.7)):
                drawn.append(dict(sample_id=sid, source=m, rater='j', step=k, dimension=dim,
                                  score=int(np.clip(round(z + rng.normal(0, sd)), lo, hi))))
        for j in range(len(r[1])):  # keep the sheets' own step totals consistent
            sh = r[3 + j]
            sh['Step-2'][0]['Overall'] = sum(sh['Step-2'][0][x] for x in ('Condition Phrase', 'Stem & KVP', 'Purpose', 'FS Parameters', 'Focus', 'Adequacy'))
            sh['Step-5'][0]['Overall'] = sh['Step-5'][0]['Correctly Used']
            sh['Step-6'][0]['Overall'] = sum(sh['Step-6'][0][x] for x in ('Relevance', 'Effectiveness', 'Criteria', 'Impact', 'Humaness', 'Development'))
        recs.append(r)
    (tmp_path/'ratings.json').write_text(json.dumps(recs, ensure_ascii=False))
    drawn = pd.DataFrame(drawn)
    for m in ('direct', 'creaeval'):
        src = ROOT/'data/runs/qwen-a05'/m
        (tmp_path/'runs'/m).mkdir(parents=True)
        (tmp_path/'runs'/m/'config.json').write_text((src/'config.json').read_text())
        base = pd.read_csv(src/'scores.csv')
        base = base[base.rater == base.rater.iloc[0]]          # one judge: the drawn scores stand in for its own
        parts = []
        for sid, g in drawn[drawn.source == m].groupby('sample_id'):
            s = base.assign(sample_id=sid)
            for r in g.itertuples():
                s.loc[(s.item == 0) & (s.step == r.step) & (s.dimension == r.dimension), 'score'] = r.score
            parts.append(s)
        pd.concat(parts).to_csv(tmp_path/'runs'/m/'scores.csv', index=False)
    return tmp_path/'ratings.json', tmp_path/'runs', drawn

def test_agreement_notebook_on_many_responses(tmp_path):
    from sklearn.metrics import cohen_kappa_score
    from scipy import stats
    ratings, runs, drawn = many_responses(tmp_path)
    fig = run(ROOT/'papers/creaeval/tables_02_12_13_agreement.ipynb', tmp_path, ratings=str(ratings), runs=str(runs), n_boot=50)
    qwk = pd.read_csv(fig/'table_02_qwk_ours.csv', index_col=0)
    pcc = pd.read_csv(fig/'table_12_pcc_ours.csv', index_col=0)
    assert sorted(qwk.index) == ['CreaEval', 'Direct Score']
    for (_, _), (k, dim, lo, hi) in VARIED.items():
        for m, name in (('direct', 'Direct Score'), ('creaeval', 'CreaEval')):
            y = drawn[(drawn.source == m) & (drawn.step == k) & (drawn.dimension == dim)].set_index('sample_id').score
            per = [drawn[(drawn.rater == r) & (drawn.step == k) & (drawn.dimension == dim)].set_index('sample_id').score.loc[y.index]
                   for r in ('H01', 'H02')]
            q = sum(cohen_kappa_score(h, y, weights='quadratic', labels=list(range(lo, hi + 1))) for h in per) / 2
            p = sum(stats.pearsonr(h, y).statistic for h in per) / 2
            assert abs(qwk.loc[name, f"S{k} {dim}"] - q) < 1e-9, (name, k, dim)
            assert abs(pcc.loc[name, f"S{k} {dim}"] - p) < 1e-9, (name, k, dim)
    # the copied dimensions do not vary across responses: those cells, and so AVG, stay undefined rather than made up
    assert pcc['S1 Fluency'].isna().all() and pcc['AVG'].isna().all()
    side = pd.read_csv(fig/'table_12_pcc_vs_paper.csv').set_index(['method', 'column'])
    assert side.loc[('CreaEval', 'S1 Fluency'), 'undefined_because'] == 'both raters give every sample the same single score (no variance at all)'
    assert side.loc[('CreaEval', 'S6 Impact'), 'undefined_because'] != side.loc[('CreaEval', 'S6 Impact'), 'undefined_because']  # defined: NaN reason
    assert (fig/'tables_02_12_13_score_sheet_X00_FS10.csv').exists()
    # Table 4 on the same data: a row for each run the paper names, and, as in Tables 2/12, AVG stays undefined (the
    # copied dimensions do not vary) rather than a number; its description of one response follows the drawn scores
    # of the run mapped to each row (the two runs' drawn scores differ, so a swapped mapping fails)
    fig4 = run(ROOT/'papers/creaeval/table_04_ablation.ipynb', tmp_path, ratings=str(ratings), runs=str(runs), n_boot=50)
    t4 = pd.read_csv(fig4/'table_04_ablation_ours.csv', index_col=0)
    assert list(t4.index) == ['CreaEval', 'w/o Evidence'] and t4[['PCC', 'ICC', 'QWK']].isna().all().all()
    desc = pd.read_csv(fig4/'table_04_distance_X00_FS10.csv').set_index(['row', 'judge']).distance
    judge = pd.read_csv(runs/'direct'/'scores.csv').rater.iloc[0]
    for row, m in (('CreaEval', 'creaeval'), ('w/o Evidence', 'direct')):
        assert abs(desc[(row, judge)] - distance_from_raters(runs/m/'scores.csv', ratings, judge, 'X00_FS10')) < 1e-9, row
    assert desc[('CreaEval', judge)] != desc[('w/o Evidence', judge)]

def test_index_lists_every_output():
    "figures/README.md (written by a full `creaeval reproduce`) names every committed output, and only existing ones."
    import re
    text = (ROOT/'figures/README.md').read_text()
    listed = set(re.findall(r'\| `(figures/[^`]+)` \|', text))
    present = {str(p.relative_to(ROOT)) for d in ('creaeval', 'semantic-entropy') for p in (ROOT/'figures'/d).iterdir()
               if p.is_file()}
    assert listed == present, (sorted(present - listed)[:5], sorted(listed - present)[:5])
    empty = re.findall(r'\| `(figures/[^`]+)` \|\s*\|', text)
    assert not empty, empty[:5]                    # every row says where its caption is
    rel = pd.read_csv(ROOT/'papers/index.csv')
    assert set(rel.notebook) == {str(p.relative_to(ROOT/'papers')) for p in sorted((ROOT/'papers').glob('*/[!_.]*.ipynb'))}
    words = {'exact', 'same analysis, other data', 'not comparable', 'checks, transcribed'}
    assert set(rel.relation) <= words, set(rel.relation) - words
    head = text.split('\n## ', 1)[0]           # the index's header defines every relation it uses
    assert all(f'*{r}*' in head or all(f'*{w}*' in head for w in r.split(', ')) for r in set(rel.relation)), head
