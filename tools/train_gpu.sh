#!/usr/bin/env bash
# P1's trained evaluators on larger base models, for a machine with a CUDA GPU and the Hugging Face hub (none of this
# runs on the 2-core CPU machine the committed runs came from). creaeval.training puts the model on the GPU by itself
# (creaeval.local.default_device); everything else is what `make train` does: the same public AUT pool and exclusion
# rule, seeded, one run folder per model under data/trained/, resumable with the same command.
#
#   tools/train_gpu.sh                       # SaMer and SFT on Qwen2.5-1.5B-Instruct and Qwen2.5-7B-Instruct
#   MODELS="Qwen/Qwen3-8B" tools/train_gpu.sh
# Sizes to expect on one 80 GB GPU (LoRA rank 8, batch 16, answers of a few dozen tokens): a 7B SFT epoch over the
# 8,314 training answers is 520 steps; the SaMer features are one forward pass per answer.
set -eu
cd "$(dirname "$0")/.."
C=${CREAEVAL:-.venv/bin/creaeval}
python_has_cuda=$(.venv/bin/python -c "import torch; print(int(torch.cuda.is_available()))")
[ "$python_has_cuda" = 1 ] || { echo "tools/train_gpu.sh: torch sees no CUDA GPU here; use make train on CPU" >&2; exit 1; }
for m in ${MODELS:-Qwen/Qwen2.5-1.5B-Instruct Qwen/Qwen2.5-7B-Instruct}; do
  name=$(basename "$m" | tr 'A-Z' 'a-z')
  $C train samer --model "$m" --out "data/trained/aut-samer-$name"
  $C train sft --model "$m" --epochs 2 --batch 16 --out "data/trained/aut-sft-$name"
done
