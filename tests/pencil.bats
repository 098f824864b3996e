#!/usr/bin/env bats
# Pencil-mark (Sukaku) puzzles: the pencil format, its detection, solving,
# counting, pictures and ratings.

load helper

PENCIL="$ROOT/tests/golden/pencil-counts.txt"

setup() {
	cd "$BATS_TEST_TMPDIR"
	# the Wikipedia puzzle in pencil form: its candidates after the givens
	WIKI_PENCIL=$(sudoku-print -t pencil <<< "$WIKI")
}

@test "pencil: -t pencil gives a given's cell its digit alone and takes it from the peers" {
	assert_equal "${#WIKI_PENCIL}" 729
	# r1c1 is the given 5; r1c3 sees 5 3 7 (row), 8 (column), 6 9 8 (box)
	assert_equal "${WIKI_PENCIL:0:9}" '....5....'
	assert_equal "${WIKI_PENCIL:18:9}" '12.4.....'
	# no given's digit left in a peer: r1c2 is 3, so column 2 has no 3
	for r in 2 3 4 5 6 7 8 9; do
		assert_equal "${WIKI_PENCIL:$(((r - 1) * 81 + 9 + 2)):1}" .
	done
}

@test "pencil: detected where every cell holds its own symbols; a 27x27 line stays a line" {
	run -0 sudoku-print -t json <<< "$WIKI_PENCIL"
	assert_output --partial '"candidates":"....5....'
	# 729 symbols that are no candidates (an 8 in a first place): 27x27
	line27="8$(printf '%0728d' 0 | tr 0 .)"
	run -0 sudoku-print -t json <<< "$line27"
	assert_output --partial '"size":27'
	refute_output --partial candidates
	# a cell with no candidate is no pencil line unless -f says so
	nothing=".........${WIKI_PENCIL:9}"
	run -0 sudoku-print -t json <<< "$nothing"
	assert_output --partial '"size":27'
	run -0 sudoku-print -f pencil -t json <<< "$nothing"
	assert_output --partial '"candidates":".........'
	# and -f line reads a pencil-shaped line as 27x27
	run -0 sudoku-print -f line -t json <<< "$WIKI_PENCIL"
	assert_output --partial '"size":27'
}

@test "pencil: bad candidates exit 2 with FILE:LINE and write no record" {
	printf '%s\n' "$WIKI_PENCIL" "2${WIKI_PENCIL:1}" "${WIKI_PENCIL:1}" "$WIKI_PENCIL" > bad.txt
	run -2 --separate-stderr sudoku-print -f pencil -t pencil bad.txt
	assert_equal "$(printf '%s\n' "$output" | wc -l)" 2
	assert_stderr "bad.txt:2: candidates: symbol '2' at place 1 of r1c1; expected '1' or '.'"
	assert_stderr "bad.txt:3: candidates have 728 symbols; expected N×N×N"
	# the json key alike
	run -2 --separate-stderr sudoku-print -t json <<< '{"candidates":"1234"}'
	assert_stderr '<stdin>:1: candidates have 4 symbols'
	# a grid cell of n places in their wrong order
	printf '4\n1234 1234 1234 1234\n1234 2134 1234 1234\n1234 1234 1234 1234\n1234 1234 1234 1234\n' > bad.grid
	run -2 --separate-stderr sudoku-print -t pencil bad.grid
	assert_stderr "bad.grid:3: bad candidates '2134' at r2c2"
}

@test "pencil: round trip through pencil, json, grid and csv, and a line refuses candidates" {
	grep -v '^#' "$PENCIL" | cut -d' ' -f1 > in.txt
	sudoku-print -t pencil in.txt > out.txt
	run cmp in.txt out.txt
	assert_success
	sudoku-print -t json in.txt | sudoku-print -t pencil > json.txt
	run cmp in.txt json.txt
	assert_success
	sudoku-print -t grid in.txt | sudoku-print -t pencil > grid.txt
	run cmp in.txt grid.txt
	assert_success
	sudoku-print -t csv in.txt | sudoku-print -t pencil > csv.txt
	run cmp in.txt csv.txt
	assert_success
	# a csv stream whose first record has no candidates has no column for them
	{ sudoku-print -t json <<< "$WIKI"; sudoku-print -t json <<< "$WIKI_PENCIL"; } > mixed.json
	run -2 --separate-stderr sudoku-print -t csv mixed.json
	assert_stderr "key 'candidates' has no column"
	# a name and a solution come back too
	printf '%s my-name\n' "$WIKI_PENCIL" | sudoku-bt > solved.txt
	assert_equal "$(cat solved.txt)" "$WIKI_PENCIL $WIKI_SOLVED my-name"
	run -0 sudoku-print -t pencil solved.txt
	assert_output "$(cat solved.txt)"
	run -2 --separate-stderr sudoku-print -t line <<< "$WIKI_PENCIL"
	assert_stderr 'a puzzle of candidates does not fit the line format; use -t pencil or -t json'
}

