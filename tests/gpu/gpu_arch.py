"""The work semantic entropy puts on a GPU, timed on CUDA and on the CPU, with torch and transformers alone.

A GPU machine lent to this project has PyTorch and transformers but no network, none of creaeval's other
dependencies and no model weights beyond its working copy (at most 64 MiB). So this script builds the real
architectures with random weights, which cost the same compute per token as the trained ones:

1. Sampling: SmolLM2-135M's architecture (Llama, 30 layers, hidden 576) draws ten candidates of a 180-token prompt
   from one `generate(num_return_sequences=10)`, 96 new tokens, with the settings `creaeval.samplers.HFGenerateSampler`
   uses (temperature 1, top-p 0.9, scores and logits kept).
2. NLI: DeBERTa-v3-base's architecture (12 layers, hidden 768, P2's `deberta-base-long-nli` shape) classifies every
   ordered pair of 50 steps (2,450 pairs), shortest first, 32 at a time, as `creaeval.nli.CrossEncoderNLI` does.
   Random weights: the verdicts mean nothing; the CUDA and CPU verdicts are compared with each other.

Writes gpu_arch.json and gpu_arch.md (seconds per device, speed-up) into --out (default $OUT, else '.').
Exits 2 with one line when torch, transformers or a CUDA device is missing. `--dry-run` runs tiny models on the CPU
twice (the script's own check on a machine without a GPU; its timings mean nothing).
"""
import argparse, json, os, platform, sys, time
from pathlib import Path

def need() -> str|None:
    "What this machine lacks for the check, as one line, or None."
    try: import torch
    except ImportError: return f"torch is not installed for {sys.executable}"
    try: import transformers  # noqa: F401
    except ImportError: return f"transformers is not installed for {sys.executable}"
    if not torch.cuda.is_available(): return f"torch {torch.__version__} sees no CUDA device"
    return None

def models(tiny: bool):
    "The sampler's causal LM and the NLI classifier, random weights, fixed seed."
    import torch
    from transformers import DebertaV2Config, DebertaV2ForSequenceClassification, LlamaConfig, LlamaForCausalLM
    torch.manual_seed(0)
    lm = LlamaConfig(vocab_size=49152, hidden_size=576, intermediate_size=1536, num_hidden_layers=30, num_attention_heads=9,
                     num_key_value_heads=3, max_position_embeddings=8192, rope_theta=100000.0, tie_word_embeddings=True,
                     bos_token_id=1, eos_token_id=2, pad_token_id=2)
    nli = DebertaV2Config(vocab_size=128100, hidden_size=768, num_hidden_layers=12, num_attention_heads=12,
                          intermediate_size=3072, relative_attention=True, position_buckets=256, max_relative_positions=-1,
                          pos_att_type=['p2c', 'c2p'], norm_rel_ebd='layer_norm', share_att_key=True, position_biased_input=False,
                          max_position_embeddings=512, type_vocab_size=0, num_labels=3)
    if tiny:                                   # the dry run: two narrow layers each
        for c, kv in ((lm, dict(num_hidden_layers=2, hidden_size=64, intermediate_size=128, num_attention_heads=4,
                                num_key_value_heads=2)),
                      (nli, dict(num_hidden_layers=2, hidden_size=64, intermediate_size=128, num_attention_heads=4,
                                pooler_hidden_size=64))):
            for k, v in kv.items(): setattr(c, k, v)
    return LlamaForCausalLM(lm).eval(), DebertaV2ForSequenceClassification(nli).eval()

def sample(lm, dev: str, prompt, n: int, new: int, seed: int) -> float:
    "Seconds for one batched draw of n candidates (as HFGenerateSampler asks for them)."
    import torch
    ids = prompt.to(dev); torch.manual_seed(seed)
    if dev == 'cuda': torch.cuda.synchronize()
    t0 = time.perf_counter()
    with torch.inference_mode():
        out = lm.generate(ids, attention_mask=torch.ones_like(ids), do_sample=True, temperature=1.0, top_p=0.9, top_k=0,
                          num_beams=1, max_new_tokens=new, min_new_tokens=new, num_return_sequences=n, output_scores=True,
                          output_logits=True, return_dict_in_generate=True, pad_token_id=2)
        torch.stack(out.logits, 1).float().log_softmax(-1).cpu()
    if dev == 'cuda': torch.cuda.synchronize()
    assert out.sequences.shape == (n, ids.shape[1] + new)
    return time.perf_counter() - t0

