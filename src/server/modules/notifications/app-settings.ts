import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appSettings } from '../../db/schema';

/**
 * A value the app makes once and every instance shares (the VAPID keys, the unsubscribe links' secret). Instances
 * starting together may each make one: the first insert wins and all of them read the winner back.
 */
export async function sharedSetting<T>(db: Database, key: string, make: () => T): Promise<T> {
  await db.insert(appSettings).values({ key, value: make() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  return row!.value as T;
}

/** The same, read once per database and process; a failed read is tried again next time. */
export function cachedSetting<T>(key: string, make: () => T): (db: Database) => Promise<T> {
  const cache = new WeakMap<Database, Promise<T>>();
  return (db) => {
    let value = cache.get(db);
    if (!value) {
      value = sharedSetting(db, key, make);
      value.catch(() => cache.delete(db));
      cache.set(db, value);
    }
    return value;
  };
}
