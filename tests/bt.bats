#!/usr/bin/env bats
# sudoku-bt: the exact solver.

load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "solves a puzzle: the puzzle, then its solution" {
	run sudoku-bt <<< "$WIKI"
	assert_success
	assert_output "$WIKI $WIKI_SOLVED"
}

@test "the published example solution of the sources" {
	need_data
	run sudoku-bt "$DATA/seeds/example_9x9.txt"
	assert_output "$(cat "$DATA/seeds/example_9x9.txt") $(cat "$DATA/seeds/example_9x9.solution")"
}

@test "every solution of 17-clue and hardest samples passes sudoku-cost --check" {
	need_data
	sample 17_clue.txt 500 > in.txt
	sample forum_hardest_1905_11plus.txt 300 >> in.txt
	sample magictour_top1465.txt 200 >> in.txt
	run bash -c 'sudoku-bt in.txt | sudoku-cost --check | sort | uniq -c'
	assert_success
	assert_output --regexp '^ *1000 valid 0$'
	# and the givens are kept
	sudoku-bt in.txt > out.txt
	run givens_changed out.txt
	assert_output 0
}

@test "-u: 17-clue puzzles are unique" {
	need_data
	sample 17_clue.txt 300 > in.txt
	run bash -c 'sudoku-bt -u in.txt | sort | uniq -c'
	assert_success
	assert_output --regexp '^ *300 unique 1$'
}

@test "9x9: the search tree is the one the rules give (nodes, 100 hardest, -u)" {
	# Propagation runs every rule to its fixed point, which does not depend
	# on the order the rules run in, so the count moves only when the rules
	# or the branching change.  A change that forgets a digit to update
	# stops short of the fixed point and grows the tree (15,839 nodes when
	# the hidden singles' clearing marked no digit) while every answer stays
	# the same, so no other test sees it.
	need_data
	sample forum_hardest_1905_11plus.txt 100 > in.txt
	run bash -c "sudoku-bt -u -t json in.txt | grep -o '\"nodes\":[0-9]*' | awk -F: '{ n += \$2 } END { print n }'"
	assert_success
	assert_output 13115
}

@test "-u: the multi-solution collection is all multiple, exit 1" {
	need_data
	sample serg_multi_solution.txt 300 > in.txt
	run -1 bash -c 'sudoku-bt -u in.txt > out.txt'
	run bash -c 'sort out.txt | uniq -c'
	assert_output --regexp '^ *300 multiple 2$'
}

@test "several solutions: the one written solves the puzzle; the 9x9 path counts what the general search counts" {
	need_data
	sample serg_multi_solution.txt 200 > in.txt
	run bash -c 'sudoku-bt in.txt | sudoku-cost --check | sort | uniq -c'
	assert_output --regexp '^ *200 valid 0$'
	sudoku-bt in.txt > out.txt || true
	run givens_changed out.txt
	assert_output 0
	sudoku-bt -q -c 1000 in.txt > fast.txt || true
	sudoku-bt -q -c 1000 --order mrv --propagate singles in.txt > general.txt || true
	run cmp fast.txt general.txt
	assert_success
	run bash -c "grep -vc '^multiple' fast.txt"
	assert_output 0
}

@test "-c counts up to a limit; json carries status, solutions and stats" {
	run sudoku-bt -c 10 <<< "$(printf '%081d' 0 | tr 0 .)"
	assert_output 'multiple 10'
	run -1 sudoku-bt -u -t json <<< "12.............."
	assert_output --partial '"status":"multiple","solutions":2,'

	run sudoku-bt -c 1000 -t json <<< '1...............'
	assert_success
	assert_output --partial '"status":"multiple","solutions":72,"stats":{"nodes":'
	run sudoku-bt -u -t json <<< '1234341221434321'
	assert_success
	assert_output --partial '"status":"solved","solutions":1,'
}

@test "--all writes every solution as a record" {
	run sudoku-bt --all <<< '1...............'
	assert_success
	assert_equal "${#lines[@]}" 72
	run bash -c "sudoku-bt --all <<< '1...............' | sudoku-cost --check | sort -u"
	assert_output 'valid 0'
	run bash -c "sudoku-bt --all <<< '1...............' | cut -d' ' -f2 | sort -u | wc -l"
	assert_output 72
	run sudoku-bt --all -c 5 <<< '1...............'
	assert_equal "${#lines[@]}" 5
}

