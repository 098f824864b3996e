#!/usr/bin/env bats
# sudoku-rate: levels, scores, hints, explanations, wrong entries.

load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "a level and a score, then the record's id" {
	run -0 sudoku-rate "$EX/example_9x9.txt"
	assert_output "very-easy 1.2 matlab-example"
	run -0 sudoku-rate <<< "$WIKI"
	assert_output --regexp '^(very-easy|easy) [12]\.[0-9]$'
}

@test "json: level, score and technique counts that add up to the empty cells" {
	run -0 sudoku-rate -t json <<< "$WIKI"
	assert_output --partial '"level":"'
	assert_output --partial '"score":'
	counts=$(grep -o '"techniques":{[^}]*}' <<< "$output" | grep -o '[0-9][0-9]*' | awk '{ s += $1 } END { print s }')
	[ "$counts" -eq "$(tr -cd . <<< "$WIKI" | wc -c)" ]
}

@test "an easy puzzle needs singles and Sudoku Explainer's direct techniques at most" {
	sudoku-gen -s 5 -n 5 -d easy -t json > easy.json
	run -0 bash -c "sudoku-rate -t json easy.json | grep -o '\"techniques\":{[^}]*}' | grep -o '\"[a-z-]*\":' | sort -u"
	refute_output --regexp '"(pointing|claiming|naked-pair|hidden-pair|naked-triple|hidden-triple|[a-z-]*quad|[a-z-]*wing|[a-z-]*fish|x-wing)"'
	assert_output --regexp 'direct-'
	run -0 bash -c "sudoku-rate easy.json | cut -d' ' -f1 | sort -u"
	assert_output easy
}

@test "the famous hardest puzzles: nested forcing chains or the time limit; sabuncu3 has two solutions" {
	need_data
	run -1 --separate-stderr sudoku-rate -T 2 "$DATA/logic_solvable_9x9.txt"
	# SE: 10.3 to 11.1, or no rating in 10 minutes (goldennugget); the
	# exact ratings are tested below and in se_rated/; a "limit" line for
	# each one not rated in time
	unrated=0
	for name in aiescargot coly013 goldennugget platinumblond reddwarf sabuncu6 tarx0134; do
		grep -Eq "^extreme 1[01]\.[0-9] $name\$" <<< "$output" || unrated=$((unrated + 1))
	done
	assert_equal "$(grep -c '^limit [a-z0-9]*$' <<< "$output")" "$unrated"
	assert_line "multiple 2 sabuncu3"
	assert_stderr --partial "logic_solvable_9x9.txt:9: more than one solution"
}

@test "puzzles Sudoku Explainer rates 11 or more: extreme, or the time limit, which -T 1 keeps" {
	need_data
	sample forum_hardest_1905_11plus.txt 10 > hardest.txt
	# timeout only guards against a hang: without -T these take minutes
	run --separate-stderr timeout 300 sudoku-rate -T 1 hardest.txt
	[ "$status" -le 1 ]
	[ "${#lines[@]}" -eq 10 ]
	[ "$(grep -cvE '^(extreme (9|1[0-9])\.[0-9]|limit)$' <<< "$output")" -eq 0 ]
}

@test "dynamic forcing chains (+) and nested forcing chains: Sudoku Explainer's ER, EP and ED" {
	# magictour top1465 (se_rated/), SE 9.8/1.2/1.2: its hardest step is a
	# dynamic forcing chain (+), 9.0 and 0.8 for its length
	run -0 sudoku-rate -T 120 -t json <<< 7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5
	assert_output --partial '"er":9.8,"ep":1.2,"ed":1.2,"hardest":"dynamic-forcing-chain-plus"'
	# tarx0134, SE 10.3/1.2/1.2: a nested forcing chain
	run -0 sudoku-rate -T 120 -t json <<< ........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3
	assert_output --partial '"er":10.3,"ep":1.2,"ed":1.2,"hardest":"nested-forcing-chain"'
	run -0 sudoku-rate -T 120 --explain <<< ........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3
	# SE's level 2: forcing chains inside the chains (9.5, and 0.8 for the length)
	assert_line --regexp '^  nested-forcing-chain \(\+ forcing chains\): .*, so r[1-9]c[1-9] (cannot be|must be) [1-9]'
	assert_line --regexp '^  dynamic-forcing-chain-plus: .*, so r[1-9]c[1-9] (cannot be|must be) [1-9]'
	# a region's chains: one per place of the digit, each ending where
	# the step concludes
	assert_line --regexp '^  dynamic-forcing-chain-plus: wherever [1-9] goes in (row|column|box) [1-9], the chains agree: [^;]+(; [^;]+)+, so '
	run -0 awk '/the chains agree: / {
		split($0, at, ", so "); k = split(at[2], end, " "); want = end[k] ")" end[1]
		sub(/.*the chains agree: /, "", at[1]); n = split(at[1], chains, "; ")
		for (i = 1; i <= n; i++) if (substr(chains[i], length(chains[i]) - length(want) + 1) != want) bad++
		steps++
	} END { print (steps > 5 && !bad ? "ok" : "bad " bad " of " steps) }' <<< "$output"
	assert_output ok
}

