import { createHash } from 'node:crypto';

/**
 * The namespace of the UUIDs in our HSDS data: fixed for good, so that an entry has the same HSDS ids in every
 * export and a partner who keeps our ids can send them back (docs/decisions/025-open-referral-hsds.md).
 */
export const HSDS_ID_NAMESPACE = '5b0f3c8e-2d47-4a6b-9e1c-7f3a8d2b6c41';

/** A name-based UUID (RFC 9562 version 5: SHA-1 of the namespace and the name). */
export function uuidV5(name: string, namespace: string = HSDS_ID_NAMESPACE): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SLUG_MAX = 80;

/**
 * A directory id from a name, as our content ids are written: lower-case ASCII letters and digits joined by
 * hyphens, Vietnamese and other accents dropped ("Hội Người Việt" gives "hoi-nguoi-viet"). Empty when the name has
 * no letters or digits.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= SLUG_MAX) return slug;
  const cut = slug.slice(0, SLUG_MAX);
  return cut.slice(0, cut.lastIndexOf('-') > 0 ? cut.lastIndexOf('-') : SLUG_MAX).replace(/-+$/, '');
}

/** Where an entry's id is kept in HSDS: the value of its "Mentor Me directory id" attribute. */
export type EntryKind = 'organisation' | 'government';
export const directoryIdValue = (kind: EntryKind, id: string) => `${kind}/${id}`;

/** The HSDS ids of an entry's rows, derived from our id (so stable across exports). */
export const hsdsIds = {
  organisation: (id: string) => uuidV5(`organisation/${id}`),
  organisationService: (id: string) => uuidV5(`organisation/${id}/service`),
  department: (name: string) => uuidV5(`department/${name}`),
  government: (id: string) => uuidV5(`government/${id}`),
};
