#!/usr/bin/env bats
# The fuzzers' seed corpus and every input a fuzzer ever crashed on
# (tests/fuzz/regressions, the library's harness among them) go through the
# readers and writers, a rating and a count without a crash.

load helper

@test "fuzz corpus and regressions: no crash in any format" {
	for f in "$ROOT"/tests/fuzz/corpus/* "$ROOT"/tests/fuzz/regressions/*; do
		[ -f "$f" ] || continue
		for from in auto line grid csv json pack; do
			opt=()
			[ "$from" = auto ] || opt=(-f "$from")
			for to in json line csv pretty; do
				run sudoku-print "${opt[@]}" -t "$to" "$f"
				[ "$status" -le 2 ] || fail "sudoku-print ${opt[*]} -t $to $f: status $status"
			done
		done
		# what a record read goes on to: a rating and a count, cut short
		for prog in "sudoku-rate -I 2000" "sudoku-bt -c 2 -I 2000"; do
			run $prog "$f"
			[ "$status" -le 2 ] || fail "$prog $f: status $status"
		done
	done
}
