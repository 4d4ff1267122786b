"""Issue 38, the command line under faults: no silent overwrite of committed outputs, an agreement that replaces its
output only on success, failed starts and Ctrl-C that leave no folder behind, and errors as one line naming the flag.
Every command runs as a user runs it (a subprocess, from a folder of its own), offline, on the filler provider and the
committed runs; no model is started."""
import hashlib, os, signal, subprocess, sys, time
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[1]
NB = ROOT/'papers/creaeval/tables_02_12_13_agreement.ipynb'
RUNS = ROOT/'data/runs/qwen-a05'

def cli(*args, cwd, env=None):
    env = {**os.environ, 'PYTHONPATH': str(ROOT), 'HF_HUB_OFFLINE': '1', 'TRANSFORMERS_OFFLINE': '1', **(env or {})}
    env = {k: v for k, v in env.items() if v is not None}
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, '-c', 'from creaeval.cli import main; main()', *map(str, args)], cwd=cwd,
                       env=env, capture_output=True, text=True, timeout=300)
    r.seconds = time.perf_counter() - t0
    return r

def one_line_error(r, *needles):
    "Exit 2 and stderr's last line the one error line, naming what it should; no traceback."
    assert r.returncode == 2, (r.returncode, r.stderr[-2000:])
    assert 'Traceback' not in r.stderr, r.stderr
    last = r.stderr.strip().splitlines()[-1]
    assert 'error: ' in last, r.stderr
    for n in needles: assert n in last, (n, last)
    return last

def digest(folder):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(Path(folder).iterdir()) if p.is_file()}

# 1. reproduce with user parameters
def test_reproduce_user_parameters_refused_without_out_dir(tmp_path):
    before = digest(ROOT/'figures/creaeval')
    r = cli('reproduce', NB, '-p', 'runs', RUNS, '-p', 'n_boot', '10', cwd=tmp_path)
    one_line_error(r, 'would overwrite the committed ones in figures/creaeval', 'give -p out_dir DIR')
    assert r.stderr.strip().count('\n') == 0, r.stderr
    assert digest(ROOT/'figures/creaeval') == before

def test_reproduce_out_dir_from_the_callers_folder(tmp_path):
    executed = ROOT/'figures/executed/creaeval'/NB.name
    stamp = executed.stat().st_mtime if executed.exists() else None
    r = cli('reproduce', NB, '-p', 'runs', RUNS, '-p', 'n_boot', '10', '-p', 'out_dir', 'mine', cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-3000:]
    assert (tmp_path/'mine/table_02_qwk_ours.csv').is_file()
    assert (tmp_path/'mine'/NB.name).is_file()                    # the executed copy beside the user's outputs
    assert not (ROOT/'mine').exists()
    assert (executed.stat().st_mtime if executed.exists() else None) == stamp

def test_reproduce_ratings_and_runs_share_no_sample(tmp_path):
    "`reproduce` with the user's ratings and runs: agreement's check before any kernel starts, nothing written."
    from creaeval.core import dataset_file
    r = cli('reproduce', NB, '-p', 'ratings', dataset_file('cgpst/data_A.json'), '-p', 'runs', ROOT/'data/runs/qwen-aut',
            '-p', 'out_dir', 'mine', cwd=tmp_path)
    last = one_line_error(r, 'share no sample', '-p ratings', 'data_A.json', '-p runs', 'qwen-aut')
    assert 'no scores for' not in r.stderr and 'FAIL' not in r.stdout, (last, r.stdout)
    assert list(tmp_path.iterdir()) == []

def test_reproduce_parameter_not_a_number(tmp_path):
    r = cli('reproduce', NB, '-p', 'n_boot', 'lots', '-p', 'out_dir', 'mine', cwd=tmp_path)
    one_line_error(r, "-p n_boot 'lots'", 'expects a number')
    assert not (tmp_path/'mine').exists()

# 2. agreement
def test_agreement_no_shared_sample_keeps_old_output(tmp_path):
    from creaeval.core import dataset_file
    out = tmp_path/'agree'; out.mkdir()
    (out/'table_02_qwk_ours.csv').write_text('old table\n')
    r = cli('agreement', '--ratings', dataset_file('cgpst/data_A.json'), '--run-dir', ROOT/'data/runs/qwen-aut',
            '--out', 'agree', cwd=tmp_path)
    one_line_error(r, 'share no sample', 'data_A.json', 'qwen-aut')
    assert 'no scores for' not in r.stderr
    assert digest(out) == {'table_02_qwk_ours.csv': hashlib.sha256(b'old table\n').hexdigest()}
    assert sorted(p.name for p in tmp_path.iterdir()) == ['agree']    # no temporary folder left beside it

