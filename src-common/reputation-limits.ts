/**
 * How many traders one GET /api/reputation/summary may ask about. Kept apart from the zod schemas so the
 * first paint, which batches summaries for the cards it shows, does not load zod.
 */
export const REPUTATION_SUMMARY_MAX_IDS = 200;
