"""The two notes pages, papers/creaeval/notes.md (P1) and papers/semantic-entropy/notes.md (P2): the facts about the papers
that the notebooks rely on, each with its source. They cite nothing outside the repository, every fact line that holds a
number names where it comes from, and the numbers they quote equal the repository's transcriptions in
papers/*/reported/*.csv."""
import re
from pathlib import Path
import pandas as pd
import pytest

ROOT = Path(__file__).resolve().parents[1]
P1, P2 = ROOT/'papers/creaeval/notes.md', ROOT/'papers/semantic-entropy/notes.md'
REP1, REP2 = ROOT/'papers/creaeval/reported', ROOT/'papers/semantic-entropy/reported'
NOTES = {'P1': P1, 'P2': P2}

# a source pointer: a part of a paper, a file of its code or of the repository, or the third-party mark
SOURCE = re.compile(r"\bP[12] (?:§|Tables?\b|App\.|Eqs?\.|Figs?\.|abstract|Limitations)"
                    r"|`[\w./{},*\-]+\.(?:py|json|csv|md|ipynb|xlsx)`"
                    r"|`nbs/\d\d_\w+`"
                    r"|third-party summary of P2")

def text(p: Path) -> str: return p.read_text()

def fact_lines(s: str) -> list[str]:
    "Bullets and table rows (not a table's header or its rule), each a line of its own."
    lines = s.splitlines()
    out = []
    for i, l in enumerate(lines):
        if l.startswith('- '): out.append(l)
        elif l.startswith('|') and not re.match(r'^\|[-| ]+\|$', l):
            nxt = lines[i + 1] if i + 1 < len(lines) else ''
            if not re.match(r'^\|[-| ]+\|$', nxt): out.append(l)      # a header sits above the rule
    return out

def has_number(line: str) -> bool: return bool(re.search(r'\d', re.sub(r'\bP[12]\b', '', line)))

def table_rows(s: str, first_header: str) -> dict[str, list[str]]:
    "The rows of the markdown table whose header starts with `| first_header |`, by their first cell."
    lines = s.splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith(f'| {first_header} |'))
    rows = {}
    for l in lines[start + 2:]:
        if not l.startswith('|'): break
        cells = [c.strip() for c in l.strip('|').split('|')]
        rows[cells[0]] = cells[1:]
    return rows

def num(cell: str) -> float: return float(cell.replace('*', '').replace('%', '').replace(',', '').strip())

def line_with(s: str, start: str) -> str:
    hits = [l for l in s.splitlines() if l.startswith(start)]
    assert len(hits) == 1, (start, len(hits))
    return hits[0]

# ---- both pages

@pytest.mark.parametrize('paper', ['P1', 'P2'])
def test_notes_exist_with_a_title(paper):
    s = text(NOTES[paper])
    assert s.startswith(f'# {paper} '), s[:60]
    assert len(fact_lines(s)) > 40

@pytest.mark.parametrize('paper', ['P1', 'P2'])
def test_no_outside_citation(paper):
    s = text(NOTES[paper]).lower()
    for bad in ('../shared', 'papers.md', 'seed note', 'seeds/', 'b-note', '/work/', 'reference/'):
        assert bad not in s, (paper, bad)

@pytest.mark.parametrize('paper', ['P1', 'P2'])
def test_every_fact_with_a_number_names_its_source(paper):
    missing = [l for l in fact_lines(text(NOTES[paper])) if has_number(l) and not SOURCE.search(l)]
    assert not missing, missing

def test_the_source_rule_is_not_vacuous():
    assert not SOURCE.search('- CreaEval reaches 0.64 QWK.') and has_number('- CreaEval reaches 0.64 QWK.')
    assert SOURCE.search('- CreaEval reaches 0.64 QWK (P1 §5.1).') and SOURCE.search('x (`src/data.py`)')
    assert not has_number('- what P1 and P2 say')

def test_the_p1_transcriptions_point_to_the_notes():
    assert '../notes.md' in text(REP1/'README.md')

