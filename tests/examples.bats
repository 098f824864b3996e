#!/usr/bin/env bats
# Every example of the README and of the man pages, taken out of their text
# (tests/examples.sh), run as written in a directory holding the files
# their words name, and checked against what those words say it does.  An
# example this file has no check for fails the test, so a new example is
# run from the day it is written.  What cannot run here is listed below
# with the reason, and nothing else is left out.

load helper
. "$BATS_TEST_DIRNAME/examples.sh"

setup_file() {
	extract_examples "$ROOT" "$BATS_FILE_TMPDIR/ex"
}

setup() {
	cd "$BATS_TEST_TMPDIR"
	EXAMPLES=$BATS_FILE_TMPDIR/ex
}

# A puzzle with two solutions: the Wikipedia puzzle without its first row.
TWO=".........${WIKI:9}"

# A board shown by sudoku-print with no empty cell: a solution drawn.
solved_grid() {
	[ -n "$output" ] && ! grep -q '| .*\. ' <<< "$output" && grep -q '^|' <<< "$output"
}

# Why sudoku-play cannot run in tmux here (status 0), or nothing (status 1).
no_terminal() {
	if ! command -v tmux > /dev/null; then
		echo 'no tmux'
	elif ! script -qec true /dev/null < /dev/null > /dev/null 2>&1; then
		echo 'no pseudo-terminal can be opened here (is devpts mounted on /dev/pts?)'
	else
		return 1
	fi
}

# The size of a PNG and whether it is one.
png_size() {
	run -0 png-pixel "$1"
	assert_output "$2"
}

# expect COMMAND: for the example COMMAND (its text), what to prepare
# (PREPARE, run in its directory first), sed expressions for what cannot
# run here as written (SUBSTITUTE), its exit status (STATUS, default 0),
# the check of its output ($output, $stderr, $status) and files (CHECK, run
# in its directory), or why it is not run (SKIP).  Unknown: the test fails.
# STATUS may list several, as 0|1.
expect() {
	PREPARE= SUBSTITUTE= STATUS=0 CHECK= SKIP=
	case $1 in
	# ---- building and installing: changes to this machine
	'make deps all && bin/sudoku-gen -d hard | bin/sudoku-anneal | bin/sudoku-print')
		# make deps installs packages; make all would rebuild the tree
		# under test with other flags: the pipeline alone, as built
		SUBSTITUTE='s/^make deps all && //'
		PREPARE='ln -s "$ROOT/bin" bin'
		CHECK='solved_grid' ;;
	'make check')
		SKIP='the test suite itself' ;;
	'make deps && dpkg-buildpackage '*)
		SKIP='installs packages on this machine; tests/debian.bats builds them and runs their smoke test' ;;
	'(crontab -l 2>/dev/null; cat /usr/'*'/crontab) | crontab -'*)
		SKIP="changes the crontab of this machine's user; tests/install.bats runs it against a stand-in crontab" ;;
	'cc examples/rate-hint.c '*)
		# the library installed under a prefix, as the README's note
		# says; the run needs its directory on the loader's path
		PREPARE='make -s -C "$ROOT" install PREFIX="$PWD/prefix" > /dev/null &&
			export PKG_CONFIG_PATH=$PWD/prefix/lib/pkgconfig LD_LIBRARY_PATH=$PWD/prefix/lib'
		# a sanitizer build links its runtime (CC and LDFLAGS as make check had them)
		[ -z "${LDFLAGS:-}" ] || SUBSTITUTE="s|^cc \\(.*\\) -o rate-hint\$|${CC:-cc} \\1 $LDFLAGS -o rate-hint|"
		CHECK='assert_output "very-easy 1.2 (pearl 1.2, diamond 1.2)
