#!/bin/sh
# Checks that lib/ keeps its layers (lib/README.md): each file includes
# only the headers of its own layer and those below it.  Prints each file
# that breaks the rule and exits 1, or says nothing and exits 0.
#   sh tests/layers.sh [ROOT]
root=${1:-$(dirname "$0")/..}
status=0
# what each layer may include
allowed() {
	case $1 in
	board) echo "board" ;;
	format) echo "board format" ;;
	algo) echo "board algo" ;;
	frame) echo "board format algo frame" ;;
	play) echo "board format algo frame play" ;;
	esac
}
for dir in "$root"/lib/*/; do
	layer=$(basename "$dir")
	ok=$(allowed "$layer")
	if [ -z "$ok" ]; then
		echo "lib/$layer: not a layer (board, format, algo, frame, play)"
		status=1
		continue
	fi
	for file in "$dir"*.[ch]; do
		[ -e "$file" ] || continue
		name="lib/$layer/$(basename "$file")"
		for used in $(sed -n 's/^#include "\([a-z]*\)\/.*/\1/p' "$file" | sort -u); do
			case " $ok " in
			*" $used "*) ;;
			*) echo "$name: includes a header of $used, a layer above $layer"; status=1 ;;
			esac
		done
		# the ground knows no formats and no options; algorithms read and write nothing
		case $layer in board|algo)
			if grep -q '^#include <\(jansson\|getopt\|csv\)\.h>' "$file"; then
				echo "$name: includes jansson, getopt or csv"; status=1
			fi
		esac
		if [ "$layer" = algo ] && grep -q '^#include <stdio\.h>' "$file"; then
			echo "$name: an algorithm does no input or output"; status=1
		fi
		# the game's model is tested without a terminal: curses is the screen's alone
		if [ "$name" != lib/play/screen.c ] && grep -q '^#include <n\{0,1\}curses' "$file"; then
			echo "$name: includes curses, which only lib/play/screen.c draws with"; status=1
		fi
		if grep -q '^#include "[^/]*"' "$file"; then
			echo "$name: includes a header without its layer's folder"; status=1
		fi
	done
done
exit $status
