#!/usr/bin/env bats
# sudoku-bt under every variant's rules: counts against an independent count
# (CaDiCaL on bench/sat-encode.c's encoding, by blocking clauses), answers
# checked against every rule by sat-encode's own checker (the rules as read,
# not the ruleset the solver walks), the rules in and out of line and json,
# prime sizes by jigsaw, and sgt-solo's puzzles.

load helper

# The puzzles (tests/variants_gen.py: several, one and no solutions per
# variant and size), and sat-encode built against the library.
setup_file() {
	cd "$BATS_FILE_TMPDIR"
	python3 "$ROOT/tests/variants_gen.py" "$ROOT/bin/sudoku-bt" 7 4,5,6,7,9 > small.json
	python3 "$ROOT/tests/variants_gen.py" "$ROOT/bin/sudoku-bt" 7 16 x,jigsaw,non-consecutive,killer > big.json
	${CC:-cc} -O2 -I"$ROOT/lib" -o sat-encode "$ROOT/bench/sat-encode.c" "$ROOT/build/libsudoku.a" \
		-ljansson -lcsv -lm ${LDFLAGS:-}
}

setup() {
	cd "$BATS_FILE_TMPDIR"
}

# check FILE: every record of a json answer file with a board keeps its
# givens and every rule, by sat-encode check on the board as a model (the
# puzzle without its answer to model-K.json, the board to model-K.txt);
# prints how many were checked
check() {
	rm -f model-*
	python3 -c '
import json, sys
for k, line in enumerate(open(sys.argv[1])):
    rec = json.loads(line)
    board, n = rec.get("board"), rec["size"]
    if not board:
        continue
    if isinstance(board, str):
        board = [[".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".index(ch) for ch in board[i * n:(i + 1) * n]]
                 for i in range(n)]
    lits = [(r * n + c) * n + board[r][c] for r in range(n) for c in range(n) if board[r][c]]
    with open("model-%d.txt" % k, "w") as f:
        f.write("s SATISFIABLE\nv " + " ".join(map(str, lits)) + " 0\n")
    with open("model-%d.json" % k, "w") as f:
        json.dump({key: v for key, v in rec.items() if key not in ("board", "status", "stats", "solutions")}, f)
' "$1"
	local checked=0 model
	for model in model-*.txt; do
		[ -e "$model" ] || break
		./sat-encode check "${model%.txt}.json" < "$model" || { echo "breaks a rule: $(cat "${model%.txt}.json")"; return 1; }
		checked=$((checked + 1))
	done
	echo "$checked"
}

@test "every variant, 4x4 to 9x9: sudoku-bt -c 3 counts as CaDiCaL does" {
	command -v cadical > /dev/null || skip "no cadical"
	sudoku-bt -q -c 3 small.json > bt.out || true
	[ "$(wc -l < bt.out)" -eq "$(wc -l < small.json)" ]
	while read -r line; do
		echo "$line" > one.json
		echo "$(./sat-encode count 3 one.json) $(jq -r .id one.json)"
	done < small.json > sat.out
	paste -d ' ' bt.out sat.out | awk '$2 != $4 || $3 != $5 { print "differs: " $0; bad = 1 } END { exit bad }'
	# the set holds every answer: several, one, none
	for verdict in multiple unique nosolution; do
		[ "$(grep -c "^$verdict " bt.out)" -ge 20 ]
	done
}

@test "16x16 X, jigsaw, non-consecutive, killer: counts as CaDiCaL does" {
	command -v cadical > /dev/null || skip "no cadical"
	sudoku-bt -q -c 3 big.json > bt.out || true
	while read -r line; do
		echo "$line" > one.json
		echo "$(./sat-encode count 3 one.json) $(jq -r .id one.json)"
	done < big.json > sat.out
	paste -d ' ' bt.out sat.out | awk '$2 != $4 || $3 != $5 { print "differs: " $0; bad = 1 } END { exit bad }'
	grep -q '^unique 1 killer-16' bt.out || grep -q '^multiple . killer-16' bt.out
}

@test "a puzzle with one solution and a wrong digit has none; one with a fifth given has several, as the rules allow" {
	sudoku-bt -q -c 3 small.json > bt.out || true
	# every 'wrong' whose 'many' is unique: no solution (any would solve 'many')
	awk '{ split($3, p, "-"); key = p[1] "-" p[2] } $3 ~ /-many-/ { many[key] = $1 }
		$3 ~ /-wrong-/ && many[key] == "unique" { checked++; if ($1 != "nosolution") { print "solved: " $0; bad = 1 } }
		END { if (checked < 20) { print "only " checked; bad = 1 } exit bad }' bt.out
}

