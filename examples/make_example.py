#!/usr/bin/python3
"""Writes the command-line example: two layers of PyTorch nn.MultiheadAttention weights, as in a checkpoint,
and a batch of inputs; plus PyTorch's own result for layer 0 with a causal mask, to compare against.

    /usr/bin/python3 examples/make_example.py      (needs Debian's python3-torch; deterministic)

then: ./ffmblas attention --weights examples/mha.weights.safetensors --inputs examples/mha.inputs.safetensors \
        --output attention-out.safetensors --heads 8 --prefix encoder.layers.0.self_attn. --causal
"""
import os
import sys

import numpy as np
import torch

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "attention", "src", "test", "python"))
import make_fixtures as mf  # noqa: E402  (its safetensors writer)

D, HEADS, BATCH, SEQ = 128, 8, 2, 48
torch.manual_seed(2026)
weights = {}
layers = []
for layer in range(2):
    mha = torch.nn.MultiheadAttention(D, HEADS, batch_first=True)
    with torch.no_grad():
        for p in mha.parameters():
            p.copy_(torch.randn_like(p) * 0.1)
    mha.eval()
    layers.append(mha)
    prefix = f"encoder.layers.{layer}.self_attn."
    for name, tensor in mha.state_dict().items():
        weights[prefix + name] = tensor.detach().numpy().astype(np.float32)
query = torch.randn(BATCH, SEQ, D)
causal = torch.ones(SEQ, SEQ, dtype=torch.bool).triu(1)  # True = masked: key j > query i
with torch.no_grad():
    out, attn = layers[0](query, query, query, attn_mask=causal, need_weights=True, average_attn_weights=False)

meta = {"generator": "examples/make_example.py", "torch_version": torch.__version__}
mf.write_safetensors(os.path.join(here, "mha.weights.safetensors"), weights, meta)
mf.write_safetensors(os.path.join(here, "mha.inputs.safetensors"), {"query": query.numpy()}, meta)
mf.write_safetensors(os.path.join(here, "mha.expected.safetensors"),
                     {"output": out.numpy(), "attention_weights": attn.numpy()},
                     dict(meta, heads=str(HEADS), causal="true", prefix="encoder.layers.0.self_attn."))
print("wrote examples/mha.{weights,inputs,expected}.safetensors")
