#!/usr/bin/env bats
# Variants' rules carried by every format (the rules key of json and csv,
# the "# rules" line of line and grid), judged by sudoku-cost, refused by
# name where a rule is not ours or a program does not honour it yet.

load helper

# a 9x9 board that keeps the X rule (both diagonals), and a puzzle of it
X_SOLUTION=683295417421867359795341862572189634946532781138674295854716923319428576267953148
X_PUZZLE=6.3.9.4.7.2.8.7.5.7.5.4.8.2.7.1.9.3.9.6.3.7.1.3.6.4.9.8.4.1.9.3.1.4.8.7.2.7.5.1.8
# a classic solution that breaks it (two 2s on the anti-diagonal, ...)
CLASSIC=534678912672195348198342567859761423426853791713924856961537284287419635345286179

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "rules: json -> line -> grid -> csv -> json keeps every kind of rule" {
	cat > in.json <<-END
		{"size":9,"box":[3,3],"puzzle":"$X_PUZZLE","rules":{"diagonals":"both","anti-knight":true,"anti-king":true,"non-consecutive":true,"extra":"windoku","parity":"o.e.....................................................................e.......o","cages":[{"cells":["r1c1","r1c2"],"sum":9},{"cells":["r9c9","r8c9"]}]}}
		{"size":9,"puzzle":"$X_PUZZLE","rules":{"regions":"111222333111222333111222333444555666444555666444555666777888999777888999777888999","diagonals":"main","extra":"1...........1...........1...1...........1...........1...1...........1...........1"}}
		{"size":9,"box":[3,3],"puzzle":"$X_PUZZLE"}
	END
	run -0 sh -c 'sudoku-print -t line in.json | sudoku-print -t grid | sudoku-print -f grid -t csv | sudoku-print -t json'
	# the same records, rules written in one canonical order
	run -0 sudoku-print -t json in.json
	local canonical=$output
	run -0 sh -c 'sudoku-print -t line in.json | sudoku-print -t grid | sudoku-print -f grid -t csv | sudoku-print -t json'
	assert_equal "$output" "$canonical"
	# the jigsaw has regions in place of boxes: no box, no "# box" line
	run -0 sudoku-print -t line in.json
	refute_output --partial '# box'
	assert_line --index 0 --partial '# rules {"diagonals":"both","extra":"windoku","anti-knight":true'
	assert_line --index 2 --regexp '^# rules \{"regions":"111222333'
	# back to the classic rules before the classic record, and at the end
	assert_line --index 4 '# rules {}'
	run -0 sh -c 'sudoku-print -t json in.json | sed -n 2p'
	refute_output --partial '"box"'
}

@test "rules: a '# rules' line applies to the records after it, in line and grid, until the next" {
	printf '# rules {"diagonals":"both"}\n%s a\n%s b\n# rules {}\n%s c\n' "$X_PUZZLE" "$X_PUZZLE" "$X_PUZZLE" > in.txt
	run -0 sudoku-print -t json in.txt
	assert_line --index 0 --partial '"rules":{"diagonals":"both"}'
	assert_line --index 1 --partial '"rules":{"diagonals":"both"}'
	refute_line --index 2 --partial 'rules'
	# a comment that only begins with the word is a comment
	printf '# rules of this file: none\n# rules {"diagonals":"both"}\n%s\n' "$X_PUZZLE" > c.txt
	run -0 sudoku-print -t json c.txt
	assert_output --partial '"rules":{"diagonals":"both"}'
	printf '# rules {"anti-knight":true}\n4\n1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n\n4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 1\n' > in.grid
	run -0 sudoku-print -t json in.grid
	assert_line --index 0 --partial '"rules":{"anti-knight":true}'
	assert_line --index 1 --partial '"rules":{"anti-knight":true}'
}

