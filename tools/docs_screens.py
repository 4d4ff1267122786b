"""Look at the docs site in a real browser: headless Chromium opens the home page, one method page and one paper page
of a built site (`make docs`) and saves a screenshot of each, then checks what a reader would see on each: a page
drawn (not blank), the sidebar drawn down its left side, and on the paper page the figures loaded (the browser's own
report of each image's natural width, read from the page after it loaded).

    .venv/bin/python tools/docs_screens.py [SITE]      # SITE: the built site (default _docs); screenshots in SITE/_screens

Exits 0 when every page passes, 1 with one line per problem, 2 when no Chromium is installed (`apt-get install
chromium` on Debian/Ubuntu; `make docs` installs it where it can).
"""
import json, re, shutil, subprocess, sys, tempfile
from pathlib import Path
import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
PAGES = {'home': 'docs/index.html', 'method': 'nbs/50_entropy.html',
         'paper': 'papers/creaeval/figs_03_10_21_heatmaps.html'}
WIDTH, HEIGHT = 1280, 1000
# run in the page once it has loaded: how many images, and how many the browser decoded (natural width > 0)
PROBE = ("<script>window.addEventListener('load', () => { const i = [...document.images]; "
         "document.title = 'PROBE ' + JSON.stringify({images: i.length, loaded: i.filter(x => x.naturalWidth > 0).length,"
         " sidebar: !!document.querySelector('#pst-primary-sidebar, .bd-sidebar-primary')}); });</script>")

def browser() -> str|None:
    "The Chromium binary on PATH, if any."
    return next((shutil.which(b) for b in ('chromium', 'chromium-browser', 'google-chrome') if shutil.which(b)), None)

def _chrome(exe: str, *args: str, timeout: int=60) -> subprocess.CompletedProcess:
    with tempfile.TemporaryDirectory() as prof:   # a fresh profile: nothing cached from another run
        return subprocess.run([exe, '--headless=new', '--no-sandbox', '--disable-gpu', '--hide-scrollbars',
                               '--no-first-run', f'--user-data-dir={prof}', '--virtual-time-budget=5000', *args],
                              capture_output=True, text=True, timeout=timeout)

def screenshot(exe: str, page: Path, png: Path) -> None:
    "A `WIDTH` x `HEIGHT` screenshot of `page` as Chromium draws it."
    r = _chrome(exe, f'--window-size={WIDTH},{HEIGHT}', f'--screenshot={png}', page.as_uri())
    if not png.is_file(): raise RuntimeError(f"{page}: no screenshot ({r.stderr.strip()[-300:]})")

def probe(exe: str, page: Path) -> dict:
    "What the browser reports after load: images on the page, those decoded, whether the sidebar element exists."
    with tempfile.NamedTemporaryFile('w', suffix='.html', dir=page.parent, delete=False) as f:
        f.write(page.read_text().replace('</head>', PROBE + '</head>', 1)); tmp = Path(f.name)
    try:
        r = _chrome(exe, '--dump-dom', tmp.as_uri())
    finally: tmp.unlink()
    m = re.search(r'<title>PROBE (\{.*?\})</title>', r.stdout)
    if m is None: raise RuntimeError(f"{page}: the page did not finish loading ({r.stderr.strip()[-300:]})")
    return json.loads(m.group(1))

def look(png: Path) -> dict:
    "What the screenshot shows: its size, how many colours, and how much of the left sidebar column holds ink."
    img = np.asarray(Image.open(png).convert('RGB')).astype(int)
    ink = (img < 200).any(axis=2)
    return dict(size=(img.shape[1], img.shape[0]), colours=len(np.unique(img.reshape(-1, 3), axis=0)),
                ink=float(ink.mean()), sidebar_ink=float(ink[:, :300].mean()))

def check(site: Path, out: Path|None=None) -> tuple[list[str], dict]:
    "Screenshots of the three pages in `out` (default SITE/_screens) and the problems found, with what was seen."
    exe = browser()
    if exe is None: raise FileNotFoundError("no Chromium on PATH (apt-get install chromium)")
    site = Path(site).resolve()                       # a browser opens file URIs, which must be absolute
    out = Path(out or site/'_screens').resolve(); out.mkdir(parents=True, exist_ok=True)
    problems, seen = [], {}
    for name, rel in PAGES.items():
        page = site/rel
        if not page.is_file(): problems.append(f"{rel}: not in the site {site}"); continue
        png = out/f'{name}.png'; screenshot(exe, page, png)
        s = look(png) | probe(exe, page); seen[name] = s
        if s['size'] != (WIDTH, HEIGHT): problems.append(f"{rel}: screenshot is {s['size']}, not {(WIDTH, HEIGHT)}")
        if s['colours'] < 20 or s['ink'] < 0.005: problems.append(f"{rel}: the page is drawn blank ({s})")
        if not s['sidebar'] or s['sidebar_ink'] < 0.002: problems.append(f"{rel}: no sidebar drawn ({s})")
        if name == 'paper' and (s['images'] < 3 or s['loaded'] < s['images']):
            problems.append(f"{rel}: {s['loaded']} of {s['images']} images loaded in the browser")
    return problems, seen

if __name__ == '__main__':
    site = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT/'_docs'
    try: problems, seen = check(site)
    except FileNotFoundError as e: print(f"docs_screens: {e}"); sys.exit(2)
    for name, s in seen.items():
        print(f"{name:6} {PAGES[name]}: {s['colours']} colours, ink {s['ink']:.1%}, sidebar ink {s['sidebar_ink']:.1%}, "
              f"images {s['loaded']}/{s['images']} loaded -> {site/'_screens'/name}.png")
    for p in problems: print('problem:', p)
    sys.exit(1 if problems else 0)
