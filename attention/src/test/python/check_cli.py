#!/usr/bin/python3
"""Check the ffmblas command line against fresh PyTorch cases it has never seen.

    /usr/bin/python3 attention/src/test/python/check_cli.py [CMD] [-n N] [--seed-offset K]
                                                            [--tolerance T] [--keep] [--dry-run]

CMD (default ``./ffmblas``; split like a shell command, so ``"java -jar x.jar"`` works) is run once per
case as

    CMD attention --weights W --inputs X --output Y --heads H [--causal] [--prefix P]

N cases (default 5) are drawn by make_fixtures.py with a seed offset other than 0 (the committed
fixtures use 0; the default offset is random and printed, pass --seed-offset to repeat a run). The case
structures are taken in an order that covers both weight formats, every mask kind, causal and --prefix
first; past the 19 structures they repeat with the next offset. Each case is split into
  W  weights only, names kept exactly (prefix and decoy layer included),
  X  inputs only: query, and key/value/attn_mask/key_padding_mask when the case has them,
and the expected outputs stay with this script. Y must hold ``output`` [B,Lq,d] and
``attention_weights`` [B,H,Lq,Lk] (any float dtype). The script prints the max abs difference of each
per case and PASS/FAIL at the tolerance (default 1e-4); the exit code is 0 only if every case passes.

--dry-run writes W and X (plus the expected outputs, for inspection) into the temporary directory, lists
them, reads them back and checks that W + X reproduce the expected outputs through make_fixtures.py's
float64 NumPy reference, without running CMD. Files are kept after --dry-run, --keep or a failure.

Generating needs PyTorch (Debian's /usr/bin/python3); the Java tests never do.
"""

import argparse
import os
import secrets
import shlex
import shutil
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_fixtures as mf  # noqa: E402

# Coverage first: masks, causal, prefix and both formats come within the default 5 cases.
ORDER = ("pt_causal_key_padding", "seed_cross_attention", "pt_prefixed", "pt_bool_attn_mask",
         "pt_float_attn_mask", "pt_key_padding_mask", "seed_depth6", "pt_cross_attention_kv", "pt_causal",
         "pt_depth5", "seed_self_attention", "pt_self_attention", "seed_one_head", "pt_one_head",
         "seed_one_token", "pt_one_token", "seed_depth5", "pt_seq130", "seed_seq130")
assert sorted(ORDER) == sorted(mf.CASES_BY_NAME), "ORDER must list every case exactly once"


def split_case(case, tensors, metadata, directory, tag):
    """Write <tag>.weights.safetensors, <tag>.inputs.safetensors and <tag>.expected.safetensors."""
    weight_names = set(mf.SEED_WEIGHTS if case.weights_format == "seed" else mf.PYTORCH_WEIGHTS)
    prefixes = [p for p in (case.prefix, case.decoy_prefix) if p] or [""]
    weights, inputs, expected = {}, {}, {}
    for name, array in tensors.items():
        if name in mf.INPUT_NAMES:
            inputs[name] = array
        elif name in mf.EXPECTED_NAMES:
            expected[name] = array
        elif any(name.startswith(p) and name[len(p):] in weight_names for p in prefixes):
            weights[name] = array
        else:
            raise ValueError(f"{case.name}: tensor {name} fits no file")
    info = {"generator": "check_cli.py", "case": case.name, "seed": metadata["seed"]}
    paths = {kind: os.path.join(directory, f"{tag}.{kind}.safetensors")
             for kind in ("weights", "inputs", "expected")}
    mf.write_safetensors(paths["weights"], weights, info)
    mf.write_safetensors(paths["inputs"], inputs, info)
    mf.write_safetensors(paths["expected"], expected, {**info, **metadata})
    return paths, expected


def command_args(cmd, case, paths, output):
    args = shlex.split(cmd) + ["attention", "--weights", paths["weights"], "--inputs", paths["inputs"],
                               "--output", output, "--heads", str(case.heads)]
    if case.causal:
        args.append("--causal")
    if case.prefix:
        args += ["--prefix", case.prefix]
    return args


def max_abs_diff(actual, expected):
    if actual.shape != expected.shape:
        return float("inf"), f"shape {list(actual.shape)} != {list(expected.shape)}"
    diff = np.abs(actual.astype(np.float64) - expected.astype(np.float64))
    if diff.size and not np.all(np.isfinite(diff)):
        return float("inf"), "non-finite values"
    return (float(diff.max()) if diff.size else 0.0), ""