@test "a sample of 17-clue puzzles: every step of --explain agrees with the solution" {
	need_data
	sample 17_clue.txt 40 | sudoku-bt | cut -d' ' -f1,2 > solved.txt
	sudoku-rate --explain -t json solved.txt > steps.json
	# a board equal to the solution has no wrong entry
	run -0 grep -c '"wrong":\[\]' steps.json
	assert_output 40
	# every placement names the solution's digit
	while read -r puzzle solution; do
		echo "$solution"
	done < solved.txt > solutions.txt
	paste -d' ' solutions.txt <(grep -o '"steps":.*' steps.json) > joined.txt
	run -0 awk '{
		sol = $1
		line = $0
		while (match(line, /"cell":"r[0-9]+c[0-9]+","digit":[0-9]+/)) {
			s = substr(line, RSTART, RLENGTH); line = substr(line, RSTART + RLENGTH)
			gsub(/[^0-9]+/, " ", s); split(s, f, " ")
			if (substr(sol, (f[1]-1)*9 + f[2], 1) != f[3]) bad++
			n++
		}
	} END { print (n > 1000 && !bad) ? "ok" : "bad " bad " of " n }' joined.txt
	assert_output ok
}

@test "a hidden pair that leaves a hidden single is Sudoku Explainer's direct hidden pair, 2.0" {
	# a puzzle posted as solved by hidden singles and direct hidden pairs
	# alone (forum.enjoysudoku.com, "A collection of direct hidden pairs
	# according to SE"): its hardest step, the direct hidden pair, is 2.0
	puzzle=..........1.2.3.4....567....26...89...7...4...93...61....786....3.4.5.2..........
	run -0 sudoku-rate -t json <<< "$puzzle"
	assert_output --partial '"level":"easy","score":2.0,"er":2.0,"ep":1.2,"ed":1.2,'
	assert_output --partial '"direct-hidden-pair":7'
	refute_output --partial '"hidden-pair"'
	run -0 sudoku-rate --explain <<< "$puzzle"
	assert_output --regexp $'\n  direct-hidden-pair: in [a-z]+ [1-9], [1-9] and [1-9] can only go in r[1-9]c[1-9] and r[1-9]c[1-9]'
}

@test "--explain prints one line per step after the level" {
	run -0 sudoku-rate --explain <<< "$WIKI"
	assert_line --index 0 --regexp '^(very-easy|easy) '
	assert_line --index 1 --regexp '^  r[1-9]c[1-9] must be [1-9]: '
	[ "${#lines[@]}" -eq "$(( $(tr -cd . <<< "$WIKI" | wc -c) + 1 ))" ]
}

# The cell and digit of the placement a json hint ends with.
hint_of() {
	grep -o '"cell":"r[0-9]*c[0-9]*","digit":[0-9]*' <<< "$1" | tail -1 |
		sed 's/"cell":"r\([0-9]*\)c\([0-9]*\)","digit":\([0-9]*\)/\1 \2 \3/'
}

