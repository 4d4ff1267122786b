"""Input checks of issue 38 (item 11): a sample id whose `_FSn` suffix names another scenario than its record is
refused by name; an empty text and a Score Summary that contradicts its items are accepted but said, one line per file
on stderr naming the file, the sample and the field, however many readers read the file."""
import copy, json
import pytest
from creaeval.core import dataset_file
from creaeval.readers import DataError
from creaeval.samples import cgpst_samples
from creaeval.sheets import read_published_summaries, read_rater_sheets, read_responses

RAW = json.loads(dataset_file('cgpst/data_A.json').read_text())

def sheets_file(tmp_path, edit, name='own.json'):
    "A copy of the released rater sheets, changed by `edit(records)`."
    d = copy.deepcopy(RAW); edit(d)
    p = tmp_path/name; p.write_text(json.dumps(d)); return p

def warnings_of(capsys):
    return [l for l in capsys.readouterr().err.splitlines() if l.startswith('warning:')]

def test_fs_suffix_differing_from_scenario_is_refused(tmp_path):
    p = sheets_file(tmp_path, lambda d: d[0].__setitem__(0, 'A05_FS11'))
    for read in (read_rater_sheets, read_responses, lambda f: cgpst_samples(responses=f)):
        with pytest.raises(DataError) as e: read(p)
        msg = str(e.value)
        assert "own.json, record 0 (A05_FS11): field 'scenario_id' = 'FS10'" in msg, msg
        assert 'the sample id ends in _FS11' in msg and '\n' not in msg, msg

def test_one_sample_with_two_scenarios_is_refused(tmp_path):
    def two(d):
        d[0][0] = 'R7'; d.append(['R7', ['H03'], 'FS3', copy.deepcopy(d[0][3])])
    with pytest.raises(DataError, match=r"record 1 \(R7\): field 'scenario_id' = 'FS3', but an earlier record gives "
                                        r"this sample 'FS10'"):
        read_rater_sheets(sheets_file(tmp_path, two))

def test_matching_suffix_and_ids_without_suffix_are_accepted(tmp_path, capsys):
    p = sheets_file(tmp_path, lambda d: d.append(['R7', ['H01'], 'FS10', copy.deepcopy(d[0][3])]))
    assert [(s.sample_id, s.scenario_id) for s in cgpst_samples(responses=p)] == [('A05_FS10', 'FS10'), ('R7', 'FS10')]
    assert warnings_of(capsys) == []

def test_empty_text_in_rater_sheets_warned_once(tmp_path, capsys):
    def blank(d):
        for s in d[0][3:]: s['Step-2'][0]['Content'] = ''
        d[0][3]['Step-4'][2]['Content'] = ' '
        d[0][4]['Step-4'][2]['Content'] = ' '
    p = sheets_file(tmp_path, blank)
    smp = cgpst_samples(responses=p)          # reads the file twice (texts, then scenarios)
    read_rater_sheets(p); read_published_summaries(p)
    assert smp[0].response['Step-2'] == ''    # accepted, as a blank step
    assert warnings_of(capsys) == [
        f"warning: {p}, record 0 (A05_FS10, rater H01): Step-2: field 'Content' is empty (2 empty text(s) in the file; "
        "kept as blank)"]

def test_empty_text_in_plain_file_warned_once(tmp_path, capsys):
    steps = cgpst_samples()[0].response
    p = tmp_path/'plain.json'
    p.write_text(json.dumps({'X01_FS10': steps, 'X02_FS10': {**steps, 'Step-5': '  '}}))
    capsys.readouterr()
    for _ in range(2): cgpst_samples(responses=p)
    assert warnings_of(capsys) == [
        f"warning: {p}: sample 'X02_FS10': field 'Step-5' is empty (1 empty text(s) in the file; kept as blank)"]

def test_contradicting_score_summary_warned_once(tmp_path, capsys):
    def wrong(d):
        d[0][4]['Step-3'][-1]['Score Summary']['Flexibility'] = 6   # H02's items give 2 categories
        d[0][3]['Total Score'] = 120                                # H01's Overalls add up to 116
    p = sheets_file(tmp_path, wrong)
    cgpst_samples(responses=p); read_published_summaries(p); read_rater_sheets(p)
    assert warnings_of(capsys) == [
        f"warning: {p}, record 0 (A05_FS10, rater H01): field 'Total Score' = 120 contradicts the sheet's items, which "
        "give 116 (2 contradiction(s) in the file; the scores derived from the items are used)"]
    assert read_published_summaries(p).query("rater == 'H01' and step == 0").score.item() == 120   # read as written

def test_released_file_gives_no_warning(capsys):
    capsys.readouterr()
    cgpst_samples(); read_published_summaries(dataset_file('cgpst/data_A.json'))
    assert warnings_of(capsys) == []
