#!/bin/sh
# fight-doc.sh: play docs/fight.md's "A whole fight, two pages" and print
# the transcript as a terminal shows it (80 columns), for pasting into the
# doc. Run from the repository root: scripts/fight-doc.sh > /tmp/fight.txt
set -eu
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/spandex" ./cmd/spandex
cp testdata/heroes/guardian.json testdata/heroes/nefario.json \
   testdata/heroes/police.jsonl testdata/heroes/goons.jsonl "$tmp/"
cd "$tmp"
PATH="$tmp:$PATH"
export SPANDEX_FORCE_TTY=1 COLUMNS=80
spandex fight new --name 'bank job' --side heroes=guardian.json,police.jsonl \
  --side villains=nefario.json,goons.jsonl > bank.json
run() {
	printf '$ %s\n' "$*"
	# A refusal is part of the story: show it and go on.
	sh -c "$*" 2>&1 || true
	printf '\n'
}
run spandex fight initiative -i bank.json --dice 8,3
run spandex fight act -i bank.json --actor guardian --move 7
run spandex fight act -i bank.json --actor guardian --attack nefario --with fist --reaction parry:staff --obstruction wood --dice 14,20,3,5,2,1,2,4,3,2
run spandex fight act -i bank.json --actor guardian --move 2
run "spandex fight act -i bank.json --do 'takes cover behind a pillar' --panels 2"
run "spandex fight act -i bank.json --do 'covers the doors' --panels 2"
run spandex fight act -i bank.json --actor nefario --move 15
run spandex fight act -i bank.json --actor nefario --attack guardian --with staff-blast --behind --reaction brace --power-dice health=4,stamina=6 --dice 16,3,5,5,4,4,3,1,6,6,4
run spandex fight auto -i bank.json --sides villains --seed 5 --until turn
run spandex fight auto -i bank.json --sides villains --seed 6
run spandex fight next bank.json
run spandex fight act -i bank.json --actor guardian --attack goon-1 --with fist --dice 15
run spandex fight next bank.json
run spandex fight end-page -i bank.json --dice 4,2
run spandex fight initiative -i bank.json --dice 9,2
run spandex fight act -i bank.json --actor guardian --attack goon-2 --with fist --dice 3
run spandex fight undo -i bank.json
run spandex fight act -i bank.json --actor guardian --attack goon-2 --with fist --dice 17
run spandex fight act -i bank.json --actor guardian --attack goon-3 --with fist --dice 12
run spandex fight act -i bank.json --actor guardian --attack goon-4 --with fist --dice 13
run spandex fight act -i bank.json --actor guardian --attack nefario --with fist --dice 18,2,6,5,3
run spandex fight status bank.json
run spandex fight next bank.json
run "jq -r '.combatants[] | select(.out) | \"\\(.id) \\(.out_reason)\"' bank.json"
run spandex fight initiative -i bank.json --dice 8,3
run "spandex fight log bank.json | tail -8"
cd "$root"
