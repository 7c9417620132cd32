import { existsSync } from 'node:fs';
import { readFile, writeFile, rename } from 'node:fs/promises';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { FirestoreServer } from './firestore-emulator';

/**
 * Saves and restores the in-process emulator's data as JSON, one entry per collection path
 * (subcollections such as track_stats/{id}/vote_shards included).
 */

type Encoded = unknown;

const encode = (v: unknown): Encoded => {
  if (v instanceof Timestamp) return { __ts: [v.seconds, v.nanoseconds] };
  if (Array.isArray(v)) return v.map(encode);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, encode(x)]));
  return v;
};

const decode = (v: Encoded): unknown => {
  if (Array.isArray(v)) return v.map(decode);
  if (v && typeof v === 'object') {
    const ts = (v as { __ts?: [number, number] }).__ts;
    if (ts) return new Timestamp(ts[0], ts[1]);
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, decode(x)]));
  }
  return v;
};

type CollectionJson = { documents: Record<string, { collections: Record<string, CollectionJson> }> };

/** Every collection's path relative to the database (`a`, `a/x/b`, ...), from the emulator's state. */
function collectionPaths(server: FirestoreServer, projectId: string): string[] {
  const json = server.state.toJSON() as {
    projects: Record<string, { databases: Record<string, { collections: Record<string, CollectionJson> }> }>;
  };
  const out: string[] = [];
  const walk = (collections: Record<string, CollectionJson>, prefix: string) => {
    for (const [name, collection] of Object.entries(collections)) {
      out.push(`${prefix}${name}`);
      for (const [id, doc] of Object.entries(collection.documents)) walk(doc.collections, `${prefix}${name}/${id}/`);
    }
  };
  walk(json.projects[projectId]?.databases['(default)']?.collections ?? {}, '');
  return out;
}

export async function saveSnapshot(server: FirestoreServer, db: Firestore, projectId: string, file: string): Promise<number> {
  const out: Record<string, Record<string, Encoded>> = {};
  let count = 0;
  for (const name of collectionPaths(server, projectId)) {
    const snap = await db.collection(name).get();
    if (snap.empty) continue;
    out[name] = Object.fromEntries(snap.docs.map((d) => [d.id, encode(d.data())]));
    count += snap.size;
  }
  await writeFile(`${file}.tmp`, JSON.stringify(out));
  await rename(`${file}.tmp`, file);
  return count;
}

export async function loadSnapshot(db: Firestore, file: string): Promise<number> {
  if (!existsSync(file)) return 0;
  const data = JSON.parse(await readFile(file, 'utf8')) as Record<string, Record<string, Encoded>>;
  let count = 0;
  let batch = db.batch();
  let inBatch = 0;
  for (const [name, docs] of Object.entries(data)) {
    for (const [id, fields] of Object.entries(docs)) {
      batch.set(db.collection(name).doc(id), decode(fields) as Record<string, unknown>);
      count++;
      if (++inBatch === 400) {
        await batch.commit();
        batch = db.batch();
        inBatch = 0;
      }
    }
  }
  if (inBatch) await batch.commit();
  return count;
}
