"""GPU paths of semantic entropy: run only with CREAEVAL_TEST_FLAGS containing 'gpu' on a machine with CUDA.

The batched sampler and the cross-encoder must give on CUDA what they give on the CPU: ten candidates with
log-probabilities, and the same NLI verdicts (argmax of the same fp32 logits) for the same pairs.
"""
import os
import pytest

torch = pytest.importorskip('torch')
pytestmark = pytest.mark.skipif('gpu' not in os.environ.get('CREAEVAL_TEST_FLAGS', '').split() or not torch.cuda.is_available(),
                                reason="needs CUDA and CREAEVAL_TEST_FLAGS='gpu'")

def test_hf_generate_on_cuda():
    from creaeval.llm import run_sync
    from creaeval.local import HFModel, resolve_local_model
    from creaeval.samplers import HFGenerateSampler
    from creaeval.stepwise import step_messages
    _, path = resolve_local_model('smollm2-135m-instruct')
    s = HFGenerateSampler(HFModel('smollm2-135m-instruct', path, device='cuda'))
    c = run_sync(s.sample(step_messages('You need to open a jar without tools.', []), 10, 1.0, 0.9, 32, ['\n\n'], seed=3))
    assert len(c) == 10 and all(x.token_logps and all(v <= 1e-6 for v in x.token_logps) for x in c)
    assert all(len(x.token_logps) == len(x.token_logps_sampling) for x in c)

def test_cross_encoder_cuda_matches_cpu(tmp_path):
    from creaeval.nli import CrossEncoderNLI, tiny_deberta
    folder = tiny_deberta(tmp_path/'tiny')
    pairs = [('Boil the water.', 'Heat the water until it boils.'), ('Tie the rope.', 'Read the book.')] * 20
    assert CrossEncoderNLI(str(folder), device='cuda').predict(pairs) == CrossEncoderNLI(str(folder), device='cpu').predict(pairs)
