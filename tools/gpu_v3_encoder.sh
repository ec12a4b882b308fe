# MiniLM against all-mpnet-base-v2 on data v2+v3, on a lent GPU machine (docs/detector.md, "Candidate encoders";
# the shipping rule is written there before any run).
#
# Here first (CPU, about 20 minutes; tools/gpu_v3_prepare.sh does all of it):
#   .gpu/v3/prepared.npz   the prepared pairs of `sqlintent-lab build-data --version 3` (data v2 + v3)
#   .gpu/v3/minilm.npz     tools/gpu_train.py pack-encoder --encoder minilm
#   .gpu/v3/mpnet.npz.partNN + .sha256   tools/gpu_train.py pack-encoder --encoder mpnet --part-mib 60
#   .gpu/v3/commit
# The run tool carries at most 64 MiB a call, and a warm machine keeps the ignored files an earlier call left
# in the tree. So, on one warm machine:
#   calls 1..3: carry one .gpu/v3/mpnet.npz.partNN each (and .gpu/v3/mpnet.npz.sha256; call 3 also
#               .gpu/v3/prepared.npz: 43 + 10 MiB with the full data), command `STAGE=check
#               bash tools/gpu_v3_encoder.sh` (lists what is there; seconds);
#   call 4:     carry .gpu/v3/minilm.npz .gpu/v3/commit, command `bash
#               tools/gpu_v3_encoder.sh` with timeout_s 600: both runs side by side, FIT minutes each, then
#               each scores its validation pairs (the rule's figures: $OUT/rule_*.txt, per pair $OUT/val_*.jsonl),
#               MiniLM's weights come back in $OUT/w_minilm (float32, 15 MiB chunks) and mpnet's are written
#               in float16 to .gpu/back/mpnet (kept on the machine);
#   calls 5..:  only when mpnet passed the rule: `STAGE=bring PART=N bash tools/gpu_v3_encoder.sh` copies one
#               chunk of .gpu/back/mpnet to $OUT (61 MiB a call; 3 calls). Back here: the calls' weights.partN
#               and checkpoint_meta.json into one folder W, then tools/gpu_train.py assemble W --encoder mpnet
#               --out runs/train/mpnet_v3/best.pt, then `sqlintent-lab export`.
# CPU check of the whole path (tiny data, a few steps): DEVICE=cpu TINY=1 OUT=/tmp/out bash tools/gpu_v3_encoder.sh
set -u
STAGE=${STAGE:-train}; V=.gpu/v3; BACK=.gpu/back
FIT=${FIT:-6.6}; MAXM=${MAXM:-7.0}; DEVICE=${DEVICE:-auto}; TINY=${TINY:-0}
RULE_DBS=${RULE_DBS:-card_games,boat_1,car_road_race}
export PYTHONUNBUFFERED=1 SQLINTENT_GIT_COMMIT=$(cat $V/commit 2>/dev/null || echo unknown)
export PYTHONPATH="$PWD:$PWD/lab${PYTHONPATH:+:$PYTHONPATH}"  # the lab (lab/sqlintent_lab) is a package of its own
case $STAGE in
  check) ls -la $V $BACK 2>/dev/null; exit 0 ;;
  bring) cp $BACK/mpnet/weights.part${PART:?PART=N} $BACK/mpnet/checkpoint_meta.json $OUT/ && ls -la $OUT; exit $? ;;
  train) ;;
  *) echo "STAGE is check, bring or train"; exit 2 ;;
esac
T0=$(date +%s)
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader 2>/dev/null; nproc
python3 tools/gpu_train.py unpack-encoder $V/minilm.npz /tmp/enc_minilm || exit 3
python3 tools/gpu_train.py unpack-encoder $V/mpnet.npz /tmp/enc_mpnet || exit 3
echo "encoders ready after $(( $(date +%s) - T0 ))s"
CFG=lab/sqlintent_lab/model_export/configs/encoder_gat_v3_gpu.json
EXTRA=(); W=6
if [ "$TINY" = 1 ]; then
  # the prepared pairs of the CPU check are already small (gpu_v3_prepare.sh with PREP_ARGS)
  EXTRA=(--set epochs=1 --set batch_size=8 --set eval_every=4 --set threads=1); W=0
fi
run() {  # name encoder lr head_lr
  timeout $(python3 -c "print(int(${MAXM} * 60 + 90))") python3 -m sqlintent_lab.model_export.train --config $CFG \
    --set data.prepared=$V/prepared.npz --set model.encoder=/tmp/enc_$2 --set out_dir=/tmp/$1 --set workers=$W \
    --set batch_size=64 --set epochs=6 --set lr=$3 --set head_lr=$4 --set seed=13 --set device=$DEVICE \
    --set eval_every=709 --set save_every=100000 --set fit_minutes=$FIT --set max_minutes=$MAXM \
    "${EXTRA[@]}" > $OUT/train_$1.log 2>&1
  echo "$1: exit $? after $(( $(date +%s) - T0 ))s"
}
# the same schedule for both; mpnet-base at the learning rate of the paper's 125M encoder scaled to batch 64
run minilm minilm 5.7e-5 4.2e-4 &
run mpnet mpnet 4.2e-5 4.2e-4 &
wait
for n in minilm mpnet; do grep -E "fit_minutes|valid step|done:|Error|error" $OUT/train_$n.log | tail -12; done
for n in minilm mpnet; do
  python3 tools/gpu_train.py val-scores /tmp/$n --prepared $V/prepared.npz --out $OUT/val_$n.jsonl \
    --db-ids $RULE_DBS --device $DEVICE > $OUT/rule_$n.txt 2>&1; tail -1 $OUT/rule_$n.txt
done
python3 tools/gpu_train.py export-weights /tmp/minilm $OUT/w_minilm
python3 tools/gpu_train.py export-weights /tmp/mpnet $BACK/mpnet --half --chunk-mib 61
cp /tmp/minilm/summary.json $OUT/summary_minilm.json; cp /tmp/mpnet/summary.json $OUT/summary_mpnet.json
echo "total $(( $(date +%s) - T0 ))s"; ls -la $OUT $OUT/w_minilm $BACK/mpnet
