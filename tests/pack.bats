#!/usr/bin/env bats
# --pack and -f pack, the batch scripts' transport: a program's own reader
# writes the records, any block of them read back gives what one run over
# the original input gives.

load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# PROGRAM [OPTION ...] over FILE, once straight and once through a pack:
# the same standard output, messages and exit status.
same_through_pack() {
	local file=$1
	shift
	run --separate-stderr "$@" "$file"
	local out=$output err=$stderr st=$status
	run --separate-stderr bash -c '"$@" --pack "$0" | "$@" -f pack' "$file" "$@"
	assert_equal "$output" "$out"
	assert_equal "$stderr" "$err"
	assert_equal "$status" "$st"
}

# A file with what trips up a guess in shell: a byte order mark, CR LF,
# comments, names holding header words, box shapes stated part-way, bad
# records among good ones.
awkward_file() {
	{
		printf '\357\273\277# made by hand\r\n'
		printf '%s puzzle,board\r\n' "$WIKI"
		printf '%s solutions\r\n' "$NONE"
		echo '12x'
		sudoku-gen -b 3x2 -n 3 -s 1 | sed 's/$/ quizzes/'
		echo '# box 2x3'
		sudoku-gen -b 2x3 -n 2 -s 2 | sed 's/$/ quiz/'
		echo "$WIKI $WIKI_SOLVED solution"
		echo "${WIKI/5/9} ${WIKI_SOLVED}"
	} > awkward.txt
}

@test "a pack read back gives what the file gives: answers, messages, exit status" {
	awkward_file
	same_through_pack awkward.txt sudoku-bt
	same_through_pack awkward.txt sudoku-bt -u -t json
	same_through_pack awkward.txt sudoku-print -t line
	same_through_pack awkward.txt sudoku-print -t csv
	same_through_pack awkward.txt sudoku-cost --check
	same_through_pack awkward.txt sudoku-rate
	same_through_pack awkward.txt sudoku-fill -s 4
}

@test "grid, csv and multi-line json through a pack" {
	printf '%s\n%s a\n12x\n%s\n' "$WIKI" "$NONE" "$WIKI" > p.txt
	sudoku-print -t grid p.txt > p.grid 2> /dev/null || true
	same_through_pack p.grid sudoku-bt
	sudoku-print -t csv p.txt > p.csv 2> /dev/null || true
	same_through_pack p.csv sudoku-bt -t csv
	printf '{\n "id": "two lines",\n "puzzle": "%s"\n}\n{"puzzle": "12"}\n{"puzzle":\n "%s"}\n' \
		"$WIKI" "$NONE" > p.json
	same_through_pack p.json sudoku-bt
	same_through_pack p.json sudoku-rate -t csv
}

@test "csv: a block of any record writes the header's columns, extra ones and those its row leaves empty" {
	# note is empty in the first row, source in the fourth
	sudoku-gen -n 6 -s 3 | awk 'BEGIN { print "id,quizzes,note,source" }
		{ print "n" NR "," $1 "," (NR % 2 ? "" : "hard one") "," (NR == 4 ? "" : "book") }' > x.csv
	same_through_pack x.csv sudoku-bt
	same_through_pack x.csv sudoku-rate -t csv
	same_through_pack x.csv sudoku-print -t csv
	# a run that writes csv: the whole header it fixed; else the input's columns
	run -0 sudoku-bt --pack x.csv
	assert_line --index 0 --partial '"format":"csv","header":["id","box","puzzle","board","status","stats","note","source"],"record":'
	run -0 sudoku-bt -t json --pack x.csv
	assert_line --index 0 --partial '"format":"csv","columns":["id","puzzle","note","source"],"record":'
	local header
	header=$(sudoku-bt x.csv | head -n 1)
	for k in 1 4; do
		run -0 bash -c "sudoku-bt --pack x.csv | sed -n ${k}p | sudoku-bt -f pack | head -n 1"
		assert_output "$header"
	done
}

# FILE ... -- PROGRAM [OPTION ...]: the program with -t csv over the files,
# once straight and once through their pack cut into blocks of one line,
# each block run alone and the blocks' answers joined as the batch scripts
# join them (the first header row kept, the others dropped): the same
# output, messages and exit status.
same_in_csv_blocks_of_one() {
	local files=() k lines status=0 worst=0
	while [ "$1" != -- ]; do files+=("$1"); shift; done
	shift
	run --separate-stderr "$@" -t csv "${files[@]}"
	local out=$output err=$stderr st=$status
	"$@" -t csv --pack "${files[@]}" > blocks.pack
	lines=$(wc -l < blocks.pack)
	: > joined.out
	: > joined.err
	for k in $(seq 1 "$lines"); do
		status=0
		sed -n "${k}p" blocks.pack | "$@" -t csv -f pack > block.out 2>> joined.err || status=$?
		[ "$status" -le "$worst" ] || worst=$status
		if [ -s joined.out ]; then sed 1d block.out >> joined.out; else cat block.out >> joined.out; fi
	done
	assert_equal "$(cat joined.out)" "$out"
	assert_equal "$(cat joined.err)" "$err"
	assert_equal "$worst" "$st"
}

