import { errorResponseSchema } from '../../../shared/schemas/common';

/** The error answers that most question routes can give. */
export const errorReplies = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
