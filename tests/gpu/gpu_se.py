"""The GPU paths of semantic entropy, timed against the CPU on the same work (one prepared script for a GPU machine).

    .venv/bin/python tests/gpu/gpu_se.py [--out DIR]

1. Sampling: ten candidates of one MacGyver step prompt from one `generate(num_return_sequences=10)`
   (`creaeval.samplers.HFGenerateSampler`), the embedded SmolLM2-135M in fp32, on CUDA and on the CPU, same seed.
2. NLI: every ordered pair of 50 steps of ten candidates (synthetic steps from the project's labelled pairs) through
   `creaeval.nli.CrossEncoderNLI` with deberta-base's shape (12 layers, hidden 768) and random weights, batch 32:
   the compute per pair of P2's cross-encoder; its verdicts mean nothing, they are compared between devices only.
Prints seconds per device and the speed-up CPU / CUDA, and writes gpu_se.json into --out (default $OUT, else '.').
Exits 2 when CUDA is not available: it could not do its job.
"""
import argparse, json, os, sys, tempfile, time
from pathlib import Path

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--out', type=Path, default=Path(os.environ.get('OUT', '.')))
    ap.add_argument('--repeats', type=int, default=3)
    a = ap.parse_args(argv)
    import torch
    if not torch.cuda.is_available():
        print('gpu_se: CUDA is not available on this machine', file=sys.stderr); return 2
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]/'bench'))
    from bench_se import synthetic_steps
    from creaeval.llm import run_sync
    from creaeval.local import HFModel, resolve_local_model
    from creaeval.nli import CrossEncoderNLI, Verdicts, cluster
    from creaeval.samplers import HFGenerateSampler
    from creaeval.stepwise import macgyver_problems, step_messages
    from creaeval.weights import minilm_path
    from transformers import AutoTokenizer, DebertaV2Config, DebertaV2ForSequenceClassification
    res = dict(device=torch.cuda.get_device_name(0), torch=torch.__version__)
    msgs = step_messages(macgyver_problems(1).problem[0], [])
    kw = dict(temperature=1.0, top_p=0.9, max_tokens=96, stop=['\n\n', '\nStep'])
    _, path = resolve_local_model('smollm2-135m-instruct')
    times = {}
    for dev in ('cuda', 'cpu'):
        s = HFGenerateSampler(HFModel('smollm2-135m-instruct', path, device=dev))
        run_sync(s.sample(msgs, 10, seed=99, **kw))                                   # warm up
        t = []
        for r in range(a.repeats):
            if dev == 'cuda': torch.cuda.synchronize()
            t0 = time.perf_counter(); c = run_sync(s.sample(msgs, 10, seed=r, **kw))
            if dev == 'cuda': torch.cuda.synchronize()
            t.append(time.perf_counter() - t0)
            assert len(c) == 10 and all(x.token_logps for x in c)
        times[dev] = min(t)
    res['sampling'] = dict(cuda_s=times['cuda'], cpu_s=times['cpu'], speedup=times['cpu'] / times['cuda'])
    print(f"sampling 10 candidates (SmolLM2-135M, one generate): cuda {times['cuda']:.2f}s, cpu {times['cpu']:.2f}s, "
          f"{times['cpu'] / times['cuda']:.1f}x", flush=True)
    folder = Path(tempfile.mkdtemp())/'deberta-base-shape'
    tok = AutoTokenizer.from_pretrained(minilm_path())
    cfg = DebertaV2Config(vocab_size=tok.vocab_size, hidden_size=768, num_hidden_layers=12, num_attention_heads=12,
                          intermediate_size=3072, num_labels=3, id2label={0: 'entailment', 1: 'neutral', 2: 'contradiction'},
                          label2id={'entailment': 0, 'neutral': 1, 'contradiction': 2})
    torch.manual_seed(0); DebertaV2ForSequenceClassification(cfg).save_pretrained(folder); tok.save_pretrained(folder)
    steps = synthetic_steps()
    out, verdicts = {}, {}
    for dev in ('cuda', 'cpu'):
        ce = CrossEncoderNLI(str(folder), device=dev, batch_size=32)
        ce.predict([('warm', 'up')])
        v = Verdicts(ce)
        if dev == 'cuda': torch.cuda.synchronize()
        t0 = time.perf_counter()
        ids = [cluster(t, v, question=q, schedule='all').ids for q, t in steps]
        if dev == 'cuda': torch.cuda.synchronize()
        out[dev] = dict(seconds=time.perf_counter() - t0, pairs=v.stats['evaluated'], calls=v.stats['calls'])
        verdicts[dev] = ids
    same = sum(a == b for a, b in zip(verdicts['cuda'], verdicts['cpu'])) / len(steps)
    res['nli'] = dict(cuda=out['cuda'], cpu=out['cpu'], speedup=out['cpu']['seconds'] / out['cuda']['seconds'], same_partition=same)
    print(f"NLI clustering, {len(steps)} steps, {out['cpu']['pairs']} pairs (deberta-base shape, batch 32): cuda "
          f"{out['cuda']['seconds']:.2f}s, cpu {out['cpu']['seconds']:.2f}s, {res['nli']['speedup']:.1f}x; same partition on "
          f"{same:.0%} of steps", flush=True)
    a.out.mkdir(parents=True, exist_ok=True)
    (a.out/'gpu_se.json').write_text(json.dumps(res, indent=1))
    return 0

if __name__ == '__main__': sys.exit(main())