hint: r1c6 must be 8: it is the only place for 8 in box 2"' ;;
	'export PKG_CONFIG_PATH=/opt/sudoku/lib/pkgconfig'*)
		# the same under a prefix of its own, found through -Wl,-rpath alone
		# (no LD_LIBRARY_PATH): the prefix made here, named from here
		PREPARE='make -s -C "$ROOT" install PREFIX="$PWD/opt/sudoku" > /dev/null'
		SUBSTITUTE='s|/opt/sudoku|$PWD/opt/sudoku|g'
		[ -z "${LDFLAGS:-}" ] || SUBSTITUTE+="; s|^cc \\(.*\\) -o rate-hint\$|${CC:-cc} \\1 $LDFLAGS -o rate-hint|"
		CHECK='unset LD_LIBRARY_PATH; run ./rate-hint "$WIKI"
			assert_output "very-easy 1.2 (pearl 1.2, diamond 1.2)
hint: r1c6 must be 8: it is the only place for 8 in box 2"' ;;
	# ---- batches over machines this test does not have
	'sh examples/cluster.sh '*)
		SKIP='needs machines node1 and node2 reached by ssh with the toolkit there; tests/cluster.bats runs cluster.sh over ssh to two local logins' ;;
	'sh examples/slurm.sh '*)
		SKIP='needs a Slurm cluster; tests/slurm.bats runs slurm.sh on a one-node Slurm of its own' ;;
	'sh examples/parallel.sh puzzles.txt sudoku-bt -u > counts.txt'*)
		# sudoku(7) shows it with cluster.sh and slurm.sh (above)
		SUBSTITUTE='/examples\/\(cluster\|slurm\)\.sh/s/^/# not run here: /'
		CHECK='sudoku-bt -u puzzles.txt > serial.txt; run cmp counts.txt serial.txt; assert_success' ;;
	'seq 2026 1000 5026 | parallel -k sudoku-gen -n 1000 -d hard -s {}')
		# the same as one run from 2026: its first and last thousand
		CHECK='assert_equal "${#lines[@]}" 4000
			assert_equal "$(head -n 1000 <<< "$output")" "$(sudoku-gen -n 1000 -d hard -s 2026)"
			assert_equal "$(tail -n 1000 <<< "$output")" "$(sudoku-gen -n 1000 -d hard -s 5026)"' ;;
	# ---- the game, in a terminal (tests/examples.sh: play_wrapper)
	'sudoku-play' | 'sudoku-play '*)
		SKIP=$(no_terminal) || true
		;;&
	'sudoku-play -d medium')
		CHECK='grep -q "^ *medium " play.1.screen' ;;
	'sudoku-play -d hard')
		CHECK='grep -q "^ *hard " play.1.screen' ;;
	'sudoku-play -n 10 -o game.json 17_clue.txt'*)
		# saved as json, then resumed from it
		CHECK='assert_equal "$(sudoku-print -t line game.json | cut -d" " -f1)" "$(grep -v "^#" 17_clue.txt | sed -n "10{s/ .*//;p}")"
			[ -s play.2.screen ]' ;;
	'sudoku-play')
		# the saved game offered, and resumed (tests/examples.sh answers Enter)
		CHECK='grep -q "Games saved, not finished" play.1.offer && grep -q "^ *very-easy " play.1.screen' ;;
	'sudoku-play -b 4x4 -d easy -s 42')
		# 16x16 at 80x24: the status beside the board
		CHECK='grep -q " easy [0-9.]*  " play.1.screen && grep -q "G" play.1.screen' ;;
	'sudoku-rate --hint ~/.local/state/sudoku-play/game'*)
		CHECK='assert_output "very-easy 1.2; wrong: r1c3
  hint: r1c3 is wrong: clear it"; grep -q "<svg" game.svg' ;;
	# ---- making puzzles
	'sudoku-gen -d hard | sudoku-anneal | sudoku-print' | 'sudoku-gen --symmetry rot180 | sudoku-anneal | sudoku-print')
		CHECK='solved_grid' ;;
	'sudoku-gen -n 1000 -d medium --symmetry rot180 -s 2026 -t json -o book.json')
		CHECK='assert_equal "$(grep -c "\"level\":\"medium\"" book.json)" 1000
			# rot180: cell i is given when cell 80 - i is
			run awk -F"\"puzzle\":\"" "{ p = substr(\$2, 1, 81); for (i = 1; i <= 81; i++)
				if ((substr(p, i, 1) == \".\") != (substr(p, 82 - i, 1) == \".\")) bad++ } END { print bad + 0 }" book.json
			assert_output 0' ;;
	'sudoku-gen -n 10 -d hard | sudoku-print')
		CHECK='assert_equal "$(grep -c "^+" <<< "$output")" 40' ;;
	'sudoku-gen -b 4x4 -d medium -t svg > puzzle.svg')
		CHECK='grep -q "<svg" puzzle.svg' ;;
	'sudoku-gen -n 7 -d medium -s $(($(date +%G%V) * 7)) -t json -o $HOME/puzzles/week.json')
		# the directory the crontab line writes into is the user's
		PREPARE='mkdir "$HOME/puzzles"'
		CHECK='assert_equal "$(grep -c "\"level\":\"medium\"" "$HOME/puzzles/week.json")" 7
			grep -q "\"seed\":$(( $(date +%G%V) * 7 + 6 ))" "$HOME/puzzles/week.json"' ;;
	'for d in very-easy easy medium hard expert fiendish; do sudoku-gen -d $d; done | sudoku-rate')
		CHECK='assert_equal "$(cut -d" " -f1 <<< "$output" | tr "\n" " ")" "very-easy easy medium hard expert fiendish "' ;;
	'sudoku-gen --rating 7.0-7.9 -n 10 -s 42')
		CHECK='assert_equal "${#lines[@]}" 10
			run bash -c "sudoku-rate <<< \"\$0\" | cut -d\" \" -f2 | grep -vc \"^7\\.\"" "$output"
			assert_output 0' ;;
	'sudoku-gen -d extreme -s 1 -t json')
		CHECK='assert_output --partial "\"level\":\"extreme\""' ;;
	'sudoku-gen -t pencil -n 10 | sudoku-bt -c 2')
		CHECK='assert_equal "$(sort <<< "$output" | uniq -c | sed "s/^ *//")" "10 unique 1"' ;;
	# ---- solving
	'sudoku-bt puzzles.txt | sudoku-cost --check > /dev/null && echo all valid' | \
	'sudoku-bt 17_clue.txt | sudoku-cost --check > /dev/null && echo all valid')
		CHECK='assert_output "all valid"' ;;
	'sudoku-bt puzzles.txt | sudoku-cost --check > /dev/null && echo all solved')
		CHECK='assert_output "all solved"' ;;
	"sudoku-bt -u -t csv puzzles.txt | awk -F, '\$6 == 1 { print \$3 }'")
		# a puzzle with two solutions among them: left out
		PREPARE='cp puzzles.txt unique.txt; echo "$TWO" >> puzzles.txt'
		CHECK='assert_output "$(cut -d" " -f1 unique.txt)"' ;;
	'sudoku-bt --order degree-mrv --propagate fc -v puzzle.txt')
		CHECK='assert_output "$WIKI $WIKI_SOLVED"
			assert_stderr "sudoku-bt: puzzle.txt:1: solved, 1 solution, 76 nodes, 2 backtracks,"' ;;
	'sudoku-print -t line board.grid | sudoku-bt -u -q > /dev/null && echo unique')
		CHECK='assert_output unique' ;;
	"sudoku-bt <<'EOF'"*)
		CHECK=: ;;     # the output the page shows: $n.expected
	'sudoku-bt --all -c 100 puzzle.txt | sudoku-print')
		# a puzzle with several
		PREPARE='echo "$TWO" > puzzle.txt'
		CHECK='assert_equal "$(grep -c "^+" <<< "$output")" 8; solved_grid' ;;
	'sudoku-bt -u puzzles.txt'*)
		CHECK='assert_equal "$(sed "s/ matlab-example//" <<< "$output" | sort | uniq -c | sed "s/^ *//")" "6 unique 1