@test "following every hint solves the puzzle, each placement the solution's" {
	sudoku-gen -s 21 -d hard > p.txt
	puzzle=$(cat p.txt)
	solution=$(sudoku-bt p.txt | cut -d' ' -f2)
	board=$puzzle
	for ((i = 0; i < 81; i++)); do
		[ "$board" != "$solution" ] || break
		out=$(sudoku-rate --hint -t json <<< "$puzzle $board")
		read -r r c d <<< "$(hint_of "$out")"
		k=$(( (r - 1) * 9 + c - 1 ))
		[ "${solution:k:1}" = "$d" ]
		[ "${board:k:1}" = . ]
		board="${board:0:k}$d${board:k+1}"
	done
	[ "$board" = "$solution" ]
	run -0 sudoku-rate --hint <<< "$puzzle $board"
	assert_output --partial "hint: the board is solved"
}

@test "a hint in one line after the rating's, what it gives and the technique first; with --explain, its steps in words" {
	run -0 sudoku-rate --hint <<< "$WIKI named"
	assert_output "very-easy 1.2 named
  hint: r1c6 must be 8: hidden-single 1.2"
	run -0 sudoku-rate --hint --explain <<< "$WIKI"
	assert_line -n 1 '  hint: r1c6 must be 8: hidden-single 1.2'
	assert_line -n 2 --regexp '^    r[1-9]c[1-9] must be [1-9]: (it is the only place for [1-9] in (box|row|column) [1-9]|no other digit can go there|it is the last empty cell in)'
	assert_line -n 3 --regexp '^  r[1-9]c[1-9] must be'
	# steps that remove candidates before the placement: their number and the hardest
	HARD='........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3'
	board=${HARD:0:17}2${HARD:18}
	run -0 sudoku-rate --hint <<< "$HARD $board"
	assert_line -n 1 --regexp '^  hint: r[1-9]c[1-9] must be [1-9]: [a-z-]+ [0-9.]+, in [0-9]+ steps$'
}

@test "wrong entries: named first, in json, and marked by sudoku-print" {
	# the player put 1 at r1c3 (the solution has 4) and a right 6 at r1c4
	board="5316${WIKI:4}"
	run -0 sudoku-rate --hint <<< "$WIKI $board"
	assert_output "very-easy 1.2; wrong: r1c3
  hint: r1c3 is wrong: clear it"
	run -0 bash -c "sudoku-rate --hint -t json <<< '$WIKI $board'"
	assert_output --partial '"wrong":["r1c3"]'
	run -0 bash -c "sudoku-rate -t json <<< '$WIKI $board' | sudoku-print"
	assert_line --index 1 --partial '?'
}

@test "16x16: the board of the sources is rated" {
	run -0 sudoku-rate "$EX/variant5_16x16.grid"
	assert_output --regexp '^(very-easy|easy|medium|hard|expert|search)'
}

@test "no rating without a unique solution: multiple, nosolution, exit 1" {
	run -1 --separate-stderr sudoku-rate <<< "$(printf '%081d' 0 | tr 0 .)"
	assert_output "multiple 2"
	assert_stderr "more than one solution"
	run -1 --separate-stderr sudoku-rate <<< "$NONE"
	assert_output "nosolution 0"
	assert_stderr "no solution"
}

@test "bad input: file and line named, exit 2, the good records rated" {
	printf '%s\n' "$WIKI" "12x" "$WIKI" > in.txt
	run -2 --separate-stderr sudoku-rate in.txt
	assert_stderr "sudoku-rate: in.txt:2:"
	[ "${#lines[@]}" -eq 2 ]
}

@test "--stats: a collection's table agrees with the ratings of its puzzles, one by one" {
	sudoku-gen -n 40 -s 11 > in.txt
	echo "$NONE" >> in.txt
	printf '123456789%072d\n' 0 | tr 0 . >> in.txt
	run -1 --separate-stderr sudoku-rate --stats -t csv in.txt
	assert_line -n 0 "table,name,puzzles"
	csv=$output
	# per level, as the one-line-per-puzzle output counts them
	per_puzzle=$(sudoku-rate in.txt 2> /dev/null | cut -d' ' -f1 | sort | uniq -c | awk '{ print $2 "," $1 }')
	for level in very-easy easy medium hard expert; do
		want=$(grep "^$level," <<< "$per_puzzle" | cut -d, -f2)
		assert_line "level,$level,${want:-0}"
	done
	assert_line "unrated,search,$(grep '^search,' <<< "$per_puzzle" | cut -d, -f2 | grep . || echo 0)"
	assert_line "unrated,nosolution,1"
	assert_line "unrated,multiple,1"
	# every puzzle counted once per table
	total() { awk -F, -v t="$1" '$1 == t { s += $3 } END { print s }' <<< "$csv"; }
	rated=$(total level)
	assert_equal "$(total score)" "$rated"
	assert_equal "$(total hardest)" "$rated"
	assert_equal $((rated + $(total unrated))) 42
	# and the total, last
	assert_equal "${lines[-1]}" "total,puzzles,42"
	# plain text for people; no --hint with it
	run -1 --separate-stderr sudoku-rate --stats in.txt
	assert_line "hardest technique"
	assert_equal "${lines[-1]}" "total                    42"
	run -2 --separate-stderr sudoku-rate --stats --hint in.txt
}

