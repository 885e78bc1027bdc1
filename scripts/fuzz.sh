#!/usr/bin/env bash
# Run every fuzz target for a while, one after another, and print a line
# of figures per target (docs/testing.md records a run).
#
#   scripts/fuzz.sh                 # 30s each
#   FUZZTIME=10m scripts/fuzz.sh    # the issue's ten minutes each
#   scripts/fuzz.sh FuzzStream      # only targets matching a pattern
#   MINIMIZETIME=1m scripts/fuzz.sh # minimise new inputs as go test does
#
# A failure leaves its input under the package's testdata/fuzz/ (commit
# it with the fix: it becomes a regression test of the normal suite) and
# makes the script exit 1 after the rest have run.
set -u
cd "$(dirname "$0")/.."
FUZZTIME=${FUZZTIME:-30s}
PARALLEL=${PARALLEL:-1}
# go test spends up to a minute minimising each input that finds new
# coverage, and counts no executions meanwhile: on the targets whose
# inputs are whole hero or encounter files, one such input stalled a
# 20-30 s run after a few hundred executions (pkg/encounter FuzzDecode:
# 1,317 executions in 20 s, 83,801 with 2 s). A failing input is still
# minimised for as long as this allows.
MINIMIZETIME=${MINIMIZETIME:-2s}
only=${1:-.}
# go test ends a test binary after -timeout, 10 minutes unless told, and
# a fuzzing binary's time includes replaying the cached corpus for
# baseline coverage before FUZZTIME starts: on a loaded machine that
# alone passed ten minutes (pkg/encounter FuzzDecode: 729 s for 60 s of
# fuzzing), and the run died as "test timed out" with no failing input
# saved. Allow the fuzzing time plus an hour.
TIMEOUT=${TIMEOUT:-$(awk -v t="$FUZZTIME" 'BEGIN{ s = t + 0; if (t ~ /m$/) s *= 60; if (t ~ /h$/) s *= 3600; printf "%ds", s + 3600 }')}

# package target, one per line: every Fuzz function in the repository.
targets=$(grep -rl --include='*_test.go' '^func Fuzz' cmd internal pkg |
	while read -r f; do
		for fn in $(grep -o '^func Fuzz[A-Za-z0-9_]*' "$f" | sed 's/^func //'); do
			echo "./$(dirname "$f") $fn"
		done
	done | sort -u)

failed=0
# time includes building the instrumented test binary.
printf '%-28s %-26s %8s %12s %10s  %s\n' package target time execs "execs/s" result
while read -r pkg fn; do
	[[ -z "$pkg" ]] && continue
	[[ "$fn" =~ $only ]] || continue
	log=$(mktemp)
	start=$(date +%s)
	if go test "$pkg" -run '^$' -fuzz "^${fn}\$" -fuzztime "$FUZZTIME" -fuzzminimizetime "$MINIMIZETIME" -parallel "$PARALLEL" -timeout "$TIMEOUT" >"$log" 2>&1; then
		result=ok
	else
		result=FAIL
		failed=1
	fi
	secs=$(($(date +%s) - start))
	last=$(grep -o 'execs: [0-9]*' "$log" | tail -1 | awk '{print $2}')
	# The average rate over the fuzzing time (go test prints only the
	# last few seconds' rate).
	rate=$(awk -v n="${last:-0}" -v t="$FUZZTIME" 'BEGIN{
		s = t + 0; if (t ~ /m$/) s *= 60; if (t ~ /h$/) s *= 3600
		if (s > 0) printf "%d", n / s; else print "?" }')
	printf '%-28s %-26s %7ss %12s %10s  %s\n' "$pkg" "$fn" "$secs" "${last:-?}" "${rate:-?}" "$result"
	if [[ $result == FAIL ]]; then
		# go test's account of the failure (the message, the input
		# saved or why none was), then where the whole log is kept.
		grep -v '^fuzz: elapsed' "$log" | sed -n '/--- FAIL/,$p' | head -n 20 | sed 's/^/    /'
		keep=${TMPDIR:-/tmp}/fuzz-$fn.log
		mv "$log" "$keep" && echo "    whole log: $keep"
	fi
	rm -f "$log"
done <<<"$targets"
exit $failed
