#!/usr/bin/python3
"""Generate the golden multi-head attention fixtures for ffmblas with PyTorch.

Run from the repository root:

    /usr/bin/python3 attention/src/test/python/make_fixtures.py

That (re)writes one ``<case>.safetensors`` per case, plus ``README.md``, into
``attention/src/test/resources/fixtures/``. The Java tests only read those committed files: they never
need Python or PyTorch. PyTorch is needed only to regenerate them (Debian's python3-torch, 1.13, is what
produced the committed files; ``torch_version`` in each file's metadata records it).

    make_fixtures.py [OUT_DIR] [--seed-offset N] [--only CASE ...] [--decode] [--list]

``--decode`` writes only the incremental-decoding cases, into ``OUT_DIR/decode/`` (a full run writes
them too): sequences decoded over a key/value cache, checked against ``nn.MultiheadAttention`` with a
causal mask over each item's own prefix, or, for cross-attention, with a key_padding_mask; that
directory's README.md lists them.

``--seed-offset N`` (default 0, which is what is committed) draws different random weights, inputs and
masks for every case while keeping its structure (shapes, heads, masks, weight format, prefix); write
such "unseen" cases to another directory (``check_cli.py`` does this in a temporary directory).

Generation is deterministic: each case seeds ``torch.manual_seed`` from its name and the offset, runs in
float32 on one thread, and the safetensors writer emits a fixed header, so a re-run is byte-for-byte
identical (given the same PyTorch build).

File contents (names are exact; a prefix, when present, is prepended verbatim and ends with a dot):
  weights, seed format     wq.weight [d,d], wq.bias [d], wk.*, wv.*, dense.weight [d,d], dense.bias [d]
  weights, pytorch format  in_proj_weight [3d,d], in_proj_bias [3d], out_proj.weight [d,d], out_proj.bias [d]
  inputs   query [B,Lq,d]; key, value [B,Lk,d] (both absent = self-attention on query);
           attn_mask F32 [Lq,Lk] (additive, may hold -inf) or BOOL [Lq,Lk] (true = masked);
           key_padding_mask BOOL [B,Lk] (true = key ignored)
  expected expected.output [B,Lq,d], expected.attention_weights [B,H,Lq,Lk] (per head, not averaged)
  metadata heads, causal ("true": top-left aligned, query i sees keys j <= i; no mask tensor stored),
           weights_format ("seed"/"pytorch"), prefix, description, generator, torch_version, seed

Before writing, every case is checked against an independent float64 NumPy implementation of that
contract, read back from the bytes written; seed-format cases are also run through
torch.nn.MultiheadAttention with the mapped weights (and unmasked PyTorch cases through the seed module).
"""

import argparse
import json
import math
import os
import struct
import sys
import zlib
from dataclasses import dataclass

import numpy as np

try:
    import torch
    import torch.nn as nn
except ImportError:  # the reader and the NumPy reference (used by check_cli.py --dry-run) need no torch
    torch = None
    nn = None

GENERATOR = "make_fixtures.py"
DEFAULT_OUT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                            "..", "resources", "fixtures"))
# Tolerances for the generator's own checks (float32 PyTorch vs float64 NumPy; seed module vs nn.MHA).
REFERENCE_TOL = 2e-5
MAPPING_TOL = 1e-5

SEED_WEIGHTS = ("wq.weight", "wq.bias", "wk.weight", "wk.bias", "wv.weight", "wv.bias",
                "dense.weight", "dense.bias")
PYTORCH_WEIGHTS = ("in_proj_weight", "in_proj_bias", "out_proj.weight", "out_proj.bias")
INPUT_NAMES = ("query", "key", "value", "attn_mask", "key_padding_mask")
EXPECTED_NAMES = ("expected.output", "expected.attention_weights")


# ----------------------------------------------------------------------------------------------------
# The reference module, copied verbatim from /work/shared/seed/multihead-attention.md
# ----------------------------------------------------------------------------------------------------

if torch is not None:
    class MultiHeadAttention(nn.Module):
        def __init__(self, d_model, num_heads):
            super(MultiHeadAttention, self).__init__()
            self.d_model = d_model
            self.num_heads = num_heads
            assert d_model % num_heads == 0, "d_model must be divisible by num_heads"
            self.depth = d_model // num_heads
            self.wq = nn.Linear(d_model, d_model)
            self.wk = nn.Linear(d_model, d_model)
            self.wv = nn.Linear(d_model, d_model)
            self.dense = nn.Linear(d_model, d_model)

        def split_heads(self, x, batch_size):
            x = x.view(batch_size, -1, self.num_heads, self.depth)
            return x.permute(0, 2, 1, 3)

        def scaled_dot_product_attention(self, q, k, v):
            matmul_qk = torch.matmul(q, k.transpose(-2, -1))
            dk = k.size()[-1]
            scaled_attention_logits = matmul_qk / torch.sqrt(torch.tensor(dk, dtype=torch.float32))
            attention_weights = torch.softmax(scaled_attention_logits, dim=-1)
            output = torch.matmul(attention_weights, v)
            return output, attention_weights

        def forward(self, v, k, q):
            batch_size = q.size(0)
            q = self.wq(q)  # (batch_size, seq_len, d_model)
            k = self.wk(k)  # (batch_size, seq_len, d_model)
            v = self.wv(v)  # (batch_size, seq_len, d_model)
            q = self.split_heads(q, batch_size)  # (batch_size, num_heads, seq_len, depth)
            k = self.split_heads(k, batch_size)  # (batch_size, num_heads, seq_len, depth)
            v = self.split_heads(v, batch_size)  # (batch_size, num_heads, seq_len, depth)
            scaled_attention, attention_weights = self.scaled_dot_product_attention(q, k, v)
            scaled_attention = scaled_attention.permute(0, 2, 1, 3).contiguous()
            concat_attention = scaled_attention.view(batch_size, -1, self.d_model)
            output = self.dense(concat_attention)
            return output, attention_weights