# ---- P1 spot checks against papers/creaeval/reported/

def test_p1_avg_table_equals_tables_2_12_13():
    rows = table_rows(text(P1), 'method | QWK')
    for col, f in enumerate(['table_02_qwk', 'table_12_pcc', 'table_13_icc']):
        avg = pd.read_csv(REP1/f'{f}.csv').query("dimension == 'AVG'").set_index('method')
        assert set(rows) == set(avg.index)
        for m, cells in rows.items():
            assert num(cells[col]) == pytest.approx(avg.value[m], abs=1e-12), (f, m)
            assert cells[col].endswith('*') == bool(avg.significant[m]), (f, m)

def test_p1_table_3_equals_its_transcription():
    rows = table_rows(text(P1), 'method | AUT Originality')
    t3 = pd.read_csv(REP1/'table_03_aut_ttcw_qwk.csv')
    cols = [('AUT', 'Originality'), ('TTCW', 'Fluency'), ('TTCW', 'Flexibility'), ('TTCW', 'Originality'),
            ('TTCW', 'Elaboration'), ('TTCW', 'AVG')]
    for m, cells in rows.items():
        for (ds, dim), cell in zip(cols, cells):
            hit = t3.query('method == @m and dataset == @ds and dimension == @dim')
            if not cell: assert hit.empty, (m, ds, dim); continue
            assert num(cell) == pytest.approx(hit.value.item(), abs=1e-12), (m, ds, dim)

def test_p1_tables_4_and_5_equal_their_transcriptions():
    s = text(P1)
    t4 = pd.read_csv(REP1/'table_04_ablation.csv').pivot(index='method', columns='metric', values='value')
    drops = pd.read_csv(REP1/'table_04_text_qwk_drops.csv').set_index('method').drop_pct
    for m, c in table_rows(s, 'variant').items():
        assert [num(x) for x in c[:3]] == [t4.loc[m, k] for k in ('PCC', 'ICC', 'QWK')], m
        if m in drops: assert num(c[3]) == drops[m]
    t5 = pd.read_csv(REP1/'table_05_cost.csv').set_index('method')
    rows = table_rows(s, 'method | time p50 (s)')
    assert set(rows) == set(t5.index)
    for m, c in rows.items():
        assert [num(x) for x in c[:4]] == pytest.approx(t5.loc[m, ['time_p50_s', 'time_p95_s', 'tokens_p50_k',
                                                                    'tokens_p95_k']].tolist()), m

def test_p1_text_numbers_equal_their_transcriptions():
    s = text(P1)
    t8 = pd.read_csv(REP1/'table_08_sft_evidence.csv').query("dimension == 'AVG'").value.item()
    assert f'SFT_Evidence averages {t8:g} QWK' in s
    pilot = line_with(s, '- AVG at T = 0.2:')
    order = ['qwen3.6-plus-2026-04-02', 'deepseek-v4-pro', 'gemini-3.1-pro-preview', 'gpt-5.4']
    quoted = [float(x) for x in re.findall(r'\b0\.\d{4}\b', pilot)]
    want = []
    for f in ('table_09_bertscore', 'table_10_selfbleu', 'table_11_judge_variance'):
        t = pd.read_csv(REP1/f'{f}.csv').query("temperature == 0.2 and dimension == 'AVG'").set_index('model').value
        want += [t[m] for m in order]
    assert quoted == want
    t11 = pd.read_csv(REP1/'table_11_judge_variance.csv')
    assert t11.query("model == 'gpt-5.4' and temperature == 0.5 and dimension == 'AVG'").value.item() == 0.089
    assert 'printed 0.089' in s
    focus = t11.query("model == 'deepseek-v4-pro' and dimension == 'Focus'").set_index('temperature').value
    assert f'{focus[0.5]:.4f} at T = 0.5 and {focus[0.8]:.4f} at T = 0.8' in s
    tn = pd.read_csv(REP1/'text_numbers.csv')
    for q in ('Sec. 6.2 / Fig. 5',):
        for v in tn[tn['where'] == q].value: assert f'{v} %' in s, v

