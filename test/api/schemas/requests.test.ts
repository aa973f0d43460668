// @vitest-environment node
// The request bodies (src/api/schemas/requests.ts): what the sandbox checks each request with. A
// confirm pays with a method told apart by its type; a one-time code is 4 to 8 digits; a transfer's
// amount may be numeric text, as the interface's sample writes it.
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { confirmRequestSchema, otpRequestSchema, remittanceRequestSchema } from '../../../src/api/schemas/requests';

const ok = (schema: z.ZodMiniType, value: unknown) => z.safeParse(schema, value).success;
const momo = { type: 'momo', momo: { country: 'cg', msisdn: '242061234567', operator_name: 'mtn' } };

describe('requests', () => {
  it('a confirm pays with mobile money; another type of method is refused', () => {
    const confirm = {
      client_secret: 'pi_1_secret_x',
      first_name: 'Awa',
      last_name: 'Nkoulou',
      receipt_email: 'awa@example.cg',
      payment_method_data: momo,
    };
    expect(ok(confirmRequestSchema, confirm)).toBe(true);
    expect(ok(confirmRequestSchema, { ...confirm, payment_method_data: { type: 'card', card: {} } })).toBe(false);
    expect(ok(confirmRequestSchema, { ...confirm, first_name: 'Awa\nNkoulou' })).toBe(false);
  });

  it('a one-time code: 4 to 8 digits', () => {
    expect(ok(otpRequestSchema, { client_secret: 's', code: '123456' })).toBe(true);
    expect(ok(otpRequestSchema, { client_secret: 's', code: '123' })).toBe(false);
  });

  it('a remittance: its amount as an integer or numeric text', () => {
    const remittance = { first_name: 'Awa', last_name: 'N', currency: 'xaf', payment_method_data: momo };
    expect(ok(remittanceRequestSchema, { ...remittance, amount: 1000 })).toBe(true);
    expect(ok(remittanceRequestSchema, { ...remittance, amount: '1000' })).toBe(true);
    expect(ok(remittanceRequestSchema, { ...remittance, amount: '10.5' })).toBe(false);
  });
});
