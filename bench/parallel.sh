#!/bin/sh
# Speed-up of the batch scripts on this machine's cores against one
# process: examples/parallel.sh (one job per core), and examples/cluster.sh
# over real ssh (an sshd on 127.0.0.1, tests/sshd.sh, one job per core, the
# toolkit at a prefix), outputs compared byte for byte.  The ssh route
# needs root and openssh-server; without them its columns say so.  Rewrites
# its table in bench/RESULTS.md.
. "$(dirname "$0")/common.sh"
[ -f "$DATA/17_clue.txt" ] || { echo "bench: no $DATA/17_clue.txt" >&2; exit 1; }
command -v parallel > /dev/null || { echo "bench: no GNU parallel" >&2; exit 1; }
grep -v '^#' "$DATA/17_clue.txt" | head -n 20000 > "$OUT/par_17.txt"
grep -v '^#' "$DATA/forum_hardest_1905_11plus.txt" > "$OUT/par_hardest.txt"
head -n 2000 "$OUT/par_17.txt" > "$OUT/par_17_2k.txt"
# slow records (chains), where the cost of cutting and sending blocks is small
grep -v '^#' "$DATA/magictour_top1465.txt" | head -n 300 > "$OUT/par_magic.txt"
cores=$(nproc)

seconds() {
	start=$(date +%s.%N)
	"$@" > "$OUT/par.out" 2> /dev/null || true
	awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }'
}

ssh_dir=
if [ "$(id -u)" = 0 ] && [ -x /usr/sbin/sshd ]; then
	. tests/sshd.sh
	ssh_dir=$(cd "$OUT" && pwd)/sshd
	rm -rf "$ssh_dir"
	mkdir -p "$ssh_dir/prefix/bin"
	cp bin/sudoku-* "$ssh_dir/prefix/bin/"
	sshd_start "$ssh_dir"
	trap 'sshd_stop "$ssh_dir"' EXIT
	export PARALLEL_SSH="ssh -F $ssh_dir/ssh_config"
fi

: > "$OUT/par.table"
ratio() {
	awk -v a="$1" -v b="$2" -v c="$3" 'BEGIN { printf "%.2f | %.2f", a / b, a / b / c }'
}
bench() {
	file=$1
	shift
	one=$(seconds bin/"$@" "$file")
	cp "$OUT/par.out" "$OUT/par.serial"
	par=$(seconds sh examples/parallel.sh "$file" bin/"$@")
	cmp -s "$OUT/par.out" "$OUT/par.serial" || { echo "bench: parallel output differs: $*" >&2; exit 1; }
	ssh="no sshd here | - | -"
	if [ -n "$ssh_dir" ]; then
		remote=$(seconds sh examples/cluster.sh -p "$ssh_dir/prefix" "$cores/node1" "$file" "$@")
		cmp -s "$OUT/par.out" "$OUT/par.serial" || { echo "bench: output over ssh differs: $*" >&2; exit 1; }
		ssh="$remote s | $(ratio "$one" "$remote" "$cores")"
	fi
	printf '| `%s` | %s | %s s | %s s | %s | %s |\n' "$*" "$(wc -l < "$file")" "$one" "$par" \
		"$(ratio "$one" "$par" "$cores")" "$ssh" >> "$OUT/par.table"
	echo "bench/parallel.sh: $* $one s / $par s / ${remote:-no} s over ssh"
}
bench "$OUT/par_hardest.txt" sudoku-bt -u
bench "$OUT/par_17.txt" sudoku-rate
bench "$OUT/par_17_2k.txt" sudoku-anneal -s 1 -I 2000000
bench "$OUT/par_magic.txt" sudoku-rate
{
	heading "Parallel speed-up" ""
	printf ' One process against `sh examples/parallel.sh` (GNU parallel, one job per core, about eight blocks'
	printf ' per core) and `sh examples/cluster.sh %s/node1` (the same over ssh to an sshd on 127.0.0.1, the' "$cores"
	printf ' toolkit at a prefix); every output equal to the serial one byte for byte. Per core: the speed-up'
	printf ' divided by the %s cores. Records: all of forum_hardest_1905_11plus.txt, the first 20,000 and' "$cores"
	printf ' 2,000 of 17_clue.txt, the first 300 of magictour_top1465.txt (chains: slow records).\n\n'
	printf '| command | records | one process | parallel | speed-up | per core | over ssh | speed-up | per core |\n'
	printf '|---|---|---|---|---|---|---|---|---|\n'
	cat "$OUT/par.table"
} > "$OUT/par.md"
replace_results "$SCRIPT" "$OUT/par.md"
