import { errorResponseSchema } from '../../shared/schemas/common';
import { requireRole } from './auth';

/** What every admin route may answer besides its success, wherever its module is. */
export const adminErrorReplies = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
/** The OpenAPI tag of the admin dashboard's routes. */
export const adminTags = ['admin'];
/** Checked by each admin route itself, as well as by the auth plugin's hook for every /api/admin/ path. */
export const requireAdmin = requireRole('admin');
