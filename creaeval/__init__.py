"""Notebook-first, reproducible companion to CreaEval (decoupled SoT analysis + evidence-based judging on CGPST) and semantic-entropy creativity evaluation

Modules:

- `creaeval.methods.agents`: Does a solution meet a criterion? Three analysts write their points into a shared fragment store and each turn retrieves only the few fragments it needs; they stop early when they agree with confidence, and the most confident one gives the verdict. Beside it, on the same criteria and counted the same way: ChatEval (two debaters and a judge), a one-shot judge and a chain-of-thought judge.
- `creaeval.stepwise`: P2's loop: sample ten candidate next steps, stop when half say STOP, cut each to its step, cluster by meaning, measure the entropy, continue with the most probable candidate. Three samplers behind one interface (the LLM layer, one batched transformers `generate`, an OpenAI-compatible completions endpoint), and resumable run directories that replay offline."""
