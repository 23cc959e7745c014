import { AppError } from '../../errors';
import type { SubsonicAnswer } from './subsonic-endpoint';
import { SubsonicCode, SubsonicError } from './subsonic-response';

/** The HTTP status a stream's failure is sent with, by its Subsonic code. */
const STATUS_OF_CODE: Readonly<Partial<Record<number, number>>> = {
  [SubsonicCode.missingParameter]: 400,
  [SubsonicCode.generic]: 400,
  [SubsonicCode.notAuthorized]: 403,
  [SubsonicCode.notFound]: 404,
};

/**
 * Runs a stream's answer with its failures sent over their own HTTP status, as OpenSubsonic
 * asks of `getTranscodeStream`, so that no player keeps an error body as audio.
 */
export async function failingWithHttpStatus(
  answer: () => Promise<SubsonicAnswer>,
): Promise<SubsonicAnswer> {
  try {
    return await answer();
  } catch (error) {
    if (error instanceof SubsonicError && error.httpStatus === 200) {
      throw new SubsonicError(error.code, error.message, STATUS_OF_CODE[error.code] ?? 400);
    }
    if (error instanceof AppError && error.statusCode === 404) {
      throw new SubsonicError(SubsonicCode.notFound, error.message, 404);
    }
    throw error;
  }
}