6 valid 0"' ;;
	'sudoku-anneal puzzle.txt' | 'sudoku-fill -k box -s 7 puzzle.txt | sudoku-anneal -s 7' | \
	'sudoku-fill -s 7 puzzle.txt | sudoku-anneal' | \
	'sudoku-fill -k box-sequential puzzle.txt | sudoku-vns --plain')
		CHECK='assert_output "$WIKI $WIKI_SOLVED"' ;;
	'sudoku-anneal --plain --t0 0.04 --alpha 0.99 --chain 20 -I 7000 --reheat 0 puzzle.txt')
		# 7000 moves from a seed of the clock: solved, or the best cost said
		STATUS='0|1'
		CHECK='[ "$status" = 0 ] && assert_output "$WIKI $WIKI_SOLVED" ||
			{ assert_output "$WIKI"; assert_stderr "unsolved: best cost"; }' ;;
	'sudoku-anneal --plain -v puzzles.txt')
		# a seed of the clock: a run stuck at a local minimum to the
		# move limit is rare on these, and said
		STATUS='0|1'
		CHECK='assert_equal "$(grep -c "^sudoku-anneal: puzzles.txt:[1-6]: \(un\)*solved, cost [0-9]*, [0-9]* moves, [0-9]* chains" <<< "$stderr")" 6' ;;
	'sudoku-anneal -s 42 -I 100000000 -t json instances.txt')
		CHECK='assert_equal "$(grep -c "\"status\":\"solved\",.*\"seed\":42,\"stats\":{\"moves\":" <<< "$output")" 3' ;;
	'sudoku-fill -s 7 puzzle.txt | sudoku-anneal --plain -s 7 --trace run.tsv'* | \
	'sudoku-anneal --plain --trace run.tsv -s 1 puzzle.txt'*)
		CHECK='assert_output "$WIKI $WIKI_SOLVED"
			[ "$(wc -l < run.tsv)" -gt 2 ]
			png_size run.png 900x520' ;;
	'sudoku-vns --plain --trace shakes.tsv -s 1 puzzle.txt'*)
		CHECK='[ "$(wc -l < shakes.tsv)" -gt 2 ]; png_size shakes.png 900x520' ;;
	'sudoku-fill -k box-sequential board.grid | sudoku-vns --plain -v')
		# the report's scheme does not solve the report's board within
		# the default limit: exit 1, its statistics said
		STATUS=1
		CHECK='assert_stderr "shakes"; assert_stderr "<stdin>:1: unsolved, cost"' ;;
	'sudoku-vns --plain --shift reverse -v puzzle.txt')
		CHECK='assert_output "$WIKI $WIKI_SOLVED"; assert_stderr "puzzle.txt:1: solved, cost 0,"' ;;
	'sudoku-vns board.grid | sudoku-print')
		CHECK='solved_grid; assert_equal "$(grep -c "^|" <<< "$output")" 16' ;;
	# ---- filling and scoring
	'sudoku-fill -s 7 puzzles.txt | sudoku-cost -l' | 'sudoku-fill -s 1 puzzle.txt | sudoku-cost -l')
		CHECK='[ "${#lines[@]}" -ge 1 ]
			assert_equal "$(grep -cvE "^[0-9]+( r[1-9]c[1-9])+( matlab-example)?$" <<< "$output")" 0' ;;
	'sudoku-fill -s 1 puzzles.txt | sudoku-cost -l'*)
		CHECK='assert_equal "${#lines[@]}" 6; grep -q "<svg" sheet.svg' ;;
	'sudoku-fill -k box-sequential board.grid | sudoku-print')
		CHECK='assert_equal "$(grep -c "^|" <<< "$output")" 16; solved_grid' ;;
	'sudoku-fill -k random puzzles.txt | sudoku-cost -m dup')
		CHECK='assert_equal "$(grep -cE "^[0-9]+( matlab-example)?$" <<< "$output")" 6' ;;
	'sudoku-cost -m dup -t json boards.txt')
		CHECK='assert_equal "$(grep -c "\"cost\":[0-9]*,\"metric\":\"dup\"" <<< "$output")" 6' ;;
	'sudoku-cost --check -l x-boards.json')
		# the X board keeps both diagonals; the classic answer breaks one
		STATUS=1
		CHECK='assert_line --index 0 "valid 0"
			assert_line --index 1 --regexp "^invalid [0-9]+ r.* \\(.* in diagonal [12] both hold [1-9]"' ;;
	'sudoku-cost --check answers.txt > /dev/null || echo some are wrong')
		# answers that are solutions: silent; one that is not: said
		CHECK='assert_output ""
			sed -i "1s/ 534/ 536/" answers.txt
			run bash -c "$(cat example.sh)"
			assert_output "some are wrong"' ;;
	# ---- rating
	"sudoku-rate puzzles.txt | cut -d' ' -f1 | sort | uniq -c"*)
		CHECK='assert_equal "$(awk "/^ *[0-9]+ [a-z-]+\$/ { n += \$1 } END { print n }" <<< "$output")" 6' ;;
	'sudoku-rate --hint game.txt')
		CHECK='assert_output "very-easy 1.2; wrong: r1c3
  hint: r1c3 is wrong: clear it"' ;;
	'sudoku-rate -t json game.txt | sudoku-print')
		# the wrong entry marked (no terminal: ? before it)
		CHECK='assert_line --index 1 --partial "|  5  3 ?1 |"' ;;
	'sudoku-rate --stats -t csv puzzles.txt > levels.csv')
		CHECK='[ "$(wc -l < levels.csv)" -ge 2 ]; grep -q easy levels.csv' ;;
	"sudoku-rate --hint <<'EOF'"*)
		CHECK=: ;;     # the output the page shows: $n.expected
	'sudoku-gen -d hard | sudoku-rate --explain')
		CHECK='assert_line --index 0 --regexp "^hard [0-9]\.[0-9]$"; assert_line --index 1 --partial " must be "' ;;
	# ---- printing and converting
	'echo '*' | sudoku-print' | 'sudoku-print <<EOF'*)
		CHECK='assert_line --index 1 "| 5 3 . | . 7 . | . . . |"' ;;
	"grep -m 1 -v '^#' 17_clue.txt | sudoku-print")
		CHECK='first=$(grep -m 1 -v "^#" 17_clue.txt | cut -c1-3 | sed "s/./& /g")
			assert_line --index 1 --partial "| $first|"' ;;
	'head -6 puzzles.txt | sudoku-fill | sudoku-print -t svg > sheet.svg')
		CHECK='grep -q "<svg" sheet.svg' ;;
	'sudoku-gen -n 60 -d medium -t json | sudoku-bt -t json | sudoku-print -t pdf -o book.pdf')
		# 15 pages of four puzzles, 7 of nine solutions
		CHECK='run -0 pdfinfo book.pdf; assert_line --regexp "^Pages: +22$"; assert_line --partial "(A4)"' ;;
	'sudoku-gen -n 60 -d medium -t json | sudoku-bt -t json |'*)
		# 10 pages of six, 5 of twelve solutions, on Letter
		CHECK='run -0 pdfinfo book.pdf; assert_line --regexp "^Pages: +15$"; assert_line --partial "(letter)"' ;;
	'sudoku-rate -t json game.txt | sudoku-print -t png --size 600 -o game.png')
		# the wrong r1c3 red on pink: a pink the cell's background
		CHECK='png_size game.png 600x600
			run -0 png-pixel game.png 140 10 50 50
			red=0 pink=0
			while read -r c _; do
				[[ $c == "#"* ]] || continue
				r=$((16#${c:1:2})) g=$((16#${c:3:2}))
				! ((r > 160 && g < 96)) || red=1
				! ((r > 224 && g > 160 && g < 224)) || pink=1
			done <<< "$output"
			assert_equal "$red $pink" "1 1"' ;;
	'sudoku-print -P -t line -o puzzles.txt sudoku.csv')
		CHECK='assert_equal "$(cat puzzles.txt)" "$(cut -d" " -f1,2 answers.txt)"' ;;
	'sudoku-print -t line sudoku.csv > puzzles.txt')
		CHECK='assert_equal "$(cat puzzles.txt)" "$(cut -d" " -f1,2 answers.txt)"' ;;
	'sudoku-print -t json board.tsv')
		CHECK='assert_output --partial "{\"size\":16,\"box\":[4,4],\"puzzle\":\"94.61..5D.F8..2."' ;;
	'sudoku-print board.tsv')
		CHECK='assert_line --index 1 "| 9 4 . 6 | 1 . . 5 | D . F 8 | . . 2 . |"' ;;
	'/usr/games/sgt-solo --generate 1 3x3k | sudoku-bt -f solo -t json | sudoku-print')
		[ -x /usr/games/sgt-solo ] || SKIP='needs sgt-puzzles (Solo)'
		# the solved board, its rule named and its cages listed with sums
		CHECK='assert_line --index 0 killer
			assert_line --index 1 --regexp "^\+-+\+-+\+-+\+$"
			refute_output --partial " . "
			assert_line --regexp "^ +[0-9]+: r[0-9]c[0-9]( r[0-9]c[0-9])*$"' ;;
	'sudoku-bt -c 10 x-puzzles.txt')
		# two boards keep both diagonals
		CHECK='assert_output --regexp "^multiple 2"' ;;
	"/usr/games/sgt-solo --generate 12 9j | sudoku-bt -f solo -t json | sudoku-print -t pdf --title 'Twelve jigsaws' -o jigsaws.pdf")
		[ -x /usr/games/sgt-solo ] || SKIP='needs sgt-puzzles (Solo)'
		command -v pdfinfo > /dev/null || SKIP='needs poppler-utils'
		# three pages of four puzzles, then two of their solutions
		CHECK='run -0 pdfinfo jigsaws.pdf
			assert_line --regexp "^Pages: +5$"' ;;
	'sudoku-print -t png killer.json -o killer.png')
		# a picture of the killer's board, its cages drawn: a dashed ink
		CHECK='run -0 od -An -c -N 8 killer.png
			assert_output --partial "P   N   G"
			run -0 sh -c "sudoku-print -t svg killer.json | grep -c class=.cage"
			assert [ "$output" -ge 4 ]' ;;
	*)
		echo "no check in tests/examples.bats for this example: add one" >&2
		return 1 ;;
	esac
}

