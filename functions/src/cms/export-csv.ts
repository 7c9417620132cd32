import type { RequestHandler, Response } from 'express';
import { FieldPath, type DocumentSnapshot, type Firestore, type Query } from 'firebase-admin/firestore';
import { exportRangeInput } from '../../../common/api/cms';
import { CSV_EXPORT_FILES, type CsvExportFile } from '../../../common/cms/cms-export';
import { balanceDocOf, rolesIn } from '../platform/firestore/account-docs';
import { COL } from '../platform/firestore/collections';
import { trackStatsOf } from '../tracks/track-doc';
import type { Deps } from '../platform/deps';
import { badRequest, notFound } from '../platform/http/errors';
import { parse } from '../platform/http/validate';
import { csvRow, type CsvValue } from './csv';

/** Documents read per page: the export streams page by page, never the whole collection at once. */
const PAGE = 300;

type Report = {
  header: readonly string[];
  query: (db: Firestore, range: { from: string; to: string }) => Query;
  rows: (db: Firestore, page: DocumentSnapshot[]) => Promise<CsvValue[][]>;
};

const byId = (db: Firestore, col: string) => db.collection(col).orderBy(FieldPath.documentId());
/** A stored field as a CSV cell: text, a number or a boolean as it is, anything else (a timestamp, a list) as its text. */
const field = (d: DocumentSnapshot, name: string): CsvValue => {
  const v: unknown = d.get(name);
  return v === undefined || v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : String(v);
};

/** The docs of `col` with the same ids as `page`, in order (one batched read per page). */
async function companions(db: Firestore, col: string, page: DocumentSnapshot[]): Promise<DocumentSnapshot[]> {
  return page.length ? db.getAll(...page.map((d) => db.collection(col).doc(d.id))) : [];
}

const REPORTS: Record<CsvExportFile, Report> = {
  users: {
    header: ['id', 'username', 'full_name', 'email', 'roles', 'balance', 'migration_status', 'wallet_address', 'created_at'],
    query: (db) => byId(db, COL.profiles),
    rows: async (db, page) => {
      const [roles, balances] = await Promise.all([companions(db, COL.userRoles, page), companions(db, COL.balances, page)]);
      return page.map((d, i) => [
        d.id,
        field(d, 'username'),
        field(d, 'full_name'),
        field(d, 'email'),
        (rolesIn(roles[i]) ?? []).join(' '),
        balanceDocOf(balances[i])?.balance ?? 0,
        field(d, 'migration_status'),
        field(d, 'wallet_address'),
        field(d, 'created_at'),
      ]);
    },
  },
  tracks: {
    header: ['id', 'title', 'artist_name', 'genre', 'song_type', 'submission_type', 'status', 'submitted_by', 'created_at', 'total_votes', 'correct_guesses', 'incorrect_guesses', 'fool_rate'],
    query: (db) => byId(db, COL.tracks),
    rows: async (db, all) => {
      const page = all.filter((d) => d.get('_deleted') !== true);
      const stats = await companions(db, COL.trackStats, page);
      return page.map((d, i) => {
        const s = stats[i];
        const counts = s?.exists ? trackStatsOf(s) : null;
        return [
          ...['id', 'title', 'artist_name', 'genre', 'song_type', 'submission_type', 'status', 'submitted_by', 'created_at'].map((f) => (f === 'id' ? d.id : field(d, f))),
          counts?.total_votes ?? 0,
          counts?.correct_guesses ?? 0,
          counts?.incorrect_guesses ?? 0,
          counts?.fool_rate ?? 0,
        ];
      });
    },
  },
  ledger: {
    header: ['id', 'created_at', 'user_id', 'delta', 'reason', 'ref', 'balance_after', 'note'],
    query: (db, { from, to }) => db.collection(COL.ledger).where('created_at', '>=', from).where('created_at', '<', to).orderBy('created_at'),
    rows: async (_db, page) => page.map((d) => [d.id, ...['created_at', 'user_id', 'delta', 'reason', 'ref', 'balance_after', 'note'].map((f) => field(d, f))]),
  },
  orders: {
    header: ['id', 'created_at', 'status', 'method', 'listing_id', 'buyer_id', 'seller_id', 'amount_tokens', 'amount_usd', 'expires_at'],
    query: (db) => byId(db, COL.orders),
    rows: async (_db, page) =>
      page.map((d) => [d.id, ...['created_at', 'status', 'method', 'listing_id', 'buyer_id', 'seller_id', 'amount_tokens', 'amount_usd', 'expires_at'].map((f) => field(d, f))]),
  },
};

/** The ledger's range as ISO bounds: from the start of `from` to the end of `to` (UTC days); all time without them. */
function rangeOf(query: unknown): { from: string; to: string } {
  const { from, to } = parse(exportRangeInput, query ?? {});
  if (from && to && from > to) throw badRequest('from: Must not be after to');
  const end = to ? new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString() : '9999';
  return { from: from ? `${from}T00:00:00.000Z` : '', to: end };
}

/** UTF-8's byte order mark: without it Excel reads the file as the system's code page ("Ramírez" as "RamÃ­rez"). */
const UTF8_BOM = '\uFEFF';

async function stream(db: Firestore, res: Response, report: Report, range: { from: string; to: string }): Promise<void> {
  res.write(UTF8_BOM + csvRow(report.header));
  let last: DocumentSnapshot | null = null;
  for (;;) {
    const base = report.query(db, range).limit(PAGE);
    const page: DocumentSnapshot[] = (await (last ? base.startAfter(last) : base).get()).docs;
    for (const row of await report.rows(db, page)) res.write(csvRow(row));
    if (page.length < PAGE) break;
    last = page[page.length - 1]!;
  }
  res.end();
}

/**
 * GET /api/cms/export/:file — admin; users.csv, tracks.csv (with vote stats), ledger.csv
 * (?from=YYYY-MM-DD&to=YYYY-MM-DD, UTC days, both inclusive) or orders.csv, as a download,
 * streamed in pages of 300 documents.
 */
export const exportCsv =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const name = String(req.params.file ?? '').replace(/\.csv$/, '');
    if (!(CSV_EXPORT_FILES as readonly string[]).includes(name) || !String(req.params.file).endsWith('.csv')) throw notFound('No such report');
    const file = name as CsvExportFile;
    const range = rangeOf(file === 'ledger' ? req.query : {});
    const stamp = new Date(deps.now()).toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${file}-${stamp}.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    await stream(deps.db, res, REPORTS[file], range);
  };
