// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseClientSecret } from '../../src/api/schemas/client-secret';
import { clientSecretSchema } from '../../src/api/schemas/fields';
import { redact } from '../../src/api/redact';

describe('parseClientSecret', () => {
  it('names the intent of a secret in either form the interface allows', () => {
    expect(parseClientSecret('pi_3Fa9_secret_Xy7')).toEqual({ intentId: 'pi_3Fa9' });
    // "contains a _sc_ or _secret suffix part": nothing here produces _sc_, a real service may.
    expect(parseClientSecret('pi_3Fa9_sc_Xy7')).toEqual({ intentId: 'pi_3Fa9' });
  });

  it.each([
    '',
    'pi_3Fa9',
    'pi_3Fa9_secret_',
    'pi__secret_Xy7',
    'pi_3Fa9_key_Xy7',
    'cs_3Fa9_secret_Xy7',
    ' pi_3Fa9_secret_Xy7',
    'pi_3Fa9_secret_Xy7\n',
    'pi_3F-a9_secret_Xy7',
  ])('refuses %j', (text) => {
    expect(parseClientSecret(text)).toBeNull();
    expect(clientSecretSchema.safeParse(text).success).toBe(false);
  });

  it('is the shape the contract checks and the sandbox keeps out of its logs', () => {
    for (const secret of ['pi_3Fa9_secret_Xy7', 'pi_3Fa9_sc_Xy7']) {
      expect(clientSecretSchema.safeParse(secret).success).toBe(true);
      expect(redact(`confirm of ${secret} refused`)).toBe('confirm of [redacted] refused');
    }
  });
});
