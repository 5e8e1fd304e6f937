/**
 * A counter raised in this process each time content is written to the database (db/seed): caches built from that
 * content (Chloe's search indexes) are rebuilt when it moves. Other instances rebuild theirs on their own timer.
 */
let generation = 0;

export const contentGeneration = (): number => generation;

export function contentChanged(): void {
  generation += 1;
}