@test "every answer keeps every rule and every given (checked by sat-encode's checker)" {
	sudoku-bt -q -t json small.json big.json > solved.json || true
	run -0 check solved.json
	[ "$output" -ge 60 ]
	# a board that breaks a rule is caught by that checker
	jq -c 'select(.id == "x-9-many-0") | .board = (.board | .[1:2] + .[0:1] + .[2:])' solved.json > broken.json
	[ "$(wc -l < broken.json)" -eq 1 ]
	run check broken.json
	assert_failure
	assert_output --partial "breaks a rule"
}

@test "--all writes every solution, each keeping the rules; -u says unique or multiple" {
	jq -c 'select(.id | test("^(killer|x|jigsaw)-6-few"))' small.json > few.json
	sudoku-bt -q --all -c 50 -t json few.json > all.json || true
	run -0 check all.json
	[ "$output" -ge 3 ]
	# no board twice
	[ "$(jq -r '.id + .board' all.json | sort | uniq -d | wc -l)" -eq 0 ]
	run sudoku-bt -u few.json
	assert_output --regexp '^(unique 1|multiple 2)'
}

@test "every order and propagation counts as the default on the variants" {
	jq -c 'select(.size <= 6)' small.json > six.json
	sudoku-bt -q -c 3 six.json > default.out || true
	for order in static mrv degree degree-mrv; do
		for propagate in none fc singles; do
			sudoku-bt -q -c 3 --order "$order" --propagate "$propagate" six.json > other.out || true
			diff default.out other.out
		done
	done
}

@test "an X puzzle under a '# rules' line in line format: solved, the line kept, the diagonals held" {
	puzzle=$(jq -r 'select(.id == "x-9-many-0") | .puzzle | map(map(if . == 0 then "." else tostring end) | join("")) | join("")' small.json)
	[ "$(jq -r 'select(.id == "x-9-many-0") | .rules.diagonals' small.json)" = both ]
	printf '# rules {"diagonals": "both"}\n%s\n' "$puzzle" > x.txt
	run -0 sudoku-bt x.txt
	assert_line --index 0 '# rules {"diagonals":"both"}'
	board=$(sed -n 2p <<< "$output" | cut -d ' ' -f 2)
	[ ${#board} -eq 81 ]
	# each diagonal holds 1..9 once
	for step in 10 8; do
		start=$(( step == 10 ? 1 : 9 ))
		digits=$(for k in $(seq 0 8); do printf '%s\n' "${board:$((start - 1 + k * step)):1}"; done | sort -u | tr -d '\n')
		[ "$digits" = 123456789 ]
	done
	run -0 sudoku-bt -u x.txt
	assert_output --partial 'unique 1'
}

@test "json: the rules key comes back with the answer" {
	jq -c 'select(.id == "killer-9-many-0")' small.json > k.json
	run -0 sudoku-bt -t json k.json
	[ "$(jq -c .rules <<< "$output")" = "$(jq -c .rules k.json)" ]
	[ "$(jq -r .status <<< "$output")" = solved ]
}

@test "jigsaw 5x5 and 7x7 (prime sizes, regions given) are solved" {
	jq -c 'select(.id | test("^jigsaw-[57]-many"))' small.json > prime.json
	[ "$(wc -l < prime.json)" -eq 2 ]
	sudoku-bt -q -t json prime.json > prime.out
	run -0 check prime.out
	assert_output 2
	run -0 sudoku-bt -q -u prime.json
	assert_output $'unique 1 jigsaw-5-many-0\nunique 1 jigsaw-7-many-0'
}

@test "sgt-solo's X, jigsaw and killer puzzles: unique, every rule kept" {
	command -v /usr/games/sgt-solo > /dev/null || skip "no sgt-solo (Debian sgt-puzzles)"
	for kind in 3x3x 9j 3x3k 2x3x 9jx 7j; do
		/usr/games/sgt-solo --generate 2 "$kind" 2> /dev/null
	done > ids.txt
	python3 "$ROOT/tests/solo_json.py" < ids.txt > solo.json
	[ "$(wc -l < solo.json)" -eq 12 ]
	run -0 sudoku-bt -q -u solo.json
	[ "$(grep -c '^unique 1' <<< "$output")" -eq 12 ]
	sudoku-bt -q -t json solo.json > solved.json
	run -0 check solved.json
	assert_output 12
}

@test "a record whose rules make no board is refused with its file and line (exit 2)" {
	printf '%s\n' '{"size":9,"puzzle":"'"$WIKI"'","rules":{"anti-knight":true}}' \
		'{"size":6,"box":[2,3],"puzzle":"....................................","rules":{"extra":"windoku"}}' > bad.json
	run -2 sudoku-bt bad.json
	assert_output --partial 'bad.json:2: windoku needs square boxes'
	# the good record is still answered
	assert_output --partial "$WIKI"
}

@test "a 16x16 killer and a 16x16 jigsaw from the tests are proved unique or multiple within the default limit" {
	jq -c 'select(.id | test("^(killer|jigsaw)-16"))' big.json > hard.json
	run sudoku-bt -q -u hard.json
	refute_output --partial unsolved
}