@test "csv out: every block writes the run's header and refuses the rows the run refuses" {
	# the first record's keys fix the columns: a later record with a key of
	# its own is refused, and one with fewer keys leaves them empty
	for k in 1 2 3 4 5 6; do
		case $k in
		3) echo "{\"puzzle\":\"$WIKI\",\"id\":\"n$k\",\"note\":\"own key\"}" ;;
		5) echo "{\"puzzle\":\"$WIKI\",\"id\":\"n$k\"}" ;;
		*) echo "{\"puzzle\":\"$WIKI\",\"id\":\"n$k\",\"source\":\"book\"}" ;;
		esac
	done > keys.json
	run -2 --separate-stderr sudoku-bt -t csv keys.json
	assert_stderr "keys.json:3: key 'note' has no column in this CSV stream"
	same_in_csv_blocks_of_one keys.json -- sudoku-bt
	same_in_csv_blocks_of_one keys.json -- sudoku-rate
	same_in_csv_blocks_of_one keys.json -- sudoku-fill -s 1
	# two csv files with different headers: the first file's fixes them
	sudoku-print -t csv keys.json > a.csv 2> /dev/null || true
	{ echo 'puzzle,other'; echo "$WIKI,x"; } > b.csv
	same_in_csv_blocks_of_one a.csv b.csv -- sudoku-bt
	# a first record the program refuses (candidates, which sudoku-cost does
	# not read) fixes nothing: the next one does, as in one run
	{ sudoku-print -t pencil <<< "$WIKI" | sudoku-print -t json | sed 's/}$/,"note":"pencil"}/'
	  tail -n 3 keys.json; } > pencil-first.json
	same_in_csv_blocks_of_one pencil-first.json -- sudoku-cost
	same_in_csv_blocks_of_one pencil-first.json -- sudoku-bt
}

@test "the pack carries each record's origin, and what could not be read, with exit 0" {
	printf '# c\n%s first\n12x\n' "$WIKI" > a.txt
	run -0 --separate-stderr sudoku-bt -u --pack a.txt missing.txt
	[ -z "$stderr" ]
	assert_line --index 0 --partial '{"to":"text","file":"a.txt","line":2,"format":"line","record":{"id":"first"'
	assert_line --index 1 --partial '{"file":"a.txt","line":3,"error":"puzzle has 3 symbols'
	assert_line --index 2 '{"file":"missing.txt","line":0,"error":"No such file or directory"}'
	# a block of the pack's lines reports them as one run over the files would
	run -2 --separate-stderr bash -c 'sudoku-bt -u --pack a.txt missing.txt | tail -n 2 | sudoku-bt -u -f pack'
	assert_output ''
	assert_stderr 'sudoku-bt: a.txt:3: puzzle has 3 symbols'
	assert_stderr 'sudoku-bt: missing.txt: No such file or directory'
}

@test "boards travel in the default symbols: -A applies to the input and the output" {
	echo "$WIKI" | tr '123456789' 'ABCDEFGHI' > letters.txt
	same_through_pack letters.txt sudoku-bt -A ABCDEFGHI
	run -0 bash -c 'sudoku-print -A ABCDEFGHI --pack letters.txt'
	assert_output --partial "\"puzzle\":\"$WIKI\""
}

@test "the format a run writes travels: a block whose first record is a grid's writes lines" {
	printf '%s\n%s\n' "$NONE" "$WIKI" | sudoku-print -t grid > p.grid
	run -0 bash -c 'sudoku-bt --pack p.grid | tail -n 1 | sudoku-bt -f pack'
	assert_output "$WIKI $WIKI_SOLVED"
}

@test "--pack refuses output that blocks cannot make, before writing anything" {
	echo "$WIKI" > p.txt
	echo keep > out
	run -2 --separate-stderr sudoku-bt --pack -o out p.txt
	assert_stderr '-o writes one file of the whole run: it cannot be cut into blocks (--pack)'
	[ "$(cat out)" = keep ]
	run -0 sudoku-bt --pack -o - p.txt
	assert_output --partial '"file":"p.txt","line":1,'
	run -2 --separate-stderr sudoku-print --pack -t svg p.txt
	assert_stderr '-t svg makes one document'
	run -2 --separate-stderr sudoku-rate --pack --stats p.txt
	assert_stderr '--stats sums the records'
	run -2 --separate-stderr sudoku-anneal --pack --trace t.tsv p.txt
	assert_stderr '--trace writes one file'
	[ ! -e t.tsv ]
	[ -z "$output" ]
}

@test "a line that --pack did not write is a bad record of the pack itself" {
	{
		sudoku-bt --pack <<< "$WIKI"
		echo '{"line":1}'
		echo 'nonsense'
		sudoku-bt --pack <<< "$WIKI" | sed 's/"record"/"columns":["id",7],&/'
	} > p.pack
	run -2 --separate-stderr sudoku-bt -f pack p.pack
	assert_output "$WIKI $WIKI_SOLVED"
	assert_stderr 'sudoku-bt: p.pack:2: bad pack line: not what --pack writes'
	assert_stderr 'sudoku-bt: p.pack:3: bad pack line:'
	assert_stderr 'sudoku-bt: p.pack:4: bad pack line: not what --pack writes'
}

@test "-t pack: a program's answers with their origin, for the next program" {
	printf '%s named\n' "$WIKI" > p.txt
	run -0 bash -c 'sudoku-fill -s 1 -t pack p.txt | sudoku-cost -f pack -t json'
	assert_output --partial '"id":"named"'
	run -0 bash -c 'sudoku-bt -t pack p.txt | sudoku-print -f pack -t line'
	assert_output "$WIKI $WIKI_SOLVED named"
	# packed again, a record keeps the origin and format of its first reading
	sudoku-print -t grid p.txt > p.grid
	run -0 bash -c 'sudoku-bt --pack p.grid | sudoku-print -f pack -t pack'
	assert_output --partial '"to":"line","file":"p.grid","line":1,"format":"grid",'
}
