#!/usr/bin/env bash
# Measures spandex's start-up and streaming cost against peers built and
# run in the same session: a hello-world Go binary, the card floor (a hello
# world linking cobra, viper and tablewriter: scripts/startup-floor/main.go,
# the least any binary of spandex's design can cost), the card floor with
# spandex's packages linked in but not run (scripts/startup-floor/linked.go:
# the cost of the program's size alone) and Debian's rolldice.
# Needs hyperfine, jq, GNU time and rolldice
# (apt-get install hyperfine jq time rolldice); valgrind for the last part.
# Usage: scripts/bench-startup.sh [RUNS]   (ROUNDS=18 ROUND_RUNS=30 COPIES=6
#        for the rounds of the ratio to the card floor)
#
# Every probe is measured on several copies of its binary: in this VM the
# start-up time of a binary depends on where its file's pages happen to
# sit in the page cache, so two files holding the same bytes can start up
# to 8 % apart (a fresh link, a copy of it, the same file read back from
# disk after the cache was dropped: each lands differently). So each
# probe is copied COPIES times and every round runs the next set of
# copies.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-500}
rounds=${ROUNDS:-18}
copies=${COPIES:-6}
round_runs=${ROUND_RUNS:-30}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/hello"
cat > "$tmp/hello/main.go" <<'GO'
package main

import "fmt"

func main() { fmt.Println("hello") }
GO
printf 'module hello\n\ngo 1.26\n' > "$tmp/hello/go.mod"
(cd "$tmp/hello" && go build -trimpath -ldflags='-s -w' -o "$tmp/hello-go" .)
go build -trimpath -ldflags='-s -w' -o "$tmp/card-floor" scripts/startup-floor/main.go
go build -trimpath -ldflags='-s -w' -o "$tmp/linked" scripts/startup-floor/main.go scripts/startup-floor/linked.go
go build -trimpath -ldflags='-s -w' -o "$tmp/spandex" ./cmd/spandex
for c in $(seq "$copies"); do
	for b in hello-go card-floor linked spandex; do
		cp "$tmp/$b" "$tmp/$b.$c"
	done
done
for b in hello-go card-floor linked spandex; do
	mv "$tmp/$b.1" "$tmp/$b" # the single run below uses the first copy
done
rolldice=$(command -v rolldice || echo /usr/games/rolldice)

echo "== start-up"
hyperfine -N --warmup 50 --runs "$runs" --export-markdown "$tmp/startup.md" --export-json "$tmp/startup.json" \
	-n hello-go "$tmp/hello-go" \
	-n 'card floor' "$tmp/card-floor" \
	-n 'floor + spandex linked' "$tmp/linked" \
	-n 'spandex roll 3d6' "$tmp/spandex roll 3d6 --seed 1 -o text" \
	-n 'spandex version' "$tmp/spandex version -o text" \
	-n 'rolldice 3d6' "$rolldice 3d6"
cat "$tmp/startup.md"
echo
echo "median ms, and ratios of medians, all from the run above:"
jq -r '.results as $r
	| ($r[] | select(.command == "hello-go") | .median) as $hello
	| ($r[] | select(.command == "card floor") | .median) as $floor
	| $r[] | "\(.command)\t\(.median * 1000 * 100 | round / 100) ms\t\(.median / $hello * 100 | round / 100)x hello-go\t\(.median / $floor * 100 | round / 100)x card floor"' \
	"$tmp/startup.json" | column -t -s $'\t'

# The VM's speed drifts over a long run (the commands above run one after
# another, 300 times each), which moves a single run's ratios by up to
# 0.2, and the command run last in a hyperfine run tends to gain. Rounds
# of a short hyperfine run each, the floor, the linked probe and spandex in
# every round, each round on the next copies and every copy run in both
# orders, and the median of the rounds' ratios hold still.
echo "== ratio to the card floor: $rounds rounds of one hyperfine run ($round_runs runs of each command, $copies copies of each binary in turn, the order reversed for every other turn), median of the rounds"
for r in $(seq "$rounds"); do
	c=$(((r - 1) % copies + 1))
	f=$tmp/card-floor.$c l=$tmp/linked.$c s=$tmp/spandex.$c
	[ "$c" = 1 ] && f=$tmp/card-floor l=$tmp/linked s=$tmp/spandex
	cmds=(-n 'card floor' "$f" -n 'floor + spandex linked' "$l" -n 'spandex roll 3d6' "$s roll 3d6 --seed 1 -o text")
	if [ $(((r - 1) / copies % 2)) = 1 ]; then # every copy in both orders
		cmds=(-n 'spandex roll 3d6' "$s roll 3d6 --seed 1 -o text" -n 'floor + spandex linked' "$l" -n 'card floor' "$f")
	fi
	hyperfine -N --warmup 10 --runs "$round_runs" --export-json "$tmp/round$r.json" "${cmds[@]}" >/dev/null 2>&1
	jq -r '[.results[] | {(.command): .median}] | add | [.["floor + spandex linked"] / .["card floor"], .["spandex roll 3d6"] / .["card floor"]] | @tsv' "$tmp/round$r.json"
done >"$tmp/rounds"
for col in 1 2; do
	sort -n -k"$col" "$tmp/rounds" | awk -F'\t' -v c="$col" '
		{v[NR] = $c; all = all sprintf(" %.3f", $c)}
		END {
			printf "%-24s median %.3fx the card floor, quartiles %.3f-%.3f (rounds:%s)\n",
				(c == 1 ? "floor + spandex linked" : "spandex roll 3d6"), v[int((NR + 1) / 2)], v[int(NR / 4) + 1], v[int(3 * NR / 4)], all
		}'
done

echo "== minor page faults (median of 21 runs)"
faults() {
	for _ in $(seq 21); do /usr/bin/time -f %R "$@" 2>&1 >/dev/null | tail -n 1; done | sort -n | sed -n 11p
}
for cmd in "$tmp/hello-go" "$tmp/card-floor" "$tmp/linked" "$tmp/spandex roll 3d6 --seed 1 -o text" "$tmp/spandex version -o text"; do
	# shellcheck disable=SC2086 # the command line is split on purpose
	echo "$(faults $cmd)  $cmd"
done

echo "== streaming: cost per extra roll printed"
hyperfine -N --warmup 3 --runs 10 --export-markdown "$tmp/stream.md" \
	-n 'spandex -n 1' "$tmp/spandex roll -n 1 3d6 --seed 1 -o text" \
	-n 'spandex -n 1000000' "$tmp/spandex roll -n 1000000 3d6 --seed 1 -o text" \
	-n 'rolldice 10000x3d6' "$rolldice 10000x3d6"
cat "$tmp/stream.md"

echo "== instructions (valgrind callgrind, repeatable under load)"
for cmd in "$tmp/hello-go" "$tmp/card-floor" "$tmp/spandex roll 3d6 --seed 1 -o text" "$rolldice 3d6"; do
	# valgrind 3.19 cannot run some Go 1.26 binaries: report that, don't stop
	n=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null $cmd 2>&1 >/dev/null | sed -n 's/.*Collected : //p' || true)
	echo "${n:-(valgrind failed)}  $cmd"
done
