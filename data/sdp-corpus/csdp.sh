#!/bin/sh
# Writes CSDP.csv: CSDP's answer for every problem of the corpus, run here (Debian's coinor-csdp 6.2.0).
# Usage, from data/sdp-corpus:  OPENBLAS_NUM_THREADS=1 ./csdp.sh > CSDP.csv
# Columns: file (relative to this directory), group (default: solved by the test command; large: by the opt-in
# JUnit tag sdp-corpus-large), CSDP's status (success, partial, primal_infeasible, dual_infeasible, failure: the
# line CSDP prints, in CSDP's own naming of primal and dual), its primal and dual objective values (CSDP's
# primal is SDPA's (D), Mallard's dual objective), its iteration count.
set -e
LARGE=" sdplib/control5.dat-s sdplib/theta3.dat-s sdplib/gpp250-1.dat-s sdplib/qap7.dat-s sdplib/ss30.dat-s \
sdplib/arch2.dat-s sdplib/arch4.dat-s sdplib/arch8.dat-s sdplib/truss8.dat-s "
echo "file,group,csdp_status,csdp_primal,csdp_dual,csdp_iterations"
for f in sos-drake/*.dat-s fuzzed/*.dat-s sdplib/*.dat-s roa/*.dat-s; do
  out=$(csdp "$f" || true)
  case "$out" in
    *"Partial Success"*) status=partial ;;
    *"Success: SDP solved"*) status=success ;;
    *"SDP is primal infeasible"*) status=primal_infeasible ;;
    *"SDP is dual infeasible"*) status=dual_infeasible ;;
    *) status=failure ;;
  esac
  primal=$(echo "$out" | awk '/^Primal objective value/ {print $4}')
  dual=$(echo "$out" | awk '/^Dual objective value/ {print $4}')
  iterations=$(echo "$out" | grep -c '^Iter' || true)
  case "$LARGE" in *" $f "*) group=large ;; *) group=default ;; esac
  echo "$f,$group,$status,$primal,$dual,$iterations"
done
