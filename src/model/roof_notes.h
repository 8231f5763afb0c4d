/*
 * roof_notes.h - the notes said of one roof that may be said of several
 * (struct roof_note, model.h): "stores in place set the roof" of every
 * level, "a slope of the level, not noise" of a few. Each is kept as typed
 * facts; the writers word it (src/emit/note_text.h), alone or as a group
 * said once, listing the roofs. Pure: no I/O.
 */
#ifndef ROOFLINE_ROOF_NOTES_H
#define ROOFLINE_ROOF_NOTES_H

#include <stddef.h>

#include "model.h"

/* Adds note n, its facts, to the analysis. */
void analysis_roof_note(struct analysis *a, const struct roof_note *n);

/* 1 when notes of this kind may be said once of several roofs (roof_notes_same tells which). */
int roof_note_groups(enum note_kind kind);

/* 1 when x and y say the same of their roofs (same kind; for stores, the same store kind and pattern). */
int roof_notes_same(const struct roof_note *x, const struct roof_note *y);

#endif
