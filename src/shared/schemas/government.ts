import { z } from 'zod';

export const SERVICE_STATES = ['operational', 'degraded', 'outage', 'unknown'] as const;

export const serviceStatusSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  status: z.enum(SERVICE_STATES),
  /** When it was last probed; null before the first check. */
  lastChecked: z.string().nullable(),
});
export type ServiceStatusItem = z.infer<typeof serviceStatusSchema>;

export const serviceStatusResponseSchema = z.object({ services: z.array(serviceStatusSchema) });
