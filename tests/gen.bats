#!/usr/bin/env bats
# sudoku-gen: unique puzzles, levels, symmetry, seeds.

load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# Exits 1 unless every line of a file is symmetric under the named map.
symmetric() {
	awk -v sym="$1" '{
		n = int(sqrt(length($1)) + 0.5)
		for (i = 0; i < n * n; i++) {
			r = int(i / n); c = i % n
			if (sym == "rot180") j = (n-1-r) * n + (n-1-c)
			else if (sym == "rot90") j = c * n + (n-1-r)
			else if (sym == "mirror") j = r * n + (n-1-c)
			else j = c * n + r
			a = substr($1, i+1, 1) == "."; b = substr($1, j+1, 1) == "."
			if (a != b) bad = 1
		}
	} END { exit bad }' "$2"
}

@test "one 9x9 puzzle in the line format, proven unique by sudoku-bt" {
	run -0 sudoku-gen
	assert_output --regexp '^[1-9.]{81}$'
	run -0 sudoku-bt -u <<< "$output"
	assert_output "unique 1"
}

@test "many puzzles: all unique, all different" {
	sudoku-gen -n 200 -s 5 > p.txt
	[ "$(wc -l < p.txt)" -eq 200 ]
	[ "$(sort -u p.txt | wc -l)" -eq 200 ]
	run -0 bash -c 'sudoku-bt -u p.txt | sort | uniq -c'
	assert_output --regexp '^ *200 unique 1$'
}

@test "minimal: taking away any given leaves more than one solution" {
	p=$(sudoku-gen -s 11 --minimal)
	for ((i = 0; i < 81; i++)); do
		[ "${p:i:1}" = . ] || echo "${p:0:i}.${p:i+1}"
	done > fewer.txt
	run -0 bash -c 'sudoku-bt -u fewer.txt | cut -d" " -f1 | sort -u'
	assert_output "multiple"
}

@test "at a level, no given can go while the level's techniques still solve the puzzle" {
	sudoku-gen -n 3 -s 5 -d hard > p.txt
	while read -r p; do
		for ((i = 0; i < 81; i++)); do
			[ "${p:i:1}" = . ] || echo "${p:0:i}.${p:i+1}"
		done
	done < p.txt > fewer.txt
	run -0 bash -c 'sudoku-rate fewer.txt 2> /dev/null | cut -d" " -f1 | sort -u'
	refute_line --regexp '^(very-easy|easy|medium|hard)$'
	assert_line --regexp '^(expert|search|multiple)$'
}

@test "the same seed gives the same puzzles; a record's seed remakes it alone" {
	a=$(sudoku-gen -n 5 -s 99 -d medium)
	b=$(sudoku-gen -n 5 -s 99 -d medium)
	[ "$a" = "$b" ]
	run -0 sudoku-gen -n 5 -s 99 -d medium -t json
	third=$(sed -n 3p <<< "$output")
	seed=$(grep -o '"seed":[0-9]*' <<< "$third" | cut -d: -f2)
	[ "$seed" -eq 101 ]
	run -0 sudoku-gen -n 1 -s "$seed" -d medium
	assert_output "$(sed -n 3p <<< "$a")"
}

@test "every level: sudoku-rate agrees, json carries level, score and seed" {
	for level in very-easy easy medium hard expert fiendish; do
		sudoku-gen -n 4 -s 3 -d $level -t json > $level.json
		run -0 bash -c "sudoku-rate $level.json | cut -d' ' -f1 | sort -u"
		assert_output "$level"
		run -0 grep -c "\"level\":\"$level\",\"score\":[0-9.]*,\"seed\"" $level.json
		assert_output 4
	done
}

@test "each level's puzzles lie in its band of Sudoku Explainer ratings" {
	sudoku-gen -n 60 -s 21 -d hard > hard.txt
	run -0 bash -c "sudoku-rate hard.txt | awk '\$2 < 3.0 || \$2 > 4.4 || \$1 != \"hard\"' | wc -l"
	assert_output 0
	sudoku-gen -n 10 -s 21 -d fiendish > fiendish.txt
	run -0 bash -c "sudoku-rate fiendish.txt | awk '\$2 < 6.3 || \$2 > 8.9' | wc -l"
	assert_output 0
}

