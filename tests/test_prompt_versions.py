"""Prompt versions of the single-step tasks (nb35, `creaeval.methods.tasks`) and the teaching text of nb30 and nb35.

Version 1 is the exact text the committed AUT and TTCW runs sent (their caches are keyed by it, so it must not change);
version 2 fixes the few-shot heading ("answers of answers") and drops CGPST's examples from the AUT/TTCW analyst's
message. The notebook texts must say what P1 part they implement and what the Step-2 demo of nb30 shows."""
import json
from pathlib import Path
import pytest
from creaeval.llm import run_sync
from creaeval.models import FakeLLM
from creaeval.methods.common import Ctx
from creaeval.methods import tasks
from creaeval.methods.registry import prompt_hashes

ROOT = Path(__file__).resolve().parents[1]
CGPST_EXAMPLES = ('the purpose only restates the key verb phrase', 'a minor issue: the place is not named')
SHOTS = [('Object: brick\nAnswer: a doorstop', 1.2)]

# the text the committed runs sent (copied from the module as it was when they were made)
OLD_SYSTEM = {
    'evaluative': "You are an analyst who turns a creative response into structured evidence for a later grader. "
    "You do not\ngrade. For each field of the schema, analyse whether the answer meets what the dimension asks: "
    "what it shows, short quotes, and the strengths, weaknesses and problems you find, in plain words "
    "(for example: 'the purpose only restates the key verb phrase', 'a minor issue: the place is not named'). "
    "Never give a score or a level. Where the response shows\nnothing for a field, say so. "
    "Use only the response and the task; reply with the JSON object only.",
    'descriptive': "You are an analyst who turns a creative response into structured evidence for a later grader. "
    "You do not\ngrade. For each field of the schema, write what the answer shows that bears on the dimension: "
    "concrete observations and short quotes, without praise or blame. Never give a score or a level. "
    "Where the response shows\nnothing for a field, say so. "
    "Use only the response and the task; reply with the JSON object only."}
OLD_HEADING = "### Examples: {} of answers people rated (mean rating on the same 1-5 scale)"


def _cells(nb: str) -> list[dict]:
    return json.loads((ROOT/'nbs'/nb).read_text())['cells']

def _md(nb: str, i: int) -> str:
    return ' '.join(''.join(_cells(nb)[i]['source']).split())

def _aut():
    from creaeval.samples import aut_samples, aut_split, aut_examples
    a = aut_samples(aut_split()['eval'][:1])[0]
    return a, aut_examples(2, a.scenario)


def test_examples_heading_v2_reads_well():
    "Item 1: version 2's few-shot heading has no 'answers of answers', in the block and in what Direct sends."
    b = tasks.examples_block(SHOTS, 'answers', version=2)
    assert 'answers of answers' not in b and b.startswith('### Examples: answers people rated (')
    a, ex = _aut()
    fk = FakeLLM()
    run_sync(tasks.on_task('aut', tasks.task_direct, version=2)(Ctx(judge=fk, examples=ex), a.scenario, a.response))
    u = fk.calls[0]['messages'][1]['content']
    assert 'answers of answers' not in u and 'Examples: answers people rated' in u


@pytest.mark.parametrize('dataset', ['aut', 'ttcw'])
def test_task_analyst_v2_has_no_cgpst_examples(dataset):
    "Item 2: the AUT/TTCW analyst's message of version 2, as CreaEval sends it, carries none of CGPST's examples."
    from creaeval.samples import ttcw_samples
    s = _aut()[0] if dataset == 'aut' else ttcw_samples()[0]
    fk = FakeLLM()
    run_sync(tasks.on_task(dataset, tasks.task_creaeval, version=2)(Ctx(judge=fk, sot=fk), s.scenario, s.response))
    system = fk.calls[0]['messages'][0]['content']
    assert fk.calls[0]['meta']['role'] == 'sot'
    assert not any(e in system for e in CGPST_EXAMPLES) and 'key verb phrase' not in system
    assert all(e in system for e in tasks.task_for(dataset).evidence_examples)   # the task's own examples instead
    for style in ('evaluative', 'descriptive'):
        assert 'key verb phrase' not in tasks.task_sot_system(style, 2, tasks.task_for(dataset))


def test_version_1_is_the_committed_runs_text():
    "Version 1, the default, is the old text byte for byte, and its prompt hash is the one every AUT/TTCW run recorded."
    assert tasks.PROMPT_VERSION == 1
    for style, old in OLD_SYSTEM.items():
        assert tasks.task_sot_system(style, 1) == old == tasks.task_sot_system(style)
        assert tasks.task_sot_system(style, 1, tasks.AUT) == old       # version 1 ignores the task
    for what in ('answers', 'analyses'):
        b = tasks.examples_block(SHOTS, what)
        assert b == tasks.examples_block(SHOTS, what, 1)
        example = "Example 1:\nObject: brick\nAnswer: a doorstop\nPeople's mean rating: 1.2"
        assert b == OLD_HEADING.format(what) + "\n\n" + example
    now = prompt_hashes('aut', 'creaeval')['task_prompts']
    recorded = {p.parent.relative_to(ROOT/'data/runs'): json.loads(p.read_text())
                for p in (ROOT/'data/runs').glob('*/*/config.json')}
    recorded = {k: c['prompt_hashes']['task_prompts'] for k, c in recorded.items()
                if c.get('dataset') in ('aut', 'ttcw') and 'task_prompts' in c.get('prompt_hashes', {})}
    assert len(recorded) >= 10 and set(recorded.values()) == {now}, recorded


def test_nb30_step2_demo_says_the_evidence_is_copied():
    "Item 3: nb30's text on the replayed Step-2 evidence says it is copied (P1 App. D.2 forbids that), not good."
    cells = _cells('30_sot.ipynb')
    i = next(i for i, c in enumerate(cells) if c['id'] == '72e6a54e')   # the Step-2 replay
    text = _md('30_sot.ipynb', i - 1)
    assert 'describe the problem statement well' not in text
    assert 'copied' in text and 'App. D.2' in text and 'rather than directly copying' in text
    check = ''.join(cells[i + 1]['source'])          # the table that measures the copying, right after the replay
    assert 'verbatim' in check and 'test_eq(copied.verbatim' in check


def test_first_cells_name_what_of_p1_they_implement():
    "Item 4: the first markdown cells of nb30 and nb35 name the P1 section, equation and appendix they implement."
    t30, t35 = _md('30_sot.ipynb', 0), _md('35_tasks.ipynb', 0)
    for s in ('P1 §3.1', 'Eq. 1', 'App. D.1', 'D.2', 'App. D.5', '§5.2'):
        assert s in t30, s
    for s in ('P1 §4.1', 'P1 §4.2', 'Table 3', 'App. D', 'committed runs used version 1'):
        assert s in t35, s
