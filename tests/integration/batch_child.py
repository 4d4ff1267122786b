"""A batch of calls through the llamacpp provider, run as its own process by test_llamacpp.py (which SIGKILLs it).

usage: python batch_child.py CACHE N OUT.json   (the base URL comes from CREAEVAL_PROVIDER_LLAMACPP_BASE_URL)
"""
import json, sys
from creaeval.models import get_llm

def requests(n: int) -> list[dict]:
    return [dict(messages=[{'role': 'user', 'content': f'Suggest a short name for pet number {i}.'}],
                 temperature=0, max_tokens=6, meta={'i': i}) for i in range(n)]

if __name__ == '__main__':
    cache, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    llm = get_llm('llamacpp/smollm2', cache=cache, max_retries=2, backoff_base=0.05)
    res = llm.chat_many_sync(requests(n))
    json.dump([dict(i=r.meta['i'], ok=r.ok, cached=r.cached, text=r.text, key=r.key, error=r.error,
                    prompt=requests(n)[r.meta['i']]['messages'][-1]['content']) for r in res], open(out, 'w'))
