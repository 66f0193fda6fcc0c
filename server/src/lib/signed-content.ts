import { createHash } from 'node:crypto';
import type { RecordKindName } from '@common/record-kinds';
import type { SignedChange, SignedContent } from '@common/schemas/signatures';
import canonicalize from 'canonicalize';
import type { Database } from '../db/client';
import { type RecordKind, type SignOffAsks, signOffAskedBy } from './record-kinds';

/**
 * What a signature binds (issue 27 item 3, docs/decisions/099-signed-content.md): the record's fields under their
 * labels, and the hashes of the records that belong to it (its findings, photos, procedure runs), each taken the
 * same way. The hash is SHA-256 over the RFC 8785 canonical JSON, so anyone holding the content can recompute it.
 */
export const contentHash = (content: unknown) =>
  createHash('sha256')
    .update(canonicalize(content) ?? '')
    .digest('hex');

/** Dates become ISO strings and undefined fields go: the content is what JSON keeps, so it hashes the same when read back. */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value));

/** The signed content of a record of `kind`, given by the kinds (app.ts); a kind that gives none is not signable. */
export type ContentOf = (db: Database, kind: RecordKindName, id: number) => Promise<SignedContent>;

export const signedContentOf =
  (kinds: readonly RecordKind[]): ContentOf =>
  async (db, kind, id) => {
    const own = kinds.find((k) => k.name === kind)?.signedFields;
    if (!own) throw new Error(`The record kind ${kind} gives no signed content: it cannot be signed`);
    const parts: SignedContent['parts'] = {};
    for (const other of kinds) {
      const partsOf = other.signedPartsOf?.[kind];
      if (!partsOf) continue;
      const rows = asJson(await partsOf(db, id));
      parts[other.name] = rows.map((fields) => ({ id: Number(fields.id), hash: contentHash(fields) }));
    }
    return { kind, id, fields: asJson(await own(db, id)), parts };
  };

const same = (a: unknown, b: unknown) => canonicalize(a) === canonicalize(b);
/** A value as a change shows it: a scalar as it is, anything else as its JSON. */
const shown = (value: unknown): SignedChange['now'] =>
  value === undefined || value === null
    ? null
    : typeof value === 'object'
      ? JSON.stringify(value)
      : (value as string | number | boolean);
const words = (name: string) => name.replace('_', ' ');

/**
 * What changed between the signed content and the record as it is now, in words: each field whose value differs,
 * and for each kind of part, how many were added, changed or removed (by their ids and hashes).
 */
export function changesSince(signed: SignedContent, now: SignedContent): SignedChange[] {
  const changes: SignedChange[] = [];
  for (const field of new Set([...Object.keys(signed.fields), ...Object.keys(now.fields)])) {
    if (!same(signed.fields[field], now.fields[field])) {
      changes.push({ field, signed: shown(signed.fields[field]), now: shown(now.fields[field]) });
    }
  }
  for (const kind of new Set([...Object.keys(signed.parts), ...Object.keys(now.parts)])) {
    const before = new Map((signed.parts[kind] ?? []).map((p) => [p.id, p.hash]));
    const after = new Map((now.parts[kind] ?? []).map((p) => [p.id, p.hash]));
    const added = [...after.keys()].filter((id) => !before.has(id)).length;
    const removed = [...before.keys()].filter((id) => !after.has(id)).length;
    const changed = [...after].filter(([id, hash]) => before.has(id) && before.get(id) !== hash).length;
    const counts = [added && `${added} added`, changed && `${changed} changed`, removed && `${removed} removed`].filter(
      Boolean,
    );
    if (counts.length) changes.push({ field: `${words(kind)}s`, signed: null, now: counts.join(', ') });
  }
  return changes;
}

/** What a domain that signs its records needs of the other kinds: who asks for a sign-off, and what is signed. */
export type Signing = { asks: SignOffAsks; content: ContentOf };
export const signingBy = (kinds: readonly RecordKind[]): Signing => ({
  asks: signOffAskedBy(kinds),
  content: signedContentOf(kinds),
});