@test "contradictory givens: nosolution, exit 1, a message naming the record, no board" {
	bad="55${WIKI:2}"
	run -1 --separate-stderr sudoku-bt <<< "$bad"
	assert_output "$bad"
	assert_stderr 'sudoku-bt: <stdin>:1: no solution'
	run -1 --separate-stderr sudoku-bt -t json <<< "$bad"
	assert_output --partial '"status":"nosolution"'
	refute_output --partial '"board"'
	run -1 --separate-stderr sudoku-bt -u <<< "$bad"
	assert_output 'nosolution 0'
}

@test "no solution without a visible conflict" {
	# r1c9 can hold nothing: its row holds 1-8, its column 9
	p="12345678.........9$(printf '%063d' 0 | tr 0 .)"
	run -1 --separate-stderr sudoku-bt <<< "$p"
	assert_output "$p"
	assert_stderr 'no solution'
	for order in static mrv degree degree-mrv; do
		for prop in none fc singles; do
			[ "$order $prop" != "degree none" ] || continue
			run -1 --separate-stderr sudoku-bt --order "$order" --propagate "$prop" -u <<< "$p"
			assert_output 'nosolution 0'
		done
	done
	# plain backtracking sees r1c9 only when its order reaches it: the
	# degree order (its row full, it comes last) first fills the 62 others
	run -1 --separate-stderr sudoku-bt --order degree --propagate none -u -I 100000 <<< "$p"
	assert_output 'unsolved 0'
}

@test "every --order and --propagate gives valid solutions" {
	need_data
	echo "$WIKI" > easy.txt
	cat "$DATA/seeds/example_9x9.txt" >> easy.txt
	grep -v '^#' "$DATA/lewis/inst9x9_p040.txt" | head -5 >> easy.txt
	sample 17_clue.txt 3 > hard.txt
	sample magictour_top1465.txt 3 >> hard.txt
	# plain backtracking in the degree order passes cells left with no
	# digit by: millions of nodes on WIKI and p040, so easier boards
	cat "$DATA/seeds/example_9x9.txt" > plain.txt
	grep -v '^#' "$DATA/lewis/inst9x9_p060.txt" | head -5 >> plain.txt
	for order in static mrv degree degree-mrv; do
		for prop in none fc singles; do
			input=easy.txt want=7
			[ "$order $prop" != "degree none" ] || input=plain.txt want=6
			run bash -c "sudoku-bt --order $order --propagate $prop $input | sudoku-cost --check | sort | uniq -c"
			assert_output --regexp "^ *$want valid 0\$"
		done
	done
	# the sources' scheme and its neighbours on hard puzzles
	for order in mrv degree-mrv; do
		for prop in fc singles; do
			run bash -c "sudoku-bt --order $order --propagate $prop hard.txt | sudoku-cost --check | sort | uniq -c"
			assert_output --regexp '^ *6 valid 0$'
		done
	done
	run bash -c "sudoku-bt --order static --propagate none <<< '$WIKI'"
	assert_output "$WIKI $WIKI_SOLVED"
}

# nodes and backtracks of one search: "NODES BACKTRACKS"
bt_stats() {
	sudoku-bt -q -t json "$@" | grep -o '"nodes":[0-9]*,"backtracks":[0-9]*' | tr -c '0-9\n' ' ' |
		awk '{ print $1, $2 }'
}

@test "--propagate none is plain backtracking, fc forward checking: fc tries fewer nodes under static and degree" {
	# issue 49: fc gave exactly none's nodes and backtracks (38306 and
	# 15714 here, 516 and 183 on WIKI) because none, too, gave up a node
	# as soon as any empty cell had no digit left
	p='2...731.......4....195..4.........2..98.52..73.....9.1.....8642......7....3..5...'
	read -r fc_nodes fc_back <<< "$(bt_stats --order static --propagate fc <<< "$p")"
	read -r none_nodes none_back <<< "$(bt_stats --order static --propagate none <<< "$p")"
	assert_equal "$fc_nodes $fc_back" "38306 15714"
	[ "$fc_nodes" -lt "$none_nodes" ]
	[ "$fc_back" -lt "$none_back" ]
	read -r fc_nodes fc_back <<< "$(bt_stats --order static --propagate fc <<< "$WIKI")"
	read -r none_nodes none_back <<< "$(bt_stats --order static --propagate none <<< "$WIKI")"
	assert_equal "$fc_nodes $fc_back" "516 183"
	[ "$fc_nodes" -lt "$none_nodes" ]
	# degree: on p both run past 10^8 nodes; on WIKI fc solves in 69266,
	# none has not after 100000
	run sudoku-bt -t json --order degree --propagate fc <<< "$WIKI"
	assert_success
	assert_output --partial '"status":"solved","stats":{"nodes":69266,'
	run -1 --separate-stderr sudoku-bt -t json -I 100000 --order degree --propagate none <<< "$WIKI"
	assert_output --partial '"status":"unsolved","stats":{"nodes":100000,'
	# MRV takes the cell left with no digit next, in both: the same tree
	assert_equal "$(bt_stats --order mrv --propagate none <<< "$p")" "$(bt_stats --order mrv --propagate fc <<< "$p")"
}

