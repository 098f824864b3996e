#!/bin/sh
# sudoku-rate beside skfr (dobrichev/skfr, a fast rater of Sudoku
# Explainer's scale, approximate on some puzzles) and Sudoku Explainer's
# own serate, one thread each, on the same puzzles: CPU seconds per set,
# in pairs run back to back in alternating order, the median of each.  Sets: every file of se_rated/
# and the issue's: 500 QQWing puzzles of each level and the first 100 of
# magictour_top1465.txt.  The ratings are compared too: sudoku-rate's with
# SE's where se_rated/ has them, and skfr's with sudoku-rate's.  Rewrites
# its table in bench/RESULTS.md.
#
# SKFR     the skfr program (default ../peers/skfr/src/skfr: fetch
#          dobrichev/skfr there and build it with its Makefile); without
#          it, sudoku-rate's figures alone.
# SERATE   Sudoku Explainer's serate, as a script that takes a file and
#          prints "PUZZLE ER/EP/ED" lines (default ../peers/serate/serate.sh,
#          built as shared/tools/build-serate.sh builds SE); without it, no
#          serate column.  It is 50 to 100 times slower than sudoku-rate
#          (30 CPU minutes on hardest.txt), so it runs once per set, pinned
#          to CPU too, and its ratings and time are kept in
#          bench/out/serate-NAME.out and .cpu ("PUZZLES SECONDS": the CPU
#          seconds of its JVM when it had printed the first PUZZLES
#          ratings); a later run takes them from there (delete them to
#          measure again).
# SERATE_CPU  the CPU seconds serate may take on one set (default 900):
#          past them it is stopped, and sudoku-rate is timed on the puzzles
#          it rated.
# SETS     the names of the sets to measure, separated by spaces (default
#          every set; the table then holds those alone).
# PAIRS    the pairs of runs on each set (default 5).
# CPU      the core both are pinned to with taskset (default 0).
# The QQWing sets are made once (qqwing, Debian package qqwing, has no
# seed) and kept in bench/out/skfr-qqwing_LEVEL.txt, so that later runs
# rate the same puzzles; delete them for new ones.
. "$(dirname "$0")/common.sh"
SE="$DATA/se_rated"
[ -d "$SE" ] || { echo "bench: no $SE" >&2; exit 1; }
SKFR=${SKFR:-../peers/skfr/src/skfr}
SERATE=${SERATE:-../peers/serate/serate.sh}
SERATE_CPU=${SERATE_CPU:-900}
PAIRS=${PAIRS:-5}
CPU=${CPU:-0}
if [ -x "$SKFR" ]; then
	SKFR=$(cd "$(dirname "$SKFR")" && pwd)/$(basename "$SKFR")
else
	echo "bench/skfr.sh: no skfr at $SKFR (set SKFR): sudoku-rate's figures alone" >&2
	SKFR=
fi
if [ -x "$SERATE" ]; then
	SERATE=$(cd "$(dirname "$SERATE")" && pwd)/$(basename "$SERATE")
else
	echo "bench/skfr.sh: no serate at $SERATE (set SERATE): no serate column" >&2
	SERATE=
fi
PIN=
command -v taskset > /dev/null && PIN="taskset -c $CPU"
ROOT=$(pwd)
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT INT TERM

