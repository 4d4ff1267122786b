"""Notebook-first, reproducible companion to CreaEval (decoupled SoT analysis + evidence-based judging on CGPST) and semantic-entropy creativity evaluation

`nbs/` read in number order is the package bottom-up: each notebook defines one module and imports only modules of
notebooks with smaller numbers (`tests/test_layers.py` checks both the module layers and the numbers). The tens say
what a notebook is about, so that a reader or a maintainer knows where a new piece goes:

- **00-09, the task and the data**: the CGPST task model, schemas and parsing, the strict readers, run directories,
  the public data files and their loaders, the one long score table.
- **10-19, models and samples**: the LLM cache and client, model files, guided decoding, the in-process engines, the
  provider factory, sentence vectors, the samples every method scores, and P2's samplers.
- **20-29, measures and analyses**: agreement metrics and P1's protocol, plots, AUT/TTCW analyses, bias, the
  temperature pilot, the AUT reference scores, the trained evaluators, the checks on real human-rated data, the
  degenerate-judge rule.
- **30-38, P1's methods and creaeval's AUT scorers**: CreaEval's two phases (SoT analyst, judge), what the methods
  share, CreaEval itself, the baselines and the AUT/TTCW variants; the rated-neighbours scorer, the generalising
  scorer `creaeval score` uses, and a reader's file.
- **50-59, P2**: semantic entropy, NLI clustering, the diversity baselines, the stepwise sampling loop, the SE
  comparisons, the retrieval three-agent judge with its fragment store (P2's judges sit beside P2's entropy, not
  among P1's methods), P2's tables read from the committed runs, and the trained MacGyver judge.
- **60-64, runs**: the method registry, the resumable runner, prompt injection, report tables, the finished runs'
  scores the paper notebooks read; **90** the `creaeval` command.

creaeval keeps the module names (`creaeval.methods.agents`, `creaeval.stepwise`, ...) that committed runs and users'
code import; the numbers carry the layering. A notebook's pattern is an export cell with one definition, a demo on a
real unit, then its tests; `tools/house.py` measures how closely the notebooks follow it (`tests/test_house.py` holds
the limits). The facts about the papers that the notebooks cite (sections, tables, what their code does) are kept,
each with its source, in `papers/creaeval/notes.md` (P1) and `papers/semantic-entropy/notes.md` (P2).

Modules (`.` stands for `creaeval.`):

| notebook | module | what it holds |
|---|---|---|
| `00_core` | `creaeval.core` | `settings.ini` with environment overrides; where the datasets are found |
| `01_cgpst` | `creaeval.cgpst` | the CGPST task model: steps, dimensions and ranges, invalid codes, categories, the rubric (descriptions and levels) |
| `02_schemas`, `03_parse` | `.schemas`, `.parse` | JSON-schema tools, the evidence and score models; parsing a six-step response, the Step-5 grid checker |
| `04_readers`, `05_rundir` | `.readers`, `.rundir` | `DataError` and the strict readers every loader shares; run directories (config, append-only records, caches) |
| `06_sources` | `.sources` | the registry of public data files (source, pinned commit, sha256) and `fetch` |
| `07_sheets` | `.sheets` | CGPST scenarios, step prompts and the raters' sheets |
| `08_loaders` | `.loaders` | the pilot, AUT, TTCW and MacGyver files as tidy tables |
| `09_scores` | `.scores` | the one long score table (`SCORE_COLUMNS`: source, rater, ...), its adapters and derived summaries |
| `10_cache`, `11_structured` | `.cache`, `.structured` | the content-addressed LLM cache; structured output repaired and validated |
| `12_llm`, `13_weights` | `.llm`, `.weights` | one concurrent, fault-tolerant client; model files from the package index (GGUFs assembled, headers, memory sizing, MiniLM) |
| `14_guide` | `.guide` | token choice and schema-guided decoding |
| `15_local` | `.local` | the in-process engines (transformers, llama.cpp) |
| `16_models`, `17_embed` | `.models`, `.embed` | `get_llm('provider/model')` for every provider, the filler provider and the `FakeLLM` test double; MiniLM sentence vectors |
| `18_samples` | `.samples` | samples and the datasets: CGPST responses, the AUT split and few-shot examples, TTCW stories, MacGyver solutions |
| `19_samplers` | `.samplers` | P2's candidate steps drawn with their token log-probabilities: a candidate, the three samplers (any chat model, one transformers `generate`, a completions server), each cached for replay; `make_sampler` |
| `20_metrics`, `21_agreement`, `22_plots` | `.metrics`, `.agreement`, `.plots` | PCC, QWK, ICC with intervals, Self-BLEU, BERTScore; P1's agreement protocol; the figure helpers |
| `23_aut_ttcw`, `24_bias`, `25_pilot` | `.aut_ttcw`, `.bias`, `.pilot` | AUT correlations and TTCW binary tests; inter-judge variance, verbosity, leniency, score cross-tabs; P1 Tables 9-11 from the pilot files |
| `26_aut_reference`, `27_training` | `.aut_reference`, `.training` | AUT scores without an LLM judge; the trained evaluators (SFT, SFT_Evidence, SaMer) and their leak-free training data |
| `28_real_data_checks` | | the metrics on real human-rated data: Ocsai's AUT predictions, the TTCW update's LLM judges |
| `29_degenerate` | `.degenerate` | the degenerate-judge rule, creaeval's (one level for at least 95% of a judge's samples on a dimension): the judges it flags, the table without them, a caption's sentence |
| `30_sot`, `31_judge`, `32_common` | `.methods.sot`, `.methods.judge`, `.methods.common` | Phase 1 (evidence); Phase 2 (scores from evidence); what every method shares (`Ctx`, `MethodResult`) |
| `33_creaeval`, `34_baselines`, `35_tasks` | `.methods.creaeval`, `.baselines`, `.tasks` | CreaEval and its ablations; Direct, CoT, ToT, GoT, TaT; the AUT and TTCW variants |
| `36_scorer`, `37_general`, `38_scorefile` | `.scorer`, `.general`, `.scorefile` | the rated-neighbours AUT scorer (six rounds); the generalising scorer (any object, any study; the default of `creaeval score`); a reader's CSV read strictly, the output checked first, the participants' table |
| `50_entropy`, `51_nli`, `52_diversity` | `.entropy`, `.nli`, `.diversity` | semantic entropy in four forms; NLI backends and clustering; the diversity baselines |
| `53_stepwise`, `54_se_compare` | `.stepwise`, `.se_compare` | P2's stepwise SE loop (prompts, the cut to one step, scoring, the loop, runs; the samplers are in `19_samplers`); a finished SE run read again with other NLI backends and the diversity table |
| `55_store`, `56_agents` | `.store`, `.methods.agents` | the agents' fragment store; P2's three-agent and single judges |
| `57_p2tables` | `.p2tables` | P2's tables read from the committed runs: its reported numbers, run discovery, Table 2 accuracy and AUC of P(YES), Table 17 tokens per pair, SE per model (Tables 3-5) and per temperature, convergent scores of SE solutions |
| `58_mgjudge`, `59_mgscore` | `.mgjudge`, `.mgscore` | the trained MacGyver judge (effective, efficient, feasible); a reader's own solutions judged with it |
| `60_registry` | `.methods.registry` | the tables of methods and datasets: per dataset and method, the function, the analyst, the prompts it sends; per dataset, how its samples load, its task, what a refused sample records, its input options (a new dataset needs its loader, its sample adapter and one row of `DATASETS`) |
| `61_runner` | `.runner` | the resumable runner: records, costs, refusals, the score table of a run |
| `62_injection`, `63_reports`, `64_p1data` | `.injection`, `.reports`, `.p1data` | prompt injection; tables, captions, rounding checks and comparisons for the paper notebooks; P1's printed tables, the humans' and runs' scores, and every step P1's table and figure notebooks take on them |
| `89_papers` | `.papers` | the paper notebooks: their parameters, running them side by side, the index of what they wrote |
| `90_cli` | `.cli` | the `creaeval` command |"""
