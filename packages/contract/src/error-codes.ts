import { z } from 'zod';
import { errorCodes } from './error-code-list';

// The list lives apart from the schemas so that code without zod can read it.
export { errorCodes, isErrorCode, type ErrorCode } from './error-code-list';

export const errorCodeSchema = z.enum(errorCodes);

/** Codes of field errors: zod's issue codes (`too_small`, `invalid_format`, …) and our own. */
export const fieldErrorCodeSchema = z.string().regex(/^[a-z][a-z0-9_]*$/);
