#!/usr/bin/env bats
# Options as GNU tools take them: anywhere among the operands, numbers
# checked by one parser, getopt's complaints in our own words, every
# default in --help.

load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
	echo "$WIKI" > p.txt
}

# Exit 2, the message (a fixed string), nothing on standard output.
refused() {
	local message=$1
	shift
	run -2 --separate-stderr "$@" < /dev/null
	assert_stderr "$message"
	assert_output ""
}

@test "numbers: not finite, not decimal, not whole or out of range are refused" {
	refused "bad time limit 'nan': expected a decimal number from 0 to 1000000" sudoku-anneal -T nan
	refused "bad time limit 'inf'" sudoku-anneal -T inf
	refused "bad time limit '0x10'" sudoku-bt -T 0x10
	refused "bad time limit '1e30'" sudoku-vns -T 1e30
	refused "bad time limit '5s'" sudoku-rate -T 5s
	refused "bad time limit '-1'" sudoku-rate -T -1
	refused "bad iteration count '1.5': expected a whole number from 0 to 1000000000000000" sudoku-anneal -I 1.5
	refused "bad iteration count '1e3'" sudoku-anneal -I 1e3
	refused "bad seed '0x1f'" sudoku-fill -s 0x1f
	refused "bad seed '-1': expected a whole number from 0 to 9007199254740992" sudoku-fill -s -1
	refused "bad count '2000000000': expected a whole number from 0 to 1000000000" sudoku-gen -n 2000000000
	refused "bad count limit '99999999999999999999'" sudoku-bt -c 99999999999999999999
	refused "bad --alpha 'nan'" sudoku-anneal --alpha nan
	# what is in range is taken, in every decimal form
	run -0 sudoku-anneal -T 1.5e1 -s 1 p.txt
	run -0 sudoku-anneal -T 20. -I 100000000 -s 1 p.txt
}

@test "whole numbers are taken exactly: no seed above 2^53 becomes another" {
	refused "bad seed '9007199254740993': expected a whole number from 0 to 9007199254740992" \
		sudoku-gen -s 9007199254740993
	refused "bad seed '18446744073709551617'" sudoku-fill -s 18446744073709551617
	run -0 sudoku-gen -s 9007199254740992 -t json
	assert_output --partial '"seed":9007199254740992,'
	run -0 sudoku-gen -s 9007199254740991 -t json
	assert_output --partial '"seed":9007199254740991,'
	run -0 sudoku-gen -s +7 -t json
	assert_output --partial '"seed":7,'
	refused "bad count ' 7'" sudoku-gen -n ' 7'
	refused "bad count '7 '" sudoku-gen -n '7 '
}

@test "--rating: the message quotes what was typed" {
	refused "bad rating '-0.5': expected a decimal number from 1 to 11.9" sudoku-gen --rating -0.5
	refused "bad rating '7-25': expected a decimal number from 1 to 11.9" sudoku-gen --rating 7-25
	refused "bad rating 'x-4'" sudoku-gen --rating x-4
}

@test "--clues lies between the fewest the size allows and all cells but one" {
	refused "bad number of clues '999': expected a whole number from 17 to 80" sudoku-gen --clues 999
	refused "bad number of clues '16': expected a whole number from 17 to 80" sudoku-gen --clues 16
	refused "bad number of clues '0': expected a whole number from 17 to 80" sudoku-gen --clues 0
	refused "bad number of clues '-3': expected a whole number from 17 to 80" sudoku-gen --clues -3
	refused "bad number of clues '99999999999999999999': expected a whole number from 17 to 80" \
		sudoku-gen --clues 99999999999999999999
	refused "bad number of clues 'x': expected a whole number from 8 to 35" sudoku-gen --clues x -b 2x3
	refused "bad number of clues '0': expected a whole number from 8 to 35" sudoku-gen -b 2x3 --clues 0
	refused "bad number of clues '81'" sudoku-gen --clues 81
	refused "bad number of clues '7': expected a whole number from 8 to 35" sudoku-gen -b 2x3 --clues 7
	refused "bad number of clues '14': expected a whole number from 15 to 255" sudoku-gen -b 4x4 --clues 14
	run -0 sudoku-gen -s 1 --clues 80
	[ "$(tr -cd . <<< "$output" | wc -c)" -le 1 ]
}

@test "options after operands are options; -- ends them" {
	run -0 sudoku-bt p.txt -u
	assert_output "unique 1"
	run -0 sudoku-print p.txt -t line
	assert_output "$WIKI"
	echo "$WIKI_SOLVED" > -u
	run -0 sudoku-bt -- -u
	assert_output "$WIKI_SOLVED $WIKI_SOLVED"
	run -0 sudoku-cost --check -- -u
	assert_output "valid 0"
	run -2 --separate-stderr sudoku-cost -- -u -q
	assert_stderr "sudoku-cost: -q:"
	assert_output "0"
	# POSIXLY_CORRECT asks for the old way: the first operand ends the options
	run -0 env POSIXLY_CORRECT=1 sudoku-bt p.txt -u
	assert_output "$(printf '%s %s\n%s %s' "$WIKI" "$WIKI_SOLVED" "$WIKI_SOLVED" "$WIKI_SOLVED")"
}

