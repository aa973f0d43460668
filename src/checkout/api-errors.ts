// How a failed call to the service reads to the payer: every failure maps to a screen with a
// way forward, never a blank page or an endless spinner.
import { isApiError } from '../api/errors';
import type { ErrorKind } from './screens';
import type { CheckoutEvent } from './transition';

export function errorKind(error: unknown): ErrorKind {
  if (!isApiError(error)) return 'invalidResponse';
  switch (error.kind) {
    case 'network':
    case 'timeout':
    case 'aborted':
      return 'network';
    case 'invalid_response':
      return 'invalidResponse';
    case 'http':
      if (error.status === 404) return 'notFound';
      if (error.status === 401 || error.status === 403) return 'badSecret';
      return 'server';
  }
}

/** The failure of a call as the model says it happened (./transition): the error screen it leads to. */
export function failure(error: unknown, recovery: 'reload' | 'check' | null): Extract<CheckoutEvent, { type: 'fail' }> {
  const kind = errorKind(error);
  const final = kind === 'notFound' || kind === 'badSecret';
  return { type: 'fail', error: kind, recovery: final ? null : recovery || 'check' };
}

/** The field of the request a 400 answer of the service names (a dotted path), if any. */
export function refusedField(error: unknown): string | undefined {
  return isApiError(error) && error.kind === 'http' && error.status === 400 ? error.field || undefined : undefined;
}