@test "--rating: a window of ratings, open at either end, honoured" {
	sudoku-gen --rating 7.0-7.9 -n 5 -s 8 > window.txt
	run -0 bash -c "sudoku-rate window.txt | awk '\$2 < 7.0 || \$2 > 7.9' | wc -l"
	assert_output 0
	sudoku-gen --rating -2.0 -n 5 -s 8 > easy.txt
	run -0 bash -c "sudoku-rate easy.txt | awk '\$2 > 2.0' | wc -l"
	assert_output 0
	sudoku-gen --rating 4.5- -n 3 -s 8 > hard.txt
	run -0 bash -c "sudoku-rate hard.txt | awk '\$2 < 4.5' | wc -l"
	assert_output 0
	# one number: that rating exactly
	run -0 bash -c "sudoku-gen --rating 6.6 -n 2 -s 8 | sudoku-rate | cut -d' ' -f2 | sort -u"
	assert_output 6.6
}

@test "--rating: bad windows, and -d with --rating, exit 2" {
	run -2 --separate-stderr sudoku-gen --rating 3-2
	assert_stderr --partial "bad rating '3-2'"
	run -2 --separate-stderr sudoku-gen --rating x-4
	assert_stderr --partial "bad rating 'x-4'"
	run -2 --separate-stderr sudoku-gen --rating 30
	assert_stderr --partial "bad rating '30'"
	# above the top of SE's scale no attempt could meet it: refused at
	# once, not after 20,000 attempts
	run -2 --separate-stderr timeout 10 sudoku-gen --rating 12-
	assert_stderr --partial "bad rating '12': expected a decimal number from 1 to 11.9"
	run -2 --separate-stderr sudoku-gen --rating -
	assert_stderr --partial "bad rating '-'"
	run -2 --separate-stderr sudoku-gen -d hard --rating 3-4
	assert_stderr --partial "give one"
}

@test "extreme: minimal puzzles rated 9.0 and up, as sudoku-rate rates them, reproducible" {
	sudoku-gen -d extreme -s 1 -t json > extreme.json
	run -0 grep -c '"level":"extreme"' extreme.json
	puzzle=$(sed 's/.*"puzzle":"\([^"]*\)".*/\1/' extreme.json)
	run -0 bash -c "sudoku-rate <<< $puzzle"
	assert_output --regexp '^extreme (9|1[0-9])\.[0-9]$'
	# no given can go: each one taken away leaves several solutions
	for ((cell = 0; cell < 81; cell++)); do
		[[ ${puzzle:cell:1} == . ]] && continue
		run -1 sudoku-bt -u <<< "${puzzle:0:cell}.${puzzle:cell+1}"
	done
	run -0 sudoku-gen -d extreme -s 1
	assert_output "$puzzle"
	# a window above the extreme level's usual ratings: the attempts run out
	run -1 --separate-stderr sudoku-gen --rating 10.5- -s 1 --max-attempts 20
	assert_stderr --partial "no puzzle met the conditions after 20 attempts"
	assert_output ""
}

@test "very easy puzzles keep many givens" {
	sudoku-gen -n 10 -s 1 -d very-easy > p.txt
	run -0 awk '{ n = gsub(/[1-9]/, "&"); if (n < 36) print "few", n }' p.txt
	assert_output ""
}

@test "symmetric clue patterns when asked" {
	for sym in rot180 rot90 mirror diagonal; do
		sudoku-gen -n 5 -s 2 --symmetry $sym > $sym.txt
		symmetric $sym $sym.txt
		run -0 bash -c "sudoku-bt -u $sym.txt | sort -u"
		assert_output "unique 1"
	done
	# the lines are not all symmetric by chance
	sudoku-gen -n 5 -s 2 > none.txt
	run ! symmetric rot180 none.txt
}

@test "--clues aims at a number of givens" {
	sudoku-gen -n 5 -s 4 --clues 40 > p.txt
	run -0 awk '{ n = gsub(/[1-9]/, "&"); print n }' p.txt
	assert_output "$(printf '40\n%.0s' 1 2 3 4 5)"
}

@test "other sizes: 4x4, 6x6, 16x16 and 25x25, each unique" {
	for box in 2x2 2x3 4x4; do
		run -0 bash -c "sudoku-gen -n 3 -s 8 -b $box | sudoku-bt -u -b $box | sort -u"
		assert_output "unique 1"
	done
	run -0 bash -c "sudoku-gen -s 8 -b 5x5 | sudoku-bt -u | sort -u"
	assert_output "unique 1"
}

