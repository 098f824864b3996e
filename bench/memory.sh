#!/bin/sh
# Bounded memory, two ways.  Flat over long streams: every program over N
# (10,000,000) records, with its maximum resident memory beside that of a
# run of N/100.  Records are the 17-clue puzzles repeated, fed through a
# pipe; for the programs that search or rate, their solutions with four
# cells blanked, which take each record through the program's whole path
# cheaply.  sudoku-gen makes 4x4 puzzles.  Bounded at every size: the peak
# of every program at its default limits on one hard record of each of
# SIZES (9 25 36 64), against the bound the man pages give (1 GB; the
# rater's chains count theirs, SD_CHAIN_MEMORY).  The records: a 9x9
# puzzle Sudoku Explainer rates 11.1 (nested chains), and the puzzles
# sudoku-gen -b RxC -s 2 makes, whose ratings reach the default limit of
# work; sudoku-gen makes and rates that puzzle; sudoku-play (in tmux,
# skipped without it) asks a hint, then quits.  Each run there is bounded
# by the default limits (a minute at most here), guarded by timeout and by
# ulimit -v 4000000.  N=0 or SIZES= leaves a part out.  Rewrites its table
# in bench/RESULTS.md.
. "$(dirname "$0")/common.sh"
N=${N:-10000000}
SMALL=$((N / 100))
SIZES=${SIZES-9 25 36 64}
HARD=98.7..6..7...8..5...5......57..4.9....3..9........7.2.46...85.....4....6....6..41
SLOWEST=0
# the columns, in order: each program's (the head of pivot's table)
for p in sudoku-print sudoku-cost sudoku-fill sudoku-bt "sudoku-bt -u" sudoku-anneal sudoku-vns \
	sudoku-rate sudoku-gen "sudoku-gen -d extreme" sudoku-play; do
	printf -- '-\t%s\t`%s`\n' "$p" "$p"
done > "$OUT/sizes.tsv"
: > "$OUT/streams.tsv"
if [ "$N" -gt 0 ]; then
	[ -f "$DATA/17_clue.txt" ] || { echo "bench: no $DATA/17_clue.txt" >&2; exit 1; }
	grep -v '^#' "$DATA/17_clue.txt" | head -n 10000 > "$OUT/mem_puzzles.txt"
	bin/sudoku-bt "$OUT/mem_puzzles.txt" |
		awk '{ print substr($2, 1, 10) "...." substr($2, 15) }' > "$OUT/mem_near.txt"

	# repeat FILE COUNT: the file's lines over and over, COUNT in all
	repeat() {
		awk -v n="$2" '{ line[NR] = $0 } END { for (i = 0; i < n; i++) print line[i % NR + 1] }' "$1"
	}

	# rss COUNT INPUT COMMAND...: kilobytes; the command must write COUNT lines
	rss() {
		count=$1 input=$2
		shift 2
		if [ "$input" = - ]; then     # the command makes COUNT records of its own
			/usr/bin/time -f %M -o "$OUT/rss" $(echo "$@" | sed "s/COUNT/$count/") > "$OUT/mem.out" 2> /dev/null || true
		else
			repeat "$input" "$count" | /usr/bin/time -f %M -o "$OUT/rss" "$@" > "$OUT/mem.out" 2> /dev/null || true
		fi
		lines=$(wc -l < "$OUT/mem.out")
		[ "$lines" -eq "$count" ] || { echo "bench: $* wrote $lines lines of $count" >&2; exit 1; }
		tail -n 1 "$OUT/rss"
	}

	# run PROGRAM INPUT COMMAND...: two rows' cells of the table, the
	# peaks over SMALL and N records (MB), and the time for N
	run() {
		program=$1 input=$2
		shift 2
		small=$(rss "$SMALL" "$input" "$@")
		start=$(date +%s.%N)
		big=$(rss "$N" "$input" "$@")
		secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')
		awk -v small="$small" -v big="$big" -v secs="$secs" -v p="$program" -v n="$N" -v m="$SMALL" 'BEGIN {
			printf "%d records\t%s\t%.1f\n%d records\t%s\t%.1f, %d s\n", m, p, small / 1024, n, p, big / 1024, secs }' \
			>> "$OUT/streams.tsv"
		echo "bench/memory.sh: $* $small KB / $big KB"
	}
	run sudoku-print "$OUT/mem_puzzles.txt" bin/sudoku-print -t json
	run sudoku-cost "$OUT/mem_puzzles.txt" bin/sudoku-cost
	run sudoku-fill "$OUT/mem_puzzles.txt" bin/sudoku-fill -s 1
	run "sudoku-bt -u" "$OUT/mem_puzzles.txt" bin/sudoku-bt -u
	run sudoku-rate "$OUT/mem_near.txt" bin/sudoku-rate
	run sudoku-anneal "$OUT/mem_near.txt" bin/sudoku-anneal -s 1
	run sudoku-vns "$OUT/mem_near.txt" bin/sudoku-vns -s 1
	# sudoku-gen reads nothing: -n sets the count
	run sudoku-gen - bin/sudoku-gen -b 2x2 -s 1 -n COUNT
fi

box_of() {
	case $1 in 9) echo 3x3 ;; 25) echo 5x5 ;; 36) echo 6x6 ;; 64) echo 8x8 ;; esac
}