def classify(clf, dev: str, pairs: list, batch: int) -> tuple[float, list[int]]:
    "Seconds for every pair, shortest first, `batch` at a time; the argmax verdicts in the pairs' order."
    import torch
    order = sorted(range(len(pairs)), key=lambda i: len(pairs[i])); out = [0] * len(pairs)
    if dev == 'cuda': torch.cuda.synchronize()
    t0 = time.perf_counter()
    with torch.inference_mode():
        for s in range(0, len(order), batch):
            idx = order[s:s + batch]; m = max(len(pairs[i]) for i in idx)
            x = torch.zeros((len(idx), m), dtype=torch.long); att = torch.zeros((len(idx), m), dtype=torch.long)
            for j, i in enumerate(idx): x[j, :len(pairs[i])] = torch.tensor(pairs[i]); att[j, :len(pairs[i])] = 1
            got = clf(input_ids=x.to(dev), attention_mask=att.to(dev)).logits.argmax(-1).cpu().tolist()
            for i, v in zip(idx, got): out[i] = v
    if dev == 'cuda': torch.cuda.synchronize()
    return time.perf_counter() - t0, out

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--out', type=Path, default=Path(os.environ.get('OUT', '.')))
    ap.add_argument('--repeats', type=int, default=3)
    ap.add_argument('--dry-run', action='store_true', help='tiny models, CPU against CPU (no GPU needed)')
    a = ap.parse_args(argv)
    if not a.dry_run and (why := need()):
        print(f"gpu_arch: {why}", file=sys.stderr); return 2
    import torch, transformers
    torch.backends.cuda.matmul.allow_tf32 = False; torch.backends.cudnn.allow_tf32 = False   # fp32 on both devices
    gpu = 'cpu' if a.dry_run else 'cuda'
    lm, clf = models(a.dry_run)
    g = torch.Generator().manual_seed(1)
    prompt = torch.randint(3, 49152, (1, 180), generator=g)
    steps = [torch.randint(3, 128100, (int(n),), generator=g).tolist() for n in torch.randint(12, 60, (50,), generator=g)]
    pairs = [[1] + steps[i] + [2] + steps[j] + [2] for i in range(50) for j in range(50) if i != j]
    if a.dry_run: pairs = pairs[:96]
    new = 8 if a.dry_run else 96
    res = dict(device=('cpu (dry run)' if a.dry_run else torch.cuda.get_device_name(0)), torch=torch.__version__,
               transformers=transformers.__version__, cpu=platform.processor() or platform.machine(),
               cpu_threads=torch.get_num_threads(), weights='random (the real architectures; no trained weights)')
    for name, dev in (('cuda', gpu), ('cpu', 'cpu')):
        lm.to(dev); clf.to(dev)
        sample(lm, dev, prompt, 10, 4, 99)                                   # warm up
        res.setdefault('sampling', {})[f'{name}_s'] = min(sample(lm, dev, prompt, 10, new, r) for r in range(a.repeats))
        classify(clf, dev, pairs[:32], 32)
        res.setdefault('nli', {})[f'{name}_s'], res['nli'][f'{name}_verdicts'] = classify(clf, dev, pairs, 32)
    for k in ('sampling', 'nli'): res[k]['speedup'] = res[k]['cpu_s'] / res[k]['cuda_s']
    v = res['nli']; v['same_verdicts'] = sum(x == y for x, y in zip(v.pop('cuda_verdicts'), v.pop('cpu_verdicts'))) / len(pairs)
    res['work'] = dict(sampling=f"10 candidates x {new} new tokens after a 180-token prompt, best of {a.repeats}",
                       nli=f"{len(pairs)} ordered step pairs (12-60 tokens per step), batch 32")
    a.out.mkdir(parents=True, exist_ok=True)
    (a.out/'gpu_arch.json').write_text(json.dumps(res, indent=1) + '\n')
    dev = res['device']
    lines = [f"# Semantic entropy's GPU work on {dev}", "",
             f"torch {res['torch']}, transformers {res['transformers']}; CPU: {res['cpu_threads']} threads. Weights: "
             f"{res['weights']}.", "", "| work | what | CPU s | GPU s | speed-up |", "|---|---|---|---|---|"]
    for k, label in (('sampling', 'SmolLM2-135M architecture, one generate'), ('nli', 'DeBERTa-v3-base architecture')):
        lines.append(f"| {label} | {res['work'][k]} | {res[k]['cpu_s']:.2f} | {res[k]['cuda_s']:.2f} | {res[k]['speedup']:.1f}x |")
    lines += ["", f"The GPU's and the CPU's verdicts agree on {v['same_verdicts']:.1%} of the pairs (fp32, TF32 off)."]
    (a.out/'gpu_arch.md').write_text('\n'.join(lines) + '\n')
    print('\n'.join(lines))
    return 0

if __name__ == '__main__':
    sys.exit(main())
