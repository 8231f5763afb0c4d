/*
 * note_text.h - the one place the fit's notes are worded: a note's typed
 * facts (struct roof_note, model.h), a DRAM verdict (struct dram_verdict,
 * src/core/levels.h), for the fit's summary and the reports alike. The
 * model keeps notes as data; these write them.
 */
#ifndef ROOFLINE_NOTE_TEXT_H
#define ROOFLINE_NOTE_TEXT_H

#include <stddef.h>

#include "levels.h"
#include "model.h"

/*
 * One line: what the sweep of `threads` threads showed at its end and which
 * rule DRAM was found by, or why it was not reached (with the rate at the
 * largest size). Returns buf.
 */
const char *levels_dram_text(const struct dram_verdict *v, int threads, char *buf, size_t size);

/* The note of one roof, one sentence, as the fit's summary prints it (kinds of one roof or job only). Returns buf. */
const char *roof_note_text(const struct roof_note *n, char *buf, size_t size);

/* Note i of the analysis as the fit's summary prints it, one sentence. Returns buf or a text the analysis holds. */
const char *analysis_note_text(const struct analysis *a, size_t i, char *buf, size_t size);

/*
 * Note i of the analysis as report.md lists it: NULL when an earlier note
 * says the same (it was said there); else, for a note of one roof that
 * others share, one sentence naming them all; else the note's own text
 * (analysis_note_text). Returns buf or the note's text.
 */
const char *analysis_note_grouped(const struct analysis *a, size_t i, char *buf, size_t size);

#endif
