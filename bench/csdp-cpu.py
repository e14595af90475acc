#!/usr/bin/env python3
"""CPU time of CSDP processes, per SDPA file (docs/PERFORMANCE.md, "Per-SDP time on roa's programs (issue 30)").

Usage: OPENBLAS_NUM_THREADS=1 bench/csdp-cpu.py REPS FILE...
Prints one line per file: file|CSDP's status|its iteration count|best CPU seconds (user + system of the
process, from getrusage, to the microsecond where /usr/bin/time gives 10 ms)|best wall seconds|its primal
objective. A 1 x 1 SDP measures the process's start-up, to subtract from small problems.
"""
import os
import resource
import subprocess
import sys
import time


def status(out):
    if "Partial Success" in out:
        return "partial"
    if "Success: SDP solved" in out:
        return "success"
    if "primal infeasible" in out:
        return "primal_infeasible"
    if "dual infeasible" in out:
        return "dual_infeasible"
    return "failure"


def main():
    reps = int(sys.argv[1])
    for f in sys.argv[2:]:
        best_cpu = best_wall = float("inf")
        out = ""
        for _ in range(reps):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            out = subprocess.run(["csdp", f], capture_output=True, text=True, env=os.environ).stdout
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            best_cpu, best_wall = min(best_cpu, cpu), min(best_wall, wall)
        iterations = sum(1 for line in out.splitlines() if line.startswith("Iter"))
        primal = next((line.split()[3] for line in out.splitlines() if line.startswith("Primal objective value")),
                      "-")
        print(f"{f}|{status(out)}|{iterations}|{best_cpu:.4f}|{best_wall:.4f}|{primal}", flush=True)


if __name__ == "__main__":
    main()