@test "pencil: sudoku-bt counts as tdoku and brute force did, by every order and propagation" {
	grep -v '^#' "$PENCIL" > puzzles.txt
	awk '{ print ($2 == 0 ? "nosolution" : $2 == 1 ? "unique" : "multiple") " " $2 " " $2 }' \
		puzzles.txt > expected.txt
	run -1 sudoku-bt -q -f pencil -c 1000 puzzles.txt
	assert_output "$(cat expected.txt)"
	run -1 sudoku-bt -q -f pencil -c 1000 --order mrv --propagate singles puzzles.txt
	assert_output "$(cat expected.txt)"
	# the plain searches on the 4x4s, where they are quick
	grep -E '^.{64} ' puzzles.txt > small.txt
	grep -E '^.{64} ' puzzles.txt | awk '{ print ($2 == 0 ? "nosolution" : $2 == 1 ? "unique" : "multiple") " " $2 " " $2 }' > small.expected
	for how in "--propagate fc" "--propagate none --order static" "--order degree"; do
		run -1 sudoku-bt -q -f pencil -c 1000 $how small.txt
		assert_output "$(cat small.expected)"
	done
	# a 4x4 solved, its solution inside its candidates
	run -0 sudoku-bt -f pencil <<< "$(grep -E '^.{64} 1$' puzzles.txt | cut -d' ' -f1)"
	assert_output --regexp '^[0-9.]{64} [1-4]{16}$'
}

@test "pencil: sudoku-bt on a puzzle in pencil form finds the puzzle's solution" {
	run -0 sudoku-bt <<< "$WIKI_PENCIL"
	assert_output "$WIKI_PENCIL $WIKI_SOLVED"
	run -0 sudoku-bt -u <<< "$WIKI_PENCIL"
	assert_output 'unique 1'
	# through a pack, as a batch script carries it
	run -0 bash -c "sudoku-bt --pack <<< '$WIKI_PENCIL' | sudoku-bt -f pack"
	assert_output "$WIKI_PENCIL $WIKI_SOLVED"
}

@test "pencil: pretty shows each cell's candidates as a small box; svg marks them" {
	run -0 sudoku-print <<< "$WIKI_PENCIL"
	# r1c1 holds 5 alone, r1c2 3 alone, r1c3 1, 2 or 4: three lines a row of cells
	assert_line --index 1 '| ... ..3 12. | .2. ... .2. | 1.. 12. .2. |'
	assert_line --index 2 '| .5. ... 4.. | ..6 ... 4.6 | 4.. 4.. 4.. |'
	assert_line --index 4 '|             |             |             |'
	# solved, it is a plain grid again
	run -0 sudoku-bt -t pretty <<< "$WIKI_PENCIL"
	assert_line --index 1 '| +5 +3 +4 | +6 +7 +8 | +9 +1 +2 |'
	run -0 sudoku-print -t svg <<< "$WIKI_PENCIL"
	assert_equal "$(grep -c 'class="mark"' <<< "$output")" \
		"$(printf '%s' "$WIKI_PENCIL" | tr -d . | wc -c)"
}

@test "pencil: a puzzle in pencil form rates as the puzzle: SE's ER/EP/ED" {
	need_data
	grep -v '^#' "$DATA/se_rated/qqwing_expert.txt" | head -n 20 > rated.txt
	cut -d' ' -f1 rated.txt | sudoku-print -t pencil | sudoku-rate -t json |
		jq -r '"\(.er)/\(.ep)/\(.ed)"' > ours.txt
	awk '{ split($2, a, "/"); printf "%g/%g/%g\n", a[1], a[2], a[3] }' rated.txt > expected.txt
	awk -F/ '{ printf "%g/%g/%g\n", $1, $2, $3 }' ours.txt > got.txt
	run cmp expected.txt got.txt
	assert_success
}

