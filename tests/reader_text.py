"""What a reader gets as prose: README.md and the docs pages it points to (docs/*.md; docs/api.md, which docs/conf.py
writes from the docstrings, left out). The tests that check what the README says read it here, so a section that
moved from README.md to a docs page is checked where it now stands."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

def reader_files(*pages: str) -> list[Path]:
    "README.md, then the named docs pages (`'guide'` is docs/guide.md), or every docs page when none is named."
    docs = [ROOT/'docs'/f'{p}.md' for p in pages] if pages else \
        sorted(p for p in (ROOT/'docs').glob('*.md') if p.name != 'api.md')
    missing = [str(p) for p in docs if not p.is_file()]
    assert not missing, f"docs pages missing: {missing}"
    return [ROOT/'README.md', *docs]

def reader_text(*pages: str) -> str:
    "The text of README.md and those docs pages (all of them when none is named), one after another."
    return '\n\n'.join(p.read_text() for p in reader_files(*pages))
