#!/bin/sh
# A nightly batch of rated puzzles, for cron(8): COUNT puzzles at each level
# into DIR/YYYYMMDD-LEVEL.json (JSON Lines with level, score and seed).
#
#   nightly.sh DIR [COUNT]
#
# Silent on success, so cron mails only trouble.  A run that finds the last
# one still going (flock on DIR/.nightly.lock) says so and exits 1.  Each
# file is written by sudoku-gen -o: a temporary file renamed into place, so
# readers never see half a file.  The seeds come from the date and the
# level: a lost file is made again by running the same day's command.
# Cron's PATH is minimal: the programs are looked for in SUDOKU_BIN, then
# the installed ones (make install writes its PREFIX here), then the system's.
set -eu
PATH=${SUDOKU_BIN:+$SUDOKU_BIN:}/usr/local/bin:/usr/bin:/bin
export PATH
dir=${1:?usage: nightly.sh DIR [COUNT]}
count=${2:-100}
mkdir -p "$dir"
exec 9>> "$dir/.nightly.lock"
if ! flock -n 9; then
	echo "nightly.sh: an earlier run still holds $dir/.nightly.lock; this one is skipped" >&2
	exit 1
fi
day=$(date +%Y%m%d)
k=0
for level in very-easy easy medium hard expert; do
	sudoku-gen -q -n "$count" -d "$level" -s "$day$k" -t json -o "$dir/$day-$level.json"
	k=$((k + 1))
done