@test "rules: a jigsaw of prime size is a board once its regions are given" {
	local regions=1112213122333243544455554
	# 5x5: five regions of five cells
	cat > in.json <<-END
		{"size":5,"puzzle":"1........................","rules":{"regions":"$regions"}}
	END
	run -0 sudoku-print -t line in.json
	assert_output "# rules {\"regions\":\"$regions\"}
1........................
# rules {}"
	run -0 sh -c 'sudoku-print -t line in.json | sudoku-print -t json'
	assert_output "{\"size\":5,\"puzzle\":\"1........................\",\"rules\":{\"regions\":\"$regions\"}}"
	# without regions, 5 has no boxes
	run -2 sudoku-print -t json <<< '{"size":5,"puzzle":"1........................"}'
	assert_output --partial 'size 5 has no boxes'
	# regions and a box shape contradict each other
	run -2 sudoku-print -t json <<< '{"size":9,"box":[3,3],"puzzle":"'$X_PUZZLE'","rules":{"regions":"111222333111222333111222333444555666444555666444555666777888999777888999777888999"}}'
	assert_output --partial 'jigsaw regions replace the boxes'
}

@test "rules: a rule not ours is refused by name, with the file and line, and nothing written" {
	printf '{"puzzle":"%s","rules":{"thermometer":[["r1c1","r1c2"]]}}\n' "$X_PUZZLE" > t.json
	run -2 sudoku-print -t json t.json
	assert_output "sudoku-print: t.json:1: rules: unknown rule \"thermometer\" (known: regions, diagonals, extra, anti-knight, anti-king, non-consecutive, cages, parity) (read as json, for its '{')"
	printf 'puzzle,rules\n%s,"{""killer"":1}"\n' "$X_PUZZLE" > t.csv
	run -2 sudoku-print -t line t.csv
	assert_output --partial 't.csv:2: rules: unknown rule "killer"'
	printf '%s\n# rules {"sandwich":[]}\n%s\n' "$CLASSIC" "$X_PUZZLE" > t.txt
	printf '# rules {"diagonals":"both"}\n%s\n' "$X_PUZZLE" >> t.txt
	run -2 sh -c 'sudoku-print -t line t.txt 2> err'
	# the record under the bad line is not read as a classic one; the next
	# rules line starts afresh
	assert_output "$CLASSIC
# rules {\"diagonals\":\"both\"}
$X_PUZZLE
# rules {}"
	run -0 cat err
	assert_line --index 0 --partial 't.txt:2: unknown rule "sandwich"'
	assert_line --index 1 --partial "t.txt:3: under the '# rules' line 2, which could not be read"
	printf '# rules {"diagonals":"both"\n%s\n' "$X_PUZZLE" > bad.txt
	run -2 sudoku-print bad.txt
	assert_output --partial 'bad.txt:1: bad rules:'
}

@test "rules: rules that make no board are the reader's error, named" {
	run -2 sudoku-print -t json <<< '{"puzzle":"'$X_PUZZLE'","rules":{"regions":"111122223333444455556666777788889999111122223333444455556666777788889999123456788"}}'
	assert_output --partial 'region 8 has 10 cells; each must have 9'
	run -2 sudoku-print -t json <<< '{"puzzle":"'$X_PUZZLE'","rules":{"cages":[{"cells":["r1c1","r1c2"],"sum":30}]}}'
	assert_output --partial 'cannot add up to 30'
	run -2 sudoku-print -t json <<< '{"puzzle":"'$X_PUZZLE'","rules":{"cages":[{"cells":["r1c1","r1c2"]},{"cells":["r1c2"]}]}}'
	assert_output --partial 'r1c2 is in two cages'
	run -2 sudoku-print -t json <<< '{"size":16,"box":[4,4],"puzzle":"'$(printf '%.0s.' $(seq 256))'","rules":{"extra":"asterisk"}}'
	assert_output --partial 'asterisk is a 9x9 pattern'
	run -2 sudoku-print -t json <<< '{"puzzle":"'$X_PUZZLE'","rules":{"diagonals":"up"}}'
	assert_output --partial 'diagonals must be "both", "main" or "anti"'
	run -2 sudoku-print -t json <<< '{"puzzle":"'$X_PUZZLE'","rules":{"parity":"x"}}'
	assert_output --partial 'parity has 1 symbols; a 9x9 board needs 81'
}

@test "rules: a program that does not honour a rule yet refuses the record by name" {
	printf '{"puzzle":"%s","rules":{"non-consecutive":true}}\n' "$X_PUZZLE" > nc.json
	run -2 sudoku-rate nc.json
	assert_output 'sudoku-rate: nc.json:1: the non-consecutive rule is not one this program honours yet (read as json, for its '"'"'{'"'"')'
	run -2 sudoku-gen --from nc.json -n 1
	assert_output --partial 'nc.json:1: the non-consecutive rule is not one this program honours yet'
	# pencil marks beside rules: not drawn on a terminal yet, refused
	printf '{"candidates":"%s","rules":{"non-consecutive":true}}\n' "$(printf '%.0s123456789' $(seq 81))" > pm.json
	run -2 sudoku-print pm.json
	assert_output --partial 'does not draw a variant'
}

