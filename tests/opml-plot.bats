#!/usr/bin/env bats
# opml-plot: a table as an SVG line chart.

load helper

# The table of the learning-curve examples: x from 0 to 2e6, y in [0, 0.5].
curve() {
	printf '# samples default fixed\n0 0.5 0.5\n500000 0.2 0.3\n'
	printf '1000000 0.1 0.2\n\n# a comment\n2000000 0.05 0.15\n'
}

# The points of polyline number $2 (from 1) of the SVG $1, one "x,y" a line.
points() {
	awk -v n="$2" '/<polyline/ { if (++k != n) next
		sub(/.* points="/, ""); sub(/".*/, ""); gsub(/ /, "\n"); print }' "$1"
}

# Every element that opens is closed, in order.
well_formed() {
	if command -v xmllint > /dev/null; then
		xmllint --noout "$1"
	fi
	awk '{ s = $0
		while (match(s, /<[^>]*>/)) { t = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
			if (t ~ /^<[?!]/ || t ~ /\/>$/) continue
			if (t ~ /^<\//) { n = substr(t, 3, length(t) - 3); if (st[d] != n) { print "bad close " t; exit 1 }; d-- }
			else { split(substr(t, 2), a, /[ >]/); st[++d] = a[1] } } }
		END { if (d != 0) { print "unclosed"; exit 1 } }' "$1"
}

@test "a well-formed SVG: a polyline per curve, named from the header, the title and labels escaped" {
	curve | opml-plot -t 'Error & <curves>' -y '5-NN "error"' -o "$TMP/c.svg"
	well_formed "$TMP/c.svg"
	[ "$(grep -c '<polyline class="curve"' "$TMP/c.svg")" -eq 2 ]
	grep -q '<title>default</title></polyline>' "$TMP/c.svg"
	grep -q '<title>fixed</title></polyline>' "$TMP/c.svg"
	grep -q '>default</text>' "$TMP/c.svg"
	grep -q 'Error &amp; &lt;curves&gt;</text>' "$TMP/c.svg"
	grep -q '5-NN &quot;error&quot;</text>' "$TMP/c.svg"
	grep -q '>samples</text>' "$TMP/c.svg"
	# a marker at each point of each curve
	[ "$(grep -c '<circle' "$TMP/c.svg")" -eq 8 ]
}

@test "the points are where the documented axes put them: x over [0, 2e6], y over [0, 0.5]" {
	curve | opml-plot > "$TMP/c.svg"
	# ticks: x by 5e5, y by 0.1, compact numbers
	[ "$(sed -n 's/.*class="xtick"[^>]*>\([^<]*\)<.*/\1/p' "$TMP/c.svg" | tr '\n' ' ')" = "0 5e5 1e6 1.5e6 2e6 " ]
	[ "$(sed -n 's/.*class="ytick"[^>]*>\([^<]*\)<.*/\1/p' "$TMP/c.svg" | tr '\n' ' ')" = "0 0.1 0.2 0.3 0.4 0.5 " ]
	for c in 1 2; do
		curve | awk -v c="$c" '!/^#/ && NF { printf "%.2f,%.2f\n",
			72 + 480 * $1 / 2e6, 18 + 300 * (0.5 - $(c + 1)) / 0.5 }' > "$TMP/want"
		points "$TMP/c.svg" "$c" > "$TMP/got"
		diff "$TMP/want" "$TMP/got"
	done
	# the first and last points on the axes' ends
	[ "$(points "$TMP/c.svg" 1 | head -1)" = "72.00,18.00" ]
	[ "$(points "$TMP/c.svg" 1 | tail -1 | cut -d, -f1)" = "552.00" ]
}

@test "an axis that does not start at 0: y in [0.23, 0.41] runs from 0.20 to 0.45 by 0.05; a title moves the area down" {
	printf '1 0.23\n10 0.41\n' | opml-plot -t T > "$TMP/c.svg"
	[ "$(sed -n 's/.*class="ytick"[^>]*>\([^<]*\)<.*/\1/p' "$TMP/c.svg" | tr '\n' ' ')" = "0.20 0.25 0.30 0.35 0.40 0.45 " ]
	[ "$(sed -n 's/.*class="xtick"[^>]*>\([^<]*\)<.*/\1/p' "$TMP/c.svg" | tr '\n' ' ')" = "0 2 4 6 8 10 " ]
	awk 'BEGIN { printf "%.2f,%.2f\n%.2f,%.2f\n",
		72 + 480 * 1 / 10, 44 + 300 * (0.45 - 0.23) / 0.25,
		72 + 480 * 10 / 10, 44 + 300 * (0.45 - 0.41) / 0.25 }' > "$TMP/want"
	points "$TMP/c.svg" 1 > "$TMP/got"
	diff "$TMP/want" "$TMP/got"
	# the smallest step that leaves at most 7 intervals: 0.05 on [0, 0.35]
	printf '0 0\n0.35 0.35\n' | opml-plot > "$TMP/s.svg"
	[ "$(sed -n 's/.*class="ytick"[^>]*>\([^<]*\)<.*/\1/p' "$TMP/s.svg" | tr '\n' ' ')" = "0 0.05 0.10 0.15 0.20 0.25 0.30 0.35 " ]
}

