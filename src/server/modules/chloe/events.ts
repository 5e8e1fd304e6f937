import { z } from 'zod';
import { eventKind } from '../../realtime/events';

/** Chloe has replies to write (a question was posted, a job retried): every instance's reply worker looks at once. */
export const chloeJobsDue = eventKind('chloe', z.object({}));
