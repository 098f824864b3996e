# Sourced by the benchmark scripts: where things are, the line that says
# what was measured where, and the rewriting of a script's own table in
# bench/RESULTS.md (RESULTS names another page: a scratch copy, say).
set -eu
# a RESULTS given relative to where the script was started, not to the project
case ${RESULTS:-/} in /*) ;; *) RESULTS=$(pwd)/$RESULTS ;; esac
cd "$(dirname "$0")/.."
DATA=${SUDOKU_DATA:-../shared/data}
OUT=bench/out
RESULTS=${RESULTS:-bench/RESULTS.md}
SCRIPT=bench/$(basename "$0")
mkdir -p "$OUT"

machine() {
	printf '%s, %s cores, %s' "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)" \
		"$(nproc)" "$(uname -sm)"
}

# commit: the commit the programs were built from, and whether the sources
# differed from it (the page of figures and the curve it links to do not count)
commit() {
	hash=$(git rev-parse --short HEAD 2> /dev/null) || { printf 'none (not a git checkout)'; return; }
	git diff --quiet HEAD -- . ':(exclude)bench/RESULTS.md' ':(exclude)bench/curve.svg' ||
		hash="$hash with uncommitted changes"
	printf '%s' "$hash"
}

# heading TITLE "VARIABLE..." [ARGUMENT...]: a table's title, then the start
# of the paragraph under it: when, at which commit, on which machine, and the
# command that measures it again (the variables named, with their values now,
# and SUDOKU_DATA when set, then this script with the arguments); the caller
# ends the paragraph
heading() {
	title=$1 command=
	for variable in ${SUDOKU_DATA:+SUDOKU_DATA} $2; do
		eval "value=\${$variable}"
		case $value in '' | *[!A-Za-z0-9_./,:+-]*) value=\"$value\" ;; esac
		command="$command$variable=$value "
	done
	shift 2
	printf '## %s\n\nMeasured %s at commit %s on %s: `%ssh %s`.' "$title" "$(date -u +%Y-%m-%d)" \
		"$(commit)" "$(machine)" "$command" "$SCRIPT${*:+ $*}"
}

# replace_results NAME FILE: FILE becomes the text between the lines
# "<!-- NAME -->" and "<!-- end NAME -->" of the page $RESULTS (a page
# without them gets them at its end); every other byte of the page stays as
# it was.  The new page is written beside the old one and renamed over it,
# so a reader, or a run that stops half-way, never meets half a page.
replace_results() {
	start="<!-- $1 -->" end="<!-- end $1 -->"
	[ -f "$RESULTS" ] || : > "$RESULTS"
	from=$(grep -nxF -e "$start" "$RESULTS" | cut -d: -f1)
	to=$(grep -nxF -e "$end" "$RESULTS" | cut -d: -f1)
	page=$(mktemp "$RESULTS.XXXXXX")
	cp -p "$RESULTS" "$page"
	if [ -z "$from$to" ]; then
		{ cat "$RESULTS"; [ -z "$(tail -c 1 "$RESULTS")" ] || echo
		  printf '%s\n' "$start"; cat "$2"; printf '\n%s\n' "$end"; } > "$page"
	elif [ "$(printf '%s\n' "$from" | wc -l)" -eq 1 ] && [ "$(printf '%s\n' "$to" | wc -l)" -eq 1 ] &&
		[ -n "$from" ] && [ -n "$to" ] && [ "$from" -lt "$to" ]; then
		{ head -n "$from" "$RESULTS"; cat "$2"; echo; tail -n "+$to" "$RESULTS"; } > "$page"
	else
		rm -f "$page"
		echo "bench: $RESULTS: the lines '$start' and '$end' are not one pair in that order" >&2
		exit 1
	fi
	mv -f "$page" "$RESULTS"
	echo "$SCRIPT: its table in $RESULTS is replaced (<!-- $1 -->)"
}

# pivot LABEL: a markdown table from tab-separated lines "ROW COLUMN CELL...",
# one row per ROW in the order met, the COLUMNs side by side in the order of
# their header lines ("-" as ROW, then COLUMN and the header's cells); a ROW
# without a COLUMN gets empty cells there
pivot() {
	awk -F '\t' -v label="$1" '
		$1 == "-" { col[++ncol] = $2; width[$2] = NF - 2; for (i = 3; i <= NF; i++) head = head " | " $i; next }
		!($1 in seen) { seen[$1] = 1; row[++nrow] = $1 }
		{ k = $1 SUBSEP $2; cell[k] = $3; for (i = 4; i <= NF; i++) cell[k] = cell[k] " | " $i }
		END {
			printf "| %s%s |\n|---", label, head
			for (c = 1; c <= ncol; c++) for (i = 0; i < width[col[c]]; i++) printf "|---"
			print "|"
			for (r = 1; r <= nrow; r++) {
				line = "| " row[r]
				for (c = 1; c <= ncol; c++) {
					k = row[r] SUBSEP col[c]
					if (k in cell) line = line " | " cell[k]
					else for (i = 0; i < width[col[c]]; i++) line = line " | "
				}
				print line " |"
			}
		}'
}
