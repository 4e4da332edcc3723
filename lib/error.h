#ifndef OPML_ERROR_H
#define OPML_ERROR_H

/*
 * The library's one vocabulary of failures.  A function that can fail
 * returns 0 (or a count) on success and one of these, negative, on
 * failure; where a failure needs more words (a file and line, which
 * class is short) the function also fills a message buffer its caller
 * passes, and the code still says what kind of failure it was.
 * -1 is none of them: it stays the "see errno, or the message filled
 * in" of the functions whose comment says so, so that running out of
 * memory (OPML_ENOMEM) is never read as an errno or a message that
 * some earlier step left behind.
 */
enum opml_error {
	OPML_OK = 0,
	OPML_EFEW = -2,		/* fewer than 2 samples */
	OPML_EONECLASS = -3,	/* every sample of one class */
	OPML_ESINGLES = -4,	/* no class has two samples */
	OPML_EUNKNOWN = -5,	/* no such parameter */
	OPML_EVALUE = -6,	/* a parameter's value is not a number in its
				   range */
	OPML_ENOCONV = -7,	/* an eigendecomposition did not converge */
	OPML_EK = -8,		/* LMNN: a class has 1..k samples */
	OPML_ESINGULAR = -9,	/* the covariance is singular (every column
				   constant, or ridge 0) */
	OPML_ECOINCIDE = -10,	/* ITML: every sampled pair coincides, so
				   no distance threshold exists */
	OPML_ENONFINITE = -11,	/* a value or a result is not finite */
	OPML_EOVERFLOW = -12,	/* an entry of a metric overflows a double */
	OPML_ENOTPD = -13,	/* a matrix is not positive definite */
	OPML_ENORAW = -14,	/* no metric on raw features */
	OPML_ENOWEIGHTS = -15,	/* feature weights of a similarity model */
	OPML_EREAD = -16,	/* a file could not be opened or read */
	OPML_EFORMAT = -17,	/* a line not of the expected format */
	OPML_EMISMATCH = -18,	/* lists of other samples or lengths */
	OPML_ESHORT = -19,	/* fewer neighbours than asked for */
	OPML_ESTATE = -20,	/* a resumed learner's state is damaged */
	OPML_EUSAGE = -21,	/* options that do not fit the model */
	OPML_ESYNTAX = -22,	/* an option's value is not a number (a whole
				   number where one is asked for) */
	OPML_ELOW = -23,	/* an option's value below its range */
	OPML_EHIGH = -24,	/* above its range, or beyond its type's */
	OPML_ENOMEM = -25	/* out of memory */
};

/* The failure's description: lowercase, no period. */
const char *opml_strerror(int err);

#endif
