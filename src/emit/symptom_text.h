/*
 * symptom_text.h - the guide's symptoms (src/model/symptoms.h) in words:
 * what each check found, then the guide's advice. The model keeps them as
 * facts (struct symptom_facts); report.md and report.html write them.
 */
#ifndef ROOFLINE_SYMPTOM_TEXT_H
#define ROOFLINE_SYMPTOM_TEXT_H

#include <stddef.h>

#include "symptoms.h"

/* Symptom i of sy as one paragraph. Returns buf. */
const char *symptom_text(const struct symptoms *sy, size_t i, char *buf, size_t size);

#endif
