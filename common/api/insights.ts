import { z } from 'zod';
import { GENRES } from '../constants';
import { EXPERIENCE_BANDS, RATING_BANDS, type Insights } from '../contest/insights';
import { endpoint, json, noFields, other } from './contract';

const cell = z.strictObject({ votes: z.number(), right: z.number(), accuracy: z.number() }).nullable();
const matrixRow = z.strictObject({ votes: z.number(), guesses: z.strictObject({ ai: z.number(), human: z.number(), hybrid: z.number() }) }).nullable();
const insightsSchema: z.ZodType<Insights> = z
  .strictObject({
    updated_at: z.string().nullable(),
    min_votes: z.number(),
    chance: z.number(),
    votes: z.number(),
    typed_votes: z.number(),
    matrix: z.strictObject({ ai: matrixRow, human: matrixRow, hybrid: matrixRow }),
    weekly: z.array(z.strictObject({ week: z.string(), all: cell, ai: cell, human: cell, hybrid: cell })),
    genres: z.array(z.strictObject({ genre: z.enum(GENRES), cell })),
    experience: z.array(z.strictObject({ band: z.enum(EXPERIENCE_BANDS), cell })),
    rating_bands: z.array(z.strictObject({ band: z.enum(RATING_BANDS), cell })),
    licence: z.strictObject({ name: z.string(), url: z.string(), attribution: z.string() }),
    method: z.array(z.string()),
  })
  .meta({ title: 'Insights' });

/** Public insights: what people can hear (functions/src/insights/router.ts, docs/insights.md). */
export const insights = {
  read: endpoint({ method: 'GET', path: '/api/public/insights', access: 'public', summary: 'The insights aggregates (JSON)', query: noFields, response: json(insightsSchema) }),
  csv: endpoint({
    method: 'GET',
    path: '/api/public/insights.csv',
    access: 'public',
    summary: 'The same aggregates as CSV, with the licence and the method as comment lines',
    query: noFields,
    response: other('csv', 200, 'text/csv'),
  }),
} as const;
