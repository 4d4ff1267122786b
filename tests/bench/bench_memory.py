"""The memory an in-process model takes, measured, against the estimate `creaeval.local.memory_need` refuses by.

    .venv/bin/python tests/bench/bench_memory.py [model ...]     # default: smollm2-135m-instruct, and the Qwen2.5-Coder
                                                                 # models whose parts are installed

Each (model, engine) loads in a fresh process, with torch, transformers and llama_cpp imported before the baseline is
taken, then answers one ~1,000-token prompt. Measured: the peak resident memory of the process over that baseline
(`VmHWM`, which counts the mapped weights, the key/value cache and every work buffer) at n_ctx 16,384 and one slot, and
the anonymous memory beyond the key/value cache (llama.cpp) or the float32 weights (transformers): what the work-buffer
allowances stand for; and, for llama.cpp, what each of two further slots adds beyond its own cache. Printed: these, the
estimate, and the ratio estimate / measured peak: at or above 1, a model the check lets through has at least the memory
it took here; the further above 1, the earlier the check refuses a model that would just have fitted.
"""
import json, subprocess, sys

CHILD = r"""
import json, re, sys
from pathlib import Path
import torch, transformers, llama_cpp
from creaeval.local import HFModel, LlamaModel, Job, resolve_local_model
from creaeval.weights import memory_need
from creaeval.weights import gguf_header, kv_bytes_per_token
def status():
    s = Path('/proc/self/status').read_text()
    return {k: int(re.search(rf'{k}:\s+(\d+)', s).group(1)) * 1024 for k in ('VmHWM', 'RssAnon')}
name, engine = sys.argv[1], sys.argv[2]
_, path = resolve_local_model(name)
before = status()
lm = HFModel(name, path, 'cpu') if engine == 'transformers' else LlamaModel(name, path, n_ctx=16384, slots=1)
lm.generate_one(Job([{'role': 'user', 'content': 'Describe a brick. ' * 200}], {'temperature': 0, 'max_tokens': 8}, None, 0))
after = status()
meta, n = gguf_header(path)
held = kv_bytes_per_token(meta) * 16384 if engine == 'llama.cpp' else 4 * n      # the cache, or the float32 weights
slot = None
if engine == 'llama.cpp':                          # two further slots: what each adds beyond its own cache
    lm.slots += [lm._open(), lm._open()]
    slot = (status()['RssAnon'] - after['RssAnon']) / 2 - held
print(json.dumps(dict(peak=after['VmHWM'] - before['VmHWM'], work=after['RssAnon'] - before['RssAnon'] - held, slot=slot,
                      estimate=memory_need(path, engine, 16384)[0], slot_estimate=memory_need(path, engine, 16384, first=False)[0] - held)))
"""

def main(models):
    mib = lambda b: f"{b / 2**20:7.0f} MiB"
    print(f"{'model':30s} {'engine':12s} {'peak':>11s} {'work buffers':>13s} {'estimate':>11s} {'estimate/peak':>14s} "
          f"{'further slot beyond its cache, measured / allowed':>50s}")
    for name in models:
        for engine in (['transformers', 'llama.cpp'] if name.startswith('smollm2') else ['llama.cpp']):
            out = subprocess.run([sys.executable, '-c', CHILD, name, engine], capture_output=True, text=True)
            if out.returncode: sys.exit(f"{name} {engine} failed:\n{out.stderr[-2000:]}")
            r = json.loads(out.stdout.strip().splitlines()[-1])
            print(f"{name:30s} {engine:12s} {mib(r['peak'])} {mib(r['work']):>13s} {mib(r['estimate'])} "
                  f"{r['estimate'] / r['peak']:13.2f}x {mib(r['slot']) + ' / ' + mib(r['slot_estimate']) if r['slot'] is not None else '':>50s}",
                  flush=True)

if __name__ == '__main__':
    models = sys.argv[1:]
    if not models:
        from creaeval.weights import SPLIT_MODELS, part_paths, ModelFileError
        models = ['smollm2-135m-instruct']
        for m in SPLIT_MODELS:
            try: part_paths(SPLIT_MODELS[m]); models.append(m)
            except ModelFileError: pass
    main(models)
