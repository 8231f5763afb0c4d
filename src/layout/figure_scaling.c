/*
 * figure_scaling.c - the all-core figure's scaling table: each drawn roof
 * beside the one it scales from on the base figure's thread count.
 */
#include "figure.h"
#include "figure_frame.h"
#include "figure_scaling.h"
#include "figure_scene.h"

#include <math.h>
#include <stdio.h>

#include "roofkey.h"

/* The base figure's roof of r's own level (or the peak). */
static const struct roof *level_base(const struct analysis *b, const struct roof *r)
{
	for (size_t j = 0; j < b->nroofs; j++)
		if (fig_roof_same(&b->roofs[j], r) && fig_roof_ok(&b->roofs[j]))
			return &b->roofs[j];
	return NULL;
}


/*
 * The all-core figure's scaling table, as legend rows of text: each drawn
 * slope and the peak with its value on the base figure's threads and here,
 * and the ratio ("L1  620 \u2192 1083 GB/s  \u00d71.75"). A roof the base
 * run lacks is left out of the table, not guessed.
 */
void fig_scaling_rows(struct fig *g, const struct figure_line *lines, size_t nlines, struct figure_legend *lg)
{
	const struct analysis *b = g->base;
	if (!b || b->nroofs == 0)
		return;
	int bt = b->roofs[0].threads;
	size_t header = lg->n;
	for (size_t k = 0; k < 2 * g->a->nroofs; k++) {
		/* The slopes first (L1 down to DRAM, as fitted), then the peak; those drawn. */
		const struct roof *r = &g->a->roofs[k % g->a->nroofs];
		size_t li = 0;
		while (li < nlines && lines[li].roof != r)
			li++;
		if (li == nlines || !lines[li].visible ||
		    r->kind != (k < g->a->nroofs ? ROOF_BANDWIDTH : ROOF_COMPUTE))
			continue;
		/* Like with like, the report's rule: one core's roof of the pattern that set this one. */
		const struct roof *o = analysis_scaling_base(b, r, bt);
		if (o && !(isfinite(o->value) && o->value > 0))
			o = NULL;
		if (!o)
			continue;
		if (lg->n == header) {
			lg->rows[lg->n].kind = LEG_TEXT;
			lg->rows[lg->n].fam = NULL;
			snprintf(lg->rows[lg->n++].text, sizeof lg->rows[0].text, "scaling from %d thread%s:", bt,
				 bt == 1 ? "" : "s");
		}
		char v0[16], v1[16];
		fig_format_value(o->value, v0, sizeof v0);
		fig_format_value(r->value, v1, sizeof v1);
		lg->rows[lg->n].kind = LEG_TEXT;
		lg->rows[lg->n].fam = NULL;
		/* Like with like: where another pattern set this level's roof, its own base is named. */
		char like[24] = "";
		const struct roof *lv = level_base(b, r);
		if (o->kind == ROOF_PATTERN && !(lv && lv->value == o->value))
			roofkey_pattern_text(&o->key, like, sizeof like);
		snprintf(lg->rows[lg->n++].text, sizeof lg->rows[0].text, "%s %s%s%s%s \u2192 %s %s  \u00d7%.2f", r->name,
			 v0, *like ? " (" : "", like, *like ? ")" : "", v1, roof_unit(r), r->value / o->value);
	}
}
