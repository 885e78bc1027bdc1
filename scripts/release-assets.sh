#!/usr/bin/env bash
# Generates what release archives and packages ship besides the binary:
# docs/cli.md, the man pages and the JSON Schemas (gendocs), gzipped man
# pages for the deb/rpm packages (build/man/), and shell completions for
# bash, zsh, fish and PowerShell (build/completions/). goreleaser runs it
# as a `before` hook; it works on its own too.
set -euo pipefail
cd "$(dirname "$0")/.."

go run ./internal/cmd/gendocs

rm -rf build/man build/completions
mkdir -p build/man build/completions
for page in docs/man/*.1; do
	gzip -9 -n -c "$page" > "build/man/$(basename "$page").gz"
done

bin=$(mktemp -d)/spandex
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/spandex
"$bin" completion bash > build/completions/spandex.bash
"$bin" completion zsh > build/completions/_spandex
"$bin" completion fish > build/completions/spandex.fish
"$bin" completion powershell > build/completions/spandex.ps1
