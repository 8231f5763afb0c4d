/*
 * levels_text.h - the sentence of a DRAM verdict (src/levels.h): the one
 * place it is worded, for the fit's summary and the report alike, when they
 * write it: the model keeps the verdict as data (struct dram_verdict).
 */
#ifndef ROOFLINE_LEVELS_TEXT_H
#define ROOFLINE_LEVELS_TEXT_H

#include <stddef.h>

#include "levels.h"
#include "model.h"

/*
 * One line: what the sweep of `threads` threads showed at its end and which
 * rule DRAM was found by, or why it was not reached (with the rate at the
 * largest size). Returns buf.
 */
const char *levels_dram_text(const struct dram_verdict *v, int threads, char *buf, size_t size);

/*
 * A rule measure took from its pre-scan's curve, against the sweep's own:
 * where the sweep's last cache runs past twice the working set the rule was
 * 4x of, the pre-scan left that cache too early (a slow moment of the host:
 * this VM's pre-scan once put its end at 2.56 MiB, its sweep then found L3
 * to 17 MiB, and every one-core DRAM kernel ran in it). The note, with the
 * rule this sweep's curve asks, in buf; NULL when the two agree.
 */
const char *levels_rule_short_text(const struct level_map *map, char *buf, size_t size);

/*
 * Note i of the analysis as a writer prints it: its text, or for a DRAM
 * verdict (note_dram) the verdict worded now. Returns buf, or the note's own
 * text.
 */
const char *analysis_note_text(const struct analysis *a, size_t i, char *buf, size_t size);

#endif