@test "levels on 16x16" {
	run -0 bash -c "sudoku-gen -s 8 -b 4x4 -d medium | sudoku-rate"
	assert_output --regexp '^medium 2\.[68]$'
}

@test "--max-attempts bounds the search, then exit 1 with a message" {
	run -1 --separate-stderr sudoku-gen -b 2x2 -d expert --max-attempts 20
	assert_output ""
	assert_stderr "no puzzle met the conditions after 20 attempts"
}

@test "a closed pipe ends a long run at once, without a message" {
	run -0 --separate-stderr bash -c 'set -o pipefail; timeout 10 sudoku-gen -n 100000000 | head -1; echo "${PIPESTATUS[0]}"'
	assert_line --index 1 141
	assert_equal "$stderr" ""
}

@test "bad options: exit 2 with a message" {
	run -2 --separate-stderr sudoku-gen -d impossible
	assert_stderr "unknown level"
	run -2 --separate-stderr sudoku-gen --symmetry spiral
	assert_stderr "unknown symmetry"
	run -2 --separate-stderr sudoku-gen -n many
	assert_stderr "bad count 'many'"
	run -2 --separate-stderr sudoku-gen some-file
	assert_stderr "no operands"
	assert_output ""
}

# seed.txt: the first puzzle of the magictour sample that Sudoku Explainer
# rates 9.0, a seed for the search near hard puzzles
hard_seed() {
	need_data
	grep -m 1 ' 9\.0/' "$DATA/se_rated/magictour_1-200.txt" | cut -d' ' -f1 > seed.txt
	[ "$(wc -c < seed.txt)" -eq 82 ]
}

# Exits 1 when a puzzle of the file is not minimal: every given taken away
# in turn must leave several solutions.
minimal() {
	awk '{ for (i = 1; i <= 81; i++) if (substr($1, i, 1) != ".")
		print substr($1, 1, i - 1) "." substr($1, i + 1) }' "$1" > without-one.txt
	[ -s without-one.txt ]
	[ "$(sudoku-bt -u without-one.txt | grep -c '^unique')" -eq 0 ]
}

@test "--from: unique, minimal puzzles near a hard one, inside the window, never the seed" {
	hard_seed
	sudoku-gen --from seed.txt --rating 8.0- -n 4 -s 1 > p.txt
	[ "$(wc -l < p.txt)" -eq 4 ]
	[ "$(sort -u p.txt | wc -l)" -eq 4 ]
	run -0 bash -c 'sudoku-bt -u p.txt | sort | uniq -c'
	assert_output --regexp '^ *4 unique 1$'
	minimal p.txt
	run -1 grep -xFf seed.txt p.txt
	run -0 bash -c "sudoku-rate p.txt | awk '\$2 < 8.0'"
	assert_output ""
	# a window below the seed is met too, from above
	run -0 bash -c "sudoku-gen --from seed.txt --rating 7.0-7.9 -s 1 | sudoku-rate"
	assert_output --regexp '^fiendish 7\.[0-9]$'
}

@test "--from: the same seed makes the same puzzles, and -n 1 the first of -n 2" {
	hard_seed
	sudoku-gen --from seed.txt --rating 8.0- -n 2 -s 7 > a.txt
	sudoku-gen --from seed.txt --rating 8.0- -n 2 -s 7 > b.txt
	cmp a.txt b.txt
	run -0 sudoku-gen --from seed.txt --rating 8.0- -n 1 -s 7
	assert_output "$(head -n 1 a.txt)"
}

@test "--from: in every format, with the rating and the search's counts" {
	hard_seed
	run -0 sudoku-gen --from seed.txt --rating 8.0- -s 1 -t json
	assert_output --regexp '"score":(8\.[0-9]|9\.[0-9]|1[01]\.[0-9])'
	assert_output --regexp '"ratings":[1-9]'
	run -0 sudoku-gen --from seed.txt --rating 8.0- -s 1 -t csv
	assert_line --index 0 --regexp '^id,box,puzzle,board,level,score,seed,stats'
	run -0 sudoku-gen --from seed.txt --rating 8.0- -s 1 -t grid
	assert_line --index 0 --regexp '^[1-9. ]+$'
	# puzzles in the grid format read back as seeds
	sudoku-gen --from seed.txt --rating 8.0- -s 1 -t grid > seed.grid
	run -0 sudoku-gen --from seed.grid --rating 8.0- -s 1
	assert_output --regexp '^[1-9.]{81}$'
}

