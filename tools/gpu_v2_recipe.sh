# The data-v2 GPU recipe (batch 64, lr 5.7e-5 / 4.2e-4, 6 epochs, validation every 709 steps), sourced by
# tools/gpu_six_epochs.sh and tools/gpu_crossfit.sh: one place for what both runs train with.
# PREP (prepared pairs), EPOCHS and EVERY may be set before sourcing; the encoder is unpacked to /tmp/enc.
export PYTHONUNBUFFERED=1 SQLINTENT_GIT_COMMIT=$(cat .gpu/commit)
export PYTHONPATH="$PWD:$PWD/lab${PYTHONPATH:+:$PYTHONPATH}"  # the lab (lab/sqlintent_lab) is a package of its own
PREP=${PREP:-.gpu/prepared.npz}; EPOCHS=${EPOCHS:-6}; EVERY=${EVERY:-709}
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader; nproc
python3 tools/gpu_train.py unpack-encoder .gpu/encoder.npz /tmp/enc || exit 3

train_v2() {  # out_dir seed workers fit_minutes max_minutes [--set key=value ...]; TRAIN_TIMEOUT=s bounds it
  local out=$1 seed=$2 workers=$3 fit=$4 maxm=$5; shift 5
  ${TRAIN_TIMEOUT:+timeout $TRAIN_TIMEOUT} python3 -m sqlintent_lab.model_export.train --config lab/sqlintent_lab/model_export/configs/minilm_gat_v2_gpu.json \
    --set data.prepared=$PREP --set model.encoder=/tmp/enc --set out_dir=$out --set workers=$workers \
    --set batch_size=64 --set epochs=$EPOCHS --set lr=5.7e-5 --set head_lr=4.2e-4 --set seed=$seed \
    --set eval_every=$EVERY --set save_every=100000 --set fit_minutes=$fit --set max_minutes=$maxm "$@"
}
