#!/bin/sh
# Speed-up of examples/parallel.sh on this machine's cores: the same file
# through one process and through one job per core, outputs compared byte
# for byte.  Appends a dated section to RESULTS.md.
. "$(dirname "$0")/common.sh"
[ -f "$DATA/17_clue.txt" ] || { echo "bench: no $DATA/17_clue.txt" >&2; exit 1; }
command -v parallel > /dev/null || { echo "bench: no GNU parallel" >&2; exit 1; }
grep -v '^#' "$DATA/17_clue.txt" | head -n 20000 > "$OUT/par_17.txt"
grep -v '^#' "$DATA/forum_hardest_1905_11plus.txt" > "$OUT/par_hardest.txt"
head -n 2000 "$OUT/par_17.txt" > "$OUT/par_17_2k.txt"

seconds() {
	start=$(date +%s.%N)
	"$@" > "$OUT/par.out" 2> /dev/null || true
	awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }'
}

{
	printf '\n## Parallel speed-up, %s\n\n' "$(date -u +%Y-%m-%d)"
	printf 'Machine: %s. `bench/parallel.sh`: one process against\n' "$(machine)"
	printf '`sh examples/parallel.sh` (GNU parallel, one job per core, about eight blocks per core);\n'
	printf 'both outputs equal byte for byte.\n\n'
	printf '| command | records | one process | parallel | speed-up |\n|---|---|---|---|---|\n'
} >> "$RESULTS"
bench() {
	file=$1
	shift
	one=$(seconds "$@" "$file")
	cp "$OUT/par.out" "$OUT/par.serial"
	par=$(seconds sh examples/parallel.sh "$file" "$@")
	cmp -s "$OUT/par.out" "$OUT/par.serial" || { echo "bench: parallel output differs: $*" >&2; exit 1; }
	printf '| `%s` | %s | %s s | %s s | %s |\n' "$*" "$(wc -l < "$file")" "$one" "$par" \
		"$(awk -v a="$one" -v b="$par" 'BEGIN { printf "%.2f", a / b }')" >> "$RESULTS"
	echo "bench/parallel.sh: $* $one s / $par s"
}
bench "$OUT/par_hardest.txt" bin/sudoku-bt -u
bench "$OUT/par_17.txt" bin/sudoku-rate
bench "$OUT/par_17_2k.txt" bin/sudoku-anneal -s 1 -I 2000000