# ----------------------------------------------------------------------------------------------------
# safetensors I/O (the safetensors package is not available here; the format is small)
# ----------------------------------------------------------------------------------------------------

_DTYPES = {  # safetensors dtype -> little-endian NumPy dtype
    "F64": "<f8", "F32": "<f4", "F16": "<f2", "I64": "<i8", "I32": "<i4", "I16": "<i2", "I8": "i1",
    "U8": "u1", "BOOL": "u1", "BF16": "<u2",
}


def write_safetensors(path, tensors, metadata):
    """Write ``tensors`` (ordered name -> NumPy array, float32 or bool) back to back, in order.

    The header is compact JSON in insertion order followed by ``__metadata__`` (string values only),
    padded with spaces so that the data section starts at a multiple of 8.
    """
    header = {}
    blobs = []
    offset = 0
    for name, array in tensors.items():
        array = np.asarray(array)
        if array.dtype == np.bool_:
            dtype, blob = "BOOL", np.ascontiguousarray(array, dtype=np.uint8).tobytes()
        elif array.dtype == np.float32:
            dtype, blob = "F32", np.ascontiguousarray(array, dtype="<f4").tobytes()
        else:
            raise TypeError(f"{name}: unsupported dtype {array.dtype} (write float32 or bool)")
        header[name] = {"dtype": dtype, "shape": [int(s) for s in array.shape],
                        "data_offsets": [offset, offset + len(blob)]}
        blobs.append(blob)
        offset += len(blob)
    if metadata:
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in metadata.items()):
            raise TypeError("__metadata__ must map strings to strings")
        header["__metadata__"] = dict(metadata)
    raw = json.dumps(header, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    raw += b" " * ((-(8 + len(raw))) % 8)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(struct.pack("<Q", len(raw)))
        f.write(raw)
        for blob in blobs:
            f.write(blob)
    os.replace(tmp, path)


def read_safetensors(path):
    """Read a safetensors file: returns (ordered name -> NumPy array, metadata dict).

    Validates the header strictly (sizes, bounds, no overlap or gap, BOOL values 0/1); BF16 is widened
    to float32, every other dtype keeps its NumPy equivalent (BOOL becomes np.bool_).
    """
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 8:
        raise ValueError(f"{path}: shorter than the 8-byte header length")
    (n,) = struct.unpack_from("<Q", data, 0)
    if n > len(data) - 8:
        raise ValueError(f"{path}: header length {n} exceeds the file ({len(data)} bytes)")
    header = json.loads(data[8:8 + n].decode("utf-8"))
    if not isinstance(header, dict):
        raise ValueError(f"{path}: header is not a JSON object")
    metadata = header.pop("__metadata__", None) or {}
    body = memoryview(data)[8 + n:]
    tensors = {}
    spans = []
    for name, info in header.items():
        dtype = info.get("dtype")
        if dtype not in _DTYPES:
            raise ValueError(f"{path}: {name}: unsupported dtype {dtype!r}")
        shape = info.get("shape")
        if not isinstance(shape, list) or not all(isinstance(s, int) and s >= 0 for s in shape):
            raise ValueError(f"{path}: {name}: bad shape {shape!r}")
        begin, end = info.get("data_offsets", (None, None))
        npdt = np.dtype(_DTYPES[dtype])
        count = int(np.prod(shape, dtype=np.int64)) if shape else 1
        if not (isinstance(begin, int) and isinstance(end, int) and 0 <= begin <= end <= len(body)):
            raise ValueError(f"{path}: {name}: data_offsets {begin}, {end} outside the data section")
        if end - begin != count * npdt.itemsize:
            raise ValueError(f"{path}: {name}: {end - begin} bytes for shape {shape} of {dtype}")
        array = np.frombuffer(body[begin:end], dtype=npdt).reshape(shape).copy()
        if dtype == "BOOL":
            if array.size and array.max() > 1:
                raise ValueError(f"{path}: {name}: BOOL byte other than 0/1")
            array = array.astype(np.bool_)
        elif dtype == "BF16":
            array = (array.astype(np.uint32) << 16).view(np.float32)
        tensors[name] = array
        spans.append((begin, end, name))
    position = 0
    for begin, end, name in sorted(spans):
        if begin != position:
            raise ValueError(f"{path}: {name}: starts at {begin}, expected {position} (gap or overlap)")
        position = end
    if position != len(body):
        raise ValueError(f"{path}: {len(body) - position} trailing bytes after the last tensor")
    return tensors, metadata


# ----------------------------------------------------------------------------------------------------
# Independent float64 NumPy reference of the fixture contract
# ----------------------------------------------------------------------------------------------------

def unprefixed_weights(tensors, weights_format, prefix):
    names = SEED_WEIGHTS if weights_format == "seed" else PYTORCH_WEIGHTS
    missing = [prefix + n for n in names if prefix + n not in tensors]
    if missing:
        raise KeyError(f"missing weights {missing}")
    return {n: tensors[prefix + n] for n in names}


def reference_attention(weights, weights_format, heads, query, key=None, value=None,
                        attn_mask=None, key_padding_mask=None, causal=False):
    """softmax(Q K^T / sqrt(depth) + masks) V per head, concatenated, projected; all in float64."""
    f64 = lambda a: np.asarray(a, dtype=np.float64)
    if weights_format == "seed":
        wq, wk, wv = (f64(weights[n + ".weight"]) for n in ("wq", "wk", "wv"))
        bq, bk, bv = (f64(weights[n + ".bias"]) for n in ("wq", "wk", "wv"))
        wo, bo = f64(weights["dense.weight"]), f64(weights["dense.bias"])
    else:
        wq, wk, wv = np.split(f64(weights["in_proj_weight"]), 3, axis=0)
        bq, bk, bv = np.split(f64(weights["in_proj_bias"]), 3)
        wo, bo = f64(weights["out_proj.weight"]), f64(weights["out_proj.bias"])
    query = f64(query)
    key = query if key is None else f64(key)
    value = key if value is None else f64(value)
    batch, lq, d = query.shape
    lk = key.shape[1]
    depth = d // heads
    assert depth * heads == d

    def split(x):  # [B, L, d] -> [B, H, L, depth]
        return x.reshape(batch, x.shape[1], heads, depth).transpose(0, 2, 1, 3)

    q, k, v = split(query @ wq.T + bq), split(key @ wk.T + bk), split(value @ wv.T + bv)
    logits = q @ k.transpose(0, 1, 3, 2) / math.sqrt(depth)
    allowed = np.ones((batch, 1, lq, lk), dtype=bool)
    if attn_mask is not None:
        if attn_mask.dtype == np.bool_:
            allowed &= ~attn_mask[None, None]
        else:
            logits = logits + f64(attn_mask)[None, None]
    if causal:
        allowed &= np.tril(np.ones((lq, lk), dtype=bool))[None, None]
    if key_padding_mask is not None:
        allowed &= ~key_padding_mask[:, None, None, :]
    logits = np.where(allowed, logits, -np.inf)
    row_max = logits.max(axis=-1, keepdims=True)
    if not np.all(np.isfinite(row_max)):
        raise ValueError("a query row has no visible key (PyTorch would give NaN)")
    e = np.exp(logits - row_max)
    probs = e / e.sum(axis=-1, keepdims=True)
    context = (probs @ v).transpose(0, 2, 1, 3).reshape(batch, lq, d)
    return context @ wo.T + bo, probs


def reference_from_tensors(tensors, metadata):
    """Run the NumPy reference on the tensors of a fixture (or of a split weights+inputs pair)."""
    weights = unprefixed_weights(tensors, metadata["weights_format"], metadata.get("prefix", ""))
    return reference_attention(weights, metadata["weights_format"], int(metadata["heads"]),
                               tensors["query"], tensors.get("key"), tensors.get("value"),
                               tensors.get("attn_mask"), tensors.get("key_padding_mask"),
                               metadata.get("causal") == "true")


# ----------------------------------------------------------------------------------------------------
# Cases
# ----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Case:
    name: str
    weights_format: str  # "seed" | "pytorch"
    batch: int
    lq: int
    lk: int
    d: int
    heads: int
    inputs: str = "self"  # "self" (query only) | "cross" (distinct q, k, v) | "kv" (key == value != query)
    attn_mask: str = ""  # "" | "float" | "bool"
    key_padding: bool = False
    causal: bool = False
    prefix: str = ""
    decoy_prefix: str = ""
    description: str = ""


CASES = (
    # The seed module (weights wq/wk/wv/dense); it has no masks.
    Case("seed_self_attention", "seed", 2, 7, 7, 16, 4,
         description="seed module, self-attention (v = k = q), depth 4"),
    Case("seed_cross_attention", "seed", 2, 5, 9, 12, 3, inputs="cross",
         description="seed module, cross-attention with distinct query, key and value, Lq != Lk, depth 4"),
    Case("seed_one_head", "seed", 1, 6, 6, 10, 1,
         description="seed module, one head (depth = d_model = 10)"),
    Case("seed_one_token", "seed", 1, 1, 1, 8, 2,
         description="seed module, a single token (every attention weight is 1)"),
    Case("seed_depth5", "seed", 2, 6, 6, 20, 4,
         description="seed module, depth 5 (d_model 20, 4 heads): not a multiple of 8 or 16"),
    Case("seed_depth6", "seed", 2, 5, 5, 18, 3,
         description="seed module, depth 6 (d_model 18, 3 heads): not a multiple of 8 or 16"),
    Case("seed_seq130", "seed", 1, 130, 130, 24, 3,
         description="seed module, sequence of 130 tokens (past 128), d_model 24, depth 8"),
    # torch.nn.MultiheadAttention (weights in_proj/out_proj).
    Case("pt_self_attention", "pytorch", 3, 11, 11, 16, 4,
         description="nn.MultiheadAttention, self-attention, batch 3"),
    Case("pt_cross_attention_kv", "pytorch", 2, 4, 13, 12, 2, inputs="kv",
         description="nn.MultiheadAttention, cross-attention: key == value (both stored), distinct query"),
    Case("pt_causal", "pytorch", 2, 9, 9, 16, 2, causal=True,
         description="nn.MultiheadAttention, causal self-attention (metadata causal=true, no mask tensor)"),
    Case("pt_float_attn_mask", "pytorch", 2, 8, 8, 12, 3, attn_mask="float",
         description="nn.MultiheadAttention, additive F32 attn_mask [Lq,Lk] (random biases, some -inf)"),
    Case("pt_bool_attn_mask", "pytorch", 1, 6, 10, 8, 2, inputs="cross", attn_mask="bool",
         description="nn.MultiheadAttention, BOOL attn_mask [Lq,Lk] (true = masked), distinct q/k/v"),
    Case("pt_key_padding_mask", "pytorch", 3, 7, 7, 12, 4, key_padding=True,
         description="nn.MultiheadAttention, key_padding_mask [B,Lk] differing per batch row "
                     "(none / trailing / leading and inner padding)"),
    Case("pt_causal_key_padding", "pytorch", 3, 8, 8, 16, 4, causal=True, key_padding=True,
         description="nn.MultiheadAttention, causal plus key_padding_mask (key 0 never padded, so no "
                     "row is fully masked)"),
    Case("pt_prefixed", "pytorch", 2, 6, 6, 16, 4, prefix="encoder.layers.0.self_attn.",
         decoy_prefix="encoder.layers.1.self_attn.",
         description="nn.MultiheadAttention weights under prefix encoder.layers.0.self_attn., plus a "
                     "decoy layer encoder.layers.1.self_attn. with other values (written first)"),
    Case("pt_depth5", "pytorch", 2, 7, 7, 15, 3,
         description="nn.MultiheadAttention, depth 5 (d_model 15, 3 heads)"),
    Case("pt_seq130", "pytorch", 1, 130, 130, 16, 2,
         description="nn.MultiheadAttention, sequence of 130 tokens, depth 8"),
    Case("pt_one_head", "pytorch", 2, 5, 5, 8, 1,
         description="nn.MultiheadAttention, one head (depth = d_model = 8)"),
    Case("pt_one_token", "pytorch", 2, 1, 1, 8, 2,
         description="nn.MultiheadAttention, a single token per batch row"),
)
CASES_BY_NAME = {c.name: c for c in CASES}


def case_seed(case, seed_offset):
    """A stable per-case seed: does not depend on the order of CASES; differs for every offset."""
    return zlib.crc32(f"{case.name}#{seed_offset}".encode("utf-8"))


def _ensure_visible(masked, generator):
    """masked: bool [rows, cols], True = masked. Unmask one random key in every fully masked row."""
    for row in range(masked.shape[0]):
        if bool(masked[row].all()):
            masked[row, int(torch.randint(masked.shape[1], (1,), generator=generator))] = False
    return masked


def _key_padding(case, generator):
    """Per batch row padding patterns that differ from row to row; key 0 stays visible when causal."""
    b, lk = case.batch, case.lk
    kpm = torch.zeros(b, lk, dtype=torch.bool)
    for row in range(b):
        kind = row % 3
        if kind == 1:  # trailing padding (the usual right-padded batch)
            kpm[row, lk - max(1, lk // 3):] = True
        elif kind == 2:  # scattered padding (leading too unless causal: then key 0 must stay visible)
            kpm[row] = torch.rand(lk, generator=generator) < 0.4
            if case.causal:
                kpm[row, 0] = False
            else:
                kpm[row, 0] = True
        # kind 0: no padding at all
        if bool(kpm[row].all()):
            kpm[row, lk - 1] = False
    return kpm


def build_case(case, seed_offset=0):
    """Compute one case with PyTorch: returns (ordered tensors as NumPy arrays, metadata)."""
    seed = case_seed(case, seed_offset)
    torch.manual_seed(seed)
    d, b, lq, lk, h = case.d, case.batch, case.lq, case.lk, case.heads
    f32 = torch.float32

    def linear_params():
        return torch.randn(d, d, dtype=f32) * 0.3, torch.randn(d, dtype=f32) * 0.3

    (wq, bq), (wk, bk), (wv, bv), (wo, bo) = (linear_params() for _ in range(4))
    decoy = [linear_params() for _ in range(4)] if case.decoy_prefix else None

    query = torch.randn(b, lq, d, dtype=f32)
    if case.inputs == "self":
        assert lq == lk
        key = value = query
    elif case.inputs == "kv":
        key = value = torch.randn(b, lk, d, dtype=f32)
    elif case.inputs == "cross":
        key = torch.randn(b, lk, d, dtype=f32)
        value = torch.randn(b, lk, d, dtype=f32)
    else:
        raise ValueError(case.inputs)

    generator = torch.Generator().manual_seed(seed ^ 0x5EED)
    attn_mask = None
    if case.attn_mask == "float":
        attn_mask = torch.randn(lq, lk, generator=generator, dtype=f32)
        blocked = _ensure_visible(torch.rand(lq, lk, generator=generator) < 0.25, generator)
        attn_mask = attn_mask.masked_fill(blocked, float("-inf"))
    elif case.attn_mask == "bool":
        attn_mask = _ensure_visible(torch.rand(lq, lk, generator=generator) < 0.4, generator)
    key_padding_mask = _key_padding(case, generator) if case.key_padding else None

    # The mask actually handed to PyTorch: causal cases use a top-left aligned bool mask (not stored).
    torch_mask = attn_mask
    if case.causal:
        assert attn_mask is None, "causal cases carry no attn_mask tensor"
        torch_mask = ~torch.ones(lq, lk, dtype=torch.bool).tril()
    _assert_every_row_visible(case, torch_mask, key_padding_mask)

    with torch.no_grad():
        if case.weights_format == "seed":
            assert torch_mask is None and key_padding_mask is None, "the seed module has no masks"
            module = MultiHeadAttention(d, h).eval()
            for lin, (w, bias) in zip((module.wq, module.wk, module.wv, module.dense),
                                      ((wq, bq), (wk, bk), (wv, bv), (wo, bo))):
                lin.weight.copy_(w)
                lin.bias.copy_(bias)
            output, attention_weights = module(value, key, query)
            _check_seed_vs_pytorch(case, module, query, key, value, output, attention_weights)
        else:
            module = nn.MultiheadAttention(d, h, batch_first=True).eval()
            module.in_proj_weight.copy_(torch.cat([wq, wk, wv], 0))
            module.in_proj_bias.copy_(torch.cat([bq, bk, bv], 0))
            module.out_proj.weight.copy_(wo)
            module.out_proj.bias.copy_(bo)
            output, attention_weights = module(query, key, value, key_padding_mask=key_padding_mask,
                                               need_weights=True, attn_mask=torch_mask,
                                               average_attn_weights=False)
            if torch_mask is None and key_padding_mask is None:
                _check_pytorch_vs_seed(case, module, query, key, value, output, attention_weights)

    assert output.shape == (b, lq, d) and attention_weights.shape == (b, h, lq, lk)
    assert torch.isfinite(output).all() and torch.isfinite(attention_weights).all()

    np_ = lambda t: t.detach().contiguous().numpy()
    tensors = {}
    if case.weights_format == "seed":
        weight_items = [("wq.weight", wq), ("wq.bias", bq), ("wk.weight", wk), ("wk.bias", bk),
                        ("wv.weight", wv), ("wv.bias", bv), ("dense.weight", wo), ("dense.bias", bo)]
    else:
        weight_items = [("in_proj_weight", torch.cat([wq, wk, wv], 0)),
                        ("in_proj_bias", torch.cat([bq, bk, bv], 0)),
                        ("out_proj.weight", wo), ("out_proj.bias", bo)]
    if decoy:  # written first, so "take the first in_proj_weight found" picks the wrong layer
        (dq, dbq), (dk, dbk), (dv, dbv), (do, dbo) = decoy
        for name, t in (("in_proj_weight", torch.cat([dq, dk, dv], 0)),
                        ("in_proj_bias", torch.cat([dbq, dbk, dbv], 0)),
                        ("out_proj.weight", do), ("out_proj.bias", dbo)):
            tensors[case.decoy_prefix + name] = np_(t)
    for name, t in weight_items:
        tensors[case.prefix + name] = np_(t)
    tensors["query"] = np_(query)
    if case.inputs != "self":
        tensors["key"] = np_(key)
        tensors["value"] = np_(value)
    if attn_mask is not None:
        tensors["attn_mask"] = np_(attn_mask)
    if key_padding_mask is not None:
        tensors["key_padding_mask"] = np_(key_padding_mask)
    tensors["expected.output"] = np_(output)
    tensors["expected.attention_weights"] = np_(attention_weights)

    metadata = {
        "heads": str(h),
        "causal": "true" if case.causal else "false",
        "weights_format": case.weights_format,
        "prefix": case.prefix,
        "description": case.description,
        "generator": GENERATOR,
        "torch_version": torch.__version__,
        "seed": str(seed),
    }
    return tensors, metadata


def _assert_every_row_visible(case, attn_mask, key_padding_mask):
    allowed = torch.ones(case.batch, case.lq, case.lk, dtype=torch.bool)
    if attn_mask is not None:
        allowed &= (~attn_mask if attn_mask.dtype == torch.bool else torch.isfinite(attn_mask))[None]
    if key_padding_mask is not None:
        allowed &= ~key_padding_mask[:, None, :]
    assert allowed.any(dim=-1).all(), f"{case.name}: a query row has every key masked"


def _check_seed_vs_pytorch(case, seed_module, query, key, value, output, attention_weights):
    """The weight mapping: wq/wk/wv stacked into in_proj, dense into out_proj, give the same result."""
    mha = nn.MultiheadAttention(case.d, case.heads, batch_first=True).eval()
    mha.in_proj_weight.copy_(torch.cat([seed_module.wq.weight, seed_module.wk.weight,
                                        seed_module.wv.weight], 0))
    mha.in_proj_bias.copy_(torch.cat([seed_module.wq.bias, seed_module.wk.bias, seed_module.wv.bias], 0))
    mha.out_proj.weight.copy_(seed_module.dense.weight)
    mha.out_proj.bias.copy_(seed_module.dense.bias)
    out2, w2 = mha(query, key, value, need_weights=True, average_attn_weights=False)
    _assert_close(case, "seed vs nn.MultiheadAttention", output, attention_weights, out2, w2)


def _check_pytorch_vs_seed(case, mha, query, key, value, output, attention_weights):
    seed_module = MultiHeadAttention(case.d, case.heads).eval()
    ws = mha.in_proj_weight.chunk(3, 0)
    bs = mha.in_proj_bias.chunk(3, 0)
    for lin, w, bias in zip((seed_module.wq, seed_module.wk, seed_module.wv), ws, bs):
        lin.weight.copy_(w)
        lin.bias.copy_(bias)
    seed_module.dense.weight.copy_(mha.out_proj.weight)
    seed_module.dense.bias.copy_(mha.out_proj.bias)
    out2, w2 = seed_module(value, key, query)
    _assert_close(case, "nn.MultiheadAttention vs seed", output, attention_weights, out2, w2)


def _assert_close(case, what, out1, w1, out2, w2):
    diff_out = (out1 - out2).abs().max().item()
    diff_w = (w1 - w2).abs().max().item()
    assert diff_out <= MAPPING_TOL and diff_w <= MAPPING_TOL, \
        f"{case.name}: {what} disagree: output {diff_out:.3g}, weights {diff_w:.3g}"


def check_mapping_on_shared_case():
    """Standalone proof of the weight mapping on one shared case with distinct q, k, v."""
    torch.manual_seed(20240601)
    d, h = 12, 3
    seed_module = MultiHeadAttention(d, h).eval()
    with torch.no_grad():
        for lin in (seed_module.wq, seed_module.wk, seed_module.wv, seed_module.dense):
            lin.weight.copy_(torch.randn(d, d) * 0.3)
            lin.bias.copy_(torch.randn(d) * 0.3)
        q, k, v = torch.randn(2, 5, d), torch.randn(2, 9, d), torch.randn(2, 9, d)
        out, w = seed_module(v, k, q)
        _check_seed_vs_pytorch(Case("shared", "seed", 2, 5, 9, d, h), seed_module, q, k, v, out, w)


def verify_file(path, tensors, metadata):
    """Read the written file back and check it against memory and the float64 NumPy reference."""
    read, read_meta = read_safetensors(path)
    assert list(read) == list(tensors), f"{path}: tensor order changed"
    assert read_meta == metadata, f"{path}: metadata changed"
    for name, array in tensors.items():
        assert read[name].dtype == array.dtype and read[name].shape == array.shape, name
        assert np.array_equal(read[name], array), f"{path}: {name} differs after reading back"
    out, probs = reference_from_tensors(read, read_meta)
    diff_out = float(np.abs(out - read["expected.output"]).max())
    diff_w = float(np.abs(probs - read["expected.attention_weights"]).max())
    assert diff_out <= REFERENCE_TOL and diff_w <= REFERENCE_TOL, \
        f"{path}: PyTorch vs float64 NumPy reference: output {diff_out:.3g}, weights {diff_w:.3g}"
    return diff_out, diff_w


def masks_summary(case):
    parts = []
    if case.attn_mask:
        parts.append(f"attn_mask {case.attn_mask.upper()}")
    if case.key_padding:
        parts.append("key_padding_mask")
    if case.causal:
        parts.append("causal")
    return ", ".join(parts) or "none"


def write_readme(out_dir, rows, seed_offset):
    lines = [
        "# Golden multi-head attention fixtures",
        "",
        "Generated by PyTorch with `attention/src/test/python/make_fixtures.py` (its docstring documents",
        "the tensor names, shapes and metadata). The Java tests read these files only: they never need",
        "Python or PyTorch.",
        "",
        "Regenerate (deterministic: the same PyTorch build gives byte-identical files):",
        "",
        "    /usr/bin/python3 attention/src/test/python/make_fixtures.py",
        "",
        "Each file holds the weights (`seed` format: `wq`/`wk`/`wv`/`dense` `.weight`/`.bias`; `pytorch`",
        "format: `in_proj_weight`, `in_proj_bias`, `out_proj.weight`, `out_proj.bias`, possibly under the",
        "`prefix` given in the metadata), the inputs (`query`; `key` and `value` only when they are not the",
        "query; optional `attn_mask` F32 additive or BOOL with true = masked; optional `key_padding_mask`",
        "BOOL [B, Lk] with true = ignored) and `expected.output` [B, Lq, d],",
        "`expected.attention_weights` [B, H, Lq, Lk]. Metadata: `heads`, `causal` (true: query i sees keys",
        "j <= i, top-left aligned, and no mask tensor is stored), `weights_format`, `prefix`, `description`,",
        "`generator`, `torch_version`, `seed`. No query row has every key masked.",
        "",
        "Tensors are stored back to back in the order listed (safetensors requires no alignment), so an",
        "F32 tensor after a BOOL mask can start at a byte offset that is not a multiple of 4 (here:",
        "the `expected.*` tensors of `pt_key_padding_mask`): read with unaligned layouts.",
        "",
        "Fresh cases with the same structure but other random values (for \"unseen case\" checks):",
        "`make_fixtures.py OUT_DIR --seed-offset N` (N != 0); `attention/src/test/python/check_cli.py`",
        "does this and runs `./ffmblas attention ...` on them (`--dry-run` only writes the files).",
        "",
    ]
    if seed_offset:
        lines += [f"These cases were drawn with `--seed-offset {seed_offset}` (not the committed set).", ""]
    lines += ["| file | B | Lq | Lk | d | H | format | masks | covers |",
              "|---|---|---|---|---|---|---|---|---|"]
    for case, size in rows:
        lines.append(f"| `{case.name}.safetensors` | {case.batch} | {case.lq} | {case.lk} | {case.d} | "
                     f"{case.heads} | {case.weights_format}{' (prefixed)' if case.prefix else ''} | "
                     f"{masks_summary(case)} | {case.description} |")
    lines.append("")
    with open(os.path.join(out_dir, "README.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines))



# ----------------------------------------------------------------------------------------------------
# Decode cases: incremental decoding over a key/value cache (written to OUT_DIR/decode/)
# ----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class DecodeCase:
    name: str
    kind: str  # "self": causal self-attention over each item's own sequence | "cross": over a memory
    batch: int
    length: int  # self: the longest sequence; cross: the queries per item
    d: int
    heads: int
    lengths: tuple  # self: each item's sequence length; cross: each item's memory length
    memory: int = 0  # cross: the memory's padded length
    description: str = ""


DECODE_CASES = (
    DecodeCase("decode_self", "self", 1, 9, 16, 4, (9,),
               description="one sequence of 9 tokens, depth 4: decoded token by token equals the causal forward"),
    DecodeCase("decode_self_ragged", "self", 3, 13, 12, 3, (13, 5, 1),
               description="three items of 13, 5 and 1 tokens (padded to 13 with zeros), each alone under PyTorch"),
    DecodeCase("decode_self_depth5", "self", 2, 33, 15, 3, (33, 20),
               description="depth 5, sequences of 33 and 20 tokens"),
    DecodeCase("decode_cross", "cross", 2, 5, 16, 2, (7, 4), memory=7,
               description="cross-attention: 5 queries per item over a memory of 7 and 4 tokens (distinct key"
                           " and value), key_padding_mask for the shorter"),
)


def build_decode_case(case, seed_offset=0):
    """The PyTorch expectation of a decode case: (ordered tensors as NumPy arrays, metadata)."""
    seed = zlib.crc32(f"{case.name}#{seed_offset}".encode("utf-8"))
    torch.manual_seed(seed)
    d, b, h, length = case.d, case.batch, case.heads, case.length
    f32 = torch.float32
    module = nn.MultiheadAttention(d, h, batch_first=True).eval()
    with torch.no_grad():
        module.in_proj_weight.copy_(torch.randn(3 * d, d, dtype=f32) * 0.3)
        module.in_proj_bias.copy_(torch.randn(3 * d, dtype=f32) * 0.3)
        module.out_proj.weight.copy_(torch.randn(d, d, dtype=f32) * 0.3)
        module.out_proj.bias.copy_(torch.randn(d, dtype=f32) * 0.3)
    tensors = {n: p.detach().contiguous().numpy().copy() for n, p in (
        ("in_proj_weight", module.in_proj_weight), ("in_proj_bias", module.in_proj_bias),
        ("out_proj.weight", module.out_proj.weight), ("out_proj.bias", module.out_proj.bias))}
    with torch.no_grad():
        if case.kind == "self":
            sequence = torch.zeros(b, length, d, dtype=f32)
            output = torch.zeros(b, length, d, dtype=f32)
            weights = torch.zeros(b, h, length, length, dtype=f32)
            for item, n in enumerate(case.lengths):
                x = torch.randn(1, n, d, dtype=f32)
                sequence[item, :n] = x[0]
                causal = ~torch.ones(n, n, dtype=torch.bool).tril()  # True = masked: the growing prefix
                out, w = module(x, x, x, attn_mask=causal, need_weights=True, average_attn_weights=False)
                output[item, :n] = out[0]
                weights[item, :, :n, :n] = w[0]
            tensors["sequence"] = sequence.numpy()
        else:
            query = torch.randn(b, length, d, dtype=f32)
            key = torch.randn(b, case.memory, d, dtype=f32)
            value = torch.randn(b, case.memory, d, dtype=f32)
            padding = torch.zeros(b, case.memory, dtype=torch.bool)
            for item, n in enumerate(case.lengths):
                key[item, n:] = 0
                value[item, n:] = 0
                padding[item, n:] = True
            output, weights = module(query, key, value, key_padding_mask=padding, need_weights=True,
                                     average_attn_weights=False)
            tensors["query"] = query.numpy()
            tensors["memory_key"] = key.numpy()
            tensors["memory_value"] = value.numpy()
    assert torch.isfinite(output).all() and torch.isfinite(weights).all()
    tensors["expected.output"] = output.detach().contiguous().numpy()
    tensors["expected.attention_weights"] = weights.detach().contiguous().numpy()
    metadata = {
        "kind": case.kind,
        "heads": str(h),
        "lengths": ",".join(str(n) for n in case.lengths),
        "description": case.description,
        "generator": GENERATOR,
        "torch_version": torch.__version__,
        "seed": str(seed),
    }
    return tensors, metadata


def verify_decode_file(path, tensors, metadata):
    """Read a decode fixture back; check it against the float64 NumPy reference, item by item."""
    read, read_meta = read_safetensors(path)
    assert read_meta == metadata and list(read) == list(tensors), f"{path}: changed on reading back"
    weights = {n: read[n] for n in PYTORCH_WEIGHTS}
    heads = int(metadata["heads"])
    lengths = [int(n) for n in metadata["lengths"].split(",")]
    worst = 0.0
    for item, n in enumerate(lengths):
        if metadata["kind"] == "self":
            x = read["sequence"][item:item + 1, :n]
            out, probs = reference_attention(weights, "pytorch", heads, x, causal=True)
            got_out = read["expected.output"][item:item + 1, :n]
            got_w = read["expected.attention_weights"][item:item + 1, :, :n, :n]
            assert not read["expected.output"][item, n:].any(), f"{path}: padding rows not 0"
        else:
            q = read["query"][item:item + 1]
            out, probs = reference_attention(weights, "pytorch", heads, q, read["memory_key"][item:item + 1, :n],
                                             read["memory_value"][item:item + 1, :n])
            got_out = read["expected.output"][item:item + 1]
            got_w = read["expected.attention_weights"][item:item + 1, :, :, :n]
        worst = max(worst, float(np.abs(out - got_out).max()), float(np.abs(probs - got_w).max()))
    assert worst <= REFERENCE_TOL, f"{path}: PyTorch vs float64 NumPy reference: {worst:.3g}"
    return worst


def write_decode_fixtures(out_dir, seed_offset):
    directory = os.path.join(out_dir, "decode")
    os.makedirs(directory, exist_ok=True)
    lines = ["# Golden incremental-decoding fixtures", "",
             "Generated by `attention/src/test/python/make_fixtures.py` (`--decode` writes only these) with",
             "PyTorch's `nn.MultiheadAttention`; read by `DecodeFixtureTest`, which decodes them over a",
             "`KeyValueCache` on several schedules (token by token, in chunks, whole, with rejected drafts).",
             "",
             "`kind=self`: `sequence [B, L, d]` (item b's first `lengths[b]` rows; zeros after), expected",
             "`output [B, L, d]` and `attention_weights [B, H, L, L]` of PyTorch with a causal mask over each",
             "item alone (0 past its length). `kind=cross`: `query [B, Lq, d]`, `memory_key` and `memory_value`",
             "`[B, Lm, d]` (item b's first `lengths[b]` rows), expected output and weights of PyTorch with a",
             "key_padding_mask hiding the rest. Weights in PyTorch's names; metadata `heads`, `lengths`.", "",
             "| file | kind | B | L | d | H | lengths | covers |", "|---|---|---|---|---|---|---|---|"]
    for case in DECODE_CASES:
        tensors, metadata = build_decode_case(case, seed_offset)
        path = os.path.join(directory, case.name + ".safetensors")
        write_safetensors(path, tensors, metadata)
        worst = verify_decode_file(path, tensors, metadata)
        print(f"decode/{case.name + '.safetensors':29} {os.path.getsize(path):8d} B  vs float64: {worst:.1e}")
        lines.append(f"| `{case.name}.safetensors` | {case.kind} | {case.batch} | {case.length} | {case.d} | "
                     f"{case.heads} | {metadata['lengths']} | {case.description} |")
    lines.append("")
    with open(os.path.join(directory, "README.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out_dir", nargs="?", default=DEFAULT_OUT,
                        help=f"output directory (default: {DEFAULT_OUT})")
    parser.add_argument("--seed-offset", type=int, default=0,
                        help="draw different random cases with the same structure (0 = committed set)")
    parser.add_argument("--only", nargs="+", metavar="CASE", choices=sorted(CASES_BY_NAME),
                        help="write only these cases (README is then not rewritten)")
    parser.add_argument("--list", action="store_true", help="list the cases and exit")
    parser.add_argument("--decode", action="store_true",
                        help="write only the incremental-decoding cases (into OUT_DIR/decode/)")
    args = parser.parse_args(argv)

    if args.list:
        for c in CASES:
            print(f"{c.name:24} B={c.batch} Lq={c.lq} Lk={c.lk} d={c.d} H={c.heads} "
                  f"{c.weights_format:7} masks={masks_summary(c)}")
        return 0
    if torch is None:
        sys.exit("PyTorch is needed to generate fixtures: use Debian's /usr/bin/python3 (python3-torch)")

    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    check_mapping_on_shared_case()

    os.makedirs(args.out_dir, exist_ok=True)
    if args.decode:
        write_decode_fixtures(args.out_dir, args.seed_offset)
        return 0
    selected = [CASES_BY_NAME[n] for n in args.only] if args.only else list(CASES)
    rows = []
    total = 0
    for case in selected:
        tensors, metadata = build_case(case, args.seed_offset)
        path = os.path.join(args.out_dir, case.name + ".safetensors")
        write_safetensors(path, tensors, metadata)
        diff_out, diff_w = verify_file(path, tensors, metadata)
        size = os.path.getsize(path)
        total += size
        rows.append((case, size))
        print(f"{case.name + '.safetensors':36} {size:8d} B  seed {metadata['seed']:>10}  "
              f"vs float64: output {diff_out:.1e}, weights {diff_w:.1e}")
    if not args.only:
        write_readme(args.out_dir, rows, args.seed_offset)
        write_decode_fixtures(args.out_dir, args.seed_offset)
    print(f"{len(rows)} cases, {total} bytes, in {args.out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
