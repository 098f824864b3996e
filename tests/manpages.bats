#!/usr/bin/env bats
# The manual against the programs: the options of --help and of each page
# agree, every page points to every other, and the pages render cleanly.
load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

PAGES="sudoku-anneal.1 sudoku-bt.1 sudoku-cost.1 sudoku-fill.1 sudoku-gen.1 sudoku-play.1
	sudoku-print.1 sudoku-rate.1 sudoku-vns.1 sudoku.5 sudoku.7"

@test "manpages: every option of --help is in the page's SYNOPSIS and options, and every option the page names is taken" {
	for p in $PROGS; do
		run sh "$ROOT/tests/options_doc.sh" "$p" "$ROOT/man/$p.1"
		[ "$status" -eq 0 ] && [ -z "$output" ] || {
			echo "$p: $output"
			return 1
		}
	done
}

@test "manpages: the option check finds an option the program refuses and one the page leaves out" {
	sed 's/^\.It Fl -all$/.It Fl -every/; /^\.Op Fl -all$/d' "$ROOT/man/sudoku-bt.1" > page.1
	run sh "$ROOT/tests/options_doc.sh" sudoku-bt page.1
	assert_output --partial 'unknown --every'
	assert_output --partial 'help-only - --all'
	assert_output --partial 'synopsis - --all'
	grep -v '^\.Op Fl -stats' "$ROOT/man/sudoku-rate.1" > page.1
	run sh "$ROOT/tests/options_doc.sh" sudoku-rate page.1
	assert_output 'synopsis - --stats'
}

@test "manpages: SEE ALSO of every page names every other page of the toolkit" {
	for page in $PAGES; do
		seen=$(awk '/^\.Sh SEE ALSO/ { on = 1; next } /^\.Sh / { on = 0 } on && $1 == ".Xr" { print $2 "." $3 }' \
			"$ROOT/man/$page")
		for other in $PAGES; do
			[ "$other" = "$page" ] && continue
			printf '%s\n' "$seen" | grep -qxF "$other" || {
				echo "$page: SEE ALSO lacks $other"
				return 1
			}
		done
	done
}

@test "manpages: every page renders without a troff warning (a line too long to break)" {
	command -v groff > /dev/null || skip "no groff"
	for page in $PAGES; do
		run groff -mandoc -Tutf8 -ww -z "$ROOT/man/$page"
		[ -z "$output" ] || {
			echo "$page: $output"
			return 1
		}
	done
}

@test "manpages: sudoku-print(1)'s first example shows the first puzzle of a collection" {
	need_data
	cmd=$(sed -n 's/^\.Dl \$ \(.*17_clue\.txt | sudoku-print\)$/\1/p' "$ROOT/man/sudoku-print.1")
	[ -n "$cmd" ]
	cd "$DATA"
	run sh -c "$cmd"
	assert_success
	first=$(grep -m 1 -v '^#' 17_clue.txt | cut -c1-9 | sed 's/\(.\)/\1 /g; s/ $//')
	assert_line --index 1 --partial "$(echo "$first" | cut -c1-5)"
}

@test "manpages: sudoku(7)'s grid example reads as the Wikipedia puzzle" {
	sed -n '/sudoku-print <<EOF/,/^EOF/p' "$ROOT/man/sudoku.7" | sed '1d;$d; s/^\\&//' > grid.txt
	run sudoku-print -t line grid.txt
	assert_success
	assert_output "$WIKI"
}

@test "manpages: every quote renders paired, and no option swallows the prose after it" {
	run sh "$ROOT/tests/man_quotes.sh" "$ROOT"/man/*
	assert_output ''
	# the check finds what it looks for
	printf '.Dd 2026\n.Dt X 1\n.Os\n.Sh NAME\n.Nm x\n.Nd y\n.Sh DESCRIPTION\nSymbols\n.Ql 1 Ns \\(en Ns Ql 9 ;\nat a level\n.Pq Fl d , medium by default ;\nthe default\n.Ql x --y Ns '"'"'s .\n' > bad.1
	run sh "$ROOT/tests/man_quotes.sh" bad.1
	assert_line --partial 'a quote opened inside a quote'
	assert_line --partial 'words set as options'
	assert_line --partial 'a possessive inside its quote'
}
