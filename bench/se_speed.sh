#!/bin/sh
# sudoku-rate's speed beside Sudoku Explainer's command-line rater (serate),
# one thread, on the same puzzles in the same run: puzzles per second, whole
# process (serate's includes the JVM's start), on each file of se_rated/.
# sudoku-rate leaves the puzzles that need chains unrated (level `search`),
# which is fast; so the comparison is made twice: over all the puzzles, and
# over only the puzzles sudoku-rate rates, where both rate fully (the fair
# figure).  Rewrites its table in bench/RESULTS.md.
#
# SERATE   serate.sh as built by ../shared/tools/build-serate.sh (default:
#          ../serate-new/serate.sh or ../serate/serate.sh when there); when
#          none, sudoku-rate's figures alone.
# CPU      the core both are pinned to with taskset (default 0); serate also
#          gets -XX:ActiveProcessorCount=1 through JAVA_TOOL_OPTIONS (its
#          chaining starts threads whatever the count: the pinning is what
#          makes it one thread).
# LIMIT    seconds for serate on one file, 0 none (default 0); a file cut
#          short gives serate's puzzles/s as an upper bound ("<").
# FILES    the files of se_rated/ (default: all, *.txt).
# RUNS     sudoku-rate's runs, the best kept (default 3); serate runs once.
. "$(dirname "$0")/common.sh"
SE="$DATA/se_rated"
[ -d "$SE" ] || { echo "bench: no $SE" >&2; exit 1; }
CPU=${CPU:-0}
LIMIT=${LIMIT:-0}
FILES_SET=${FILES:-}
RUNS=${RUNS:-3}
FILES=${FILES:-$(cd "$SE" && ls ./*.txt | sed 's|^\./||')}
if [ -z "${SERATE:-}" ]; then
	for s in ../serate-new/serate.sh ../serate/serate.sh; do
		[ -x "$s" ] && { SERATE=$s; break; }
	done
fi
if [ -n "${SERATE:-}" ] && { [ ! -x "$SERATE" ] || ! command -v java > /dev/null; }; then
	echo "bench/se_speed.sh: $SERATE not runnable (or no java): sudoku-rate alone" >&2
	SERATE=
fi
[ -n "${SERATE:-}" ] || echo "bench/se_speed.sh: no serate (set SERATE to serate.sh): sudoku-rate's figures alone" >&2
[ -z "${SERATE:-}" ] || SERATE=$(cd "$(dirname "$SERATE")" && pwd)/$(basename "$SERATE")
SERATE=${SERATE:-}
PIN=
command -v taskset > /dev/null && PIN="taskset -c $CPU"
ROOT=$(pwd)
OUT=$ROOT/$OUT
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT INT TERM

# cpu CMD...: runs CMD, output to $OUT/sespeed.out, and prints its CPU
# seconds (user + system, its children included), then its exit status
cpu() {
	st=0
	/usr/bin/time -f '%U %S' -o "$OUT/sespeed.time" "$@" > "$OUT/sespeed.out" 2> "$OUT/sespeed.err" || st=$?
	tail -n 1 "$OUT/sespeed.time" | awk -v st="$st" '{ print $1 + $2, st }'
}
# ours FILE: CPU seconds of sudoku-rate over FILE repeated $REP times in one
# process (a run of a few hundredths of a second is below the clock's
# resolution), best of $RUNS; its json (one copy) in $OUT/sespeed.json
ours() {
	lines=$(wc -l < "$1")
	REP=$(( (20000 + lines - 1) / lines ))
	: > "$OUT/sespeed.rep"
	for _ in $(seq "$REP"); do cat "$1" >> "$OUT/sespeed.rep"; done
	best=
	for _ in $(seq "$RUNS"); do
		set -- $(cpu $PIN bin/sudoku-rate -T 60 -t json "$OUT/sespeed.rep")
		if [ -z "$best" ] || awk "BEGIN { exit !($1 < $best) }"; then best=$1; fi
	done
	head -n "$(wc -l < "$OUT/sespeed.all")" "$OUT/sespeed.out" > "$OUT/sespeed.json"
	awk -v s="$best" -v r="$REP" 'BEGIN { print s / r }'
}
# theirs FILE: CPU seconds of serate over FILE (one run, from a scratch
# folder: it writes its settings there; JVM start and JIT included), its
# output in $OUT/sespeed.se; then "limit" when cut short by $LIMIT
theirs() {
	sefile=$1
	set -- $(cd "$SCRATCH" && { [ "$LIMIT" = 0 ] || ulimit -t "$LIMIT"; } &&
		JAVA_TOOL_OPTIONS="${JAVA_TOOL_OPTIONS:-} -XX:ActiveProcessorCount=1" cpu $PIN "$SERATE" "$1")
	cp "$OUT/sespeed.out" "$OUT/sespeed.se"
	if [ "$2" != 0 ]; then
		[ "$LIMIT" != 0 ] && [ "$(grep -c . "$OUT/sespeed.se")" -lt "$(grep -c . "$sefile")" ] ||
			{ echo "bench: serate failed ($2) on $sefile, see $OUT/sespeed.err" >&2; echo fail; return; }
		echo "$1 limit"
	else
		echo "$1"
	fi
}

# a line per file: file n secs_ours secs_se se_cut rated secs_ours_rated secs_se_rated se_cut_rated se_agree
: > "$OUT/sespeed.table"
for name in $FILES; do
	f="$SE/$name"
	[ -f "$f" ] || { echo "bench: no $f" >&2; exit 1; }
	grep -v '^#' "$f" | cut -d' ' -f1 > "$OUT/sespeed.all"
	grep -v '^#' "$f" | cut -d' ' -f1,2 > "$OUT/sespeed.ref"
	n=$(wc -l < "$OUT/sespeed.all")
	o_all=$(ours "$OUT/sespeed.all")
	# the puzzles sudoku-rate rates (a json line with "er")
	paste -d' ' "$OUT/sespeed.all" "$OUT/sespeed.json" | awk '/"er":/ { print $1 }' > "$OUT/sespeed.rated"
	r=$(wc -l < "$OUT/sespeed.rated")
	if [ "$r" -gt 0 ]; then o_r=$(ours "$OUT/sespeed.rated"); else o_r=0; fi
	if [ -n "${SERATE:-}" ]; then
		set -- $(theirs "$OUT/sespeed.all")
		s_all=$1 s_cut=${2:-}
		[ "$s_all" != fail ] || exit 1
		# serate's ratings against se_rated/ (the puzzles it finished)
		agree=$(awk 'NR == FNR { ref[$1] = $2; next } ($1 in ref) && ref[$1] == $2 { a++ } END { print a + 0 }' \
			"$OUT/sespeed.ref" "$OUT/sespeed.se")
		done_=$(grep -c . "$OUT/sespeed.se" || true)
		if [ "$r" -gt 0 ]; then
			set -- $(theirs "$OUT/sespeed.rated")
			s_r=$1 s_rcut=${2:-}
			[ "$s_r" != fail ] || exit 1
		else
			s_r=0 s_rcut=
		fi
	else
		s_all=- s_cut= s_r=- s_rcut= agree=- done_=-
	fi
	echo "$name $n $o_all $s_all ${s_cut:-ok} $r $o_r $s_r ${s_rcut:-ok} $agree $done_" >> "$OUT/sespeed.table"
	echo "bench/se_speed.sh: $name: $n puzzles, sudoku-rate $o_all s, serate $s_all s ${s_cut:-}; rated $r: $o_r s, $s_r s ${s_rcut:-}" >&2
done

{
	heading "sudoku-rate speed beside serate" "LIMIT RUNS CPU${FILES_SET:+ FILES} SERATE"
	printf ' One thread, both pinned to one core (`taskset -c %s`), whole process, file in, file out, puzzles' "$CPU"
	printf ' per second of CPU time (user + system: the machine is shared); sudoku-rate `-T 60 -t json`, over'
	printf ' at least 20,000 puzzles (the file repeated), best of %s runs; ' "$RUNS"
	if [ -n "${SERATE:-}" ]; then
		printf 'serate (`%s`, Sudoku Explainer HEAD, one run, JVM start included,' "$SERATE"
		printf ' `-XX:ActiveProcessorCount=1`) on the same puzzles in the same run. sudoku-rate leaves the'
		printf ' puzzles that need chains unrated (level `search`), which is fast: the "all" columns compare'
		printf ' unlike work. The fair figure is "rated": only the puzzles sudoku-rate rates, where both'
		printf ' rate fully (serate run again on just those). Target: sudoku-rate >= 20x serate, goal >= 100x.'
		printf ' serate = its ratings equal to se_rated/'"'"'s. serate'"'"'s time includes its JVM start and JIT'
		printf ' warm-up, a good part of it on the small and easy sets.\n\n'
		printf '| file | puzzles | serate = | all: sudoku-rate/s | all: serate/s | all: x | rated | rated: sudoku-rate/s | rated: serate/s | rated: x |\n'
		printf '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n'
	else
		printf 'serate not found (SERATE unset, none in ../serate-new or ../serate): sudoku-rate alone.\n\n'
		printf '| file | puzzles | all: sudoku-rate/s | rated | rated: sudoku-rate/s |\n|---|---:|---:|---:|---:|\n'
	fi
	awk -v se="${SERATE:-}" '
		function rate(n, s) { return s > 0 ? sprintf("%.0f", n / s) : "-" }
		function rate2(n, s) { return s > 0 ? (n / s >= 10 ? sprintf("%.0f", n / s) : sprintf("%.2f", n / s)) : "-" }
		function row(name, n, oa, sa, ca, r, orr, sr, cr, ag) {
			if (se == "")
				printf "| %s | %d | %s | %d | %s |\n", name, n, rate(n, oa), r, rate(r, orr)
			else
				printf "| %s | %d | %s | %s | %s%s | %s%s | %d | %s | %s%s | %s%s |\n", name, n, ag, rate(n, oa),
					(ca ? "< " : ""), rate2(n, sa), (ca ? "> " : ""), (oa > 0 && sa > 0 ? sprintf("%.0f", sa / oa) : "-"),
					r, rate(r, orr), (cr ? "< " : ""), rate2(r, sr), (cr ? "> " : ""),
					(orr > 0 && sr > 0 ? sprintf("%.0f", sr / orr) : "-")
		}
		{ ca = $5 != "ok"; cr = $9 != "ok"
		  ag = se == "" ? "-" : (ca ? sprintf("%d (%d of %d done)", $10, $11, $2) : $10)
		  row($1, $2, $3, $4, ca, $6, $7, $8, cr, ag)
		  N += $2; OA += $3; SA += $4; CA += ca; R += $6; OR += $7; SR += $8; CR += cr; AG += $10 }
		END { row("**all**", N, OA, SA, CA, R, OR, SR, CR, se == "" ? "-" : AG) }' "$OUT/sespeed.table"
} > "$OUT/sespeed.md"
replace_results "$SCRIPT" "$OUT/sespeed.md"
