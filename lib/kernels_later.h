/*
 * The long numbers of a row (kernels.c includes this file once for
 * each of its AVX2 and AVX-512 row kernels, with LATER_TARGET the
 * target attribute, LATER_TOK the parser of one long number, tok_long
 * or tok_compress, LATER_SHAPE the parser of LATER_GROUP numbers of
 * one shape at once, shape_e4 or shape_e8, LATER_ROUND the rounding of
 * decimals, and LATER_LONG, LATER_FLUSH the names of the two functions,
 * the row kernel's ROWS_LONG and ROWS_ROUND): those of the shape of
 * %.Fe noted, to be taken LATER_GROUP at a time by LATER_SHAPE.
 */
/* A long number into dc: one that may be of LATER_SHAPE's shape (an e 4
 * bytes from its end) only noted, for LATER_FLUSH; another parsed by
 * LATER_TOK now, its len 0. */
LATER_TARGET static inline int
LATER_LONG(struct decs *dc, const char *ts, const char *te)
{
	if ((te[-4] | 0x20) == 'e' && te - ts <= 25) {
		dc->len[dc->n] = (int32_t)(te - ts);
		dc->neg[dc->n] = *ts == '-';
		dc->noted++;
		return 1;
	}
	dc->len[dc->n] = 0;
	return LATER_TOK(ts, te, &dc->w[dc->n], &dc->q[dc->n],
	    &dc->neg[dc->n]);
}

/*
 * The numbers LATER_LONG took: those it noted LATER_GROUP at a time
 * by LATER_SHAPE where they are of its shape, the others by LATER_TOK,
 * and their decimals with those LATER_LONG parsed rounded by
 * LATER_ROUND after; a number LATER_TOK cannot take by parse, which
 * must end at the number's end.
 */
LATER_TARGET static int
LATER_FLUSH(struct decs *dc, double *x, const char *end, parse_fn parse)
{
	struct decs rest;
	int k, j, m;

	if (dc->noted == 0)
		return LATER_ROUND(dc, x, end, parse);
	dc->noted = rest.n = 0;
	for (k = 0; k < dc->n; k += LATER_GROUP) {
		unsigned live = 0, done;

		m = dc->n - k < LATER_GROUP ? dc->n - k : LATER_GROUP;
		for (j = 0; j < m; j++)
			live |= (unsigned)(dc->len[k + j] != 0) << j;
		done = LATER_SHAPE(dc, k, live, x);
		for (j = k; j < k + m; j++) {
			const char *ts = dc->ts[j], *te = ts + dc->len[j], *t;

			if (done >> (j - k) & 1)
				continue;
			if (dc->len[j] == 0) {
				rest.w[rest.n] = dc->w[j];
				rest.q[rest.n] = dc->q[j];
				rest.neg[rest.n] = dc->neg[j];
				rest.at[rest.n] = dc->at[j];
				rest.ts[rest.n++] = ts;
			} else if (LATER_TOK(ts, te, &rest.w[rest.n],
			    &rest.q[rest.n], &rest.neg[rest.n])) {
				rest.at[rest.n] = dc->at[j];
				rest.ts[rest.n++] = ts;
			} else if ((t = parse(ts, end, &x[dc->at[j]])) == NULL ||
			    (t < end && !is_blank(*t)))
				return 0;
		}
	}
	dc->n = 0;
	return LATER_ROUND(&rest, x, end, parse);
}

#undef LATER_TARGET
#undef LATER_TOK
#undef LATER_LONG
#undef LATER_FLUSH
#undef LATER_SHAPE
#undef LATER_GROUP
#undef LATER_ROUND
