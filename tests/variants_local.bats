#!/usr/bin/env bats
# The local searches under the variants' rules: sudoku-fill fills the boxes
# or jigsaw regions, sudoku-anneal and sudoku-vns solve and keep every rule,
# as a checker of this file's own (awk, not the library) judges.

load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# A solution of each variant, and its rules (found once by a search outside
# the toolkit; the first test checks each against its rules here).
X_SOLVED=639258417457196382821734659172469538368521974945387261794613825213845796586972143
WINDOKU_SOLVED=639258417457913682821674593948361275315742968762589341273196854594837126186425739
KNIGHT_SOLVED=639258417542176839871349526296431758358627194417895362123984675764512983985763241
KING_SOLVED=639258417821647953745931682193824576457196328268375149974583261512769834386412795
NONCONSEC_SOLVED=639184725275369148418527963963752481527418639184936257841693572396275814752841396
JIGSAW9_SOLVED=639258417784129635156937842248576193372491586921683754597864321813745269465312978
JIGSAW9_REGIONS=222225555222245555111144445111334449113333499778333999788888899777768869776666666
JIGSAW7_SOLVED=4276531612374537514265412367236715415346727645213
JIGSAW7_REGIONS=4477755447755544177554111233611123366622236662233

# killer: cages of WIKI_SOLVED along its rows (columns 1-2, 3-5, 6-7, 8-9)
killer_rules() {
	awk -v s="$WIKI_SOLVED" 'BEGIN { split("1 3 6 8", from); split("2 5 7 9", to); out = ""
		for (r = 1; r <= 9; r++) for (k = 1; k <= 4; k++) { cells = ""; sum = 0
			for (c = from[k]; c <= to[k]; c++) { cells = cells (cells ? "," : "") "\"r" r "c" c "\""
				sum += substr(s, (r - 1) * 9 + c, 1) }
			out = out (out ? "," : "") "{\"cells\":[" cells "],\"sum\":" sum "}" }
		printf "{\"cages\":[%s]}\n", out }'
}

# odd/even: every other cell of WIKI_SOLVED marked by its digit's parity
parity_rules() {
	awk -v s="$WIKI_SOLVED" 'BEGIN { p = ""
		for (i = 1; i <= 81; i++) p = p (i % 2 ? (substr(s, i, 1) % 2 ? "o" : "e") : ".")
		printf "{\"parity\":\"%s\"}\n", p }'
}

# variant NAME: "SIZE SOLUTION RULES" of a variant
variant() {
	case $1 in
	x) echo "9 $X_SOLVED {\"diagonals\":\"both\"}" ;;
	windoku) echo "9 $WINDOKU_SOLVED {\"extra\":\"windoku\"}" ;;
	anti-knight) echo "9 $KNIGHT_SOLVED {\"anti-knight\":true}" ;;
	anti-king) echo "9 $KING_SOLVED {\"anti-king\":true}" ;;
	non-consecutive) echo "9 $NONCONSEC_SOLVED {\"non-consecutive\":true}" ;;
	jigsaw9) echo "9 $JIGSAW9_SOLVED {\"regions\":\"$JIGSAW9_REGIONS\"}" ;;
	jigsaw7) echo "7 $JIGSAW7_SOLVED {\"regions\":\"$JIGSAW7_REGIONS\"}" ;;
	killer) echo "9 $WIKI_SOLVED $(killer_rules)" ;;
	odd-even) echo "9 $WIKI_SOLVED $(parity_rules)" ;;
	esac
}
VARIANTS='x windoku anti-knight anti-king non-consecutive jigsaw9 jigsaw7 killer odd-even'

# puzzle_of SOLUTION: every third cell kept
puzzle_of() {
	awk -v s="$1" 'BEGIN { p = ""; for (i = 1; i <= length(s); i++) p = p ((i - 1) % 3 ? "." : substr(s, i, 1)); print p }'
}

