/**
 * Characters that change how text reads without being text: C0 and C1 controls (line breaks,
 * tabs) and the bidirectional embeddings, overrides and isolates (U+202E turns "exe.txt" into
 * "txt.exe"). The bidirectional marks and the zero-width joiner stay: right-to-left names and
 * emoji need them.
 */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+/g;

/** Invisible characters with no use in a name: zero-width space, word joiner and the invisible operators, the BOM. (A name of them alone looked empty.) */
const INVISIBLE = /[\u200b\u2060-\u2064\ufeff]+/g;

/** A name or a title as one line of plain text: unprintable characters and runs of spaces become one space, invisible ones go. */
export const oneLine = (s: string): string => s.replace(INVISIBLE, '').replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim();
