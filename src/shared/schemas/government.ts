import { z } from 'zod';
import { lineText } from './common';

export const SERVICE_STATES = ['operational', 'degraded', 'outage', 'unknown'] as const;

export const serviceStatusSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  status: z.enum(SERVICE_STATES),
  /** When it was last probed; null before the first check. */
  lastChecked: z.string().nullable(),
  /** A notice an admin set on the service, such as planned maintenance. */
  note: z.string().optional(),
});
export type ServiceStatusItem = z.infer<typeof serviceStatusSchema>;

export const serviceStatusResponseSchema = z.object({ services: z.array(serviceStatusSchema) });

export const SERVICE_NOTE_MAX = 300;
export const serviceNoticeParamsSchema = z.object({ id: z.string().max(50) });
/** A notice to show on a service, or null to remove it. */
export const serviceNoticeBodySchema = z.object({
  note: lineText('validation.noteRequired')
    .min(1, 'validation.noteRequired')
    .max(SERVICE_NOTE_MAX, 'validation.noteMax')
    .nullable(),
});
