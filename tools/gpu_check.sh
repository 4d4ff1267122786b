#!/usr/bin/env bash
# The prepared check for a GPU machine (`make gpu`): semantic entropy's GPU work timed on CUDA and on the CPU, and
# creaeval's own GPU tests where its dependencies are installed. Writes its figures under $OUT (default figures/gpu).
#
# 1. tests/gpu/gpu_arch.py (torch and transformers only): SmolLM2-135M's and DeBERTa-v3-base's architectures with
#    random weights, the sampler's batched generate and the cross-encoder's batches; seconds per device, speed-up.
# 2. Where `import creaeval` works (its dependencies installed, e.g. `make test` was run on that machine):
#    tests/gpu/test_gpu.py (CUDA against the CPU) and tests/gpu/gpu_se.py (the same timings through creaeval's
#    HFGenerateSampler and CrossEncoderNLI). A bare GPU machine without them skips this part and says so.
# Sized for under 8 minutes on one H100 or H200. Exits 2 with one line naming what is missing (torch, transformers,
# a CUDA device); 1 when a check ran and failed.
set -u
cd "$(dirname "$0")/.."
OUT=${OUT:-figures/gpu}
PY=${PYTHON:-}
[ -z "$PY" ] && { [ -x .venv/bin/python ] && PY=.venv/bin/python || PY=python3; }
mkdir -p "$OUT" || { echo "gpu_check: cannot create $OUT" >&2; exit 2; }
why=$(PYTHONPATH=tests/gpu "$PY" -c "from gpu_arch import need; print(need() or '')" 2>&1 | tail -1)
[ -z "$why" ] || { echo "gpu_check: $why" >&2; exit 2; }
rc=0
timeout 420 "$PY" tests/gpu/gpu_arch.py --out "$OUT" || rc=1
if "$PY" -c "import creaeval.nli, creaeval.samplers, creaeval.local" 2>/dev/null; then
  CREAEVAL_TEST_FLAGS=gpu timeout 120 "$PY" -m pytest -q -p no:cacheprovider tests/gpu/test_gpu.py > "$OUT/test_gpu.txt" 2>&1 || rc=1
  tail -1 "$OUT/test_gpu.txt"
  timeout 240 "$PY" tests/gpu/gpu_se.py --out "$OUT" || rc=1
else
  echo "creaeval's dependencies are not installed for $PY: tests/gpu/test_gpu.py and gpu_se.py not run" | tee "$OUT/skipped.txt"
fi
exit $rc
