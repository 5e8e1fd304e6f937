import type { GovernmentService, Organisation } from '../../../../shared/schemas/resources';

/** An entry of ours read from an HSDS data set, with where it came from for the report. */
export type IncomingEntry =
  | { kind: 'organisation'; entry: Organisation; from: string; notes: string[] }
  | { kind: 'government'; entry: GovernmentService; from: string; notes: string[] };

/** An HSDS organization or service that cannot become an entry of ours, and why. */
export type RejectedEntry = { from: string; reasons: string[] };

/** An entry without one is taken, and its page says "No official source yet" (decision 042). */
export const NO_SOURCE =
  'it has no https source (its own, its website or the data set’s, given by --source): taken without one';

export type ReadOptions = {
  /** The data set's own https page, used as the source of an organisation whose website is not https. */
  datasetSource?: string;
  /** Today in Australia (YYYY-MM-DD): a review date after it is refused. */
  today: string;
};