@test "each technique where it is the hardest step: Sudoku Explainer's ER, EP and ED" {
	grep -v '^#' "$BATS_TEST_DIRNAME/golden/se_techniques.txt" > expected.txt
	cut -d' ' -f1 expected.txt | sudoku-rate -t json |
		sed 's/.*"er":\([0-9.]*\),"ep":\([0-9.]*\),"ed":\([0-9.]*\),"hardest":"\([a-z-]*\)".*/\1 \2 \3 \4/' > got.txt
	run -0 awk 'NR == FNR { split($2, se, "/"); want[FNR] = sprintf("%.1f %.1f %.1f %s", se[1], se[2], se[3], $3); next }
		{ got = sprintf("%.1f %.1f %.1f %s", $1, $2, $3, $4); if (got != want[FNR]) print FNR ": SE " want[FNR] ", here " got; n++ }
		END { if (n != length(want)) print "rated " n " of " length(want) }' expected.txt got.txt
	assert_output ''
	# every technique up to BUG but the rarest is there
	run -0 bash -c "cut -d' ' -f3 expected.txt | sort -u | wc -l"
	[ "$output" -ge 17 ]
}

@test "forcing chains: of many of one difficulty the shortest, then the first found, also where the search stops early" {
	# the static chains stop looking past the best chain so far (chain_static.c):
	# a bound too tight takes another chain here, and the steps after it change
	run -0 sudoku-rate --explain "$BATS_TEST_DIRNAME/golden/chain_ties.txt"
	printf '%s\n' "$output" | grep '^  forcing-chain:' > got.txt
	run -0 diff "$BATS_TEST_DIRNAME/golden/chain_ties.explain" got.txt
	run -0 sudoku-rate "$BATS_TEST_DIRNAME/golden/chain_ties.txt"
	assert_output $'fiendish 7.3\nfiendish 7.3'
}

@test "nested chains: the inner searches kept through a grid, and the assumptions through a search, give SE's ER, EP and ED" {
	# coly013 (se_rated/hardest.txt), SE 11.1/11.1/2.6: nested chains at
	# levels 2 and 3, whose rules (forcing chains, then multiple forcing
	# chains) meet the same grids again and again, and whose region chains
	# assume the same places again; a result given for the wrong search or
	# grid, or for the wrong assumption, leaves it stuck or rated otherwise
	puzzle=....9..5..1.....3...23..7....45...7.8.....2.......64...9..1.....8..6......54....7
	run -0 sudoku-rate -t json <<< "$puzzle"
	assert_output --partial '"er":11.1,"ep":11.1,"ed":2.6,"hardest":"nested-forcing-chain"'
	run -0 sudoku-rate --explain <<< "$puzzle"
	assert_line --regexp '^  nested-forcing-chain \(\+ multiple forcing chains\): '
}

@test "se_rated: every puzzle the techniques finish gets SE's ER, EP and ED" {
	need_data
	[ -d "$DATA/se_rated" ] || skip "no se_rated/"
	cat "$DATA"/se_rated/*.txt | grep -v '^#' | cut -d' ' -f1,2 > expected.txt
	cut -d' ' -f1 expected.txt | sudoku-rate -t json |
		sed -n 's/.*"er":\([0-9.]*\),"ep":\([0-9.]*\),"ed":\([0-9.]*\),.*/\1 \2 \3/p;/"level":"\(search\|limit\)"/s/.*/search/p' > got.txt
	run -0 awk 'NR == FNR { want[FNR] = $2; next }
		$1 == "search" { unrated++; next }
		{ split(want[FNR], se, "/"); if (sprintf("%.1f %.1f %.1f", $1, $2, $3) != sprintf("%.1f %.1f %.1f", se[1], se[2], se[3])) bad++; rated++ }
		END { print rated + 0, bad + 0 }' expected.txt got.txt
	# nothing rated otherwise than SE; most are rated (chains still missing)
	[ "${output#* }" -eq 0 ]
	[ "${output% *}" -ge 760 ]
}