@test "--from: bad seeds are refused before any puzzle, with FILE:LINE, exit 2" {
	hard_seed
	{ cat seed.txt; echo 12345; } > bad.txt
	run -2 --separate-stderr sudoku-gen --from bad.txt --rating 8.0-
	[[ $stderr =~ ^sudoku-gen:\ bad\.txt:2:\  ]]
	assert_output ""
	{ cat seed.txt; printf '1%80s\n' '' | tr ' ' .; } > several.txt
	run -2 --separate-stderr sudoku-gen --from several.txt
	assert_stderr "sudoku-gen: several.txt:2: the puzzle has more than one solution: --from needs puzzles with one"
	printf '11%79s\n' '' | tr ' ' . > none.txt
	run -2 --separate-stderr sudoku-gen --from none.txt
	assert_stderr "sudoku-gen: none.txt:1: the puzzle has no solution: --from needs puzzles with one"
	# a pencil-mark puzzle's candidates would be lost: refused, not read as givens
	sudoku-print -t pencil seed.txt > pencil.txt
	run -2 --separate-stderr sudoku-gen --from pencil.txt
	assert_stderr "sudoku-gen: pencil.txt:1: a pencil-mark puzzle, which only sudoku-bt, sudoku-rate and sudoku-print read"
	run -2 --separate-stderr sudoku-gen --from missing.txt
	assert_stderr "sudoku-gen: missing.txt: "
	: > empty.txt
	run -2 --separate-stderr sudoku-gen --from empty.txt
	assert_stderr "empty.txt: no puzzle to search near"
	run -2 --separate-stderr sudoku-gen --from seed.txt --symmetry rot180
	assert_stderr --partial "without --symmetry"
}

@test "the search near hard puzzles gives up after --max-attempts neighbours, exit 1" {
	hard_seed
	run -1 --separate-stderr sudoku-gen --from seed.txt --rating 11.9 --max-attempts 30
	assert_output ""
	assert_stderr --partial "no puzzle met the conditions after 30 attempts"
}

@test "the near search from its own seeds: an open window's puzzles unique, minimal, in it, by the seed" {
	sudoku-gen --rating 8.5- -n 3 -s 1 > p.txt
	[ "$(sort -u p.txt | wc -l)" -eq 3 ]
	run -0 bash -c 'sudoku-bt -u p.txt | sort | uniq -c'
	assert_output --regexp '^ *3 unique 1$'
	minimal p.txt
	run -0 bash -c "sudoku-rate p.txt | awk '\$2 < 8.5'"
	assert_output ""
	run -0 sudoku-gen --rating 8.5- -n 3 -s 1
	assert_output "$(cat p.txt)"
	run -0 sudoku-gen --rating 8.5- -n 1 -s 1
	assert_output "$(head -n 1 p.txt)"
}

@test "--rating 9.5- near puzzles T&E(1) cannot solve: a neighbour it solves, wider than the pool's, is not rated" {
	need_data
	# the magictour sample's three puzzles rated 9.5 to 9.9
	awk '$2 + 0 >= 9.5 && $2 + 0 < 10 { print $1 }' "$DATA/se_rated/magictour_1-200.txt" > seeds.txt
	[ "$(wc -l < seeds.txt)" -eq 3 ]
	sudoku-gen --from seeds.txt --rating 9.5- -n 4 -s 1 -t json > p.json
	# thousands of neighbours tried for each, and only those no wider for
	# T&E(1) than the pool's (here: those it cannot solve) rated: a find in
	# its first few ratings
	[ "$(grep -c '"ratings":[1-5]}' p.json)" -eq 4 ]
	grep -o '"puzzle":"[^"]*"' p.json | cut -d'"' -f4 > p.txt
	[ "$(sort -u p.txt | wc -l)" -eq 4 ]
	run -0 bash -c 'sudoku-bt -u p.txt | sort | uniq -c'
	assert_output --regexp '^ *4 unique 1$'
	minimal p.txt
	run -1 grep -xFf seeds.txt p.txt
	run -0 bash -c "sudoku-rate p.txt | awk '\$2 < 9.5'"
	assert_output ""
	run -0 sudoku-gen --from seeds.txt --rating 9.5- -n 1 -s 1
	assert_output "$(head -n 1 p.txt)"
}
