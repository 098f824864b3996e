#!/bin/sh
# options_doc.sh PROGRAM PAGE: where PROGRAM's --help and its manual PAGE
# disagree about the options, one line each; nothing when they agree.
#   help-only -x --long   an option of --help in neither the SYNOPSIS nor the
#                         options list of the page (in either of its forms)
#   synopsis -x --long    an option of --help missing from the SYNOPSIS
#   unknown -x            an option the page names that the program refuses
set -eu
prog=$1
page=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/options-doc.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# --help: one line "SHORT LONG" an option ("-" where there is no short form)
"$prog" --help | awk '/^  -/ {
	short = "-"; long = "-"
	for (i = 1; i <= 2; i++) {
		w = $i; sub(/,$/, "", w); sub(/\[?=.*/, "", w)
		if (w ~ /^--[A-Za-z]/) long = w
		else if (w ~ /^-[A-Za-z0-9]$/) short = w
	}
	print short, long
}' > "$tmp/help"

# the page's options: the flags of its SYNOPSIS (file synopsis) and of the
# .It Fl items of its lists (file listed), one a line as -x or --long
awk -v syn="$tmp/synopsis" -v lst="$tmp/listed" '
function out(file, w) { print w > file }
# ".Op Fl uqvPhV" names several letters; ".Op Fl c Ar n" one; ".Op Fl -all"
# one; ".Op Fl d Ar level | Fl -rating Ar min-max" two
/^\.Sh / { in_syn = $2 == "SYNOPSIS" }
in_syn && $1 == ".Op" {
	for (k = 2; k < NF; k++) {
		if ($k != "Fl")
			continue
		w = $(k + 1)
		if (w ~ /^-/) out(syn, "-" w)
		else if ($(k + 2) == "Ar" || length(w) == 1) out(syn, "-" w)
		else for (i = 1; i <= length(w); i++) out(syn, "-" substr(w, i, 1))
	}
}
# ".It Fl u , -unique", ".It Fl f , t , A , b", ".It Fl -all"
$1 == ".It" && $2 == "Fl" {
	for (i = 3; i <= NF; i++) {
		w = $i
		if (w == ",") continue
		if (w == "Fl") continue
		if (w !~ /^-?[A-Za-z0-9][-A-Za-z0-9]*$/) break
		if (w ~ /^-/) out(lst, "-" w)
		else if (length(w) == 1) out(lst, "-" w)
		else break
	}
}' "$page"
touch "$tmp/synopsis" "$tmp/listed"
cat "$tmp/synopsis" "$tmp/listed" | sort -u > "$tmp/page"

on() { grep -qxF -e "$2" "$1" 2>/dev/null || { [ "$3" != - ] && grep -qxF -e "$3" "$1"; }; }
while read -r short long; do
	on "$tmp/page" "$short" "$long" || echo "help-only $short $long"
	on "$tmp/synopsis" "$short" "$long" || echo "synopsis $short $long"
done < "$tmp/help"
# a page's option the program does not take: getopt says "unknown" or
# "ambiguous" (a value after it is taken as the option's or refused as bad)
# the probes run in the temporary directory, where -o --help may write
case $prog in
*/*) prog=$(cd "$(dirname "$prog")" && pwd)/${prog##*/} ;;
*) prog=$(command -v "$prog") ;;
esac
cd "$tmp"
while read -r opt; do
	msg=$("$prog" "$opt" --help < /dev/null 2>&1 > /dev/null || true)
	case $msg in
	*"unknown option"*|*"ambiguous option"*) echo "unknown $opt" ;;
	esac
done < "$tmp/page"
