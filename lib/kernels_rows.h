/*
 * The row kernel (kernels.h), one source for every path: kernels.c
 * includes this file once per path, with ROWS_NAME the function's
 * name, ROWS_TARGET its target attribute, ROWS_BLANKS its blanks64,
 * and, where the path has tok16: ROWS_LONG, which takes a long number
 * into the row's struct decs (parsed, or only noted, for later), and
 * ROWS_ROUND, which rounds what it took into x.
 *
 * A row separated by blanks only, 64 bytes at a time: the starts of
 * the numbers come from the bit mask of the blanks (SSE2 compares), not
 * from the end of the number before, so that the parses of successive
 * numbers do not wait for each other (parsing a number is a chain of
 * dependent steps; the processor overlaps independent chains).  The
 * next 64 bytes' mask is computed ahead, so that each number's end is
 * known too, for tok16 and ROWS_LONG.  What ROWS_LONG takes is
 * rounded together, DECS numbers at a time or at the row's end.  A
 * number those do not take goes to opml_quick, then to parse.  Each
 * number must end at a blank or at the end.  A comma anywhere: *seq.
 */
ROWS_TARGET static const char *
ROWS_NAME(const char *p, const char *end, double *x, size_t d,
    const char *(*parse)(const char *, const char *, double *), int *seq)
{
	const char *base, *nb, *ts, *t;
	uint64_t cur, next, starts, carry = 1;
	size_t i = 0;
	int comma;
#ifdef ROWS_ROUND
	struct decs dec;

	dec.n = dec.noted = 0;
	dec.row = p;
#endif

	*seq = 0;
	cur = ROWS_BLANKS(p, end, &comma);
	if (comma)
		goto seq;
	for (base = p; base < end; base = nb, cur = next) {
		nb = base + 64;
		next = ~(uint64_t)0;
		if (nb < end) {
			next = ROWS_BLANKS(nb, end, &comma);
			if (comma)
				goto seq;
		}
		starts = ~cur & (cur << 1 | carry);
		carry = cur >> 63;
		for (; starts != 0; starts &= starts - 1) {
			unsigned j = (unsigned)__builtin_ctzll(starts);
#ifdef ROWS_ROUND
			uint64_t rest = cur >> j;
			const char *te;
#endif

			ts = base + j;
			if (i == d)
				return NULL;	/* more than d */
#ifdef ROWS_ROUND
			te = rest != 0 ? ts + __builtin_ctzll(rest) :
			    next != 0 ? nb + __builtin_ctzll(next) : NULL;
			if (te != NULL && te - ts <= 16 && tok16(ts, te,
			    &x[i])) {
				i++;
				continue;
			}
			if (te != NULL && te - ts > 16 && ROWS_LONG(&dec, ts,
			    te)) {
				dec.at[dec.n] = (int32_t)i++;
				dec.ts[dec.n++] = ts;
				if (dec.n == DECS && !ROWS_ROUND(&dec, x, end,
				    parse))
					return NULL;
				continue;
			}
#endif
			if ((t = opml_quick(ts, end, &x[i])) == NULL &&
			    (t = parse(ts, end, &x[i])) == NULL)
				return NULL;
			if (t < end && !is_blank(*t)) {
				if (*t == ',')
					goto seq;
				return NULL;
			}
			i++;
		}
	}
#ifdef ROWS_ROUND
	if (dec.n != 0 && !ROWS_ROUND(&dec, x, end, parse))
		return NULL;
#endif
	return i == d ? end : NULL;
seq:
	*seq = 1;
	return NULL;
}

#undef ROWS_NAME
#undef ROWS_TARGET
#undef ROWS_BLANKS
#undef ROWS_ROUND
#undef ROWS_LONG