@test "under every order fc tries no more nodes than none, the same solutions; fewer under static and degree" {
	need_data
	grep -v '^#' "$DATA/lewis/inst9x9_p060.txt" | head -n 20 > in.txt
	for order in static mrv degree degree-mrv; do
		for prop in none fc; do
			sudoku-bt -q -u -t json --order "$order" --propagate "$prop" in.txt |
				sed 's/.*"status":"\([a-z]*\)","solutions":\([0-9]*\),"stats":{"nodes":\([0-9]*\),.*/\1 \2 \3/' \
				> "$order.$prop" || true
		done
		run paste -d' ' "$order.none" "$order.fc"
		assert_equal "${#lines[@]}" 20
		# answer, count and nodes of none, then of fc: the same answers,
		# never more nodes by fc
		run awk '$1 != $4 || $2 != $5 || $6 > $3 { bad++ } $6 < $3 { fewer++ }
			END { print bad + 0, fewer + 0 }' <(paste -d' ' "$order.none" "$order.fc")
		case $order in
		static | degree) assert_output --regexp '^0 [1-9][0-9]*$' ;;
		mrv) assert_output '0 0' ;;
		*) assert_output --regexp '^0 [0-9]+$' ;;
		esac
	done
	# solved or multiple, none unsolved
	run grep -c unsolved static.none degree.none
	assert_output $'static.none:0\ndegree.none:0'
}

@test "every --order and --propagate counts the same solutions (4x4 empty: 288; a 6x6: 39168)" {
	# the default's propagation (locked candidates, failed literals) may
	# only rule out what no solution uses: counts pin that down
	for order in auto static mrv degree degree-mrv; do
		for prop in auto none fc singles; do
			run sudoku-bt -b 2x2 -c 1000 -T 0 --order "$order" --propagate "$prop" <<< "................"
			assert_output "multiple 288"
			run sudoku-bt -b 2x3 -c 100000 -T 0 --order "$order" --propagate "$prop" -s 7 \
				<<< "1.....2.....3.....4.....5.....6....."
			assert_output "multiple 39168"
		done
	done
}

@test "-s picks values at random, reproducibly; the answer is still a solution" {
	empty=$(printf '%081d' 0 | tr 0 .)
	a=$(sudoku-bt -s 1 <<< "$empty")
	b=$(sudoku-bt -s 1 <<< "$empty")
	c=$(sudoku-bt -s 2 <<< "$empty")
	assert_equal "$a" "$b"
	[ "$a" != "$c" ]
	run sudoku-cost --check <<< "$a"
	assert_success
}

@test "limits stop the search: unsolved, exit 1, the puzzle alone" {
	empty=$(printf '%081d' 0 | tr 0 .)
	run -1 --separate-stderr sudoku-bt -I 5 -c 1000000 <<< "$empty"
	assert_output --regexp '^unsolved [0-9]+$'
	assert_stderr 'limit reached'
	need_data
	grep -v '^#' "$DATA/forum_hardest_1905_11plus.txt" | head -1 > hard.txt
	run -1 --separate-stderr sudoku-bt --order static --propagate none -I 10 hard.txt
	assert_output "$(cut -d' ' -f1 hard.txt)"
	run -1 --separate-stderr sudoku-bt --order static --propagate none -I 10 -t json hard.txt
	assert_output --partial '"status":"unsolved"'
	refute_output --partial '"board"'
	start=$SECONDS
	run -1 sudoku-bt --order static --propagate none -T 1 -c 1000000000 <<< "$empty"
	[ $((SECONDS - start)) -lt 5 ]
}

