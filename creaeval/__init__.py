"""Notebook-first, reproducible companion to CreaEval (decoupled SoT analysis + evidence-based judging on CGPST) and semantic-entropy creativity evaluation

Modules:

- `creaeval.stepwise`: P2's loop: sample ten candidate next steps, stop when half say STOP, cut each to its step, cluster by meaning, measure the entropy, continue with the most probable candidate. Three samplers behind one interface (the LLM layer, one batched transformers `generate`, an OpenAI-compatible completions endpoint), and resumable run directories that replay offline."""
