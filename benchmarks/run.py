"""tfcompat vs raw torch on the same work, in one process, as ratios against the targets of the
README's "Benchmarks" section.

    python benchmarks/run.py [--repeats N] [--only NAME ...] [--json PATH] [--smoke] [--strict]

Each workload runs its tfcompat version and its raw torch version on the same
device with the same inputs: warm-up runs first, then ``--repeats`` timed runs
of each, alternating tfcompat / torch so drift hits both alike; the table shows
the medians.  Workloads on a device run on the CPU and, when torch sees one,
on CUDA (separate rows, synchronized before each clock read).
"""

import argparse
import gc
import json
import os
import platform
import statistics
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `benchmarks` and `tfcompat` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np
import torch

from benchmarks import workloads as W


def environment():
    return {
        "python": platform.python_version(),
        "torch": torch.__version__,
        "numpy": np.__version__,
        "platform": platform.platform(),
        "cpu_count": os.cpu_count(),
        "torch_threads": torch.get_num_threads(),
        "cuda": torch.cuda.get_device_name(0) if torch.cuda.is_available() else None,
        "load_average_1min": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
    }


def measure(workload, device, repeats, size_name="full"):
    """One table row: both versions timed ``repeats`` times after warm-up, and checked to agree."""
    tf_run, torch_run = W.prepare_pair(workload, size_name, device)
    # Collect once, before warm-up: a collection right before each timed run idles the GPU
    # for milliseconds and skews short CUDA runs; garbage collection during the runs stays on.
    gc.collect()
    for _ in range(workload.warmup):
        W.timed(tf_run, device)
        W.timed(torch_run, device)
    tf_times, torch_times = [], []
    tf_result = torch_result = None
    for i in range(repeats):
        # Alternate which side goes first so neither always runs on a "warmer" machine.
        order = ((tf_run, tf_times), (torch_run, torch_times))
        for run, times in (order if i % 2 == 0 else order[::-1]):
            seconds, result = W.timed(run, device)
            times.append(seconds)
            if run is tf_run:
                tf_result = result
            else:
                torch_result = result
    tf_median, torch_median = statistics.median(tf_times), statistics.median(torch_times)
    spread = max(_relative_iqr(tf_times), _relative_iqr(torch_times))
    if workload.kind == "ratio":
        score = tf_median / torch_median
    else:
        score = tf_median - torch_median
    return {
        "workload": workload.name,
        "device": device.type if device is not None else "host",
        "kind": workload.kind,
        "tfcompat_s": tf_median,
        "torch_s": torch_median,
        "score": score,
        "target": workload.target,
        "passed": score <= workload.target,
        "spread": spread,
        "same_result": results_agree(workload, tf_result, torch_result),
        "tfcompat_times_s": tf_times,
        "torch_times_s": torch_times,
    }


def _relative_iqr(times):
    """Interquartile range over median: how noisy one side's timings were."""
    if len(times) < 2:
        return 0.0
    low, _, high = statistics.quantiles(times, n=4)
    return (high - low) / statistics.median(times)


def results_agree(workload, tf_result, torch_result):
    tf_values, torch_values = W.to_numpy(tf_result), W.to_numpy(torch_result)
    if not isinstance(tf_values, list):
        tf_values, torch_values = [tf_values], [torch_values]
    return len(tf_values) == len(torch_values) and all(
        a.shape == b.shape and np.allclose(a, b, rtol=workload.rtol, atol=workload.atol)
        for a, b in zip(tf_values, torch_values))


def _seconds(value):
    if value >= 1:
        return f"{value:.3f} s"
    if value >= 1e-3:
        return f"{value * 1e3:.1f} ms"
    return f"{value * 1e6:.1f} us"


def format_table(rows):
    header = ("workload", "device", "tfcompat", "torch", "tfcompat/torch", "target", "result", "spread")
    lines = []
    for row in rows:
        if row["kind"] == "ratio":
            score, target = f"{row['score']:.3f}x", f"<= {row['target']:g}x"
        else:
            score, target = f"{row['score']:+.3f} s", f"<= {row['target']:+g} s"
        verdict = "PASS" if row["passed"] else "MISS"
        if not row["same_result"]:
            verdict += " (results differ!)"
        lines.append((row["workload"], row["device"], _seconds(row["tfcompat_s"]),
                      _seconds(row["torch_s"]), score, target, verdict, f"{row['spread']:.0%}"))
    widths = [max(len(line[i]) for line in [header] + lines) for i in range(len(header))]
    text = ["  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip()
            for line in [header] + lines]
    text.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(text)


def format_environment(env, repeats, smoke):
    device = f"cpu + cuda ({env['cuda']})" if env["cuda"] else "cpu"
    lines = [f"tfcompat benchmarks: torch {env['torch']}, python {env['python']}, numpy {env['numpy']}",
             f"devices: {device}; CPU count {env['cpu_count']}; torch threads {env['torch_threads']} "
             f"(default, not set); load average {env['load_average_1min']}",
             f"median of {repeats} repeat(s) after warm-up"
             + ("; SMOKE sizes (timings meaningless)" if smoke else "")]
    load = env["load_average_1min"]
    if load is not None and load > 0.5 * env["cpu_count"]:
        lines.append(f"WARNING: the machine is busy (load average {load} on {env['cpu_count']} CPUs): "
                     "timings are noisy, see the spread column (IQR / median)")
    return "\n".join(lines)


def selected(only):
    if not only:
        return list(W.WORKLOADS.values())
    names = [name for entry in only for name in entry.split(",") if name]
    unknown = [name for name in names if name not in W.WORKLOADS]
    if unknown:
        raise SystemExit(f"unknown workload(s) {', '.join(unknown)}; known: {', '.join(W.WORKLOADS)}")
    return [W.WORKLOADS[name] for name in names]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=7, help="timed runs per version (median); default 7")
    parser.add_argument("--only", action="append", metavar="NAME",
                        help=f"run only these workloads (repeatable or comma-separated): {', '.join(W.WORKLOADS)}")
    parser.add_argument("--json", metavar="PATH", help="also write the environment and every timing here")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes: checks the runner, not speed")
    parser.add_argument("--device", choices=("all", "cpu", "cuda"), default="all",
                        help="which devices device workloads run on (default: all available)")
    parser.add_argument("--strict", action="store_true", help="exit with status 1 if any target is missed")
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")

    env = environment()
    print(format_environment(env, args.repeats, args.smoke), flush=True)
    devices = [d for d in W.devices() if args.device in ("all", d.type)]
    if not devices:
        parser.error(f"no {args.device} device available")
    rows = []
    for workload in selected(args.only):
        for device in (devices if workload.on_device else [None]):
            rows.append(measure(workload, device, args.repeats, "smoke" if args.smoke else "full"))
            print(f"  done: {workload.name} ({rows[-1]['device']})", file=sys.stderr, flush=True)
    print()
    print(format_table(rows))
    if args.json:
        Path(args.json).write_text(json.dumps({"environment": env, "repeats": args.repeats,
                                               "smoke": args.smoke, "rows": rows}, indent=2) + "\n")
    failed = any(not row["passed"] or not row["same_result"] for row in rows)
    return 1 if args.strict and failed else 0


if __name__ == "__main__":
    sys.exit(main())
