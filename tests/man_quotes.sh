#!/bin/sh
# man_quotes.sh PAGE...: the quotes of each page as mandoc renders it
# (-Tutf8) that do not pair up: one opened inside another of its kind, or
# closed where none is open ('a', then "a"), a possessive inside the
# quote of what it belongs to, and options that swallowed
# the prose after them ("-medium -by -default" from .Fl d , medium by
# default).  One line each, PAGE: text; nothing when all pair up.
for page in "$@"; do
	mandoc -Tutf8 "$page" |
		sed "s/.\\x08//g; s/‘/\\x01/g; s/’/\\x02/g; s/“/\\x03/g; s/”/\\x04/g" |
		awk -v page="$page" 'BEGIN { RS = "" }
		{
			gsub(/\n */, " ")
			single = double = 0
			for (i = 1; i <= length($0); i++) {
				ch = substr($0, i, 1)
				if (ch == "\001") { if (single++) { bad("a quote opened inside a quote", i); break } }
				else if (ch == "\002") { if (!single--) { bad("a quote closed where none is open", i); break } }
				else if (ch == "\003") { if (double++) { bad("a quote opened inside a quote", i); break } }
				else if (ch == "\004") { if (!double--) { bad("a quote closed where none is open", i); break } }
			}
			if (match($0, /-[a-z]+ -(a|an|and|as|by|default|for|in|is|of|or|the|to)[ ,.;:)]/))
				bad("words set as options", RSTART)
			if (match($0, /'"'"'s\002/))
				bad("a possessive inside its quote", RSTART)
		}
		function bad(what, at,   text) {
			text = substr($0, at > 30 ? at - 30 : 1, 60)
			gsub(/\001/, "‘", text); gsub(/\002/, "’", text)
			gsub(/\003/, "“", text); gsub(/\004/, "”", text)
			printf "%s: %s: ...%s...\n", page, what, text
		}'
done
