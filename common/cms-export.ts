import { z } from 'zod';

/** The CMS's CSV reports (GET /api/cms/export/{file}.csv). */
export const CSV_EXPORT_FILES = ['users', 'tracks', 'ledger', 'orders'] as const;
export type CsvExportFile = (typeof CSV_EXPORT_FILES)[number];

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD)')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Must be a real date');

/** The ledger report's range: UTC days, both inclusive, each optional. */
export const exportRangeInput = z.strictObject({ from: day.optional(), to: day.optional() });

export const EXPORT_MSG = {
  title: 'Export Reports',
  failed: 'Failed to export report.',
  downloaded: (file: string) => `${file} downloaded`,
} as const;