@test "-I bounds the default search on a hard 25x25: unsolved at the limit, solved without it" {
	need_data
	grep -v '^#' "$DATA/lewis/inst25x25_p045.txt" | sed -n 2p > hard.txt
	run -1 --separate-stderr sudoku-bt -s 1 -I 300 -t json hard.txt
	assert_output --partial '"status":"unsolved"'
	assert_output --partial '"nodes":300,'
	run sudoku-bt -s 1 -T 30 hard.txt
	assert_success
	run sudoku-cost --check <<< "$(cut -d' ' -f2 <<< "$output")"
	assert_output --regexp '^valid'
}

@test "25x25 (clause learning): the solutions backtracking counts, and --all writes the same ones" {
	need_data
	grep -v '^#' "$DATA/lewis/inst25x25_p050.txt" | sed -n '1p;2p;6p;8p;16p;21p;25p;29p' > multi.txt
	sudoku-bt -q -c 100 -t json multi.txt | grep -o '"solutions":[0-9]*' > learnt.txt || true
	sudoku-bt -q -c 100 -t json --order mrv --propagate singles multi.txt | grep -o '"solutions":[0-9]*' > singles.txt || true
	run cat learnt.txt
	assert_output "$(printf '"solutions":%s\n' 8 34 20 52 51 88 2 60)"
	run diff learnt.txt singles.txt
	assert_success
	sed -n 1p multi.txt > eight.txt
	run bash -c "sudoku-bt --all eight.txt | sort | tee all.txt | sudoku-cost --check | sort | uniq -c"
	assert_output --regexp '^ *8 valid 0$'
	run bash -c "sudoku-bt --all --order mrv --propagate singles eight.txt | sort | cmp - all.txt"
	assert_success
}

@test "25x25 half given: the lookahead settles the instance that cost activity hundreds of contradictions" {
	need_data
	# instance 52: 279-763 contradictions for seeds 1-5 with cells chosen by activity alone
	grep -v '^#' "$DATA/lewis/inst25x25_p050.txt" | sed -n 52p > hard.txt
	for seed in 1 2 3 4 5; do
		sudoku-bt -q -s "$seed" -t json hard.txt
	done > out.json
	run bash -c "grep -o '\"backtracks\":[0-9]*' out.json | cut -d: -f2 | sort -n | tail -n 1"
	[ "$output" -lt 100 ]
	run bash -c "sudoku-cost --check out.json | sort | uniq -c"
	assert_output --regexp '^ *5 valid 0$'
}

@test "16x16 board of the sources, 25x25 and 6x6 boards" {
	need_data
	run bash -c "sudoku-bt '$DATA/seeds/variant5_16x16.grid' | sudoku-cost --check"
	assert_output 'valid 0'
	run bash -c "grep -v '^#' '$DATA/lewis/inst25x25_p060.txt' | head -20 | sudoku-bt | sudoku-cost --check | sort | uniq -c"
	assert_output --regexp '^ *20 valid 0$'
	run bash -c "sudoku-bt <<< '1.....2.....3.....4.....5.....6.....' | sudoku-cost --check"
	assert_output 'valid 0'
}

@test "grid and json input give json and line output as the SPEC says" {
	printf '4\n1 2 0 0\n3 4 0 0\n0 0 0 0\n0 0 0 0\n' > p.grid
	run sudoku-bt p.grid
	assert_output --regexp '^12\.\.34\.{10} 12[1-4]{14}$'
	run sudoku-cost --check <<< "$output"
	assert_success
	run sudoku-bt -t json -v p.grid
	assert_output --partial '"status":"solved","stats":{"nodes":'
	assert_output --partial '"seconds":'
	run sudoku-bt -t json p.grid
	refute_output --partial 'seconds'
}

@test "bad input per the SPEC" {
	printf '%s\n%sx\n' "$WIKI" "$WIKI" > f.txt
	run -2 --separate-stderr sudoku-bt f.txt
	assert_output "$WIKI $WIKI_SOLVED"
	assert_stderr 'sudoku-bt: f.txt:2: puzzle has 82 symbols'
	run -2 --separate-stderr sudoku-bt --order sideways f.txt
	assert_stderr 'unknown order'
}

@test "grid input goes out as lines even when the first puzzle has no solution" {
	# the format is the input's, not what the first record's answer was: an
	# unsolved first puzzle made every later solution a grid, its puzzle lost
	printf '%s\n%s\n' "$NONE" "$WIKI" | sudoku-print -t grid > p.grid
	run -1 --separate-stderr sudoku-bt p.grid
	assert_output "$NONE
$WIKI $WIKI_SOLVED"
}
