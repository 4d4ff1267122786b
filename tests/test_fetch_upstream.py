"""`creaeval data fetch` against the real upstream bytes.

The machines this project is developed on cannot reach GitHub, but they can hold git snapshots of the pinned upstream
repositories. Point `CREAEVAL_UPSTREAM_MIRRORS` at a folder holding them as `<owner>+<name>/repo` (bare git
directories) and this test runs `fetch` with a downloader that answers each raw URL from the snapshot at the pinned
commit: every registered file must come out with its registered sha256. Without the variable the test is skipped.
"""
import os, subprocess, urllib.parse
from pathlib import Path
import pytest
from creaeval.sources import fetch, registry, check_files

MIRRORS = os.environ.get('CREAEVAL_UPSTREAM_MIRRORS')

def mirror_download(root: Path):
    "A `fetch` downloader reading https://raw.githubusercontent.com/<owner>/<name>/<commit>/<path> from git snapshots."
    def download(url: str) -> bytes:
        owner, name, commit, path = urllib.parse.urlparse(url).path.lstrip('/').split('/', 3)
        repo = root/f"{owner}+{name}"/'repo'
        if not repo.is_dir(): raise FileNotFoundError(f"no snapshot of {owner}/{name} under {root}")
        return subprocess.run(['git', '-C', str(repo), 'show', f"{commit}:{urllib.parse.unquote(path)}"],
                              check=True, capture_output=True).stdout
    return download

@pytest.mark.skipif(not MIRRORS, reason='set CREAEVAL_UPSTREAM_MIRRORS to a folder of upstream git snapshots')
def test_fetch_rebuilds_every_file_from_upstream(tmp_path):
    res = fetch(tmp_path, download=mirror_download(Path(MIRRORS)))
    status = res.set_index('path').status
    assert status['cgpst/scoring_instructions.txt'] == 'not reproducible'     # PDF text: no code rebuilds it
    assert (status.drop('cgpst/scoring_instructions.txt') == 'downloaded').all(), status[status != 'downloaded']
    ok = check_files(tmp_path).set_index('path').status
    assert (ok.drop('cgpst/scoring_instructions.txt') == 'ok').all()
    assert len(ok) == len(registry())
