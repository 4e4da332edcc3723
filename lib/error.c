#include "error.h"

const char *
opml_strerror(int err)
{
	switch (err) {
	case OPML_ENOMEM:
		return "out of memory";
	case OPML_EFEW:
		return "fewer than 2 samples";
	case OPML_EONECLASS:
		return "every sample is of one class: no constraint";
	case OPML_ESINGLES:
		return "no class has two samples: no same-class constraint";
	case OPML_EUNKNOWN:
		return "no such parameter";
	case OPML_EVALUE:
		return "not a number in the parameter's range";
	case OPML_ENOCONV:
		return "the eigensolver did not converge";
	case OPML_EK:
		return "a class has fewer samples than k + 1";
	case OPML_ESINGULAR:
		return "the covariance is singular (every column constant)";
	case OPML_ECOINCIDE:
		return "every sampled pair of samples coincides: no distance "
		    "threshold";
	case OPML_ENONFINITE:
		return "a value or a result is not a finite number";
	case OPML_EOVERFLOW:
		return "an entry of the metric overflows a double";
	case OPML_ENOTPD:
		return "a matrix is not positive definite";
	case OPML_ENORAW:
		return "the model has no metric on raw features";
	case OPML_ENOWEIGHTS:
		return "a similarity model (x'Wz) has no feature weights";
	case OPML_EREAD:
		return "a file could not be opened or read";
	case OPML_EFORMAT:
		return "a line not of the expected format";
	case OPML_EMISMATCH:
		return "lists of other samples, or of other lengths";
	case OPML_ESHORT:
		return "fewer neighbours than asked for";
	case OPML_ESTATE:
		return "the learner's state in the model is damaged";
	case OPML_EUSAGE:
		return "options that do not fit the model";
	case OPML_ESYNTAX:
		return "not a number";
	case OPML_ELOW:
		return "below the range";
	case OPML_EHIGH:
		return "above the range";
	}
	return "unknown error";
}