# check N RULES BOARD PUZZLE [boxes]: nothing when BOARD fills the board,
# keeps PUZZLE's givens and every rule of RULES (with boxes: only that its
# boxes or regions each hold every digit once); else what it breaks, and
# a failure
check() {
	local fields
	fields=$(jq -r '[.regions // "", .extra // "", .diagonals // "", ."anti-knight" // false,
		."anti-king" // false, ."non-consecutive" // false, .parity // "",
		([.cages[]? | (.cells | join(",")) + "=" + (.sum // 0 | tostring)] | join(";"))]
		| map(tostring) | join("|")' <<< "$2")
	awk -v n="$1" -v b="$3" -v p="$4" -v f="$fields" -v only_boxes="${5:-}" '
	function bad(what) { print what; errors++ }
	# the cells of list (space-separated) hold each digit once
	function unit(name, list,   k, m, c, seen) {
		m = split(list, c, " ")
		for (k = 1; k <= m; k++) { if (seen[d[c[k]]]++) { bad(name " repeats " d[c[k]]); return } }
	}
	function cell(name,   rc) { split(substr(name, 2), rc, "c"); return (rc[1] - 1) * n + rc[2] - 1 }
	BEGIN {
		split(f, F, "|"); N = n * n
		if (length(b) != N) { print "a board of " length(b) " cells"; exit 1 }
		for (i = 0; i < N; i++) {
			d[i] = index("123456789", substr(b, i + 1, 1))
			if (d[i] < 1 || d[i] > n) bad("cell " i " holds " substr(b, i + 1, 1))
			g = substr(p, i + 1, 1)
			if (g != "" && g != "." && g != substr(b, i + 1, 1)) bad("the given at " i " changed")
		}
		# boxes (3x3 on 9x9) or the regions of the rules
		delete box
		for (i = 0; i < N; i++) {
			key = F[1] != "" ? substr(F[1], i + 1, 1) : int(int(i / n) / 3) * 3 + int(i % n / 3)
			box[key] = box[key] " " i
		}
		for (key in box) unit("box or region " key, box[key])
		if (only_boxes) exit errors > 0
		for (r = 0; r < n; r++) { row = col = ""
			for (k = 0; k < n; k++) { row = row " " r * n + k; col = col " " k * n + r }
			unit("row " r, row); unit("column " r, col) }
		if (F[3] == "both" || F[3] == "main") { l = ""; for (k = 0; k < n; k++) l = l " " k * n + k; unit("main diagonal", l) }
		if (F[3] == "both" || F[3] == "anti") { l = ""; for (k = 0; k < n; k++) l = l " " k * n + n - 1 - k; unit("anti-diagonal", l) }
		if (F[2] == "windoku")
			for (w = 0; w < 4; w++) { l = ""
				for (k = 0; k < 9; k++) l = l " " (1 + int(w / 2) * 4 + int(k / 3)) * 9 + 1 + (w % 2) * 4 + k % 3
				unit("window " w, l) }
		for (i = 0; i < N; i++) for (j = i + 1; j < N; j++) {
			dr = int(j / n) - int(i / n); dc = j % n - i % n; dr = dr < 0 ? -dr : dr; dc = dc < 0 ? -dc : dc
			if (F[4] == "true" && dr * dc == 2 && d[i] == d[j]) bad("a knight apart: " i " " j)
			if (F[5] == "true" && dr <= 1 && dc <= 1 && d[i] == d[j]) bad("a king apart: " i " " j)
			if (F[6] == "true" && dr + dc == 1 && (d[i] - d[j] == 1 || d[j] - d[i] == 1)) bad("consecutive: " i " " j)
		}
		for (i = 0; F[7] != "" && i < N; i++) {
			c = substr(F[7], i + 1, 1)
			if ((c == "o" && d[i] % 2 == 0) || (c == "e" && d[i] % 2 == 1)) bad("parity at " i)
		}
		m = split(F[8], cages, ";")
		for (k = 1; k <= m; k++) {
			split(cages[k], part, "="); cc = split(part[1], names, ","); sum = 0; l = ""
			for (j = 1; j <= cc; j++) { x = cell(names[j]); sum += d[x]; l = l " " x }
			unit("cage " k, l)
			if (part[2] && sum != part[2]) bad("cage " k " adds up to " sum ", not " part[2])
		}
		exit errors > 0
	}'
}

# record NAME PUZZLE: the variant's rules line and the puzzle
record() {
	local n solution rules
	read -r n solution rules <<< "$(variant "$1")"
	printf '# rules %s\n%s\n' "$rules" "$2"
}

# search_keeps_rules PROG NAME [OPTION...]: PROG -s 1 solves the variant's
# puzzle (a third of its solution's cells), its answer keeping every rule
search_keeps_rules() {
	local prog=$1 name=$2 n solution rules puzzle
	shift 2
	read -r n solution rules <<< "$(variant "$name")"
	puzzle=$(puzzle_of "$solution")
	record "$name" "$puzzle" > puzzle.txt
	run -0 "$prog" -s 1 -t json "$@" puzzle.txt
	assert_output --partial '"status":"solved"'
	assert_output --partial '"cost":0'
	run -0 check "$n" "$rules" "$(jq -r .board <<< "$output")" "$puzzle"
	assert_output ''
}

@test "the checker here takes each variant's solution, refuses the other variants' (killer and odd/even share one), and refuses it with two cells of a box or region swapped" {
	for name in $VARIANTS; do
		read -r n solution rules <<< "$(variant "$name")"
		run -0 check "$n" "$rules" "$solution" "$(puzzle_of "$solution")"
		assert_output ''
		for other in $VARIANTS; do
			read -r other_n other_solution other_rules <<< "$(variant "$other")"
			[ "$other_n" = "$n" ] && [ "$other_solution" != "$solution" ] || continue
			run -1 check "$n" "$rules" "$other_solution" ''
		done
		# r1c1 and the next cell of its box or region, by reading order
		other=$(jq -r '(.regions // "") as $r | if $r == "" then 1
			else [range(1; '"$n"' * '"$n"') | select($r[.:. + 1] == $r[0:1])][0] end' <<< "$rules")
		swapped=$(awk -v s="$solution" -v j="$other" 'BEGIN {
			print substr(s, j + 1, 1) substr(s, 2, j - 1) substr(s, 1, 1) substr(s, j + 2) }')
		run -1 check "$n" "$rules" "$swapped" ''
		refute_output ''
		run -0 check "$n" "$rules" "$swapped" '' boxes
	done
}

@test "sudoku-fill: every kind of variant's boxes or regions hold each digit once, givens untouched" {
	for name in $VARIANTS; do
		read -r n solution rules <<< "$(variant "$name")"
		puzzle=$(puzzle_of "$solution")
		for kind in box box-sequential; do
			run -0 sudoku-fill -s 2 -k "$kind" -t json <(record "$name" "$puzzle")
			assert_output --partial '"rules":'
			run -0 check "$n" "$rules" "$(jq -r .board <<< "$output")" "$puzzle" boxes
			assert_output ''
		done
		run -0 sudoku-fill -s 2 -k row -t json <(record "$name" "$puzzle")
		board=$(jq -r .board <<< "$output")
		[[ $board =~ ^[1-9]+$ ]]
	done
}

@test "sudoku-fill: a jigsaw's regions, not the boxes of its size, are what box fills" {
	# the 3x3 boxes of this jigsaw's solution repeat digits: filled by
	# regions, the board from an empty puzzle keeps the regions whole
	run -1 check 9 '{}' "$JIGSAW9_SOLVED" '' boxes
	run -0 sudoku-fill -s 1 -t json <(record jigsaw9 "$(printf '%081d' 0 | tr 0 .)")
	run -0 check 9 "{\"regions\":\"$JIGSAW9_REGIONS\"}" "$(jq -r .board <<< "$output")" '' boxes
}

@test "sudoku-anneal -s 1 solves an easy puzzle of each variant, keeping every rule" {
	for name in $VARIANTS; do
		search_keeps_rules sudoku-anneal "$name"
	done
}

@test "sudoku-anneal --plain -s 1 (no propagation) solves them too" {
	for name in $VARIANTS; do
		search_keeps_rules sudoku-anneal "$name" --plain
	done
}

@test "sudoku-vns -s 1 solves an easy puzzle of each variant, keeping every rule" {
	for name in $VARIANTS; do
		search_keeps_rules sudoku-vns "$name"
	done
}

@test "a killer with no givens has many solutions: annealing and vns find one that keeps the cages" {
	empty=$(printf '%081d' 0 | tr 0 .)
	for prog in sudoku-anneal sudoku-vns; do
		run -0 "$prog" -s 1 -t json <(record killer "$empty")
		run -0 check 9 "$(killer_rules)" "$(jq -r .board <<< "$output")" "$empty"
		assert_output ''
	done
}

@test "givens a region cannot hold as a permutation, or that break a pair rule, are no solution; plain runs to its limit unsolved" {
	empty=$(printf '%081d' 0 | tr 0 .)
	# r1c1 and r2c2 are both in region 2 of the jigsaw; r1c1 and r2c3 a knight's move apart
	jigsaw=5.........5${empty:11}
	knight=5..........5${empty:12}
	for prog in sudoku-anneal sudoku-vns; do
		for case in "jigsaw9 $jigsaw" "anti-knight $knight"; do
			read -r name puzzle <<< "$case"
			run -1 --separate-stderr "$prog" -s 1 -t json <(record "$name" "$puzzle")
			assert_stderr 'no solution'
			assert_output --partial '"status":"nosolution"'
			run -1 --separate-stderr "$prog" --plain -s 1 -I 100000 -t json <(record "$name" "$puzzle")
			assert_stderr 'unsolved: best cost'
			assert_output --partial '"status":"unsolved"'
		done
	done
}

@test "an unsolved variant's cost is the rules' (a 7x7 jigsaw has no boxes to count)" {
	read -r n solution rules <<< "$(variant jigsaw7)"
	for prog in sudoku-anneal sudoku-vns; do
		for metric in missing dup; do
			run -1 --separate-stderr "$prog" --plain -s 1 -I 3 -m "$metric" -t json \
				<(record jigsaw7 "$(printf '%049d' 0 | tr 0 .)")
			assert_output --partial '"status":"unsolved"'
			# the best board's rows and columns: the cost the record states
			board=$(jq -r .board <<< "$output")
			want=$(awk -v b="$board" 'BEGIN { for (u = 0; u < 7; u++) { delete r; delete c
				for (k = 0; k < 7; k++) { r[substr(b, u * 7 + k + 1, 1)]; c[substr(b, k * 7 + u + 1, 1)] }
				nr = nc = 0; for (x in r) nr++; for (x in c) nc++; cost += 14 - nr - nc }
				print cost }')
			[ "$(jq .cost <<< "$output")" = "$want" ]
		done
	done
}
