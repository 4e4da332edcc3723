/*
 * The row kernel (kernels.h), one source for every path: kernels.c
 * includes this file once per path, with ROWS_NAME the function's
 * name, ROWS_TARGET its target attribute, ROWS_BLANKS its blanks64,
 * and ROWS_TOK16 defined where the path has tok16 and tok_long.
 *
 * A row separated by blanks only, 64 bytes at a time: the starts of
 * the numbers come from the bit mask of the blanks (SSE2 compares), not
 * from the end of the number before, so that the parses of successive
 * numbers do not wait for each other (parsing a number is a chain of
 * dependent steps; the processor overlaps independent chains).  The
 * next 64 bytes' mask is computed ahead, so that each number's end is
 * known too, for tok16 and tok_long.  The decimals tok_long makes
 * are rounded at the end of each 64 bytes, together.  A number those
 * do not take goes to opml_quick, then to parse.  Each number must
 * end at a blank or at the end.  A comma anywhere: *seq.
 */
ROWS_TARGET static const char *
ROWS_NAME(const char *p, const char *end, double *x, size_t d,
    const char *(*parse)(const char *, const char *, double *), int *seq)
{
	const char *base, *nb, *ts, *t;
	uint64_t cur, next, starts, carry = 1;
	size_t i = 0;
	int comma;
#ifdef ROWS_TOK16
	struct { uint64_t w; int q, neg; size_t i; const char *ts; } dec[32];
	int nd = 0, k;
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
#ifdef ROWS_TOK16
			uint64_t rest = cur >> j;
			const char *te;
#endif

			ts = base + j;
			if (i == d)
				return NULL;	/* more than d */
#ifdef ROWS_TOK16
			te = rest != 0 ? ts + __builtin_ctzll(rest) :
			    next != 0 ? nb + __builtin_ctzll(next) : NULL;
			if (te != NULL && te - ts <= 16 && tok16(ts, te,
			    &x[i])) {
				i++;
				continue;
			}
			if (te != NULL && te - ts > 16 && tok_long(ts, te,
			    &dec[nd].w, &dec[nd].q, &dec[nd].neg)) {
				dec[nd].i = i++;
				dec[nd++].ts = ts;
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
#ifdef ROWS_TOK16
		/* (a number that the rounding cannot decide quickly is of
		 * the syntax: parse takes it to te) */
		for (k = 0; k < nd; k++)
			if (!opml_decimal_round(dec[k].w, dec[k].q, dec[k].neg,
			    &x[dec[k].i]) && parse(dec[k].ts, end,
			    &x[dec[k].i]) == NULL)
				return NULL;
		nd = 0;
#endif
	}
	return i == d ? end : NULL;
seq:
	*seq = 1;
	return NULL;
}

#undef ROWS_NAME
#undef ROWS_TARGET
#undef ROWS_BLANKS
#undef ROWS_TOK16
