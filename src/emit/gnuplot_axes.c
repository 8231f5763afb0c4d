/*
 * gnuplot_axes.c - see gnuplot_axes.h: the gnuplot scripts' ranges and tics
 * (powers of two, round numbers) and the labels they set in the right
 * margin beside horizontal lines.
 */
#include "gnuplot_axes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "gnuplot_text.h"
#include "util.h"

#define CHAR_PX 22.0            /* one character cell at 16 pt, vertical */

double gp_pow2_floor(double v)
{
	return exp2(floor(log2(v) + 1e-9));
}

double gp_pow2_ceil(double v)
{
	return exp2(ceil(log2(v) - 1e-9));
}

double gp_nice_ceil(double v)
{
	double e = pow(10, floor(log10(v)));
	double m = v / e;
	return (m <= 1 + 1e-9 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * e;
}

/* "1/8" for 0.125, "4" for 4: intensity tics. */
static void ratio_label(double v, char *out, size_t size)
{
	if (v < 1)
		snprintf(out, size, "1/%.0f", 1 / v);
	else
		snprintf(out, size, "%.0f", v);
}

/* xtics list "('1/8' 0.125, '1/4' 0.25, ...)" for powers of 2 in [lo, hi]. */
char *gp_pow2_tics(double lo, double hi, int as_ratio, int as_bytes, int step)
{
	struct buf b = { 0 };
	char label[32], num[32];
	buf_puts(&b, "(");
	int first = 1;
	/*
	 * At most 128 tics: readers keep every range finite (util_derived_ok),
	 * and this bound keeps a range that slipped through from looping forever
	 * (a low bound of 0, a high one of infinity) or growing without end.
	 */
	int count = 0;
	for (double v = lo; v > 0 && v <= hi * 1.0001 && count < 128; v *= exp2(step), count++) {
		if (as_bytes)
			format_bytes(v, label, sizeof label);
		else if (as_ratio)
			ratio_label(v, label, sizeof label);
		else
			snprintf(label, sizeof label, "%.0f", v);
		buf_addf(&b, "%s'%s' %s", first ? "" : ", ", label, gp_num(v, num, sizeof num));
		first = 0;
	}
	buf_puts(&b, ")");
	return buf_take(&b);
}

static int cmp_label_desc(const void *x, const void *y)
{
	const struct gp_margin_label *a = x, *b = y;
	return (a->pos < b->pos) - (a->pos > b->pos);
}

static void spread_labels(struct gp_margin_label *l, size_t n, double ymin, double ymax, double height_px)
{
	const double gap = 1.15;
	for (size_t i = 0; i < n; i++)
		l[i].pos = height_px / CHAR_PX * log(l[i].value / ymin) / log(ymax / ymin);
	qsort(l, n, sizeof *l, cmp_label_desc);
	/*
	 * Blocks of labels, top first, each spaced `gap` apart and centred on its
	 * members' mean; a block that would come closer than `gap` to the one
	 * above merges with it (pool adjacent violators: one pass, and the result
	 * keeps the labels' order). Merging clusters in rounds instead broke
	 * spread ones apart again and left labels on top of each other.
	 */
	size_t *first = xcalloc(n ? n : 1, sizeof *first), nb = 0;
	double *sum = xcalloc(n ? n : 1, sizeof *sum);
	for (size_t i = 0; i < n; i++) {
		first[nb] = i;
		sum[nb] = l[i].pos;
		nb++;
		while (nb >= 2) {
			size_t la = first[nb - 1] - first[nb - 2], lb = i + 1 - first[nb - 1];
			double bottom_a = sum[nb - 2] / (double)la - gap * (double)(la - 1) / 2;
			double top_b = sum[nb - 1] / (double)lb + gap * (double)(lb - 1) / 2;
			if (bottom_a - top_b >= gap - 1e-9)
				break;
			sum[nb - 2] += sum[nb - 1];
			nb--;
		}
	}
	for (size_t b = 0; b < nb; b++) {
		size_t end = b + 1 < nb ? first[b + 1] : n, len = end - first[b];
		double top = sum[b] / (double)len + gap * (double)(len - 1) / 2;
		for (size_t i = first[b]; i < end; i++)
			l[i].offset = top - gap * (double)(i - first[b]) - l[i].pos;
	}
	free(first);
	free(sum);
}

void gp_margin_labels(struct buf *b, struct gp_margin_label *l, size_t n, double ymin,
			       double ymax, double height_px)
{
	spread_labels(l, n, ymin, ymax, height_px);
	for (size_t i = 0; i < n; i++)
		buf_addf(b, "set label %s at graph 1.01, first %s left offset 0,%.2f\n", l[i].text,
			 l[i].var, l[i].offset);
}