# 3. failed starts leave nothing; 4. one-line errors naming the flag
FAILED_STARTS = {
    'bad judge spec': (['evaluate', '--method', 'direct', '--judge', 'bogus:xx', '--samples', 'A05_FS10',
                        '--run-dir', 'run'], {}, ["model spec 'bogus:xx'"]),
    'missing key': (['evaluate', '--method', 'direct', '--judge', 'openai/gpt-4o-mini', '--samples', 'A05_FS10',
                     '--run-dir', 'run'], {'OPENAI_API_KEY': None}, ['OPENAI_API_KEY']),
    'nli bogus': (['entropy', '--sampler', 'chat:filler/s', '--nli', 'bogus', '--problems', '1', '--run-dir', 'run'],
                  {}, ["NLI spec 'bogus'"]),
    'nli threshold': (['entropy', '--sampler', 'chat:filler/s', '--nli', 'embedding:abc', '--problems', '1',
                       '--run-dir', 'run'], {}, ['--nli embedding:abc', 'must be a number']),
    'problems 0': (['entropy', '--sampler', 'chat:filler/s', '--problems', '0', '--run-dir', 'run'], {},
                   ['--problems', 'above 0']),
    'n 1 on the filler': (['entropy', '--sampler', 'chat:filler/s', '--problems', '1', '--n', '1', '--run-dir', 'run'],
                          {}, ['chat/filler/s']),
    'evidence run without evidence': (['train', 'sft_evidence', '--evidence-run', RUNS/'direct', '--out', 'run'], {},
                                      ['--evidence-run', 'no analyst evidence']),
    'epochs -1': (['train', 'sft', '--epochs', '-1', '--model', 'no-such-model', '--out', 'run'], {},
                  ['--epochs', 'above 0']),
    'unknown local model': (['evaluate', '--method', 'direct', '--judge', 'local/gpt-7', '--samples', 'A05_FS10',
                             '--run-dir', 'run'], {}, ['--judge local/gpt-7: no local model of that name (known: ',
                                                       'smollm2-135m-instruct']),
    'unknown local sot': (['evaluate', '--method', 'creaeval', '--sot', 'local/gpt-7', '--judge', 'filler/a',
                           '--samples', 'A05_FS10', '--run-dir', 'run'], {}, ['--sot local/gpt-7: no local model']),
    'hub id not cached, offline': (['evaluate', '--method', 'direct', '--judge', 'local/no-org/no-such-model',
                                    '--samples', 'A05_FS10', '--run-dir', 'run'], {},
                                   ['--judge local/no-org/no-such-model: not in the local Hugging Face cache',
                                    'HF_HUB_OFFLINE']),
}

@pytest.mark.parametrize('case', list(FAILED_STARTS))
def test_failed_start_leaves_nothing(tmp_path, case):
    args, env, needles = FAILED_STARTS[case]
    r = cli(*args, cwd=tmp_path, env=env)
    one_line_error(r, *needles)
    assert not (tmp_path/'run').exists(), sorted(p.name for p in (tmp_path/'run').iterdir())

def test_unknown_local_model_refused_at_once(tmp_path):
    "An unknown `local/` name is refused before any unit starts, with no hub download tried (the hub is not offline)."
    r = cli('evaluate', '--method', 'direct', '--judge', 'local/gpt-7', '--samples', 'A05_FS10', '--run-dir', 'run',
            cwd=tmp_path, env={'HF_HUB_OFFLINE': None, 'TRANSFORMERS_OFFLINE': None})
    one_line_error(r, '--judge local/gpt-7: no local model of that name')
    assert 'huggingface.co' not in r.stderr and 'Retrying' not in r.stderr, r.stderr
    assert r.seconds < 30, r.seconds            # it was ~50 s of retrying the hub
    assert not (tmp_path/'run').exists()

def test_failed_start_keeps_a_folder_that_existed(tmp_path):
    (tmp_path/'run').mkdir(); (tmp_path/'run/notes.txt').write_text('mine')
    r = cli('entropy', '--sampler', 'chat:filler/s', '--nli', 'bogus', '--problems', '1', '--run-dir', 'run',
            cwd=tmp_path)
    one_line_error(r, "NLI spec 'bogus'")
    assert (tmp_path/'run/notes.txt').read_text() == 'mine'

def test_errno_names_the_flag(tmp_path):
    (tmp_path/'resp').mkdir()
    r = cli('evaluate', '--method', 'direct', '--judge', 'filler/a', '--run-dir', 'run', '--responses', 'resp',
            cwd=tmp_path)
    assert one_line_error(r) == 'creaeval: error: --responses resp: Is a directory'
    assert not (tmp_path/'run').exists()

def CTRL_C_ON():
    # Runs in the child before exec: SIGINT back to its default. A test run started as a background job (`pytest &` in
    # a script) hands its children SIGINT *ignored*, and Python keeps ignoring it, as it should for a user's background
    # job; this test is about a Ctrl-C in a terminal, where SIGINT is not ignored.
    signal.signal(signal.SIGINT, signal.SIG_DFL)

def test_ctrl_c_with_nothing_finished_leaves_nothing(tmp_path):
    env = {**os.environ, 'PYTHONPATH': str(ROOT), 'PYTHONUNBUFFERED': '1'}
    p = subprocess.Popen([sys.executable, '-c', 'from creaeval.cli import main; main()', 'evaluate', '--method',
                          'direct', '--judge', 'filler/delay-30', '--samples', 'A05_FS10', '--run-dir', 'run'],
                         cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=CTRL_C_ON)
    t0 = time.time()
    while not (tmp_path/'run/llm.sqlite').exists():
        assert time.time() - t0 < 120 and p.poll() is None, p.communicate()
        time.sleep(0.1)
    time.sleep(1)                                  # inside the first (30 s) call
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=60)
    assert p.returncode == 130, err
    assert err.rstrip().endswith('creaeval: interrupted before anything finished; removed run'), err
    assert not (tmp_path/'run').exists()            # the cache too