def describe(case):
    return (f"B={case.batch} Lq={case.lq} Lk={case.lk} d={case.d} H={case.heads} {case.weights_format}"
            f"{' prefix' if case.prefix else ''} masks={mf.masks_summary(case)}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cmd", nargs="?", default="./ffmblas", help="command to test (default ./ffmblas)")
    parser.add_argument("-n", "--count", type=int, default=5, help="number of cases (default 5)")
    parser.add_argument("--seed-offset", type=int, default=None,
                        help="first seed offset, not 0 (default: random, printed)")
    parser.add_argument("--tolerance", type=float, default=1e-4, help="max abs difference (default 1e-4)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per command (default 300)")
    parser.add_argument("--workdir", help="directory for the files (default: a new temporary directory)")
    parser.add_argument("--keep", action="store_true", help="keep the files after a passing run")
    parser.add_argument("--dry-run", action="store_true",
                        help="only write, list and read back the files; do not run CMD")
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error("--count must be at least 1")
    if mf.torch is None:
        sys.exit("PyTorch is needed to generate the cases: use Debian's /usr/bin/python3 (python3-torch)")
    offset = args.seed_offset if args.seed_offset is not None else 1 + secrets.randbelow(1_000_000)
    if offset <= 0:
        parser.error("--seed-offset must be positive (offset 0 is the committed fixtures)")
    mf.torch.set_num_threads(1)

    workdir = args.workdir or tempfile.mkdtemp(prefix="ffmblas-check-cli-")
    os.makedirs(workdir, exist_ok=True)
    print(f"seed offset {offset} (repeat with --seed-offset {offset}), files in {workdir}")

    failures = 0
    for i in range(args.count):
        case = mf.CASES_BY_NAME[ORDER[i % len(ORDER)]]
        case_offset = offset + i // len(ORDER)
        tensors, metadata = mf.build_case(case, case_offset)
        tag = f"{i:02d}-{case.name}"
        paths, expected = split_case(case, tensors, metadata, workdir, tag)
        output = os.path.join(workdir, f"{tag}.output.safetensors")
        argv_ = command_args(args.cmd, case, paths, output)
        label = f"{tag:28} {describe(case)}"

        if args.dry_run:
            # Read the split files back and rebuild the expected outputs from them alone.
            weights, _ = mf.read_safetensors(paths["weights"])
            inputs, _ = mf.read_safetensors(paths["inputs"])
            contract = {"weights_format": case.weights_format, "prefix": case.prefix,
                        "heads": str(case.heads), "causal": "true" if case.causal else "false"}
            ref_out, ref_w = mf.reference_from_tensors({**weights, **inputs}, contract)
            d_out, _ = max_abs_diff(ref_out, expected["expected.output"])
            d_w, _ = max_abs_diff(ref_w, expected["expected.attention_weights"])
            ok = d_out <= args.tolerance and d_w <= args.tolerance
            failures += not ok
            print(f"{label}\n    split files re-read: float64 reference vs expected: output {d_out:.2e}, "
                  f"attention_weights {d_w:.2e}  {'OK' if ok else 'MISMATCH'}")
            for kind in ("weights", "inputs", "expected"):
                read, _ = mf.read_safetensors(paths[kind])
                listing = ", ".join(f"{n} {mf_dtype(a)}{list(a.shape)}" for n, a in read.items())
                print(f"    {os.path.basename(paths[kind])} ({os.path.getsize(paths[kind])} B): {listing}")
            print("    would run: " + " ".join(shlex.quote(a) for a in argv_))
            continue

        try:
            run = subprocess.run(argv_, capture_output=True, text=True, timeout=args.timeout)
        except (OSError, subprocess.TimeoutExpired) as e:
            failures += 1
            print(f"{label}\n    FAIL: could not run: {e}")
            continue
        if run.returncode != 0:
            failures += 1
            print(f"{label}\n    FAIL: exit code {run.returncode}\n    "
                  + (run.stderr.strip() or run.stdout.strip() or "(no output)").replace("\n", "\n    "))
            continue
        try:
            result, _ = mf.read_safetensors(output)
            actual_out, actual_w = result["output"], result["attention_weights"]
        except (OSError, ValueError, KeyError) as e:
            failures += 1
            print(f"{label}\n    FAIL: cannot read {output}: {e!r}")
            continue
        d_out, why_out = max_abs_diff(actual_out, expected["expected.output"])
        d_w, why_w = max_abs_diff(actual_w, expected["expected.attention_weights"])
        ok = d_out <= args.tolerance and d_w <= args.tolerance
        failures += not ok
        notes = "; ".join(x for x in (why_out, why_w) if x)
        print(f"{label}\n    max abs diff: output {d_out:.2e}, attention_weights {d_w:.2e}  "
              f"{'PASS' if ok else 'FAIL'}{'  (' + notes + ')' if notes else ''}")

    if args.dry_run:
        print(f"dry run: {args.count} cases written to {workdir}:")
        for name in sorted(os.listdir(workdir)):
            print(f"    {os.path.getsize(os.path.join(workdir, name)):8d}  {name}")
        return 1 if failures else 0
    print(f"{args.count - failures}/{args.count} cases PASS at tolerance {args.tolerance:g}")
    if failures or args.keep:
        print(f"files kept in {workdir}")
    elif not args.workdir:
        shutil.rmtree(workdir)
    return 1 if failures else 0


def mf_dtype(array):
    return "BOOL" if array.dtype == np.bool_ else {np.dtype("float32"): "F32",
                                                   np.dtype("float64"): "F64"}.get(array.dtype,
                                                                                    str(array.dtype))


if __name__ == "__main__":
    sys.exit(main())