@test "sudoku-cost: a board is valid only when it keeps every rule, and the rule broken is named" {
	printf '{"board":"%s","puzzle":"%s","rules":{"diagonals":"both"}}\n' "$X_SOLUTION" "$X_PUZZLE" > x.json
	run -0 sudoku-cost --check x.json
	assert_output 'valid 0'
	printf '# rules {"diagonals":"both"}\n%s\n' "$CLASSIC" > c.txt
	run -1 sudoku-cost --check c.txt
	assert_output --regexp '^invalid [1-9]'
	run -1 sudoku-cost --check -l c.txt
	assert_output --partial 'in diagonal'
	# classic, the same board is valid
	run -0 sudoku-cost --check <<< "$CLASSIC"
	assert_output 'valid 0'
}

@test "sudoku-cost: each rule's breaks counted: pairs once, a cage by its repeats and distance from its sum, parity per cell" {
	local b
	# r1c1=6 r1c2=8: a cage of sum 9 is 5 off; r1c1 even where 'o' asks odd
	printf '{"board":"%s","puzzle":"%s","rules":{"cages":[{"cells":["r1c1","r1c2"],"sum":9}]}}\n' "$X_SOLUTION" "$X_PUZZLE" > k.json
	run -0 sudoku-cost -m dup k.json
	assert_output '5'
	b=o${X_SOLUTION:1}
	printf '{"board":"%s","puzzle":"%s","rules":{"parity":"o%s"}}\n' "$X_SOLUTION" "$X_PUZZLE" "$(printf '%.0s.' $(seq 80))" > p.json
	run -0 sudoku-cost -m dup -l -t json p.json
	assert_output --partial '"cost":1'
	assert_output --partial '"broken":[{"rule":"parity","what":"r1c1 holds 6; it must be odd"}]'
	# 4x4: 12 34 / 34 12 / 21 43 / 43 21 -- r1c1=1 and r3c2=1 are a knight's move apart
	printf '{"board":"1234341221434321","puzzle":"................","rules":{"anti-knight":true}}\n' > n.json
	run -0 sudoku-cost -m dup -l n.json
	assert_output --partial 'a knight'"'"'s move apart'
	run -0 sudoku-cost -m dup -t json n.json
	local knights
	knights=$(python3 - <<-'END'
		b = "1234341221434321"
		n = 4
		pairs = 0
		for i in range(16):
		    for j in range(i + 1, 16):
		        dr, dc = abs(i // n - j // n), abs(i % n - j % n)
		        if {dr, dc} == {1, 2} and b[i] == b[j]:
		            pairs += 1
		print(pairs)
	END
	)
	assert_output --partial "\"cost\":$knights,"
}

@test "sudoku-print: pretty draws a jigsaw's regions, names the rules, shows parity and lists the cages" {
	printf '{"size":5,"puzzle":"1........................","rules":{"regions":"1112213122333243544455554","parity":"..o.e....................","cages":[{"cells":["r5c4","r5c5"],"sum":3}]}}\n' > j.json
	run -0 sudoku-print j.json
	assert_output 'jigsaw, killer, odd/even
+-----------+-------+
| 1   .   o | .   e |
|   +---+   |       |
| . | . | . | .   . |
+---+   +---+   +---+
| .   .   . | . | . |
|   +---+---+---+   |
| . | . | .   .   . |
+---+   +-------+   |
| .   .   .   . | . |
+---------------+---+
cages:
   3: r5c4 r5c5'
	# two 1s in a region and a broken cage marked without colour
	printf '{"size":5,"puzzle":"1.1.....................2","rules":{"regions":"1112213122333243544455554","cages":[{"cells":["r5c4","r5c5"],"sum":3}]}}\n' > bad.json
	run -0 sudoku-print bad.json
	assert_line --index 2 '|*1   .  *1 | .   . |'
}

@test "sudoku-print: svg, pdf and png draw cages with their sums, diagonals, extra regions and parity" {
	printf '{"id":"k","size":9,"box":[3,3],"puzzle":"%s","rules":{"diagonals":"both","extra":"windoku","parity":"o%s","cages":[{"cells":["r1c2","r1c3","r2c2"],"sum":17},{"cells":["r5c5","r5c6"]}]}}\n' "$X_PUZZLE" "$(printf '%.0s.' $(seq 80))" > k.json
	run -0 sudoku-print -t svg k.json
	assert_equal "$(grep -c 'class="diagonal"' <<< "$output")" 2
	assert_equal "$(grep -c 'class="extra"' <<< "$output")" 36
	assert_equal "$(grep -c '<circle .*class="parity"' <<< "$output")" 1
	assert_output --partial 'class="sum">17</text>'
	assert_output --partial 'stroke-dasharray'
	# a cage of three cells (an L) has eight sides outside; one of two, six
	assert_equal "$(grep -c 'class="cage"' <<< "$output")" 14
	assert_output --partial 'X, windoku, killer, odd/even'
	# a classic sheet keeps the style it had: no variant's inks
	run -0 sudoku-print -t svg <<< "$X_PUZZLE"
	refute_output --partial 'dasharray'
	command -v pdfinfo > /dev/null || skip "no poppler-utils"
	run -0 sh -c 'sudoku-print -t pdf k.json > k.pdf && pdfinfo k.pdf'
	assert_line --regexp '^Pages: +1$'
	run -0 sh -c 'sudoku-print -t png k.json | head -c 8 | od -An -c'
	assert_output --partial 'P   N   G'
}

@test "rules: a jigsaw's candidates come from its regions and rules, in pencil and grid (fuzzing found a division by its absent boxes)" {
	printf '{"size":5,"puzzle":"1........................","rules":{"regions":"1112213122333243544455554","non-consecutive":true}}\n' > j.json
	run -0 sudoku-print -t pencil j.json
	assert_line --index 1 '1......345.2345.2345.2345..34512345.23451234512345.234512345123451234512345.234512345123451234512345.234512345123451234512345'
	run -0 sh -c 'sudoku-print -t pencil j.json | sudoku-print -f pencil -t json'
	assert_output --partial '"rules":{"regions":"1112213122333243544455554","non-consecutive":true}'
}

@test "rules: every program that keeps them writes, in every format, records that read back with the same rules" {
	local regions=111222333111222333111222333444555666444555666444555666777888999777888999777888999
	# one record a rule, each with a solution (the X board's, whose rules it keeps)
	{
		printf '{"id":"x","puzzle":"%s","rules":{"diagonals":"both"}}\n' "$X_PUZZLE"
		printf '{"id":"windoku","puzzle":"6.3.9.4.7%s","rules":{"extra":"windoku","anti-king":false}}\n' "$(printf '%.0s.' $(seq 72))"
		printf '{"id":"jigsaw","size":9,"puzzle":"%s","rules":{"regions":"%s"}}\n' "$X_PUZZLE" "$regions"
		printf '{"id":"killer","puzzle":"%s","rules":{"cages":[{"cells":["r1c1","r1c2"],"sum":14},{"cells":["r9c9"]}]}}\n' "$X_PUZZLE"
		printf '{"id":"parity","puzzle":"%s","rules":{"parity":"e%s"}}\n' "$X_PUZZLE" "$(printf '%.0s.' $(seq 80))"
	} > in.json
	sudoku-print -t json in.json | jq -c .rules > want
	[ "$(wc -l < want)" = 5 ]
	local prog fmt
	for prog in "sudoku-print" "sudoku-bt" "sudoku-fill -s 1" "sudoku-anneal -s 1" "sudoku-vns -s 1" "sudoku-cost -t json"; do
		for fmt in json csv line grid; do
			[ "$prog" != "sudoku-cost -t json" ] || [ "$fmt" = json ] || continue
			run sh -c "$prog -t $fmt in.json > out.$fmt"
			[ "$status" -le 1 ] || { echo "$prog -t $fmt: $output"; false; }
			run -0 sh -c "sudoku-print -f $fmt -t json out.$fmt | jq -c .rules"
			assert_equal "$output" "$(cat want)"
		done
	done
	# and a solver's answers keep them, as sudoku-cost judges them
	run -0 sh -c 'sudoku-bt -t json in.json | sudoku-cost --check'
	assert_equal "$(grep -c '^valid 0' <<< "$output")" 5
}
