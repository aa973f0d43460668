// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { redact } from '../../src/api/redact';

describe('redact', () => {
  it('removes bearer tokens and client secrets', () => {
    expect(redact('Authorization: Bearer abc sk_test_123 pi_Ab1_secret_Cd2 ok')).toBe(
      'Authorization: [redacted] [redacted] [redacted] ok',
    );
  });

  it('removes a webhook endpoint’s signing secret, in a path too', () => {
    expect(redact('/hooks/whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw?x secret=whsec_abc,')).toBe(
      '/hooks/[redacted]?x secret=[redacted],',
    );
    // Base64: four secrets in ten hold a '/' or a '+', and the part after it is secret too.
    expect(redact('secret whsec_ab/cd+ef== next')).toBe('secret [redacted] next');
  });

  it('removes record ids, keeping their kind: an error log names no intent', () => {
    expect(
      redact('GET /v1/payment-intents/pi_3kTq9ZbW2xYtR7mN1pLs4vHc failed; session cs_Q2w3E4r5T6y7U8i9O0p1A2s3'),
    ).toBe('GET /v1/payment-intents/pi_… failed; session cs_…');
  });
});
