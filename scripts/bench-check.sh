#!/usr/bin/env bash
# Measures `hero check` and `sheet` on a stream of generated heroes
# against floors run in the same session on the same bytes:
#   * stream-floor -mode=valid: encoding/json's syntax check of each line
#     (json.Valid), the least any JSON reader can do;
#   * stream-floor -mode=any: encoding/json decoding each line into
#     interface values, the least a checker that looks at values does;
#   * jq -c . (when installed): a JSON tool decoding and re-printing.
# For each command it prints the median of RUNS runs of CPU time
# (user+sys, the figure a loaded machine disturbs least), wall time and
# peak resident memory (GNU time), and the CPU ratio to each floor.
# docs/benchmarks.md records a run.
#
# Last, the same for a stream of NPCs (GOONS goons as `gen npc goon -n N
# -o jsonl` writes, 5 x HEROES by default): the batches of goons a GM
# checks most, a third the size of a player hero a line.
#
# Usage: scripts/bench-check.sh [HEROES] [RUNS]   (10000 and 3 by default)
#        SHEET_HEROES=100000 also measures sheet's memory on that many
#        heroes (the stream repeated), default 10 x HEROES.
#        GOONS=50000 sets the length of the NPC stream.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-10000}
runs=${2:-3}
sheet_n=${SHEET_HEROES:-$((10 * n))}
goons=${GOONS:-$((5 * n))}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/spandex" ./cmd/spandex
go build -o "$tmp/floor" ./scripts/stream-floor
"$tmp/spandex" gen hero -n "$n" --seed 1 -o jsonl >"$tmp/heroes.jsonl"
echo "input: $n heroes, $(($(wc -c <"$tmp/heroes.jsonl") / n)) bytes a line; load: $(cut -d' ' -f1-3 /proc/loadavg)"

# measure NAME CMD...: runs CMD (stdin: the stream) RUNS times and prints
# "NAME cpu_s wall_s rss_kb" with the medians.
measure() {
	local name=$1
	shift
	for _ in $(seq "$runs"); do
		/usr/bin/time -f '%U %S %e %M' -o "$tmp/t" "$@" <"$tmp/in" >/dev/null
		awk '{printf "%.3f %.3f %d\n", $1 + $2, $3, $4}' "$tmp/t"
	done | sort -n | awk -v name="$name" -v r="$runs" '
		{cpu[NR] = $1; wall[NR] = $2; rss[NR] = $3}
		END {m = int((r + 1) / 2); printf "%s %s %s %s\n", name, cpu[m], wall[m], rss[m]}'
}

cp "$tmp/heroes.jsonl" "$tmp/in"
{
	measure floor-valid "$tmp/floor" -mode=valid
	measure floor-any "$tmp/floor" -mode=any
	if command -v jq >/dev/null; then measure jq jq -c .; fi
	measure hero-check "$tmp/spandex" hero check -o jsonl
	measure sheet-jsonl "$tmp/spandex" sheet -o jsonl
	measure sheet-text "$tmp/spandex" sheet -o text
} >"$tmp/results"

for _ in $(seq $((sheet_n / n))); do cat "$tmp/heroes.jsonl"; done >"$tmp/in"
{
	measure "hero-check-x$((sheet_n / n))" "$tmp/spandex" hero check -o jsonl
	measure "sheet-text-x$((sheet_n / n))" "$tmp/spandex" sheet -o text
} >>"$tmp/results"

# The ratios compare CPU time per hero: a row over the repeated stream
# (-xN) is set against N times the floors' time.
# report N: the table of "$tmp/results" for a stream of N documents. The
# ratios compare CPU time per hero: a row over the repeated stream (-xN)
# is set against N times the floors' time.
report() {
	awk -v n="$1" '
	{name[NR] = $1; cpu[NR] = $2; wall[NR] = $3; rss[NR] = $4}
	END {
		valid = cpu[1] > 0 ? cpu[1] : 1e-9
		for (i = 1; i <= NR; i++) {
			x = (name[i] ~ /-x[0-9]+$/) ? substr(name[i], index(name[i], "-x") + 2) + 0 : 1
			printf "%-18s cpu %6.2f s  wall %6.2f s  rss %6.1f MB  %8.0f heroes/s (wall)  %8.0f /s of cpu  %5.2fx floor-valid\n",
				name[i], cpu[i], wall[i], rss[i] / 1024, n * x / (wall[i] > 0 ? wall[i] : 1e-9), n * x / (cpu[i] > 0 ? cpu[i] : 1e-9), cpu[i] / (valid * x)
		}
	}' "$tmp/results"
}
report "$n"

echo
"$tmp/spandex" gen npc goon -n "$goons" --seed 1 -o jsonl >"$tmp/in"
echo "input: $goons goons (gen npc goon), $(($(wc -c <"$tmp/in") / goons)) bytes a line"
{
	measure floor-valid "$tmp/floor" -mode=valid
	measure hero-check "$tmp/spandex" hero check -o jsonl
} >"$tmp/results"
report "$goons"
