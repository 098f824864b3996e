#!/bin/sh
# The first page of a PDF book of puzzles as a small PNG, for the README:
# four rated puzzles and their solutions, made reproducibly by seed, drawn
# by sudoku-print -t pdf, page 1 rendered by pdftoppm at 50 dpi.
#   sh examples/book-page.sh examples/book-page.png
set -eu
[ $# -eq 1 ] || { echo "usage: book-page.sh OUT.png" >&2; exit 2; }
command -v pdftoppm > /dev/null || { echo "book-page.sh: needs pdftoppm (Debian package poppler-utils)" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/book-page.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
sudoku-gen -s 2026 -n 4 -d medium -t json | sudoku-bt -t json |
	sudoku-print -t pdf --per-page 4 -o "$tmp/book.pdf"
pdftoppm -png -r 50 -f 1 -l 1 -singlefile "$tmp/book.pdf" "$tmp/page"
mv "$tmp/page.png" "$1"