# ---- P2 spot checks against papers/semantic-entropy/reported/

def test_p2_kappa_table_equals_table_14():
    rows = table_rows(text(P2), 'measure | kappa')
    k = pd.read_csv(REP2/'human_divergence_kappa.csv').set_index('measure').kappa
    assert {m: num(c[0]) for m, c in rows.items()} == k.to_dict()

def test_p2_accuracy_table_equals_table_2_and_marks_third_party_rows():
    rows = table_rows(text(P2), 'judge | MacGyver')
    acc = pd.read_csv(REP2/'judge_accuracy.csv')
    for _, r in acc.iterrows():
        col = 0 if r.domain == 'MacGyver' else 1
        if r.judge.startswith('Human annotators'):
            lo, hi = (num(x) / 100 for x in rows['Human annotators (range)'][col].split('-'))
            assert (lo if 'lowest' in r.judge else hi) == pytest.approx(r.accuracy, abs=1e-9), r.judge
            continue
        third = r.source.startswith('third-party')
        name = next(n for n in rows if n.rstrip(' †') == r.judge)
        assert num(rows[name][col]) / 100 == pytest.approx(r.accuracy, abs=1e-9), r.judge
        assert name.endswith('†') == third and ('third-party' in rows[name][-1]) == third, r.judge

def test_p2_tokens_nli_and_tables_3_5_equal_their_transcriptions():
    s = text(P2)
    tok = pd.read_csv(REP2/'judge_tokens.csv').set_index('judge')
    ce, ag = tok.loc['ChatEval'], tok.loc['Retrieval three-agent judge']
    assert (f'ChatEval {ce.input_tokens_per_pair:,} input and {ce.output_tokens_per_pair:,} output, the retrieval judge '
            f'{ag.input_tokens_per_pair:,} and {ag.output_tokens_per_pair:,}') in s
    assert f'{ag.input_tokens_per_pair / ce.input_tokens_per_pair:.3f} (input)' in s
    assert f'{ag.output_tokens_per_pair / ce.output_tokens_per_pair:.3f} (output)' in s
    nli = pd.read_csv(REP2/'nli_selection.csv').set_index('nli_model')
    deb = nli.loc['tasksource/deberta-base-long-nli']
    assert (f'{deb.pairs} pairs of MacGyver steps' in s and f'majority {deb.positives} entailing and {deb.negatives} not' in s
            and f'scored {deb.accuracy * 100:.1f} % and GPT-4o {nli.loc["GPT-4o"].accuracy * 100:.1f} %' in s)
    t = pd.read_csv(REP2/'table_03_05_se_convergent.csv')
    mg = t[t.domain == 'MacGyver']
    assert (f'{len(mg)} models on MacGyver (SE {mg.SE.min():.2f}-{mg.SE.max():.2f}, '
            f'Overall {mg.overall.min():.2f}-{mg.overall.max():.2f})') in s
    assert f'({t.SE.min():.2f}-{t.SE.max():.2f})' in s                      # the range of every SE of Tables 3-5
    g = t[t.model == 'GPT-4o'].set_index('domain')
    m = g.loc['MacGyver']
    assert (f'MacGyver SE {m.SE:.2f} with Feasibility {m.criterion_1_score:.2f}, Safety {m.criterion_2_score:.2f}, '
            f'Effectiveness {m.criterion_3_score:.2f}, Overall {m.overall:.2f}') in s
    for d in ('HypoGen', 'BookMIA'):
        assert f'{d} SE {g.loc[d].SE:.2f}, Overall {g.loc[d].overall:.2f}' in s, d

def test_p2_unseeded_pairs_and_third_party_claims_are_said():
    s = text(P2)
    assert '`.sample(frac=1)` and no seed' in s and '`llmaaj.py`, `prepare_df`' in s
    for claim in ('only weakly correlated', 'rises with the sampling temperature'):
        assert '†' in line_with(s, next(l[:12] for l in s.splitlines() if claim in l)), claim