@test "a table without a header: curves named by column, no x label; from a file" {
	printf '0 1 2\n1 2 2.5\n2 4 3\n' > "$TMP/t.txt"
	opml-plot "$TMP/t.txt" > "$TMP/t.svg"
	well_formed "$TMP/t.svg"
	[ "$(grep -c '<polyline class="curve"' "$TMP/t.svg")" -eq 2 ]
	grep -q '<title>column 2</title>' "$TMP/t.svg"
	grep -q '<title>column 3</title>' "$TMP/t.svg"
	# y rises with the values: the pixel row falls
	points "$TMP/t.svg" 1 | awk -F, 'NR > 1 && ($1 <= x || $2 >= y) { exit 1 } { x = $1; y = $2 }'
}

@test "errors name the file and line: a ragged row, a non-number, NaN, Inf; nothing written" {
	printf '# x a\n1 2\n3 4 5\n' > "$TMP/rag"
	run --separate-stderr opml-plot -o "$TMP/out.svg" "$TMP/rag"
	[ "$status" -eq 1 ] || show
	[[ $stderr == "opml-plot: $TMP/rag:3: "* ]] || show
	[ ! -e "$TMP/out.svg" ]
	printf '1 2\n3 4\n3\n' > "$TMP/short"
	run --separate-stderr opml-plot "$TMP/short"
	[ "$status" -eq 1 ] && [[ $stderr == "opml-plot: $TMP/short:3: "* ]] || show
	for bad in x nan NaN inf -inf 1e999; do
		printf '1 2\n\n3 %s\n' "$bad" > "$TMP/bad"
		run --separate-stderr opml-plot -o "$TMP/out.svg" "$TMP/bad"
		[ "$status" -eq 1 ] || show
		[[ $stderr == "opml-plot: $TMP/bad:3: field 2: "* ]] || show
		[ ! -e "$TMP/out.svg" ]
	done
	printf '1 2\n3 2e300\n' | { run --separate-stderr opml-plot
		[ "$status" -eq 1 ] && [[ $stderr == "opml-plot: stdin:2: field 2: "* ]] || show; }
}

@test "empty input, comments alone, one column, a header of another width: exit 1" {
	run --separate-stderr opml-plot < /dev/null
	[ "$status" -eq 1 ] && [ "$stderr" = "opml-plot: stdin: no rows" ] || show
	run --separate-stderr opml-plot <<< $'# x y\n\n'
	[ "$status" -eq 1 ] && [ "$stderr" = "opml-plot: stdin: no rows" ] || show
	run --separate-stderr opml-plot <<< $'1\n2\n'
	[ "$status" -eq 1 ] && [[ $stderr == "opml-plot: stdin:1: "* ]] || show
	run --separate-stderr opml-plot <<< $'# x y z\n1 2\n'
	[ "$status" -eq 1 ] && [[ $stderr == "opml-plot: stdin:1: the header names 3 columns"* ]] || show
}

@test "usage errors exit 2; -h and --help print the synopsis" {
	run opml-plot -q
	[ "$status" -eq 2 ] || show
	run opml-plot a b
	[ "$status" -eq 2 ] || show
	run opml-plot -h
	[ "$status" -eq 0 ] && [[ $output == *"opml-plot [-h] [-o file]"* ]] || show
	run opml-plot --help
	[ "$status" -eq 0 ] || show
}

@test "one row, one value everywhere, subnormal or huge values: a finite figure, the range widened" {
	printf '5 5\n' | opml-plot > "$TMP/one.svg"
	well_formed "$TMP/one.svg"
	! grep -qi 'nan\|inf' "$TMP/one.svg"
	[ "$(sed -n 's/.*class="xtick"[^>]*>\([^<]*\)<.*/\1/p' "$TMP/one.svg" | tr '\n' ' ')" = "2 3 4 5 6 7 8 " ]
	printf -- '-1e300 1e300\n1e300 -1e300\n' | opml-plot > "$TMP/big.svg"
	well_formed "$TMP/big.svg"
	! grep -qi 'nan\|inf' "$TMP/big.svg"
	# steps of subnormal doubles would never end: widened by 1 around 0
	printf '1e-320 5e-324\n0 0\n' | timeout 20 opml-plot > "$TMP/tiny.svg"
	! grep -qi 'nan\|inf' "$TMP/tiny.svg"
	[ "$(sed -n 's/.*class="ytick"[^>]*>\([^<]*\)<.*/\1/p' "$TMP/tiny.svg" | tr '\n' ' ')" = "-1.0 -0.5 0 0.5 1.0 " ]
}

@test "a first line of names without #, as opml-stat reads it, names the curves too" {
	printf 'samples default fixed\n1 0.3 0.4\n2 0.2 0.35\n' > "$TMP/t"
	run opml-plot "$TMP/t"
	[ "$status" -eq 0 ]
	[[ $output == *"<title>default</title>"* ]]
	[[ $output == *"<title>fixed</title>"* ]]
	[[ $output == *">samples<"* ]]
	opml-stat -r default <(cut -d' ' -f2- "$TMP/t") | grep -q '^fixed '
}

@test "the legend takes the corner that hides fewest points: top right, unless the curves are there" {
	awk 'BEGIN { print "# x falling"; for (i = 1; i <= 20; i++) print i, 21 - i }' > "$TMP/fall"
	awk 'BEGIN { print "# x rising"; for (i = 1; i <= 20; i++) print i, i }' > "$TMP/rise"
	# the plot area starts at x = 72 (plot.h): top left puts the box at 80
	opml-plot "$TMP/fall" | grep -A1 '<g class="legend">' | grep -q '<rect x="[1-9][0-9][0-9]\.'
	opml-plot "$TMP/rise" | grep -A1 '<g class="legend">' | grep -q '<rect x="80\.0"'
}