# example N: example N of $EXAMPLES, run (run_example) and checked (expect)
example() {
	local n=$1 cmd where work
	cmd=$(cat "$EXAMPLES/$n") where=$(cat "$EXAMPLES/$n.where") work=$EXAMPLES/run.$n
	echo "# $where: $cmd"
	expect "$cmd"
	if [ -n "$SKIP" ]; then
		echo "#   not run here: $SKIP"
		return 0
	fi
	PREPARE=$PREPARE SUBSTITUTE=$SUBSTITUTE run_example "$EXAMPLES" "$n"
	cd "$work"
	output=$(cat out) stderr=$(cat err) status=$(cat status)
	mapfile -t lines < out
	if ! [[ $status =~ ^($STATUS)$ ]]; then
		echo "exit status $status, not $STATUS; its errors:"
		cat err
		return 1
	fi
	if [ -f "$EXAMPLES/$n.expected" ]; then
		assert_output "$(cat "$EXAMPLES/$n.expected")"
	fi
	local HOME=$work/home    # the example's
	eval "$CHECK"
	cd "$BATS_TEST_TMPDIR"
}

# examples_of FILE: every example of FILE (README.md, man/PAGE), in turn
examples_of() {
	local n found=0
	for n in $(seq 1 "$(cat "$EXAMPLES/count")"); do
		[ "$(cut -d: -f1 "$EXAMPLES/$n.where")" = "$1" ] || continue
		example "$n"
		found=$((found + 1))
	done
	[ "$found" -gt 0 ]
}

