# Cross-fitting for a verdict on a data-v2 detector, on a lent GPU machine (docs/verdict.md, "Out-of-fold
# scores"). Here first, as for tools/gpu_six_epochs.sh: .gpu/prepared.npz, .gpu/encoder.npz, .gpu/commit.
# There (.gpu carried; one call, about 9 minutes): bash tools/gpu_crossfit.sh. Three runs of the data-v2
# recipe side by side on the one GPU (the full data, seed 14, as run B of the seventh session; and folds 0 and
# 1 of 2, which leave out the training pairs on their databases), each fitted into FIT minutes; then each fold
# run scores the pairs it left out. Back: $OUT/w (the full run's weights: tools/gpu_train.py assemble),
# $OUT/oof0.jsonl, $OUT/oof1.jsonl (out-of-fold scores by record id) and $OUT/logs.txt.
FIT=${FIT:-7.2}; MAXM=${MAXM:-7.6}; W=${W:-4}
RUNS=${RUNS:-"full f0 f1"}  # or RUNS=full in one call and RUNS="f0 f1" in the next, if three do not fit one
# (a fold run has half the steps: each fold leaves out about half of the training pairs)
T0=$(date +%s)
. tools/gpu_v2_recipe.sh
run() {  # name extra-set...
  local name=$1; shift
  train_v2 /tmp/$name 14 $W $FIT $MAXM "$@" > /tmp/$name.log 2>&1
}
for n in $RUNS; do
  case $n in
    full) run full & ;;
    f0|f1) run $n --set "data.fold={\"of\": 2, \"k\": ${n#f}}" & ;;
    *) echo "unknown run $n (full, f0, f1)"; exit 2 ;;
  esac
done
wait
for n in $RUNS; do echo "== $n"; grep -E "fit_minutes|valid step|done:|fold|Error|error" /tmp/$n.log; done
for n in $RUNS; do
  case $n in
    full) python3 tools/gpu_train.py export-weights /tmp/full $OUT/w ;;
    *) python3 tools/gpu_train.py oof-scores /tmp/$n --prepared $PREP --out $OUT/oof${n#f}.jsonl ;;
  esac
  cat /tmp/$n.log >> $OUT/logs.txt
done
echo "total $(( $(date +%s) - T0 ))s"; ls -la $OUT $OUT/w
