/* roof_notes.c - notes of one roof as typed facts, and which say the same (see roof_notes.h). */
#include "roof_notes.h"

#include <string.h>

void analysis_roof_note(struct analysis *a, const struct roof_note *n)
{
	if (a->nnotes >= ANALYSIS_MAX_NOTES)
		return;
	a->roof_notes[a->nnotes] = *n;
	a->nnotes++;
}

int roof_notes_same(const struct roof_note *x, const struct roof_note *y)
{
	if (x->kind != y->kind || !roof_note_groups(x->kind))
		return 0;
	if (x->kind == NOTE_STORES_SET_ROOF)
		return x->stores == y->stores && x->ordinary.reads == y->ordinary.reads &&
		       x->ordinary.writes == y->ordinary.writes && x->ordinary.stores == y->ordinary.stores;
	return 1;
}

int roof_note_groups(enum note_kind kind)
{
	return kind == NOTE_STORES_SET_ROOF || kind == NOTE_PLATEAU_SLOPE || kind == NOTE_JOB_OFF_TARGET ||
	       kind == NOTE_JOB_SHORT_OF_RULE;
}
