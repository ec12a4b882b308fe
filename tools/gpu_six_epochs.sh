# The data-v2 recipe's full six epochs on a lent GPU machine (docs/detector.md, "The full six epochs").
# Here first: sqlintent-lab train --config lab/sqlintent_lab/model_export/configs/minilm_gat_v2_gpu.json --prepare-only
#   cp runs/train/minilm_gat_v2_gpu/prepared.npz .gpu/ ; python tools/gpu_train.py pack-encoder
#   --prepared .gpu/prepared.npz --out .gpu/encoder.npz ; git rev-parse HEAD > .gpu/commit
# There (.gpu carried): bash tools/gpu_six_epochs.sh. Run A (seed 13) with fit_minutes; run B (seed 14) only
# when A ended early enough for B's full schedule too; the better full run on validation macro AUC is exported
# to $OUT/w (back here: python tools/gpu_train.py assemble OUT/w --out runs/train/<name>/best.pt).
FULL=${FULL:-4254}; BUDGET=${BUDGET:-470}
FA=${FA:-6.8}; MA=${MA:-7.3}; TA_MAX=${TA_MAX:-460}
T0=$(date +%s)
python3 -c "import torch, torch_geometric, transformers; print(torch.__version__, torch_geometric.__version__, transformers.__version__)"
. tools/gpu_v2_recipe.sh
run() {  # name seed fit_minutes max_minutes timeout_s
  TRAIN_TIMEOUT=$5 train_v2 /tmp/$1 $2 12 $3 $4 2>&1 \
    | tee $OUT/$1.log | awk '!/ INFO step /{print; next} {split($5, a, "/"); if (a[1] % 500 == 0) print}'
}
run A 13 $FA $MA $TA_MAX
TA=$(( $(date +%s) - T0 ))
LEFT=$(( BUDGET - TA ))
echo "A ended ${TA}s after the start; ${LEFT}s left"
python3 - "$LEFT" "$FULL" <<'PY' > /tmp/b_fit
import json, sys
s = json.load(open("/tmp/A/summary.json")); left, full = int(sys.argv[1]), int(sys.argv[2])
done = s["total_steps"] == full and not s["stopped_early"]
print(f"{left / 60:.2f}" if done and left > s["seconds"] * 1.12 else "0")
PY
echo "B fit_minutes: $(cat /tmp/b_fit)"
if [ "$(cat /tmp/b_fit)" != "0" ]; then run B 14 $(cat /tmp/b_fit) $(cat /tmp/b_fit) $LEFT; fi
python3 - "$FULL" <<'PY' > /tmp/chosen
import json, os, sys
full = int(sys.argv[1])
a = json.load(open("/tmp/A/summary.json"))
b = json.load(open("/tmp/B/summary.json")) if os.path.exists("/tmp/B/summary.json") else None
ok = b is not None and b["total_steps"] == full and not b["stopped_early"]
print("B" if ok and b["best_valid_auc_macro"] > a["best_valid_auc_macro"] else "A")
PY
echo "chosen: $(cat /tmp/chosen)"
python3 tools/gpu_train.py export-weights /tmp/$(cat /tmp/chosen) $OUT/w
echo "total $(( $(date +%s) - T0 ))s"; ls -la $OUT $OUT/w
