#!/bin/sh
# sudoku-gen at the top of the scale, one thread per seed: `sudoku-gen -n 0
# -s SEED --rating WINDOW` pinned to one core (taskset -c CPU) and stopped
# by SIGTERM once it has spent BUDGET seconds of CPU time (read from /proc
# every 2 s, so a loaded machine makes it slower, not shorter).  Every
# puzzle made is rated again by sudoku-rate (in the window?), counted by
# sudoku-bt -c 2 (unique?), each of its givens taken away in turn (minimal:
# none may leave it unique), and looked up in shared/data (known?).  One
# line per seed on stdout; the puzzles and a trace of when they came (CPU
# seconds, puzzles so far, every 2 s) in bench/out/gentop-WINDOW-SEED.*.
# The figures go into its table in bench/RESULTS.md by hand.
#
# WINDOW    a window of --rating (default 9.5-), or extreme for -d extreme
# SEEDS     the seeds, run one after the other (default 1)
# BUDGET    CPU seconds per seed (default 600)
# CPU       the core (default 0)
. "$(dirname "$0")/common.sh"
WINDOW=${WINDOW:-9.5-}
SEEDS=${SEEDS:-1}
BUDGET=${BUDGET:-600}
PIN=
command -v taskset > /dev/null && PIN="taskset -c ${CPU:-0}"
case $WINDOW in
extreme) opts="-d extreme" lo=9.0 hi=99 ;;
*-) opts="--rating $WINDOW" lo=${WINDOW%-} hi=99 ;;
*) opts="--rating $WINDOW" lo=${WINDOW%-*} hi=${WINDOW#*-} ;;
esac
known=$OUT/gentop.known
[ -s "$known" ] || sort -u "$DATA"/*.txt "$DATA"/se_rated/*.txt 2> /dev/null | cut -d' ' -f1 > "$known" || :

cpu_seconds() {
	awk '{ print ($14 + $15) / 100 }' "/proc/$1/stat" 2> /dev/null || echo 0
}

for seed in $SEEDS; do
	base=$OUT/gentop-$WINDOW-$seed
	# shellcheck disable=SC2086
	$PIN bin/sudoku-gen -n 0 -s "$seed" -q $opts > "$base.txt" &
	pid=$!
	: > "$base.trace"
	cpu=0
	while kill -0 "$pid" 2> /dev/null; do
		cpu=$(cpu_seconds "$pid")
		printf '%s %s\n' "$cpu" "$(grep -c . "$base.txt" || :)" >> "$base.trace"
		awk -v c="$cpu" -v b="$BUDGET" 'BEGIN { exit !(c >= b) }' && break
		sleep 2
	done
	# the last reading: a process ended from outside has no /proc left
	kill -TERM "$pid" 2> /dev/null || :
	wait "$pid" 2> /dev/null || :
	made=$(grep -c . "$base.txt" || :)
	inside=0 unique=0 minimal=0 isknown=0 ratings=- first=-
	if [ "$made" -gt 0 ]; then
		bin/sudoku-rate -T 0 "$base.txt" | cut -d' ' -f2 > "$base.ours"
		inside=$(awk -v lo="$lo" -v hi="$hi" '$1 >= lo - 1e-9 && $1 <= hi + 1e-9' "$base.ours" | grep -c . || :)
		ratings=$(sort -g "$base.ours" | uniq -c | awk '{ printf "%s%s at %s", (NR > 1 ? ", " : ""), $1, $2 }')
		unique=$(bin/sudoku-bt -c 2 "$base.txt" | grep -c '^unique' || :)
		isknown=$(cut -d' ' -f1 "$base.txt" | grep -cxFf "$known" || :)
		# minimal: each puzzle's givens taken away one at a time, none unique
		minimal=$(awk '{ for (i = 1; i <= 81; i++) if (substr($1, i, 1) != ".")
			print NR, substr($1, 1, i - 1) "." substr($1, i + 1) }' "$base.txt" > "$base.less"
			cut -d' ' -f2 "$base.less" | bin/sudoku-bt -c 2 | paste -d' ' "$base.less" - |
			awk '$3 == "unique" { bad[$1] = 1 } END { n = 0; for (i = 1; i <= '"$made"'; i++) n += !bad[i]; print n }')
		first=$(awk '$2 > 0 { print $1; exit }' "$base.trace")
	fi
	printf '%s seed %s: %s CPU-s, %s made (first after %s CPU-s), %s in window (%s), %s unique, %s minimal, %s known: %s a CPU-minute\n' \
		"$WINDOW" "$seed" "$cpu" "$made" "${first:--}" "$inside" "$ratings" "$unique" "$minimal" "$isknown" \
		"$(awk -v n="$inside" -v s="$cpu" 'BEGIN { printf "%.3g", (s > 0 ? 60 * n / s : 0) }')"
done
