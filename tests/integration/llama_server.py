"""Start llama-cpp-python's OpenAI-compatible server (`python -m llama_cpp.server ARGS`) with llama.cpp's extra
weight-buffer types (runtime repacking, AMX kernels) switched off.

Why: on virtual machines whose CPU advertises AMX / AVX-512 features that the hypervisor does not enable, a llama.cpp
built with native CPU flags dies with SIGILL ("Illegal instruction") on the first prompt longer than one token. This was
observed on the project's build machines. Plain kernels are slower but correct. Set CREAEVAL_LLAMA_EXTRA_BUFTS=1 to keep
llama.cpp's default.
"""
import os, runpy, sys

if __name__ == '__main__':
    if os.environ.get('CREAEVAL_LLAMA_EXTRA_BUFTS') != '1':
        import llama_cpp.llama_cpp as low   # the ctypes module that llama_cpp.llama.Llama calls
        _default = low.llama_model_default_params
        def _params():
            p = _default()
            p.use_extra_bufts = False
            return p
        low.llama_model_default_params = _params
    sys.argv[0] = 'llama_cpp.server'
    runpy.run_module('llama_cpp.server', run_name='__main__', alter_sys=True)