@test "examples: every command of the README's blocks and of the pages is in an example" {
	# a change to the extraction that lost examples would pass every test below
	cat "$EXAMPLES"/[0-9]* > all.txt
	grep '^    [^ #]' "$ROOT/README.md" | sed 's/^    //' > wanted.txt
	cat "$ROOT"/man/* | sed -n 's/^\.Dl \$ //p; s/^\$ //p' | sed 's/\\e/\\/g; s/\\&//g' >> wanted.txt
	[ "$(wc -l < wanted.txt)" -gt 80 ]
	run grep -vxF -f all.txt wanted.txt
	assert_output ''
	# and each page with examples is among those run below
	run bash -c "cut -d: -f1 '$EXAMPLES'/*.where | sort -u | tr '\n' ' '"
	assert_output "README.md man/sudoku-anneal.1 man/sudoku-bt.1 man/sudoku-cost.1 man/sudoku-fill.1 man/sudoku-gen.1 man/sudoku-play.1 man/sudoku-print.1 man/sudoku-rate.1 man/sudoku-vns.1 man/sudoku.7 "
}

@test "examples: the README's, run as written" {
	examples_of README.md
}

@test "examples: the man pages', run as written" {
	local page
	for page in "$ROOT"/man/*; do
		grep -q '^\(\.Dl \$\|\$ \)' "$page" || continue
		examples_of "man/${page##*/}"
	done
}

