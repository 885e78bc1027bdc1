#!/usr/bin/env bash
# Measures spandex's start-up and streaming cost against peers built and
# run in the same session: a hello-world Go binary and Debian's rolldice.
# Needs hyperfine and rolldice (apt-get install hyperfine rolldice).
# Usage: scripts/bench-startup.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-500}
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
go build -trimpath -ldflags='-s -w' -o "$tmp/spandex" ./cmd/spandex
rolldice=$(command -v rolldice || echo /usr/games/rolldice)

echo "== start-up"
hyperfine -N --warmup 50 --runs "$runs" --export-markdown "$tmp/startup.md" \
	-n hello-go "$tmp/hello-go" \
	-n 'spandex roll 3d6' "$tmp/spandex roll 3d6 --seed 1 -o text" \
	-n 'rolldice 3d6' "$rolldice 3d6"
cat "$tmp/startup.md"

echo "== streaming: cost per extra roll printed"
hyperfine -N --warmup 3 --runs 10 --export-markdown "$tmp/stream.md" \
	-n 'spandex -n 1' "$tmp/spandex roll -n 1 3d6 --seed 1 -o text" \
	-n 'spandex -n 1000000' "$tmp/spandex roll -n 1000000 3d6 --seed 1 -o text" \
	-n 'rolldice 100000x3d6' "$rolldice 100000x3d6"
cat "$tmp/stream.md"

echo "== instructions (valgrind callgrind, repeatable under load)"
for cmd in "$tmp/hello-go" "$tmp/spandex roll 3d6 --seed 1 -o text" "$rolldice 3d6"; do
	n=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null $cmd 2>&1 >/dev/null | sed -n 's/.*Collected : //p')
	echo "$n  $cmd"
done
