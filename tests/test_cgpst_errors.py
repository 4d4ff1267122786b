"""Rater-sheet reader and derivation on small hand-written files (independent of the released data).

A minimal valid sheet is built from scratch; each test damages one field and checks that the error names the
file, the record (sample id and rater), the step, the item and the field.
"""
import copy, json
import pytest
from creaeval.readers import DataError
from creaeval.sheets import RaterSheetError, read_rater_sheets, read_published_summaries
from creaeval.scores import derive_summaries
from creaeval.parse import parse_response, check_grid
from creaeval.methods.judge import judge_rows


def sheet(orig1=(1, 0), total=None):
    "A tiny valid sheet: two challenges, one invalid solution and one valid, five criteria."
    s = {
        'Step-1': [{'Content': '1. a', 'Category': 'Environment', 'Elaboration': 2, 'Originality': orig1[0]},
                   {'Content': '2. b', 'Category': 'Technology', 'Elaboration': 1, 'Originality': orig1[1]},
                   {'Score Summary': {'Fluency': 2, 'Flexibility': 2, 'Elaboration': 3, 'Originality': sum(orig1), 'Overall': 7 + sum(orig1)}}],
        'Step-2': [{'Content': 'x', 'Condition Phrase': 1, 'Stem & KVP': 2, 'Purpose': 3, 'FS Parameters': 0,
                    'Focus': 5, 'Adequacy': 4, 'Overall': 15}],
        'Step-3': [{'Content': '1. s', 'Invalid': 'Blank — No Response Provided'},
                   {'Content': '2. t', 'Category': 'Education', 'Elaboration': 2, 'Originality': 2},
                   {'Score Summary': {'Fluency': 1, 'Flexibility': 1, 'Elaboration': 2, 'Originality': 2, 'Overall': 6}}],
        'Step-4': [*({'Content': f'{i}. c', 'Correctly Written': i % 2, 'Relevance': 1} for i in range(1, 6)),
                   {'Score Summary': {'Correctly Written': 3, 'Relevance': 5, 'Overall': 8}}],
        'Step-5': [{'Content': 'grid', 'Correctly Used': 2, 'Overall': 2}],
        'Step-6': [{'Content': 'plan', 'Relevance': 1, 'Effectiveness': 2, 'Criteria': 3, 'Impact': 4,
                    'Humaness': 5, 'Development': 6, 'Overall': 21}],
    }
    s['Total Score'] = total if total is not None else 7 + sum(orig1) + 15 + 6 + 8 + 2 + 21
    return s


def write(tmp_path, records, name='sheets.json'):
    p = tmp_path / name
    p.write_text(json.dumps(records))
    return p


def good():
    return [['T01_FS1', ['H07', 'H08'], 'FS1', sheet(), sheet(orig1=(2, 2))]]


def test_small_file_derives_its_own_summaries(tmp_path):
    p = write(tmp_path, good())
    scores, pub = read_rater_sheets(p), read_published_summaries(p)
    der = derive_summaries(scores)
    m = pub.merge(der, on=['sample_id', 'scenario_id', 'rater', 'step', 'item', 'dimension'], suffixes=('_pub', '_der'))
    assert len(m) == len(pub) == 2 * 17
    assert (m.score_pub == m.score_der).all()
    assert der.query("rater == 'H08' and dimension == 'Total Score'").score.item() == 63
    # the Blank solution carries its code and is the only Step-3 Fluency 0
    s3 = scores.query("rater == 'H07' and step == 3 and dimension == 'Fluency'")
    assert s3[['item', 'score']].values.tolist() == [[1, 0], [2, 1]]
    assert s3.invalid_code.fillna('-').tolist() == ['B', '-']
    assert 'Humaneness' in set(scores.dimension) and 'Humaness' not in set(scores.dimension)


def test_summary_that_disagrees_is_reported_not_fixed(tmp_path):
    recs = good()
    recs[0][3]['Step-1'][-1]['Score Summary']['Originality'] = 0   # the sheet's own summary is wrong
    p = write(tmp_path, recs)
    pub, der = read_published_summaries(p), derive_summaries(read_rater_sheets(p))
    m = pub.merge(der, on=['sample_id', 'rater', 'step', 'dimension'], suffixes=('_pub', '_der'))
    bad = m[m.score_pub != m.score_der]
    assert bad[['rater', 'step', 'dimension', 'score_pub', 'score_der']].values.tolist() == [['H07', 1, 'Originality', 0, 1]]


@pytest.mark.parametrize('edit, where, what', [
    (lambda r: r[3].pop('Step-5'), "record 0 (T01_FS1, rater H07)", "missing 'Step-5' step"),
    (lambda r: r[4]['Step-2'][0].update({'Integrity': 6}), "rater H08): Step-2: field 'Integrity'", 'derived, not entered'),
    (lambda r: r[4]['Step-2'][0].update({'Clarity': 6}), "rater H08): Step-2: field 'Clarity'", "unknown dimension 'Clarity'"),
    (lambda r: r[3]['Step-4'][2].update({'Relevance': 4}), "Step-4: item 3: field 'Relevance'", "outside Relevance's range 0-3"),
    (lambda r: r[3]['Step-6'][0].update({'Impact': None}), "Step-6: field 'Impact'", 'score None is not an integer'),
    (lambda r: r[3]['Step-5'][0].update({'Correctly Used': True}), "Step-5: field 'Correctly Used'", 'score True is not an integer'),
    (lambda r: r[3]['Step-3'][0].update({'Category': 'Education'}), 'Step-3: item 1', 'it has both'),
    (lambda r: r[3]['Step-3'][1].pop('Category'), 'Step-3: item 2', 'it has neither'),
    (lambda r: r[3]['Step-1'][-1]['Score Summary'].update({'Fluency': 9}), "Step-1: field 'Score Summary/Fluency'", 'outside Fluency'),
    (lambda r: r[3]['Step-1'].__setitem__(slice(0, 0), [dict(r[3]['Step-1'][0])] * 7), 'Step-1', '9 items; the sheet has at most 8 rows'),
])
def test_each_error_names_its_place(tmp_path, edit, where, what):
    recs = good()
    edit(recs[0])
    p = write(tmp_path, recs)
    with pytest.raises(RaterSheetError) as e:
        read_rater_sheets(p)
    msg = str(e.value)
    assert str(p) in msg and where in msg and what in msg, msg


def test_truncated_file(tmp_path):
    p = tmp_path / 'cut.json'
    p.write_text(json.dumps(good())[:-40])
    with pytest.raises(DataError, match=r'cut\.json: invalid JSON at line 1, column \d+'):
        read_published_summaries(p)


def test_parse_check_and_judge_on_text():
    r = parse_response({'Step-1': '1. a\n2. b', 'Step-2': 'Challenge 2: as rents rise, how can we cut costs so that families stay?',
                        'Step-3': '1. x', 'Step-4': '\n'.join(f'{i}. q' for i in range(1, 6)),
                        'Step-5': 'Solution ID | Criterion 1 | Total Score\n1 | 1 | 2\nHighest-scoring solution ID: 1, Solution: x',
                        'Step-6': 'plan'})
    assert r.problems == []
    c = check_grid(r.steps[5].grid)
    assert (c.n_errors, c.level) == (1, 4) and c.errors == ['solution 1: total 2 != 1']
    jr = judge_rows({'Step-5': {'Correctly Used': c.level, 'Overall': 3}})
    assert jr.query("origin == 'judge' and dimension == 'Overall'").score.item() == 3
    assert jr.query("origin == 'derived' and dimension == 'Overall'").score.item() == 4
