"""Round 5's fine-tuned MiniLM on the leave-one-study-out and leave-one-object-out folds of `creaeval.general`
(20 fine-tunes of 5 epochs: about 10 minutes a fold with both of a 2-core machine's cores free, as the last eight
object folds ran; 7.7 hours of wall time in all here, mostly beside other work). Each fold is checkpointed under
data/trained/aut-general/checkpoint-tuned-{study,object}/ and a rerun resumes. `train_general` reads them once every
fold of a fold set is done, to score round 5's whole recipe on the same folds as the new scorer.

    PYTHONPATH=$PWD .venv/bin/python tools/aut_general/run_tuned.py [threads]
"""
import sys
from creaeval.general import tuned_folds
from creaeval.core import in_project

if __name__ == '__main__':
    threads = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    for by in ('study', 'object'):
        tuned_folds(in_project('data/trained/aut-general'), by, threads=threads, progress=False)
