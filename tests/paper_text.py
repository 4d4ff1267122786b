"""What tests/test_p1_text.py and test_p2_text.py read: a notebook's prose and a caption file's caption."""
import json, re
from pathlib import Path

def flat(s: str) -> str: return re.sub(r'\s+', ' ', s)

def markdown(nb: Path) -> str:
    "The markdown cells of a notebook, whitespace flattened."
    return flat('\n\n'.join(''.join(c['source']) for c in json.loads(nb.read_text())['cells']
                            if c['cell_type'] == 'markdown'))

def caption(md: Path) -> str: return flat(md.read_text().split('\n\n', 1)[0])