# peak SIZE WHAT COMMAND...: a row of the table: the command's peak
# resident memory, its time and the first word of its answer
peak() {
	size=$1 what=$2
	shift 2
	start=$(date +%s.%N)
	status=0
	(ulimit -v 4000000 && exec /usr/bin/time -f %M -o "$OUT/rss" timeout 600 "$@") \
		> "$OUT/mem.out" 2> /dev/null < /dev/null || status=$?
	secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
	row "$size" "$what" "$(tail -n 1 "$OUT/rss")" "$secs" "$status" "$(answer "$OUT/mem.out")" "$*"
}

# answer FILE: what a run said: the level or the status of its record in
# json, else the first word it wrote (none for a record in json)
answer() {
	grep -o -m 1 '"level":"[a-z-]*"\|"status":"[a-z]*"' "$1" | cut -d'"' -f4 | head -n 1 | grep . ||
		head -n 1 "$1" | cut -d' ' -f1 | grep -v '^{' | cut -c1-12 || true
}

# row SIZE PROGRAM KB SECONDS STATUS ANSWER COMMAND: a line of sizes.tsv,
# the peak in MB and the answer
row() {
	printf '%sx%s\t%s\t%s %s\n' "$1" "$1" "$2" "$(awk -v k="$3" 'BEGIN { printf "%.1f", k / 1024 }')" \
		"$6" >> "$OUT/sizes.tsv"
	awk -v s="$4" 'BEGIN { exit !(s > 0 + '"${SLOWEST:-0}"') }' && SLOWEST=$4
	echo "bench/memory.sh: $1x$1 $2: $3 KB, $4 s, exit $5, $6: $7" >&2
}

# sudoku-play in a tmux window as large as the board needs: a hint, then
# quit without saving, its state in a scratch folder
play() {
	size=$1 input=$2
	command -v tmux > /dev/null || return 0
	sock=$OUT/tmux.sock state=$OUT/play-state
	rm -rf "$state" "$OUT/rss" && mkdir -p "$state"
	start=$(date +%s.%N)
	tmux -S "$sock" -f /dev/null new-session -d -x 400 -y 150 \
		"ulimit -v 4000000; XDG_STATE_HOME='$state' /usr/bin/time -f %M -o '$OUT/rss' bin/sudoku-play -o '$state/game' '$input'"
	sleep 2
	tmux -S "$sock" send-keys '!'
	sleep 1
	tmux -S "$sock" send-keys Q y
	tries=0
	while [ ! -s "$OUT/rss" ] && [ $((tries += 1)) -le 600 ]; do
		sleep 1
	done
	tmux -S "$sock" kill-server 2> /dev/null || true
	secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
	row "$size" "sudoku-play" "$(tail -n 1 "$OUT/rss")" "$secs" 0 hint \
		"sudoku-play FILE, keys ! Q y"
}

for n in $SIZES; do
	box=$(box_of "$n")
	in=$OUT/hard$n.grid
	if [ "$n" = 9 ]; then
		echo "$HARD" > "$in"
	else
		bin/sudoku-gen -b "$box" -s 2 -t grid > "$in"
	fi
	peak "$n" sudoku-print bin/sudoku-print -t json "$in"
	peak "$n" sudoku-cost bin/sudoku-cost "$in"
	peak "$n" sudoku-fill bin/sudoku-fill -s 1 -t json "$in"
	peak "$n" sudoku-bt bin/sudoku-bt -t json "$in"
	peak "$n" "sudoku-bt -u" bin/sudoku-bt -u "$in"
	peak "$n" sudoku-anneal bin/sudoku-anneal -s 1 -t json "$in"
	peak "$n" sudoku-vns bin/sudoku-vns -s 1 -t json "$in"
	peak "$n" sudoku-rate bin/sudoku-rate -t json "$in"
	peak "$n" sudoku-gen bin/sudoku-gen -b "$box" -s 2 -t json
	[ "$n" != 9 ] || peak "$n" "sudoku-gen -d extreme" bin/sudoku-gen -d extreme -s 1 -t json
	play "$n" "$in"
done
{
	heading "Memory over long streams and at every size" "N SIZES"
	printf ' Peak resident memory (GNU time'"'"'s maximum resident set, MB) of every program at its default limits.'
	if [ "$N" -gt 0 ]; then
		printf ' The rows of records: over %s records and over %s, through a pipe: 17-clue puzzles (print -t json, cost, fill -s 1, bt -u),' "$N" "$SMALL"
		printf ' their solutions with four cells blanked (rate, anneal -s 1, vns -s 1), 4x4 puzzles made (gen -b 2x2 -s 1), and the time for %s;' "$N"
		printf ' the target of the foundation issue: under 16 MB (over 10,000,000 records: [history/2026-11-22.md](history/2026-11-22.md)).'
	fi
	if [ -n "$SIZES" ]; then
		printf ' The rows of sizes: a hard record of each, and the answer: the 9x9 puzzle SE rates 11.1 of bench/memory.sh, else the puzzle of `sudoku-gen -b RxC -s 2 -t grid`'
		printf ' (`-t json` for print, bt, fill, anneal, vns and rate; -s 1 for fill, anneal and vns); `sudoku-gen -b RxC -s 2 -t json` makes and rates that puzzle,'
		printf ' `-d extreme -s 1` at 9x9; `sudoku-play` shows a hint (key !) in tmux, then quits; the slowest run %s s.' "$SLOWEST"
		printf ' The bound the man pages give: 1 GB at every size (a rating'"'"'s chains count their own memory and stop at 512 MiB, SD_CHAIN_MEMORY).'
	fi
	printf '\n\n'
	cat "$OUT/sizes.tsv" "$OUT/streams.tsv" | pivot board
} > "$OUT/memory.md"
replace_results "$SCRIPT" "$OUT/memory.md"