@test "chains: --explain writes them in Eureka's notation, and every step agrees with the solution" {
	# SE 7.2 (qqwing_expert.txt, 5th), a forcing-chain puzzle
	puzzle=...3...6.2.....9....4....859.7....4.....4.7.9...5.....4.32...58.9..6..3.68....2..
	run -0 sudoku-rate <<< "$puzzle"
	assert_output "fiendish 7.2"
	run -0 sudoku-rate --explain <<< "$puzzle"
	assert_line --regexp '^  forcing-chain: the loop \([1-9]\)r[1-9]c[1-9](-\([1-9]=[1-9]\)r[1-9]c[1-9])+, so '
	assert_line --regexp '^  forcing-chain: \([1-9]\)r[1-9]c[1-9]([=-]\([1-9]([=-][1-9])?\)r[1-9]c[1-9])+, so r[1-9]c[1-9] cannot be [1-9]$'
	solution=$(sudoku-bt <<< "$puzzle" | cut -d' ' -f2)
	sudoku-rate --explain -t json <<< "$puzzle" > steps.json
	run -0 awk -v sol="$solution" '{
		line = $0
		while (match(line, /"cell":"r[0-9]+c[0-9]+","digit":[0-9]+/)) {
			s = substr(line, RSTART, RLENGTH); line = substr(line, RSTART + RLENGTH)
			gsub(/[^0-9]+/, " ", s); split(s, f, " ")
			if (substr(sol, (f[1]-1)*9 + f[2], 1) != f[3]) bad++
		}
		line = $0
		while (match(line, /"r[0-9]c[0-9]":\[[0-9,]*\]/)) {
			s = substr(line, RSTART, RLENGTH); line = substr(line, RSTART + RLENGTH)
			gsub(/[^0-9]+/, " ", s); n = split(s, f, " ")
			for (i = 3; i <= n; i++) { removed++; if (substr(sol, (f[1]-1)*9 + f[2], 1) == f[i]) bad++ }
		}
	} END { print (removed > 20 && !bad) ? "ok" : "bad " bad " of " removed }' steps.json
	assert_output ok
}

@test "unique rectangles and BUG are explained with their cells and type" {
	grep -E ' (unique-rectangle|bug)$' "$BATS_TEST_DIRNAME/golden/se_techniques.txt" | cut -d' ' -f1 > ur.txt
	run -0 sudoku-rate --explain ur.txt
	assert_line --regexp '^  unique-rectangle: \(type [1-4]\) (r[1-9]c[1-9], )+r[1-9]c[1-9] and r[1-9]c[1-9] may not hold only [1-9] and [1-9]: the puzzle would have two solutions, so '
	assert_line --regexp '^  bug: \(type [1-4]\) but for r[1-9]c[1-9].*: two solutions, so r[1-9]c[1-9] cannot be '
}

@test "memory: a 64x64 rating holds less than 1 GB (sudoku-rate(1)), so that ulimit -v 1200000 gives the answer it gives without" {
	# puzzle 2 of sudoku-gen -b 8x8 -s 1 -n 2: its chains held 4 GB, and
	# under ulimit -v 1000000 it rated "search", exit 0; now "limit" at
	# the default work, on every machine.  (AddressSanitizer's shadow
	# memory alone is past any such ulimit.)
	! nm "$ROOT/bin/sudoku-rate" 2> /dev/null | grep -q __asan_init || skip "built with AddressSanitizer"
	sudoku-gen -b 8x8 -s 2 -t grid > p64.grid
	run -1 --separate-stderr sudoku-rate p64.grid
	assert_output limit
	free=$output
	run -1 --separate-stderr bash -c 'ulimit -v 1200000 && exec sudoku-rate p64.grid'
	assert_output "$free"
	assert_stderr "p64.grid:1: limit reached before the rating was done"
}