# the sets, as NAME FILE lines; each becomes $SCRATCH/NAME.txt, its
# puzzles alone (81 characters a line, as skfr reads them)
: > "$SCRATCH/sets"
for f in "$SE"/*.txt; do
	echo "$(basename "$f" .txt) $f" >> "$SCRATCH/sets"
done
if command -v qqwing > /dev/null; then
	for level in expert simple easy intermediate; do
		made="$OUT/skfr-qqwing_$level.txt"
		[ -s "$made" ] || qqwing --generate 500 --difficulty "$level" --one-line > "$made"
		echo "qqwing-500-$level $made" >> "$SCRATCH/sets"
	done
else
	echo "bench/skfr.sh: no qqwing (Debian package qqwing): its sets skipped" >&2
fi
grep -v '^#' "$DATA/magictour_top1465.txt" | head -n 100 > "$OUT/skfr-magictour_100.txt"
echo "magictour-100 $OUT/skfr-magictour_100.txt" >> "$SCRATCH/sets"

# cpu OUT CMD...: runs CMD, its output to OUT, and prints its CPU seconds
# (task-clock from perf where it runs, finer than time's hundredths)
cpu() {
	out=$1
	shift
	if perf stat -x, -e task-clock -o "$SCRATCH/stat" "$@" > "$out" 2> "$SCRATCH/err"; then
		awk -F, '$3 == "task-clock" || $3 ~ /^task-clock/ { printf "%.3f\n", $1 / 1000 }' "$SCRATCH/stat"
	else
		/usr/bin/time -f '%U %S' -o "$SCRATCH/time" "$@" > "$out" 2> "$SCRATCH/err" ||
			{ echo "bench/skfr.sh: $* failed, see $SCRATCH/err" >&2; cat "$SCRATCH/err" >&2; exit 1; }
		tail -n 1 "$SCRATCH/time" | awk '{ printf "%.3f\n", $1 + $2 }'
	fi
}
ours() {
	cpu "$SCRATCH/ours.out" $PIN bin/sudoku-rate -t json "$SCRATCH/$1.txt"
}
# skfr reads NAME.txt and writes NAME_rat.txt (and NAME_N_rat.txt, the
# puzzles it does not rate) where it runs
theirs() {
	(cd "$SCRATCH" && export OMP_NUM_THREADS=1 && cpu /dev/null $PIN "$SKFR" "-i$1")
}
median() {
	sort -n | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# serate NAME: serate's ratings of set NAME into bench/out/serate-NAME.out
# and its time into .cpu, unless kept there from an earlier run on the same
# puzzles (false when it rated none).  A run to the end is timed whole (user + system); one stopped
# past SERATE_CPU by the JVM's CPU time (every thread, from /proc, read
# each second) as it was when its last rating appeared (a second late at
# most).
serate() {
	kept="$OUT/serate-$1.out" spent="$OUT/serate-$1.cpu"
	if [ -s "$kept" ] && [ -s "$spent" ]; then
		rated=$(cut -d' ' -f1 "$spent")
		cut -d' ' -f1 "$kept" | head -n "$rated" > "$SCRATCH/kept"
		head -n "$rated" "$SCRATCH/$1.txt" | cmp -s - "$SCRATCH/kept" && return
	fi
	rm -f "$spent"
	/usr/bin/time -f '%U %S' -o "$SCRATCH/serate.time" $PIN nice -n 10 "$SERATE" "$SCRATCH/$1.txt" \
		> "$kept" 2> "$SCRATCH/serate.err" &
	pid=$! last=0 java=
	while kill -0 "$pid" 2> /dev/null; do
		sleep 1
		[ -n "$java" ] || java=$(pgrep -P "$pid") || continue
		seconds=$(awk '{ printf "%.2f", ($14 + $15) / 100 }' "/proc/$java/stat" 2> /dev/null) || continue
		rated=$(wc -l < "$kept")
		[ "$rated" = "$last" ] || { echo "$rated $seconds" > "$spent"; last=$rated; }
		awk -v s="$seconds" -v m="$SERATE_CPU" 'BEGIN { exit !(s > m) }' && kill "$java" 2> /dev/null
	done
	wait "$pid" || true
	if [ "$(wc -l < "$kept")" = "$(wc -l < "$SCRATCH/$1.txt")" ] && [ -s "$SCRATCH/serate.time" ]; then
		tail -n 1 "$SCRATCH/serate.time" |
			awk -v n="$(wc -l < "$kept")" '{ printf "%d %.2f\n", n, $1 + $2 }' > "$spent"
	fi
	[ -s "$spent" ] || { echo "bench/skfr.sh: serate rated nothing of $1, see $SCRATCH/serate.err" >&2; return 1; }
}

# a line per set: name puzzles ours skfr ratio se_agree skfr_differs
# serate_seconds serate_rated ours_on_those serate/ours
: > "$SCRATCH/table"
while read -r name file; do
	case " ${SETS:-$name} " in *" $name "*) ;; *) continue ;; esac
	grep -v '^#' "$file" | cut -c 1-81 > "$SCRATCH/$name.txt"
	n=$(wc -l < "$SCRATCH/$name.txt")
	: > "$SCRATCH/o" && : > "$SCRATCH/t" && : > "$SCRATCH/r"
	for pair in $(seq "$PAIRS"); do
		if [ -z "$SKFR" ]; then
			ours "$name" >> "$SCRATCH/o"
			continue
		fi
		if [ $((pair % 2)) = 1 ]; then
			o=$(ours "$name") && t=$(theirs "$name")
		else
			t=$(theirs "$name") && o=$(ours "$name")
		fi
		echo "$o" >> "$SCRATCH/o" && echo "$t" >> "$SCRATCH/t"
		awk -v o="$o" -v t="$t" 'BEGIN { print (o > 0 ? t / o : 0) }' >> "$SCRATCH/r"
	done
	# ratings: er/ep/ed of each puzzle, in order
	sed 's/.*"er":\([0-9.]*\),"ep":\([0-9.]*\),"ed":\([0-9.]*\).*/\1\/\2\/\3/; /"er"/d' \
		"$SCRATCH/ours.out" > "$SCRATCH/ours.ratings"
	agree=-
	case $file in "$SE"/*)
		agree=$(grep -v '^#' "$file" | cut -d' ' -f2 | paste -d' ' - "$SCRATCH/ours.ratings" |
			awk '$1 == $2 { a++ } END { print a + 0 }') ;;
	esac
	differ=-
	if [ -n "$SKFR" ]; then
		sed 's/.* ED=//' "$SCRATCH/${name}_rat.txt" > "$SCRATCH/skfr.ratings"
		unrated=$(grep -c . "$SCRATCH/${name}_N_rat.txt" || true)
		differ=$(paste -d' ' "$SCRATCH/ours.ratings" "$SCRATCH/skfr.ratings" |
			awk '$1 != $2 { d++ } END { print d + 0 }')
		[ "$unrated" = 0 ] || differ="$differ ($unrated unrated)"
	fi
	med_o=$(median < "$SCRATCH/o")
	med_t=- med_r=-
	[ -z "$SKFR" ] || { med_t=$(median < "$SCRATCH/t"); med_r=$(median < "$SCRATCH/r"); }
	# serate: once; sudoku-rate again on the puzzles it rated, when it
	# was stopped before the end; its ratings are SE's where se_rated/
	# has none
	ser_s=- ser_n=- ser_o=- ser_r=-
	if [ -n "$SERATE" ] && serate "$name"; then
		read -r ser_n ser_s < "$OUT/serate-$name.cpu"
		ser_o=$med_o
		if [ "$ser_n" != "$n" ]; then
			head -n "$ser_n" "$SCRATCH/$name.txt" > "$SCRATCH/$name-first.txt"
			: > "$SCRATCH/f"
			for pair in $(seq "$PAIRS"); do
				ours "$name-first" >> "$SCRATCH/f"
			done
			ser_o=$(median < "$SCRATCH/f")
		fi
		ser_r=$(awk -v o="$ser_o" -v s="$ser_s" 'BEGIN { print (o > 0 ? s / o : 0) }')
		if [ "$agree" = - ]; then
			agree=$(cut -d' ' -f2 "$OUT/serate-$name.out" | head -n "$ser_n" |
				paste -d' ' - "$SCRATCH/ours.ratings" | awk '$1 == $2 { a++ } END { print a + 0 }')
			[ "$ser_n" = "$n" ] || agree="$agree of $ser_n"
			agree="$agree (serate)"
		fi
	fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$n" "$med_o" "$med_t" "$med_r" \
		"$agree" "$differ" "$ser_s" "$ser_n" "$ser_o" "$ser_r" >> "$SCRATCH/table"
	echo "bench/skfr.sh: $name: $n puzzles, sudoku-rate $med_o s, skfr $med_t s, skfr/ours $med_r," \
		"serate $ser_s s on $ser_n, serate/ours $ser_r" >&2
done < "$SCRATCH/sets"
cp "$SCRATCH/table" "$OUT/skfr.table"

{
	heading "sudoku-rate speed beside skfr and serate" "SETS PAIRS CPU SKFR SERATE SERATE_CPU"
	printf ' One thread each, both pinned to one core (`taskset -c %s`; skfr with OMP_NUM_THREADS=1),' "$CPU"
	printf ' whole process, file in, file out: CPU seconds (task-clock, or user + system), the median of'
	printf ' %s pairs of runs back to back in alternating order, the machine shared with other work;' "$PAIRS"
	printf ' sudoku-rate `-t json`, skfr `-iFILE` (its ER/EP/ED file). x skfr: skfr'"'"'s time over'
	printf ' sudoku-rate'"'"'s, the median of the pairs'"'"' ratios (above 1: sudoku-rate faster). SE =:'
	printf ' sudoku-rate'"'"'s ER/EP/ED equal to se_rated/'"'"'s; skfr differs: puzzles whose ER/EP/ED'
	printf ' from skfr differ from sudoku-rate'"'"'s. QQWing sets: 500 puzzles made once by qqwing %s' \
		"$(qqwing --version 2> /dev/null | head -n 1 | sed 's/^qqwing //')"
	printf ' (bench/out/skfr-qqwing_*.txt).'
	printf ' serate: Sudoku Explainer'"'"'s, one run per set (50 to 100 times slower), pinned alike and'
	printf ' niced, its JVM'"'"'s start included, stopped past %s CPU seconds: then' "$SERATE_CPU"
	printf ' its time is the JVM'"'"'s when its last rating appeared (read each second), over the'
	printf ' puzzles it rated (of N), and sudoku-rate is timed again on those (the median of %s runs);' "$PAIRS"
	printf ' x serate: serate'"'"'s time over sudoku-rate'"'"'s on the same puzzles. Where se_rated/ has'
	printf ' no ratings, SE = compares with serate'"'"'s.\n\n'
	printf '| set | puzzles | sudoku-rate s | skfr s | x skfr | serate s | x serate | SE = | skfr differs |\n'
	printf '|---|---:|---:|---:|---:|---:|---:|---:|---:|\n'
	awk -F '\t' '{ serate = $8 == "-" ? "-" : sprintf("%.2f", $8)
		if ($8 != "-" && $9 != $2) serate = serate sprintf(" (%d of %d)", $9, $2)
		printf "| %s | %d | %.3f | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3,
		($4 == "-" ? "-" : sprintf("%.3f", $4)), ($5 == "-" ? "-" : sprintf("%.2f", $5)),
		serate, ($11 == "-" ? "-" : sprintf("%.0f", $11)), $6, $7 }' "$SCRATCH/table"
} > "$OUT/skfr.md"
replace_results "$SCRIPT" "$OUT/skfr.md"