@test "pencil: the programs that work from givens alone refuse a pencil-mark puzzle, exit 2" {
	printf '%s\n' "$WIKI_PENCIL" > p.txt
	# the reader refuses it for all of them (sudoku-play's own test is in play.bats)
	for run_it in sudoku-fill sudoku-anneal sudoku-vns sudoku-cost 'sudoku-gen --from'; do
		run -2 --separate-stderr $run_it p.txt
		assert_output ''
		assert_stderr "${run_it% *}: p.txt:1: a pencil-mark puzzle, which only sudoku-bt, sudoku-rate and sudoku-print read"
	done
	# a pack carries it to the program that reads the pack, which refuses it
	run -2 --separate-stderr bash -c 'sudoku-fill --pack p.txt | sudoku-fill -f pack'
	assert_output ''
	assert_stderr "sudoku-fill: p.txt:1: a pencil-mark puzzle, which only"
	# the json key alike
	sudoku-print -t json p.txt > p.json
	run -2 --separate-stderr sudoku-fill p.json
	assert_stderr 'p.json:1: a pencil-mark puzzle'
}

@test "pencil: sudoku-rate gives SukakuExplainer's ER/EP/ED on tdoku's pencil-mark puzzles" {
	# each line's name is serate's rating of it, measured (tests/golden)
	run -0 sudoku-rate -t json "$ROOT/tests/golden/pencil-rated.txt"
	got=$(jq -r '"\(.er)/\(.ep)/\(.ed) \(.id)"' <<< "$output" |
		awk '{ split($1, a, "/"); split($2, b, "/");
		       print (a[1] == b[1] && a[2] == b[2] && a[3] == b[3]) ? "same" : "differs " $0 }' | sort | uniq -c)
	assert_equal "$got" "      8 same"
}

# every variant of a pencil line with one eliminated candidate put back
put_back_each() {
	awk '{ for (i = 1; i <= length($1); i++)
		if (substr($1, i, 1) == ".") print substr($1, 1, i - 1) ((i - 1) % 9 + 1) substr($1, i + 1) }'
}

@test "pencil: sudoku-gen -t pencil makes minimal pencil-mark puzzles, one solution each, the same by seed" {
	run -0 sudoku-gen -t pencil -s 3 -n 3
	printf '%s\n' "$output" > made.txt
	assert_equal "$(wc -l < made.txt)" 3
	# candidates in every cell, no given: read as pencil marks
	run -0 sudoku-print -t json made.txt
	assert_equal "$(grep -c '"candidates":' <<< "$output")" 3
	refute_output --regexp '"puzzle":"[^"]*[1-9]'
	run -0 sudoku-bt -c 2 made.txt
	assert_equal "$(cut -d' ' -f1 <<< "$output" | sort -u)" unique
	# minimal: every candidate put back gives another solution
	head -n 1 made.txt | put_back_each > back.txt
	assert [ "$(wc -l < back.txt)" -gt 100 ]
	run -0 bash -c 'sudoku-bt -c 2 back.txt | cut -d" " -f1 | sort | uniq -c'
	assert_output --regexp '^ *[0-9]+ multiple$'
	# the same seed the same puzzles; another seed others
	run -0 sudoku-gen -t pencil -s 3 -n 3
	assert_equal "$output" "$(cat made.txt)"
	run -0 sudoku-gen -t pencil -s 4
	refute_output "$(head -n 1 made.txt)"
	# our input: back through json and grid unchanged
	run -0 bash -c 'sudoku-print -t json made.txt | sudoku-print -t pencil'
	assert_equal "$output" "$(cat made.txt)"
	run -0 bash -c 'sudoku-print -t grid made.txt | sudoku-print -t pencil'
	assert_equal "$output" "$(cat made.txt)"
}

@test "pencil: sudoku-gen -t pencil -d and --rating rate from the candidates" {
	run -0 sudoku-gen -t pencil -s 1 -n 2 -d easy
	printf '%s\n' "$output" > easy.txt
	run -0 bash -c "sudoku-rate -t json easy.txt | jq -r .level | sort -u"
	assert_output easy
	run -0 bash -c 'sudoku-bt -c 2 easy.txt | cut -d" " -f1 | sort -u'
	assert_output unique
	run -0 sudoku-gen -t pencil -s 1 --rating 3.0-4.0
	run -0 bash -c "sudoku-rate -t json <<< '$output' | jq -r .er"
	assert [ "$(awk '{ print ($1 >= 3.0 && $1 <= 4.0) }' <<< "$output")" = 1 ]
	# what candidates cannot follow is refused
	for opt in --symmetry=rot180 --clues=30 --from=easy.txt; do
		run -2 --separate-stderr sudoku-gen -t pencil "$opt"
		assert_stderr 'sudoku-gen: -t pencil takes candidates away: no --from, --symmetry or --clues'
	done
}