@test "examples: sudoku(5)'s four records are one puzzle; libsudoku(3)'s code rates and hints as it says" {
	# the formats' example: each record read back as the same line
	sed -n '/^\.Sh EXAMPLES/,/^\.Sh/p' "$ROOT/man/sudoku.5" > examples.5
	sed -n '/^\.Bd/,/^\.Ed/{p;/^\.Ed/q}' examples.5 | sed '1d;$d' > formats.txt
	awk 'BEGIN { RS = ""; n = 0 } { print > ("record." ++n) }' formats.txt
	[ -f record.4 ] && [ ! -f record.5 ]
	for r in record.1 record.2 record.3 record.4; do
		run -0 sudoku-print -t line "$r"
		assert_output --regexp '^12\.\.34\.{10}( easy-one)?$'
	done
	# the X puzzle's two records: the same record, rules and all
	awk '/^\.Bd/ { n++; inside = 1; next } /^\.Ed/ { inside = 0 } inside && n == 2' examples.5 > x.txt
	awk 'BEGIN { RS = ""; n = 0 } { print > ("x." ++n) }' x.txt
	[ -f x.2 ] && [ ! -f x.3 ]
	run -0 sudoku-print -t json x.1
	assert_output --partial '"rules":{"diagonals":"both"}'
	assert_equal "$(sudoku-print -t json x.2)" "$output"
	# libsudoku(3)'s lines are the program's, inside a main of its own
	command -v pkg-config > /dev/null || skip "no pkg-config"
	make -s -C "$ROOT" install PREFIX="$PWD/prefix" > /dev/null
	{
		printf '#include <stdio.h>\n#include <string.h>\n#include <sudoku.h>\n'
		printf 'int main(int argc, char **argv)\n{\n\tconst char *text = argc > 1 ? argv[1] : "";\n'
		sed -n '/^\.Sh EXAMPLES/,/^\.Sh SEE/p' "$ROOT/man/libsudoku.3" | sed -n '/^\.Bd/,/^\.Ed/p' |
			sed '1d;$d; s/\\e/\\/g'
		printf '\treturn 0;\n}\n'
	} > page.c
	export PKG_CONFIG_PATH=$PWD/prefix/lib/pkgconfig
	run -0 ${CC:-cc} page.c $(pkg-config --cflags --libs sudoku) ${LDFLAGS:-} -o page
	# the page's fragment frees nothing: no leak check for it under ASan
	ASAN_OPTIONS=detect_leaks=0 LD_LIBRARY_PATH=$PWD/prefix/lib run -0 ./page "$WIKI"
	assert_output "very-easy 1.2: r1c6 must be 8: it is the only place for 8 in box 2"
}
