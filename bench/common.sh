# Sourced by the benchmark scripts: where things are, and the machine line.
set -eu
cd "$(dirname "$0")/.."
DATA=${SUDOKU_DATA:-../shared/data}
OUT=bench/out
RESULTS=${RESULTS:-bench/RESULTS.md}
mkdir -p "$OUT"

machine() {
	printf '%s, %s cores, %s' "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)" \
		"$(nproc)" "$(uname -sm)"
}
