#!/usr/bin/env bash
# The committed P2 runs, in the order they were made: semantic entropy on P2's first MacGyver problems, then the
# judges (Qwen2.5-Coder-1.5B, then 0.5B) on the 50 labelled solutions and on the SE runs' greedy solutions.
# Every command resumes where it stopped; rerunning the script after a crash or a reboot loses no finished problem or
# unit. Measured on 2 CPU cores: about 150 s per SE problem with the 0.5B model; the 1.5B three-agent judge about
# 700 s per solution, or 12 min each for two one-thread processes side by side; 1.5B ChatEval about 250 s per pair.
#
#   tools/p2_runs.sh                 # everything, into data/runs/ of this checkout
#   RUNS=/elsewhere tools/p2_runs.sh # into another folder
#   ROOT=/other/checkout tools/p2_runs.sh   # run from another checkout (its .venv, its data/runs)
# Run folders are given relative to the checkout, so that the judge runs record where their SE solutions came from
# as a path that holds on any clone.
set -u
cd "${ROOT:-$(dirname "$0")/..}"
RUNS=${RUNS:-data/runs}
C=${CREAEVAL:-.venv/bin/creaeval}
Q05=local/qwen2.5-coder-0.5b-instruct
Q15=local/qwen2.5-coder-1.5b-instruct
SMOL=local/smollm2-135m-instruct@llama.cpp
step() { echo "== $(date -u +%FT%TZ) $*"; "$@" || echo "== exit $? (continuing): $*"; }

se() {  # se <run dir> <sampler model> <problems> [more entropy options]
  local dir=$1 model=$2 n=$3; shift 3
  step $C entropy --sampler "chat:$model" --nli embedding --problems "$n" --run-dir "$RUNS/p2-se/$dir" "$@"
}
judge() {  # judge <judge model> <folder> <method> [more evaluate options]
  local model=$1 dir=$2 method=$3; shift 3
  step $C evaluate --dataset macgyver --method "$method" --judge "$model" --run-dir "$RUNS/p2-judges/$dir/$method" "$@"
}

# Order: what P2's tables need most comes first. The judge on SE solutions takes the first 20 problems of each SE run
# (2 x 20 x 700 s = 7.8 h on 2 cores) rather than all 50 of the 0.5B run (13.6 h with SmolLM2's 20).
FIRST20=$(${PY:-.venv/bin/python} -c "from creaeval.stepwise import macgyver_problems
print(' '.join(str(i) for i in macgyver_problems(20).id))")
# PART=a runs what Tables 2-5 need first, PART=b the rest; tools/runs_queue.sh puts P1's runs between them
PART=${PART:-all}
if [ "$PART" != b ]; then
judge $Q15 qwen15 oneshot
se qwen05-t1.0 $Q05 50 --temperature 1.0
se smollm2-t1.0 "$SMOL" 20 --temperature 1.0
# the 1.5B three-agent and ChatEval runs on the labelled pairs began with the first pairs of the one-shot order;
# --rescore-changed lets them grow to all 50 (it evaluates the pairs new to a run, and any whose input changed)
# (the committed three-agent run holds the first 29 pairs, shrunk to its cost, ~11 min a pair; this line grows it to 50)
judge $Q15 qwen15 agents --rescore-changed
judge $Q15 qwen15-on-se-qwen05-t1.0 agents --solutions "$RUNS/p2-se/qwen05-t1.0" --samples $FIRST20
judge $Q15 qwen15-on-se-smollm2-t1.0 agents --solutions "$RUNS/p2-se/smollm2-t1.0" --samples $FIRST20
fi
[ "$PART" = a ] && exit 0
judge $Q15 qwen15 chateval --rescore-changed
se qwen05-t0.5 $Q05 20 --temperature 0.5
se qwen05-t1.5 $Q05 20 --temperature 1.5
judge $Q05 qwen05 oneshot
judge $Q05 qwen05 agents
judge $Q05 qwen05 chateval
# the multi-path variant: its first path is drawn with the greedy run's seeds, so it should repeat that run's
# trajectory (se_temperature checks it); its caches are its own, so the commit holds only what it sampled
se qwen05-t1.0-paths5 $Q05 ${MULTIPATH:-20} --temperature 1.0 --paths 5
# the T = 1.0 runs' candidates clustered again with other NLI backends, and the diversity baselines (se_diversity);
# measured: 38 min for the 0.5B run's 366 steps, 6 min for SmolLM2's 40, one core (the ONNX model dominates). The
# verdicts these add to each run's nli.sqlite are not committed (a rerun recomputes them); the CSVs are
for r in qwen05-t1.0 smollm2-t1.0; do
  step $C se-compare --run-dir "$RUNS/p2-se/$r" --nli embedding:0.75 --nli embedding:0.9 --nli onnx
done
# the 1.5B model as a sampler (session of 2026-12-05): 0.5B's greedy solutions mostly repeat one step, so the trained
# MacGyver judge (nbs/58_mgjudge) had nothing coherent to read; about 280 s a problem on 2 cores (47 min for
# the first 10; the next 10 added in a later session the same day, about 6 min a problem beside another job).
# Its problems are P2's first ones, already among the 0.5B run's 50, so the judge's leak rule removes no further
# problem. After it, the trained judge's verdicts on every SE run are written again (the P2 notebooks read them).
se qwen15-t1.0 $Q15 ${Q15_SE:-20} --temperature 1.0
step ${PY:-.venv/bin/python} -c "from creaeval.mgjudge import write_se_verdicts; print(write_se_verdicts('$RUNS'))"
echo "== $(date -u +%FT%TZ) done"
