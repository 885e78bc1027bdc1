#!/usr/bin/env bash
# Kill -i writers at random moments and check the promises of the README's
# "Exit status and files":
#   - the file is always a valid hero (old or new, never half of one);
#   - a non-zero exit leaves the file exactly as it was;
#   - SIGINT and SIGTERM leave no temporary file (exit 130 / 143, or 0 if
#     the rename had begun);
#   - a SIGKILL may leave one; the next -i removes it once it is over a
#     minute old (the script ages it with touch).
#
#   scripts/kill-test.sh          # 200 runs
#   RUNS=1000 scripts/kill-test.sh
#
# Half the runs hold the command for a random moment with its new file
# staged (SPANDEX_TEST_COMMIT_DELAY, a test hook built in by -tags
# spandextest), so signals land while
# the temporary file exists as well as before and after.
set -uo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-200}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -tags spandextest -o "$work/spandex" ./cmd/spandex || exit 1
bin=$work/spandex
hero=$work/g.json
cp testdata/heroes/guardian.json "$hero"
declare -A exits
bad=0 stray_int=0 killed_left=0 cleaned=0
temps() { find "$work" -maxdepth 1 -name '.g.json.tmp-*' | wc -l; }
for i in $(seq 1 "$RUNS"); do
	sig=$(shuf -n1 -e INT TERM KILL)
	delay=""
	if ((RANDOM % 2)); then delay="SPANDEX_TEST_COMMIT_DELAY=$((RANDOM % 50))ms"; fi
	sum=$(sha256sum <"$hero")
	env $delay "$bin" profile set -i "$hero" "heroism=$((i % 5 + 1))" -o jsonl >/dev/null 2>&1 &
	pid=$!
	sleep "0.0$((RANDOM % 60 + 10))"
	kill -s "$sig" "$pid" 2>/dev/null
	{ wait "$pid"; } 2>/dev/null
	code=$?
	exits["$sig:$code"]=$((${exits["$sig:$code"]:-0} + 1))
	if ! "$bin" hero check "$hero" >/dev/null 2>&1; then
		echo "run $i ($sig): the file is not a valid hero"
		bad=$((bad + 1))
		cp testdata/heroes/guardian.json "$hero"
	fi
	if ((code != 0)) && [[ $(sha256sum <"$hero") != "$sum" ]]; then
		echo "run $i ($sig): exit $code but the file changed"
		bad=$((bad + 1))
	fi
	n=$(temps)
	if ((n > 0)); then
		if [[ $sig == KILL ]]; then
			killed_left=$((killed_left + n))
			# Age them past a minute: the next -i must remove them.
			find "$work" -maxdepth 1 -name '.g.json.tmp-*' -exec touch -d '2 minutes ago' {} +
			"$bin" profile set -i "$hero" heroism=3 >/dev/null 2>&1
			if (($(temps) == 0)); then cleaned=$((cleaned + n)); else
				echo "run $i: the next -i left $(temps) stale temporary files"
				bad=$((bad + 1))
			fi
		else
			echo "run $i ($sig, exit $code): $n temporary files left"
			stray_int=$((stray_int + n))
			find "$work" -maxdepth 1 -name '.g.json.tmp-*' -delete
		fi
	fi
done
echo "runs: $RUNS"
for k in $(printf '%s\n' "${!exits[@]}" | sort); do echo "  signal:exit $k  ${exits[$k]}"; done
echo "temporary files left by SIGINT/SIGTERM: $stray_int (must be 0)"
echo "temporary files left by SIGKILL: $killed_left, removed by the next -i: $cleaned"
echo "broken promises: $bad"
((bad == 0 && stray_int == 0))
