#!/bin/sh
# sudoku-gen up the scale, one thread: puzzles per CPU-minute for every
# window of Sudoku Explainer ratings of width 0.5 from 1.0 to 10.0 (1.0-1.4,
# 1.5-1.9, ..., 9.5-9.9), for 9.5-, 10.0- and -d extreme.  Each window
# runs until BUDGET seconds of CPU time are spent (counted by ps, so a
# loaded machine makes it slower, not shorter); the puzzles it made are
# rated again by sudoku-rate, checked unique by sudoku-bt, and looked up in
# the puzzles of shared/data (none may be one of them).  Rewrites its table
# in bench/RESULTS.md.
#
# BUDGET    CPU seconds per window (default 60)
# WINDOWS   the windows (default all of them, as above, then 9.5- 10.0- extreme)
# GEN       more options for sudoku-gen (default none)
. "$(dirname "$0")/common.sh"
BUDGET=${BUDGET:-60}
GEN=${GEN:-}
if [ -z "${WINDOWS:-}" ]; then
	WINDOWS=$(awk 'BEGIN { for (a = 10; a < 100; a += 5) printf "%.1f-%.1f ", a / 10, (a + 4) / 10 }')
	WINDOWS="${WINDOWS}9.5- 10.0- extreme"
fi
PIN=
command -v taskset > /dev/null && PIN="taskset -c ${CPU:-0}"
sort -u "$DATA"/*.txt "$DATA"/se_rated/*.txt 2> /dev/null | cut -d' ' -f1 > "$OUT/genw.known" || :

# cpu_seconds PID: the CPU time a process has spent so far, in seconds
cpu_seconds() {
	awk '{ print int(($14 + $15) / 100) }' "/proc/$1/stat" 2> /dev/null || echo 0
}

# row WINDOW: makes puzzles for BUDGET CPU seconds, then the table's row
row() {
	case $1 in
	extreme) opts="-d extreme" lo=9.0 hi=99 ;;
	*-) opts="--rating $1" lo=${1%-} hi=99 ;;
	*) opts="--rating $1" lo=${1%-*} hi=${1#*-} ;;
	esac
	# shellcheck disable=SC2086
	/usr/bin/time -f '%U %S' -o "$OUT/genw.time" $PIN bin/sudoku-gen -n 0 -s 1 -q $opts $GEN > "$OUT/genw.txt" &
	timer=$!
	sleep 1
	pid=$(pgrep -P "$timer")
	while kill -0 "$pid" 2> /dev/null && [ "$(cpu_seconds "$pid")" -lt "$BUDGET" ]; do
		sleep 1
	done
	kill -TERM "$pid" 2> /dev/null || :
	wait || :
	secs=$(tail -n 1 "$OUT/genw.time" | awk '{ print $1 + $2 }')
	made=$(grep -c . "$OUT/genw.txt" || :)
	if [ "$made" -gt 0 ]; then
		bin/sudoku-rate -T 0 "$OUT/genw.txt" | cut -d' ' -f2 > "$OUT/genw.ours"
		inside=$(awk -v lo="$lo" -v hi="$hi" '$1 >= lo - 1e-9 && $1 <= hi + 1e-9' "$OUT/genw.ours" | grep -c . || :)
		unique=$(bin/sudoku-bt -u "$OUT/genw.txt" 2> /dev/null | grep -c '^unique' || :)
		known=$(cut -d' ' -f1 "$OUT/genw.txt" | grep -cxFf "$OUT/genw.known" || :)
		distinct=$(cut -d' ' -f1 "$OUT/genw.txt" | sort -u | grep -c . || :)
		range="$(sort -g "$OUT/genw.ours" | head -n 1)-$(sort -g "$OUT/genw.ours" | tail -n 1)"
	else
		inside=0 unique=0 known=0 distinct=0 range=-
	fi
	# one column per window (the page is short): pivot's lines
	printf -- '-\t%s\t%s\n' "$1" "$1"
	printf 'in window per CPU-minute (their ratings)\t%s\t%s (%s)\n' "$1" \
		"$(awk -v n="$inside" -v s="$secs" 'BEGIN { r = s > 0 ? 60 * n / s : 0; printf (r >= 100 ? "%.0f" : "%.3g"), r }')" \
		"$range"
	printf 'made, distinct, in window, unique, known\t%s\t%s\n' "$1" "$made, $distinct, $inside, $unique, $known"
}

{
	heading "sudoku-gen up the scale: puzzles per CPU-minute per window" "BUDGET WINDOWS GEN"
	printf ' One thread (`taskset`), seed 1, `-n 0` stopped after BUDGET seconds of CPU time'
	printf ' (the machine may be shared: CPU time is counted, not wall time).'
	printf ' Every puzzle rated again by sudoku-rate ("in window"), counted by sudoku-bt ("unique")'
	printf ' and looked up in shared/data ("known"). Targets: every window yields puzzles;'
	printf ' 9.5- at least 1 per CPU-minute; 10.0- at least 1 per 10 CPU-minutes.\n\n'
	for w in $WINDOWS; do
		row "$w"
	done > "$OUT/genw.rows"
	pivot window < "$OUT/genw.rows"
} > "$OUT/genw.md"
replace_results "$SCRIPT" "$OUT/genw.md"
