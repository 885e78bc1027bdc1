#!/usr/bin/env bash
# Concurrent -i writers on one hero file must lose no update. WRITERS processes each run ROUNDS `profile set -i` on the same
# file at once; every run appends one event to the hero's log, so the log
# must grow by exactly WRITERS x ROUNDS and every exit must be 0.
#
#   scripts/concurrency.sh                  # 8 writers x 50 rounds
#   WRITERS=16 ROUNDS=100 scripts/concurrency.sh
#   SIZE_MB=5 scripts/concurrency.sh        # pad the hero's notes to ~5 MB
#
# Prints the figures and exits 1 on any lost update, failed run or stray
# temporary file. The short version runs in the normal test suite
# (TestConcurrentWritersLoseNothing in internal/cli).
set -euo pipefail
cd "$(dirname "$0")/.."
WRITERS=${WRITERS:-8}
ROUNDS=${ROUNDS:-50}
SIZE_MB=${SIZE_MB:-0}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/spandex" ./cmd/spandex
bin=$work/spandex
hero=$work/g.json
cp testdata/heroes/guardian.json "$hero"
if [[ $SIZE_MB -gt 0 ]]; then
	# A long note makes every read and write of the file take longer.
	pad=$(head -c $((SIZE_MB * 1024 * 1024)) /dev/zero | tr '\0' 'x')
	python3 - "$hero" "$pad" <<'PY'
import json, sys
p, pad = sys.argv[1], sys.argv[2]
h = json.load(open(p))
h["notes"] = pad
json.dump(h, open(p, "w"), indent=2)
PY
fi
events() { { grep -o '"seq"' "$1" || true; } | wc -l; }
before=$(events "$hero")
start=$(date +%s.%N)
fails=0
for w in $(seq 1 "$WRITERS"); do
	(
		for r in $(seq 1 "$ROUNDS"); do
			if ! "$bin" profile set -i "$hero" "heroism=$(((w + r) % 5 + 1))" -o jsonl >/dev/null 2>"$work/err.$w.$r"; then
				echo "writer $w round $r failed: $(cat "$work/err.$w.$r")"
				echo x >>"$work/failed"
			fi
		done
	) &
done
wait
end=$(date +%s.%N)
after=$(events "$hero")
[[ -f $work/failed ]] && fails=$(wc -l <"$work/failed")
want=$((WRITERS * ROUNDS))
got=$((after - before))
stray=$(find "$work" -name '.g.json.tmp-*' | wc -l)
"$bin" hero check "$hero" -o text >/dev/null
printf "writers %d x rounds %d: %d runs in %ss, %d events appended, %d lost, %d failed runs, %d stray temporary files\n" \
	"$WRITERS" "$ROUNDS" "$want" "$(awk -v a="$start" -v b="$end" 'BEGIN{printf "%.1f", b-a}')" "$got" $((want - got)) "$fails" "$stray"
[[ $got -eq $want && $fails -eq 0 && $stray -eq 0 ]]
