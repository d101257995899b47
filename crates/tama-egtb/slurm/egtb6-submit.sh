#!/bin/bash
# egtb6-submit.sh RULES DIR — every table of 6 pieces on a Slurm cluster:
# one job array per wave of `tama egtb plan --pieces 6`, each wave waiting
# for the previous one (--dependency=afterok), so the whole run is queued
# at once. DIR is a shared directory that already holds the tables of up
# to 5 pieces (tama egtb gen --pieces 5). The memory of a task is that of
# the largest unit of its wave: 2 bytes an entry for the unit being
# solved, plus 3 GB for the tables up to 5 pieces it reads and the
# compression buffers (see docs/EGTB.md, "Six pieces").
set -euo pipefail
RULES=${1:?rules, e.g. turkish}
DIR=${2:?shared table directory}
TAMA=${TAMA:-tama}
CPUS=${CPUS:-16}
HERE=$(cd "$(dirname "$0")" && pwd)
PLAN=$("$TAMA" egtb plan --pieces 6 --json)
WAVES=$(jq '.waves | length' <<<"$PLAN")
PREV=""
for ((W = 0; W < WAVES; W++)); do
  N=$(jq ".waves[$W] | length" <<<"$PLAN")
  ENTRIES=$(jq "[.waves[$W][].entries] | max" <<<"$PLAN")
  MEM_GB=$(( (2 * ENTRIES + (1 << 30) - 1) / (1 << 30) + 3 ))
  DEP=()
  if [ -n "$PREV" ]; then DEP=(--dependency="afterok:$PREV"); fi
  PREV=$(sbatch --parsable "${DEP[@]}" --array="0-$((N - 1))" \
    --cpus-per-task="$CPUS" --mem="${MEM_GB}G" \
    --export="ALL,WAVE=$W,RULES=$RULES,DIR=$DIR,TAMA=$TAMA" \
    "$HERE/egtb6-unit.sbatch")
  echo "wave $W: $N units, ${MEM_GB} GB a task, job $PREV"
done
