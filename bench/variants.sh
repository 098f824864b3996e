#!/bin/sh
# sudoku-bt against CaDiCaL per variant at 9x9 and 16x16: X, jigsaw and
# killer puzzles sgt-solo makes (Debian sgt-puzzles; 16x16 jigsaw and
# killer it cannot make in reasonable time), and the other variants made by
# tests/variants_gen.py (a random full board under the rules, three in five
# of its cells kept: mostly one solution), converted to json records by
# tests/solo_json.py until -f solo reads them.  Each puzzle runs as a
# process of its own for both solvers: sudoku-bt solving (its default), and
# CaDiCaL (Debian cadical, -q) on bench/sat-encode.c's plain encoding, the
# encoding not timed, its model checked against every rule.  Beside them,
# sudoku-bt -u over the whole set in one process (the proof of uniqueness
# CaDiCaL does not make).  Rewrites its table in bench/RESULTS.md.
. "$(dirname "$0")/common.sh"
COUNT9=${COUNT9:-30}
COUNT16=${COUNT16:-20}
SOLO=/usr/games/sgt-solo
command -v cadical > /dev/null || { echo "bench: no cadical" >&2; exit 1; }
[ -x "$SOLO" ] || { echo "bench: no $SOLO (Debian sgt-puzzles)" >&2; exit 1; }
${CC:-cc} -O2 -Ilib -o "$OUT/sat-encode" bench/sat-encode.c build/libsudoku.a -ljansson -lcsv -lm

# cpu COMMAND...: its user + system seconds (output to $OUT/v.out)
cpu() {
	/usr/bin/time -f '%U %S' -o "$OUT/v.time" "$@" > "$OUT/v.out" 2> /dev/null || true
	tail -n 1 "$OUT/v.time" | awk '{ print $1 + $2 }'
}

# make_set NAME: $OUT/var-NAME.json, its puzzles
make_set() {
	name=$1 file=$OUT/var-$1.json
	case $name in
	x-9) "$SOLO" --generate "$COUNT9" 3x3x ;;
	jigsaw-9) "$SOLO" --generate "$COUNT9" 9j ;;
	killer-9) "$SOLO" --generate "$COUNT9" 3x3k ;;
	x-16) "$SOLO" --generate "$COUNT16" 4x4x ;;
	esac 2> /dev/null | python3 tests/solo_json.py > "$file"
	if [ ! -s "$file" ]; then
		variant=${name%-*} size=${name##*-}
		eval "count=\$COUNT$size"
		python3 tests/variants_gen.py bin/sudoku-bt 1 "$size" "$variant" "$count" many > "$file"
	fi
}

SETS=${SETS:-x-9 jigsaw-9 killer-9 windoku-9 anti-knight-9 anti-king-9 non-consecutive-9 parity-9 x-16 jigsaw-16 killer-16 windoku-16 anti-knight-16 non-consecutive-16 parity-16}
: > "$OUT/variants.runs"
for set in $SETS; do
	make_set "$set"
	file=$OUT/var-$set.json
	puzzles=$(wc -l < "$file")
	all_u=$(cpu bin/sudoku-bt -q -u "$file")
	unique=$(grep -c '^unique 1' "$OUT/v.out" || true)
	bt=0 sat=0 bt_solved=0 sat_solved=0
	while read -r line; do
		printf '%s\n' "$line" > "$OUT/v-one.json"
		s=$(cpu bin/sudoku-bt -q -t json "$OUT/v-one.json")
		bt=$(awk -v a="$bt" -v b="$s" 'BEGIN { print a + b }')
		grep -q '"status":"solved"' "$OUT/v.out" && bt_solved=$((bt_solved + 1))
		"$OUT/sat-encode" plain "$OUT/v-one.json" > "$OUT/v.cnf"
		s=$(cpu cadical -q "$OUT/v.cnf")
		sat=$(awk -v a="$sat" -v b="$s" 'BEGIN { print a + b }')
		"$OUT/sat-encode" check "$OUT/v-one.json" < "$OUT/v.out" && sat_solved=$((sat_solved + 1))
	done < "$file"
	echo "$set $puzzles $unique $all_u $bt_solved $bt $sat_solved $sat" | tee -a "$OUT/variants.runs"
done
{
	heading "Variants: sudoku-bt against CaDiCaL" "COUNT9 COUNT16 SETS"
	printf ' Machine shared with other jobs while measured: CPU time (user + system; /usr/bin/time counts 10 ms ticks a process, so a few ms a puzzle is a sum of whole ticks). X, jigsaw and killer at'
	printf ' 9x9 and X at 16x16 are sgt-solo'"'"'s (%s, --generate N 3x3x, 9j, 3x3k, 4x4x); the rest are' \
		"$(dpkg-query -W -f '${Version}' sgt-puzzles 2> /dev/null || echo '?')"
	printf ' tests/variants_gen.py'"'"'s (seed 1, "many": a random full board under the rules, three in five'
	printf ' cells kept). Solving: one process per puzzle, sudoku-bt by default, CaDiCaL %s (-q) on' \
		"$(dpkg-query -W -f '${Version}' cadical 2> /dev/null || cadical --version)"
	printf ' sat-encode plain (not timed), each model checked against every rule; ms per puzzle. -u: sudoku-bt'
	printf ' -u over the whole set in one process, ms per puzzle, and how many it proved unique.\n\n'
	printf '| set | puzzles | sudoku-bt solved | sudoku-bt ms | CaDiCaL solved | CaDiCaL ms | CaDiCaL / sudoku-bt | -u unique | -u ms |\n'
	printf '|---|---|---|---|---|---|---|---|---|\n'
	awk '{ printf "| %s | %d | %d | %.2f | %d | %.2f | %.1f | %d | %.2f |\n", $1, $2, $5, 1000 * $6 / $2, $7,
		1000 * $8 / $2, ($6 > 0 ? $8 / $6 : 0), $3, 1000 * $4 / $2 }' "$OUT/variants.runs"
} > "$OUT/variants.md"
replace_results "$SCRIPT" "$OUT/variants.md"
