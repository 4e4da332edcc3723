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

# An XML parser reads it (libxml2's xmllint: skipped where missing), and
# every element that opens is closed, in order.
well_formed() {
	command -v xmllint > /dev/null || skip "xmllint not installed (libxml2-utils)"
	xmllint --noout "$1"
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
	# a marker at each point of each curve, a shape per curve, and the
	# curve's marker in its legend entry
	[ "$(awk '/<g class="marks"/ { n++; next } n == 1 && /<circle/ { k++ } /<\/g>/ { if (n == 1) n++ }
		END { print k }' "$TMP/c.svg")" -eq 4 ]
	[ "$(grep -c '<rect x="[0-9.]*" y="[0-9.]*" width="6.4"' "$TMP/c.svg")" -eq 5 ]
	[ "$(sed -n '/<g class="legend">/,/<\/svg>/p' "$TMP/c.svg" | grep -c '<circle\|width="6.4"')" -eq 2 ]
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
	[ "$status" -eq 1 ] || { show; false; }
	[[ $stderr == "opml-plot: $TMP/rag:3: "* ]] || { show; false; }
	[ ! -e "$TMP/out.svg" ]
	printf '1 2\n3 4\n3\n' > "$TMP/short"
	run --separate-stderr opml-plot "$TMP/short"
	[ "$status" -eq 1 ] && [[ $stderr == "opml-plot: $TMP/short:3: "* ]] || { show; false; }
	for bad in x nan NaN inf -inf 1e999; do
		printf '1 2\n\n3 %s\n' "$bad" > "$TMP/bad"
		run --separate-stderr opml-plot -o "$TMP/out.svg" "$TMP/bad"
		[ "$status" -eq 1 ] || { show; false; }
		[[ $stderr == "opml-plot: $TMP/bad:3: field 2: "* ]] || { show; false; }
		[ ! -e "$TMP/out.svg" ]
	done
	printf '1 2\n3 2e300\n' | { run --separate-stderr opml-plot
		[ "$status" -eq 1 ] && [[ $stderr == "opml-plot: stdin:2: field 2: "* ]] || { show; false; }; }
}

@test "empty input, comments alone, one column, a header of another width: exit 1" {
	run --separate-stderr opml-plot < /dev/null
	[ "$status" -eq 1 ] && [ "$stderr" = "opml-plot: stdin: no rows" ] || { show; false; }
	run --separate-stderr opml-plot <<< $'# x y\n\n'
	[ "$status" -eq 1 ] && [ "$stderr" = "opml-plot: stdin: no rows" ] || { show; false; }
	run --separate-stderr opml-plot <<< $'1\n2\n'
	[ "$status" -eq 1 ] && [[ $stderr == "opml-plot: stdin:1: "* ]] || { show; false; }
	run --separate-stderr opml-plot <<< $'# x y z\n1 2\n'
	[ "$status" -eq 1 ] && [[ $stderr == "opml-plot: stdin:1: the header names 3 columns"* ]] || { show; false; }
}

@test "usage errors exit 2; -h and --help print the synopsis" {
	run opml-plot -q
	[ "$status" -eq 2 ] || { show; false; }
	run opml-plot a b
	[ "$status" -eq 2 ] || { show; false; }
	run opml-plot -h
	[ "$status" -eq 0 ] && [[ $output == *"opml-plot [-h] [-l axes] [-o file]"* ]] || { show; false; }
	run opml-plot --help
	[ "$status" -eq 0 ] || { show; false; }
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

# The legend box of the SVG $1 meets no line and no point of the curves:
# each segment sampled at 200 points, the lines' half-width around it.
legend_clear() {
	awk '/<g class="legend">/ { getline; match($0, /x="[^"]*"/); lx = substr($0, RSTART + 3, RLENGTH - 4) + 0
			match($0, /y="[^"]*"/); ly = substr($0, RSTART + 3, RLENGTH - 4) + 0
			match($0, /width="[^"]*"/); lw = substr($0, RSTART + 7, RLENGTH - 8) + 0
			match($0, /height="[^"]*"/); lh = substr($0, RSTART + 8, RLENGTH - 9) + 0 }
		/<polyline/ { s = $0; sub(/.* points="/, "", s); sub(/".*/, "", s); n = split(s, p, " ")
			for (i = 1; i <= n; i++) { split(p[i], q, ","); X[++np] = q[1]; Y[np] = q[2]; J[np] = i > 1 } }
		END { if (lw == 0) { print "no legend"; exit 1 }
			for (i = 1; i <= np; i++) for (t = 0; t <= 200; t++) {
				if (!J[i] && t > 0) break
				u = t / 200; x = J[i] ? X[i - 1] + u * (X[i] - X[i - 1]) : X[i]; y = J[i] ? Y[i - 1] + u * (Y[i] - Y[i - 1]) : Y[i]
				if (x >= lx - 1 && x <= lx + lw + 1 && y >= ly - 1 && y <= ly + lh + 1) {
					print "the legend at " lx "," ly " meets " x "," y; exit 1 } } }' "$1"
}

@test "characters XML 1.0 forbids (U+FFFE, U+FFFF, controls, bytes not UTF-8) in names, titles, labels: the SVG still parses" {
	bad=$(printf 'a\357\277\276b\357\277\277c\001d\033e\377f\355\240\200g')
	printf '# x%s y%s\n1 2\n2 3\n' "$bad" "$bad" > "$TMP/t"
	opml-plot -t "T$bad" -x "X$bad" -y "Y$bad" "$TMP/t" > "$TMP/p.svg"
	well_formed "$TMP/p.svg"
	# U+FFFE and U+FFFF become U+FFFD, as a byte that is not UTF-8 does
	grep -q "Ta$(printf '\357\277\275')b$(printf '\357\277\275')c?d?e$(printf '\357\277\275')f" "$TMP/p.svg"
	! grep -q "$(printf '\357\277\276\|\357\277\277')" "$TMP/p.svg"
	printf '0.1 1\n0.9 0\n0.3 1\n0.5 0\n' > "$TMP/s"
	opml-roc -q -g "$TMP/r.svg" -T "T$bad" -N "N$bad" "$TMP/s" > /dev/null
	well_formed "$TMP/r.svg"
}

@test "2 million rows: a figure of a few kB that parses, thinned to at most 4 points a pixel column that cover what every row would" {
	# 4166 rows in each of the 480 pixel columns, none within a tenth
	# of a pixel of a column's edge (x over [0, 2e6], y over [-1, 1]:
	# plot.h), so that the columns read back from 2 decimals
	awk 'BEGIN { print "# x wave"; for (c = 0; c < 480; c++) for (k = 1; k <= 4166; k++)
		printf "%.17g %.17g\n", (c + 0.1 + 0.8 * k / 4167) / 480 * 2000000, sin((c * 4166 + k) / 50) }' > "$TMP/big"
	opml-plot "$TMP/big" > "$TMP/big.svg"
	well_formed "$TMP/big.svg"
	[ "$(wc -c < "$TMP/big.svg")" -lt 100000 ]
	# per pixel column, the extent of the rows against that of the
	# points drawn
	awk 'NR > 1 { x = 72 + 480 * ($1 / 2000000); y = 18 + 300 * ((1 - $2) / 2); c = int(x)
		if (!(c in lo) || y < lo[c]) lo[c] = y; if (!(c in hi) || y > hi[c]) hi[c] = y }
		END { for (c in lo) printf "%d %.2f %.2f\n", c, lo[c], hi[c] }' "$TMP/big" | sort -n > "$TMP/want"
	[ "$(wc -l < "$TMP/want")" -eq 480 ]
	# one curve, drawn in polylines of 1000 points
	[ "$(grep -c '<polyline' "$TMP/big.svg")" -eq 2 ]
	{ points "$TMP/big.svg" 1; points "$TMP/big.svg" 2 | tail -n +2; } > "$TMP/pts"
	awk -F, '{ c = int($1); n[c]++; if (!(c in lo) || $2 + 0 < lo[c]) lo[c] = $2 + 0; if (!(c in hi) || $2 + 0 > hi[c]) hi[c] = $2 + 0 }
		END { for (c in lo) { if (n[c] > 4) { print "column " c ": " n[c] " points"; exit 1 }
			printf "%d %.2f %.2f\n", c, lo[c], hi[c] } }' "$TMP/pts" | sort -n > "$TMP/got"
	diff "$TMP/want" "$TMP/got"
	# the curve starts and ends at the first and last rows
	[ "$(head -1 "$TMP/pts")" = "$(awk 'NR == 2 { printf "%.2f,%.2f\n", 72 + 480 * ($1 / 2000000), 18 + 300 * ((1 - $2) / 2) }' "$TMP/big")" ]
	[ "$(tail -1 "$TMP/pts")" = "$(awk 'END { printf "%.2f,%.2f\n", 72 + 480 * ($1 / 2000000), 18 + 300 * ((1 - $2) / 2) }' "$TMP/big")" ]
}

