#!/bin/sh
# Checks that lib/ keeps its layers (lib/README.md): each file of lib/ and
# cmd/ includes only the headers of its own folder and of those below it,
# and no other folder's *_int.h; the algorithm families (exact, local,
# logic, gen) show one header, named after the folder, to the layers
# above.  Prints each file that breaks a rule and exits 1, or says nothing
# and exits 0.
#   sh tests/layers.sh [ROOT]
root=${1:-$(dirname "$0")/..}
status=0
# what each folder may include: exact, local and logic stand side by
# side, none knowing another; gen stands on exact and logic, portfolio on exact and local; explain
# (steps in words) on logic and format; the library's API (lib/api)
# beside the frame, neither knowing the other
allowed() {
	case $1 in
	board) echo "board" ;;
	format) echo "board format" ;;
	exact) echo "board exact" ;;
	local) echo "board local" ;;
	logic) echo "board logic" ;;
	gen) echo "board exact logic gen" ;;
	portfolio) echo "board exact local portfolio" ;;
	explain) echo "board format logic explain" ;;
	frame) echo "board format exact local logic gen explain frame" ;;
	api) echo "board format exact local logic gen explain api" ;;
	paint) echo "board format paint" ;;
	play) echo "board format exact logic gen explain frame play" ;;
	cmd) echo "board format exact local logic gen portfolio explain frame paint play" ;;
	esac
}
fail() {
	echo "$1"
	status=1
}
for dir in "$root"/lib/*/ "$root"/cmd/; do
	[ -d "$dir" ] || continue
	layer=$(basename "$dir")
	case $dir in */cmd/) prefix=cmd ;; *) prefix=lib/$layer ;; esac
	ok=$(allowed "$layer")
	if [ -z "$ok" ]; then
		fail "$prefix: not a layer (board, format, exact, local, logic, gen, portfolio, explain, frame, api, paint, play)"
		continue
	fi
	for file in "$dir"*.[ch]; do
		[ -e "$file" ] || continue
		base=$(basename "$file")
		name="$prefix/$base"
		for used in $(sed -n 's/^#include "\([a-z]*\)\/.*/\1/p' "$file" | sort -u); do
			case " $ok " in
			*" $used "*) ;;
			*) fail "$name: includes a header of $used, which $layer may not (a layer above, or beside)" ;;
			esac
		done
		for inner in $(sed -n 's/^#include "\([a-z]*\/[a-z0-9_]*_int\.h\)".*/\1/p' "$file" | sort -u); do
			[ "${inner%%/*}" = "$layer" ] ||
				fail "$name: includes $inner, which is for ${inner%%/*}'s own files"
		done
		case $layer in exact|local|logic|gen|portfolio)
			case $base in
			"$layer.h"|*_int.h|*.c) ;;
			*) fail "$name: a family shows one header, $layer.h; another is ${base%.h}_int.h" ;;
			esac
		esac
		# the ground knows no formats and no options; algorithms read and write nothing
		case $layer in board|exact|local|logic|gen|portfolio)
			if grep -q '^#include <\(jansson\|getopt\|csv\)\.h>' "$file"; then
				fail "$name: includes jansson, getopt or csv"
			fi
		esac
		case $layer in exact|local|logic|gen|portfolio)
			if grep -q '^#include <stdio\.h>' "$file"; then
				fail "$name: an algorithm does no input or output"
			fi
		esac
		# cairo in lib/paint alone, so that libsudoku.a needs none
		if [ "$layer" != paint ] && grep -q '^#include <\(cairo\|fontconfig/\)' "$file"; then
			fail "$name: includes cairo, which only lib/paint may"
		fi
		# the game's model is tested without a terminal: curses is the screen's alone
		if [ "$name" != lib/play/screen.c ] && grep -q '^#include <n\{0,1\}curses' "$file"; then
			fail "$name: includes curses, which only lib/play/screen.c draws with"
		fi
		if grep -q '^#include "[^/]*"' "$file"; then
			fail "$name: includes a header without its layer's folder"
		fi
	done
done
exit $status
