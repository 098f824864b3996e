#!/usr/bin/env bats
# bench/RESULTS.md: one page of current tables, each rewritten in place by
# the script that measures it (replace_results in bench/common.sh).

load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
	PAGE=$BATS_TEST_TMPDIR/page.md
}

# replace NAME FILE: replace_results on $PAGE, with common.sh sourced as a
# script of bench/ sources it
replace() {
	RESULTS=$PAGE sh -c '. "${0%/*}/common.sh" && replace_results "$1" "$2"' "$ROOT/bench/test" "$@"
}

# a page with text around two tables, one named as the start of the other's
# name, CRLF and trailing blanks outside them, and no newline at its end
page() {
	printf '# Results\r\n\nabove  \n<!-- bench/x.sh -->\nold x\n\n<!-- end bench/x.sh -->\nbetween\n'
	printf '<!-- bench/x.sh more -->\nold more\n<!-- end bench/x.sh more -->\nbelow, no newline'
}

@test "bench: a script's table is replaced, every other byte of the page kept, and a second run leaves one table" {
	page > "$PAGE"
	printf 'new x\n| a | b |\n' > new.md
	run replace bench/x.sh "$BATS_TEST_TMPDIR/new.md"
	assert_success
	{
		printf '# Results\r\n\nabove  \n<!-- bench/x.sh -->\nnew x\n| a | b |\n\n<!-- end bench/x.sh -->\nbetween\n'
		printf '<!-- bench/x.sh more -->\nold more\n<!-- end bench/x.sh more -->\nbelow, no newline'
	} > expected.md
	cmp "$PAGE" expected.md
	run replace bench/x.sh "$BATS_TEST_TMPDIR/new.md"
	assert_success
	cmp "$PAGE" expected.md
	# the other table, whose name starts with this one's
	printf 'more again\n' > more.md
	replace 'bench/x.sh more' "$BATS_TEST_TMPDIR/more.md"
	[ "$(grep -c 'more again' "$PAGE")" = 1 ]
	[ "$(grep -c 'new x' "$PAGE")" = 1 ]
	[ "$(ls -A "$BATS_TEST_TMPDIR" | grep -c page.md)" = 1 ]
}

@test "bench: a table not on the page yet goes at its end, the page kept before it" {
	page > "$PAGE"
	printf 'first\n' > new.md
	replace bench/y.sh "$BATS_TEST_TMPDIR/new.md"
	{ page; printf '\n<!-- bench/y.sh -->\nfirst\n\n<!-- end bench/y.sh -->\n'; } > expected.md
	cmp "$PAGE" expected.md
	rm "$PAGE"
	replace bench/y.sh "$BATS_TEST_TMPDIR/new.md"
	printf '<!-- bench/y.sh -->\nfirst\n\n<!-- end bench/y.sh -->\n' | cmp "$PAGE" -
}

@test "bench: markers that are not one pair in order leave the page as it was" {
	printf 'new\n' > new.md
	for broken in '<!-- bench/x.sh -->\nx\n' 'x\n<!-- end bench/x.sh -->\n' \
		'<!-- end bench/x.sh -->\nx\n<!-- bench/x.sh -->\n' \
		'<!-- bench/x.sh -->\n<!-- end bench/x.sh -->\n<!-- bench/x.sh -->\n<!-- end bench/x.sh -->\n'; do
		printf "$broken" > "$PAGE"
		cp "$PAGE" before.md
		run replace bench/x.sh "$BATS_TEST_TMPDIR/new.md"
		assert_failure
		assert_output --partial "not one pair"
		cmp "$PAGE" before.md
		[ "$(ls -A "$BATS_TEST_TMPDIR" | grep -c '^page\.md')" = 1 ]
	done
}

@test "bench: a script writes its table into the page RESULTS names, once however often it runs" {
	page > "$PAGE"
	for _ in 1 2; do
		run env RESULTS=page.md COUNT=1 PS=50 SEEDS=1 LIMIT=1 TOOLS=sudoku-vns sh "$ROOT/bench/big.sh"
		assert_success
		[ "$(grep -c '^<!-- bench/big.sh -->$' "$PAGE")" = 1 ]
		[ "$(grep -c '^| sudoku-vns | 36x36 | 050 |' "$PAGE")" = 1 ]
		grep -q '`COUNT=1 SEEDS=1 LIMIT=1 PS=50 TOOLS=sudoku-vns sh bench/big.sh`' "$PAGE"
		head -c "$(page | wc -c)" "$PAGE" | cmp - <(page)
	done
}

@test "bench: RESULTS.md is one short page holding a table of every script, linking to the history" {
	results=$ROOT/bench/RESULTS.md
	# twenty-odd tables (the variants' two among them), the longest a row per Lewis percentage: a page, not a log
	[ "$(wc -l < "$results")" -le 420 ]
	grep -q '](history/)' "$results"
	for script in "$ROOT"/bench/*.sh; do
		name=bench/${script##*/}
		[ "$name" != bench/common.sh ] || continue
		grep -qx "<!-- $name\( [^ ]*\)\? -->" "$results" || { echo "no table of $name"; false; }
	done
	# each table's markers one pair in order, none inside another, and each
	# names a script there is
	run awk '/^<!-- .* -->$/ { name = substr($0, 6, length($0) - 9)
			if (name ~ /^end /) { name = substr(name, 5); if (open != name) print "an end without its start: " name; open = "" }
			else { if (open != "") print name " inside " open; if (name in seen) print "twice: " name; seen[name]; open = name }
			split(name, word, " "); print word[1] > "scripts" }
		END { if (open != "") print "no end: " open }' "$results"
	assert_output ''
	while read -r name; do
		[ -f "$ROOT/$name" ] || { echo "no $name"; false; }
	done < scripts
}