@test "a long curve is cut into polylines of at most 1000 points, each from the last point of the one before" {
	# x back and forth over 3 columns: nothing to thin
	awk 'BEGIN { for (i = 0; i < 2500; i++) print (i % 2 ? 0 : 100), i }' | opml-plot > "$TMP/z.svg"
	well_formed "$TMP/z.svg"
	[ "$(grep -c '<polyline class="curve"' "$TMP/z.svg")" -eq 3 ]
	for k in 1 2 3; do points "$TMP/z.svg" "$k"; done | uniq > "$TMP/got"
	[ "$(wc -l < "$TMP/got")" -eq 2500 ]
	[ "$(points "$TMP/z.svg" 1 | wc -l)" -eq 1000 ]
	[ "$(points "$TMP/z.svg" 1 | tail -1)" = "$(points "$TMP/z.svg" 2 | head -1)" ]
}

@test "-l x: the learning curve of 10^3 to 10^6 samples at even steps, ticks at the decades, short marks between" {
	awk 'BEGIN { print "# samples default"; for (n = 1000; n <= 1000000; n *= 10) print n, 1 / sqrt(n) }' > "$TMP/lc"
	opml-plot -l x "$TMP/lc" > "$TMP/lc.svg"
	well_formed "$TMP/lc.svg"
	[ "$(sed -n 's/.*class="xtick"[^>]*>\([^<]*\)<.*/\1/p' "$TMP/lc.svg" | tr '\n' ' ')" = "1000 10000 100000 1e6 " ]
	# decade k of 3 at 72 + 480 k / 3
	[ "$(points "$TMP/lc.svg" 1 | cut -d, -f1 | tr '\n' ' ')" = "72.00 232.00 392.00 552.00 " ]
	# 8 short marks in each of the 3 decades
	[ "$(grep -c 'y2="[0-9.]*"/>' "$TMP/lc.svg")" -ge 24 ]
	[ "$(awk -v y="$((18 + 300))" '$0 ~ "y1=\"" y ".0\" x2=\"[0-9.]*\" y2=\"" y + 3 ".0\"" { n++ } END { print n }' "$TMP/lc.svg")" -eq 24 ]
	# without -l, four points of five in the left tenth: what -l is for
	opml-plot "$TMP/lc" > "$TMP/lin.svg"
	[ "$(points "$TMP/lin.svg" 1 | awk -F, '$1 <= 72 + 48 { n++ } END { print n }')" -eq 3 ]
}

@test "-l y and -l xy: decades on y, labels written out from 0.001 to 100000, as 1e6 and 1e-4 beyond" {
	printf '1 0.00005\n2 0.5\n3 2000000\n' | opml-plot -l y > "$TMP/y.svg"
	well_formed "$TMP/y.svg"
	# 5e-5 .. 2e6: 10^-5 .. 10^7, 12 decades by 2
	[ "$(sed -n 's/.*class="ytick"[^>]*>\([^<]*\)<.*/\1/p' "$TMP/y.svg" | tr '\n' ' ')" = "1e-6 1e-4 0.01 1 100 10000 1e6 1e8 " ]
	printf '10 10\n' | opml-plot -l xy > "$TMP/xy.svg"
	# one value: a decade each way, the point in the middle
	[ "$(sed -n 's/.*class="xtick"[^>]*>\([^<]*\)<.*/\1/p' "$TMP/xy.svg" | tr '\n' ' ')" = "1 10 100 " ]
	[ "$(points "$TMP/xy.svg" 1)" = "312.00,168.00" ]
	printf '1e-320 1e300\n' | opml-plot -l xy > "$TMP/e.svg"
	well_formed "$TMP/e.svg"
	! grep -qi 'nan\|inf' "$TMP/e.svg"
}

@test "-l: a value of 0 or below on a log axis is an error naming the line; a bad -l is a usage error" {
	printf '1 2\n0 3\n' > "$TMP/z"
	run --separate-stderr opml-plot -l x -o "$TMP/out.svg" "$TMP/z"
	[ "$status" -eq 1 ] && [ "$stderr" = "opml-plot: $TMP/z:2: field 1: 0, not above 0, on a log axis (-l)" ] || { show; false; }
	[ ! -e "$TMP/out.svg" ]
	opml-plot -l y "$TMP/z" > /dev/null
	printf '1 2\n2 -3\n' | { run --separate-stderr opml-plot -l xy
		[ "$status" -eq 1 ] && [[ $stderr == "opml-plot: stdin:2: field 2: negative, "* ]] || { show; false; }; }
	run --separate-stderr opml-plot -l z "$TMP/z"
	[ "$status" -eq 2 ] && [[ $stderr == "opml-plot: -l z: expected x, y or xy"* ]] || { show; false; }
}

@test "the legend meets no line and no point: the learning curves, rising, falling, crossing; outside the axes when no place inside is free" {
	awk 'BEGIN { print "# samples default fixed frozen"
		for (n = 1000; n <= 1000000; n *= 10) print n, 1 / sqrt(n), 2 / sqrt(n), (n > 1e5 ? 0.0063 : 2 / sqrt(n)) }' > "$TMP/lc"
	opml-plot "$TMP/lc" > "$TMP/a.svg"
	legend_clear "$TMP/a.svg"
	opml-plot -l x "$TMP/lc" > "$TMP/b.svg"
	legend_clear "$TMP/b.svg"
	opml-plot -l xy "$TMP/lc" > "$TMP/c.svg"
	legend_clear "$TMP/c.svg"
	# an X: every corner taken, the middle of the top free
	awk 'BEGIN { print "# x up down"; for (i = 0; i <= 20; i++) print i, i, 20 - i }' | opml-plot > "$TMP/x.svg"
	legend_clear "$TMP/x.svg"
	grep -A1 '<g class="legend">' "$TMP/x.svg" | grep -q '<rect x="[0-9.]*" y="26.0"'
	! grep -A1 '<g class="legend">' "$TMP/x.svg" | grep -q '<rect x="80.0"'
	# a curve over the whole area: the legend goes to the right of it
	awk 'BEGIN { for (i = 0; i <= 400; i++) print i % 2 ? 0 : 400, i }' | opml-plot > "$TMP/full.svg"
	well_formed "$TMP/full.svg"
	legend_clear "$TMP/full.svg"
	grep -A1 '<g class="legend">' "$TMP/full.svg" | grep -q '<rect x="564.0" y="18.0"'
	[ "$(sed -n 's/.* width="\([0-9]*\)" height.*/\1/p' "$TMP/full.svg" | head -1)" -gt 574 ]
}
