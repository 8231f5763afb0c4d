/*
 * roof_notes.h - the notes said of one roof that may be said of several
 * (struct roof_note, model.h): "stores in place set the roof" of every
 * level, "a slope of the level, not noise" of a few. Each is kept as typed
 * facts and worded here, alone (the fit's summary, one line a roof) or as a
 * group said once, listing the roofs (report.md). Pure: no I/O.
 */
#ifndef ROOFLINE_ROOF_NOTES_H
#define ROOFLINE_ROOF_NOTES_H

#include <stddef.h>

#include "model.h"

/* Adds note n to the analysis: its facts, and its text worded alone (roof_note_text). */
void analysis_roof_note(struct analysis *a, const struct roof_note *n);

/* The note of one roof, one sentence, as the fit's summary prints it. Returns buf. */
const char *roof_note_text(const struct roof_note *n, char *buf, size_t size);

/* 1 when x and y say the same of their roofs (same kind; for stores, the same store kind and pattern). */
int roof_notes_same(const struct roof_note *x, const struct roof_note *y);

/*
 * Note i of the analysis as report.md lists it: NULL when an earlier note
 * says the same (it was said there); else, for a note of one roof that
 * others share, one sentence naming them all; else the note's own text
 * (analysis_note_text). Returns buf or the note's text.
 */
const char *analysis_note_grouped(const struct analysis *a, size_t i, char *buf, size_t size);

#endif
