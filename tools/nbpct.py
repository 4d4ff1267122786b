"""Convert between nbdev notebooks and a plain-text "percent" form for editing.

    python tools/nbpct.py to-nb  nbs/00_core.pct.py   # writes nbs/00_core.ipynb
    python tools/nbpct.py to-pct nbs/00_core.ipynb    # writes nbs/00_core.pct.py

Cells start with `# %%` (code) or `# %% [markdown]` (markdown, each line prefixed by `# `).
A code cell header may carry tags: `# %% tags=["parameters"]`.
Outputs are dropped: the notebooks are committed clean (nbdev-clean).
"""
import hashlib, json, re, sys
from pathlib import Path

HDR = re.compile(r'^# %%(?P<md> \[markdown\])?(?: tags=(?P<tags>\[.*\]))?\s*$')

def to_nb(src: Path) -> Path:
    cells, cur = [], None
    for line in src.read_text().splitlines():
        m = HDR.match(line)
        if m:
            cur = {'md': bool(m['md']), 'tags': json.loads(m['tags']) if m['tags'] else [], 'lines': []}
            cells.append(cur); continue
        if cur is None: continue
        if cur['md']: line = line[2:] if line.startswith('# ') else ('' if line == '#' else line)
        cur['lines'].append(line)
    nb_cells = []
    for c in cells:
        while c['lines'] and not c['lines'][-1].strip(): c['lines'].pop()
        text = '\n'.join(c['lines'])
        source = [l + '\n' for l in text.split('\n')]
        if source: source[-1] = source[-1][:-1]
        meta = {'tags': c['tags']} if c['tags'] else {}
        # deterministic ids, so that converting again does not churn the exported modules' cell markers
        cid = hashlib.sha1(f"{len(nb_cells)}:{text}".encode()).hexdigest()[:8]
        if c['md']: nb_cells.append({'cell_type': 'markdown', 'id': cid, 'metadata': meta, 'source': source})
        else: nb_cells.append({'cell_type': 'code', 'execution_count': None, 'id': cid, 'metadata': meta, 'outputs': [], 'source': source})
    nb = {'cells': nb_cells, 'metadata': {'kernelspec': {'display_name': 'python3', 'language': 'python', 'name': 'python3'}},
          'nbformat': 4, 'nbformat_minor': 5}
    out = src.with_name(src.name.replace('.pct.py', '.ipynb'))
    out.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + '\n')
    return out

def to_pct(src: Path) -> Path:
    nb = json.loads(src.read_text())
    parts = []
    for c in nb['cells']:
        text = ''.join(c['source'])
        tags = c.get('metadata', {}).get('tags')
        t = f' tags={json.dumps(tags)}' if tags else ''
        if c['cell_type'] == 'markdown':
            parts.append('# %% [markdown]' + t + '\n' + '\n'.join(('# ' + l) if l else '#' for l in text.split('\n')))
        else: parts.append('# %%' + t + '\n' + text)
    out = src.with_name(src.name.replace('.ipynb', '.pct.py'))
    out.write_text('\n\n'.join(parts) + '\n')
    return out

if __name__ == '__main__':
    cmd, *files = sys.argv[1:]
    for f in files: print((to_nb if cmd == 'to-nb' else to_pct)(Path(f)))
