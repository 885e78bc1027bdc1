#!/usr/bin/env bash
# Runs the hot-path Go benchmarks on one core with allocation counts, for
# docs/benchmarks.md. Peers measured in the same run: encoding/json for the
# generated JSON encoders, the reflective decoder for the generated hero
# decoder, json.Valid for hero check's steps. Start-up and streaming against a hello-world Go
# binary and Debian's rolldice: scripts/bench-startup.sh.
# Usage: scripts/bench.sh [BENCHTIME]   (default 1s)
set -euo pipefail
cd "$(dirname "$0")/.."
bt=${1:-1s}
echo "# $(date -u +%FT%TZ) $(go version) load: $(cut -d' ' -f1-3 /proc/loadavg)"
go test -run '^$' -bench . -benchmem -cpu 1 -benchtime "$bt" \
	./pkg/dice/ ./pkg/combat/ ./pkg/chargen/ ./pkg/hero/ ./pkg/encounter/ \
	./pkg/profile/ ./pkg/downtime/ ./internal/cli/gen/ ./internal/cli/roll/ ./internal/cli/attack/ \
	./internal/cli/herocmd/ |
	grep -E '^(Benchmark|pkg:)'
