"""Notebook-first, reproducible companion to CreaEval (decoupled SoT analysis + evidence-based judging on CGPST) and semantic-entropy creativity evaluation

Modules:

- `creaeval.methods.agents`: Does a solution meet a criterion? Three analysts write their points into a shared fragment store and each turn retrieves only the few fragments it needs; they stop early when they are confident, and the most confident one gives the verdict. Beside it, on the same criteria and counted the same way: ChatEval (two debaters and a judge), a one-shot judge and a chain-of-thought judge.
- `creaeval.se_compare`: A finished semantic-entropy run keeps every candidate of every step. Clustering those same candidates with another NLI backend says how much SE depends on the backend; the diversity baselines over the same candidates say how much SE adds to cheaper measures. `creaeval se-compare` writes both next to the run, so that the paper notebooks read tables and need neither torch nor a model.
- `creaeval.stepwise`: P2's loop: sample ten candidate next steps, stop when half say STOP, cut each to its step, cluster by meaning, measure the entropy, continue with the most probable candidate. Three samplers behind one interface (the LLM layer, one batched transformers `generate`, an OpenAI-compatible completions endpoint), and resumable run directories that replay offline."""
