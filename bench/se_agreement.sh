#!/bin/sh
# sudoku-rate against Sudoku Explainer: on each file of se_rated/ (puzzles
# with SE's ER/EP/ED), how many puzzles get a rating at all, and how many get
# SE's ER exactly (to one decimal) and within 0.1, SE's EP and SE's ED
# exactly; then the misses (unrated, or rated but off on ER, EP or ED) by
# technique: a rated miss by sudoku-rate's hardest technique, an unrated one
# (level `search`: no "er" in the json) by SE's ER band.  Rewrites its
# table in bench/RESULTS.md; the misses one a line in bench/out/se.misses.
. "$(dirname "$0")/common.sh"
SE="$DATA/se_rated"
[ -d "$SE" ] || { echo "bench: no $SE" >&2; exit 1; }

: > "$OUT/se.table"
: > "$OUT/se.misses"
for f in "$SE"/*.txt; do
	grep -v '^#' "$f" | cut -d' ' -f1,2 > "$OUT/se.in"
	cut -d' ' -f1 "$OUT/se.in" | bin/sudoku-rate -T 60 -t json 2> /dev/null > "$OUT/se.json" || true
	[ "$(wc -l < "$OUT/se.in")" -eq "$(wc -l < "$OUT/se.json")" ] ||
		{ echo "bench: sudoku-rate gave $(wc -l < "$OUT/se.json") lines for $(wc -l < "$OUT/se.in") puzzles of $f" >&2; exit 1; }
	# a line: PUZZLE ER/EP/ED then sudoku-rate's json
	paste -d' ' "$OUT/se.in" "$OUT/se.json" | awk -v file="$(basename "$f")" -v misses="$OUT/se.misses" '
		# the number or string after "key": in the json, "" when absent
		function get(key,   s) {
			if (!match($0, "\"" key "\":(\"[^\"]*\"|[0-9.]+)")) return ""
			s = substr($0, RSTART + length(key) + 3, RLENGTH - length(key) - 3)
			gsub(/"/, "", s)
			return s
		}
		function tenths(x) { return int(x * 10 + 0.5) }
		{ split($2, se, "/"); n++
		  er = get("er")
		  if (er == "") { printf "%s unrated - %s %s\n", file, $1, $2 >> misses; next }
		  ep = get("ep"); ed = get("ed"); h = get("hardest"); rated++
		  d = tenths(er) - tenths(se[1]); if (d < 0) d = -d
		  if (d == 0) ern++; if (d <= 1) near++
		  if (tenths(ep) == tenths(se[2])) epn++
		  if (tenths(ed) == tenths(se[3])) edn++
		  if (d != 0 || tenths(ep) != tenths(se[2]) || tenths(ed) != tenths(se[3]))
			printf "%s rated %s %s %s %s/%s/%s\n", file, (h == "" ? "?" : h), $1, $2, er, ep, ed >> misses }
		END { printf "%s %d %d %d %d %d %d\n", file, n, rated, ern, near, epn, edn }' >> "$OUT/se.table"
done
{
	heading "sudoku-rate beside Sudoku Explainer" ""
	printf ' sudoku-rate `-T 60 -t json`: SE'"'"'s ER/EP/ED (se_rated/, Sudoku Explainer 1.2.1) against'
	printf ' sudoku-rate'"'"'s er/ep/ed; exact is equal to one decimal; a puzzle not rated (level `search`,'
	printf ' or `limit` past the 60 s bound) is unrated. Percentages are of all puzzles.\n\n'
	printf '| file | puzzles | rated | ER exact | ER within 0.1 | EP exact | ED exact |\n|---|---:|---:|---:|---:|---:|---:|\n'
	awk 'function p(x) { return sprintf("%d (%.0f%%)", x, 100 * x / $2) }
		{ printf "| %s | %d | %s | %s | %s | %s | %s |\n", $1, $2, p($3), p($4), p($5), p($6), p($7)
		  for (i = 2; i <= 7; i++) t[i] += $i }
		END { $1 = "all"; for (i = 2; i <= 7; i++) $i = t[i]
		      printf "| **%s** | %d | %s | %s | %s | %s | %s |\n", $1, $2, p($3), p($4), p($5), p($6), p($7) }' "$OUT/se.table"
	if [ -s "$OUT/se.misses" ]; then
		printf '\nMisses (unrated, or rated but not exact on ER, EP or ED) by technique: a rated miss by'
		printf ' sudoku-rate'"'"'s hardest technique, an unrated one by SE'"'"'s ER band. ER/EP/ED off: how many of'
		printf ' the row'"'"'s misses are off on each; ours > SE: rated higher than SE on ER; e.g.: the row'"'"'s first'
		printf ' miss, sudoku-rate'"'"'s er/ep/ed against SE'"'"'s.\n\n'
		printf '| miss | technique or SE ER band | puzzles | ER off | EP off | ED off | ours > SE | e.g. ours / SE |\n|---|---|---:|---:|---:|---:|---:|---|\n'
		awk 'function t(x) { return int(x * 10 + 0.5) }
			$2 == "rated" { k = "rated " $3; c[k]++
				split($5, se, "/"); split($6, us, "/")
				if (t(us[1]) != t(se[1])) er[k]++; if (t(us[2]) != t(se[2])) ep[k]++
				if (t(us[3]) != t(se[3])) ed[k]++; if (t(us[1]) > t(se[1])) hi[k]++
				if (!(k in eg)) eg[k] = $6 " / " $5 }
			$2 == "unrated" { split($5, se, "/"); b = int(se[1] + 0.05)
				k = sprintf("unrated %04.1f-%.1f", b, b + 0.9); c[k]++ }
			END { for (k in c) { split(k, w, " ")
					if (w[1] == "rated")
						printf "%s|| rated | %s | %d | %d | %d | %d | %d | %s |\n", w[1] sprintf("%06d", 999999 - c[k]), w[2], c[k], er[k], ep[k], ed[k], hi[k], eg[k]
					else { r = w[2]; sub(/^0/, "", r)
						printf "%s|| unrated | SE ER %s | %d | | | | | |\n", "z" w[2], r, c[k] } } }' \
			"$OUT/se.misses" | sort | sed 's/^[^|]*||/|/'
	fi
	awk '{ c[$2]++ } END { printf "\nMisses: %d rated, %d unrated.\n", c["rated"], c["unrated"] }' "$OUT/se.misses"
} > "$OUT/se.md"
replace_results "$SCRIPT" "$OUT/se.md"
