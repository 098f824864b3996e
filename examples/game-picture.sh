#!/bin/sh
# The game in progress that the README shows, as a PNG: the position of
# its capture (the first two rows and r3c4 entered), saved as sudoku-play
# saves a game, a line record 'puzzle board name', and drawn by
# sudoku-print -t png: givens in black, the player's entries in blue.
#   sh examples/game-picture.sh examples/game.png
set -eu
[ $# -eq 1 ] || { echo "usage: game-picture.sh OUT.png" >&2; exit 2; }
puzzle=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
solution=$(echo "$puzzle" | sudoku-bt | cut -d' ' -f2)
# rows 1 and 2 from the solution, and r3c4
board=$(printf '%s%s%s\n' "$(echo "$solution" | cut -c1-18)" "$(echo "$puzzle" | cut -c19-21)" \
	"$(echo "$solution" | cut -c22)$(echo "$puzzle" | cut -c23-81)")
echo "$puzzle $board game" | sudoku-print -t png --size 300 -o "$1"
