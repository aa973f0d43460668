import { ApiError } from '../../src/api';

/** The ApiError a call ends with; fails the test if the call succeeds or throws anything else. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}