@test "getopt's complaints name the program as every message does, and the option" {
	refused "sudoku-bt: unknown option '--frob'" "$ROOT/bin/sudoku-bt" --frob
	[[ "$stderr" != *"$ROOT"* ]]
	refused "sudoku-bt: unknown option '-Z'" "$ROOT/bin/sudoku-bt" -uZ
	refused "sudoku-anneal: option '-T' needs a value" "$ROOT/bin/sudoku-anneal" -T
	refused "sudoku-anneal: option '--time-limit' needs a value" sudoku-anneal --time-limit
	refused "sudoku-print: option '--unicode' takes no value" sudoku-print --unicode=yes
	refused "sudoku-anneal: ambiguous option '--t'" sudoku-anneal --t 3
	refused "sudoku-print: ambiguous option '--ver'" sudoku-print --ver
	refused "sudoku-bt: unknown option '--frob'" sudoku-bt --frob=3
	assert_stderr "Try 'sudoku-bt --help' for more information."
}

@test "-t pdf and png, of a program that does not draw, name the program that does" {
	for p in sudoku-gen sudoku-fill sudoku-bt sudoku-anneal sudoku-vns sudoku-cost sudoku-rate; do
		for t in pdf png; do
			refused "$p: -t $t is drawn by sudoku-print alone: pipe the records to sudoku-print -t $t -o FILE" "$p" -t "$t"
		done
	done
	# a word that is no format at all is still unknown
	refused "sudoku-gen: unknown output format (line, grid, csv, json, pencil, solo, fpuzzles, pack, pretty, svg): jpeg" sudoku-gen -t jpeg
}

@test "sudoku-cost --check: a board that changes a given fails the check (exit 1), it is no bad input" {
	bad="6${WIKI_SOLVED:1}"
	printf 'puzzle,board\n%s,%s\n%s,%s\n' "$WIKI" "$WIKI_SOLVED" "$WIKI" "$bad" > b.csv
	run -1 --separate-stderr sudoku-cost --check b.csv
	assert_output "$(printf 'valid 0\ninvalid 2')"
	assert_stderr "b.csv:3: board changes the given at r1c1"
	# without --check it is a record that cannot be read, as before
	run -2 --separate-stderr sudoku-cost b.csv
	assert_output "0"
}

@test "counts agree with their nouns: 1 solution, 1 record" {
	run -0 --separate-stderr sudoku-bt -u -v p.txt
	assert_stderr "unique, 1 solution,"
	assert_stderr "1 record, 0 bad"
}

@test "--help shows the default of every option that takes a value" {
	for p in $PROGS; do
		run -0 "$p" --help
		assert_output --partial "usage: $p"
		# option lines with a value: "  -x, --name VALUE   help" or "--name[=VALUE]"
		run bash -c "'$p' --help | grep -E '^  (-., )?--[a-z0-9-]+(\\[=| )[A-Za-z|]' | grep -v default"
		assert_output ""
	done
	run -0 sudoku-anneal --help
	assert_output --partial "(default 400000000 moves; 0: none)"
	run -0 sudoku-fill --help
	assert_output --partial "(default: the input's; a grid's as line)"
	run -0 sudoku-rate --help
	assert_output --partial "svg, text (default text)"
}

@test "--help says what a tool that makes its records does: sudoku-gen's -t, -b and -I" {
	run -0 sudoku-gen --help
	assert_line --regexp '^  -t, --to FORMAT .*\(default line; json above 35x35\)$'
	assert_line --regexp '^  -b, --box RxC +box shape of the puzzles made \(default 3x3\)$'
	assert_line --regexp '^  -I, .*\(default 250 nodes per uniqueness search above 16x16; 0: none\)$'
	refute_output --partial "input"
	refute_output --partial "records that do not state one"
	# what the defaults say is what it does
	run -0 sudoku-gen -s 1
	[[ "$output" =~ ^[.1-9]{81}$ ]]
	run -0 sudoku-gen -s 1 -b 6x6 --clues 1295
	[[ "$output" == '{"size":36,"box":[6,6],'* ]]
}

@test "sudoku-bt draws nothing at random without -s: --help says so and -v shows no seed" {
	run -0 sudoku-bt --help
	assert_line --regexp '^  -s, --seed N +random seed \(default: none, nothing drawn at random\)$'
	run -0 --separate-stderr sudoku-bt -v p.txt
	output="$stderr" refute_output --partial "seed"
	run -0 --separate-stderr sudoku-bt -v -s 7 p.txt
	assert_stderr "sudoku-bt: seed 7"
	# the tools that draw one from the clock show it
	run -0 --separate-stderr sudoku-fill -v p.txt
	output="$stderr" assert_output --regexp "^sudoku-fill: seed [0-9]+"
	# and the tools that draw nothing take no -s
	for p in sudoku-cost sudoku-print sudoku-rate; do
		refused "$p: unknown option '-s'" "$p" -s 1 p.txt
	done
}

@test "an alias shares its abbreviations with its option: --col is --color, not ambiguous" {
	for word in --col=never --colo=never --colour=never --colou=never --co=never; do
		run -0 sudoku-print "$word" p.txt
		[[ "$output" != *$'\e['* ]]
	done
	run -0 sudoku-print --col=always p.txt
	[[ "$output" == *$'\e['* ]]
	refused "sudoku-print: unknown --color value (auto, always, never): often" sudoku-print --colour=often
	run -0 sudoku-print --help
	refute_output --partial colour=
}

@test "--help and --version into a full disk: exit 2 and the reason" {
	[ -w /dev/full ] || skip "no /dev/full"
	for p in $PROGS; do
		for option in --help --version; do
			run -0 --separate-stderr "$p" "$option"
			assert_equal "$stderr" ""
			run -2 --separate-stderr bash -c "'$p' $option > /dev/full"
			assert_equal "$stderr" "$p: standard output: No space left on device"
		done
	done
}
