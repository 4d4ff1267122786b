#!/usr/bin/env bash
# P1's robustness grid (Figs. 4, 8, 9: agreement for every SoT-LLM x Judge-LLM pair) on AUT: CreaEval with each offline
# model as the analyst, the same three judges, on the first 120 answers of the evaluation split (creaeval.samples.
# aut_split). The Qwen2.5-Coder-1.5B analyst's run is data/runs/qwen-aut/creaeval (all 240 answers). Sized from the
# committed 1.5B run (38 s per analysis, 9 s for the three judges of an answer): about 120 x (8 + 9) s with SmolLM2 and
# 120 x (13 + 9) s with the 0.5B model, 1.3 h in all on 2 cores. Every command resumes where it stopped.
set -u
cd "${ROOT:-$(dirname "$0")/..}"
RUNS=${RUNS:-data/runs}
C=${CREAEVAL:-.venv/bin/creaeval}
Q05=local/qwen2.5-coder-0.5b-instruct
Q15=local/qwen2.5-coder-1.5b-instruct
SMOL=local/smollm2-135m-instruct
FIRST120=$(${PY:-.venv/bin/python} -c "from creaeval.samples import aut_split
print(' '.join(sorted(aut_split()['eval'])[:120]))")
step() { echo "== $(date -u +%FT%TZ) $*"; "$@" || echo "== exit $? (continuing): $*"; }
for analyst in smollm2:$SMOL qwen05:$Q05; do
  step $C evaluate --dataset aut --method creaeval --sot "${analyst#*:}" --judge $Q15 --judge $Q05 --judge $SMOL \
    --samples $FIRST120 --run-dir "$RUNS/qwen-aut-sot/${analyst%%:*}"
done
echo "== $(date -u +%FT%TZ) done"
