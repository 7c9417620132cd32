/** The CMS's CSV reports (GET /api/cms/export/{file}.csv). No zod: the CMS screens import this. */
export const CSV_EXPORT_FILES = ['users', 'tracks', 'ledger', 'orders'] as const;
export type CsvExportFile = (typeof CSV_EXPORT_FILES)[number];

export const EXPORT_MSG = {
  title: 'Export Reports',
  failed: 'Failed to export report.',
} as const;
