// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createForm } from '../../src/checkout/form';

function filledForm() {
  const form = createForm('cg');
  for (const [field, value] of [
    ['firstName', 'Awa'],
    ['lastName', 'Ndong'],
    ['email', 'awa@example.cg'],
    ['phone', '06 123 4567'],
  ] as const)
    form.setField(field, value);
  return form;
}

describe('createForm', () => {
  it("shows a field's message once the payer has left it, and every message on an attempt to pay", () => {
    const form = createForm('cg');
    form.setField('email', 'awa@');
    expect(form.visibleErrors.value).toEqual({});
    form.blur('email');
    expect(form.visibleErrors.value).toEqual({ email: { key: 'error.email.invalid' } });
    expect(form.touchAll()).toBe(false);
    expect(Object.keys(form.visibleErrors.value).sort()).toEqual([
      'email',
      'firstName',
      'lastName',
      'operator',
      'phone',
    ]);
  });

  it("builds the confirm from the payer's fields and the method's", () => {
    const form = filledForm();
    expect(form.touchAll()).toBe(true);
    expect(form.request('pi_a_secret_b')).toEqual({
      client_secret: 'pi_a_secret_b',
      first_name: 'Awa',
      last_name: 'Ndong',
      receipt_email: 'awa@example.cg',
      payment_method_data: { type: 'momo', momo: { country: 'cg', msisdn: '242061234567', operator_name: 'mtn' } },
    });
  });

  it.each([
    ['first_name', 'firstName', { key: 'error.firstName.invalid' }],
    ['last_name', 'lastName', { key: 'error.lastName.invalid' }],
    ['receipt_email', 'email', { key: 'error.email.invalid' }],
    ['payment_method_data.momo.msisdn', 'phone', { key: 'error.phone.invalid', params: { country: 'cg' } }],
    ['payment_method_data.momo.operator_name', 'operator', { key: 'error.operator.empty' }],
  ] as const)("shows the service's refusal of %s under %s until the payer changes it", (path, field, message) => {
    const form = filledForm();
    form.touchAll();
    expect(form.refuse(path)).toBe(true);
    expect(form.visibleErrors.value).toEqual({ [field]: message });
    expect(form.valid.value).toBe(false);
    form.setField(field, form.values.value[field]);
    expect(form.visibleErrors.value).toEqual({});
  });

  it('finds no field in a refusal the payer cannot fix', () => {
    const form = filledForm();
    for (const path of ['client_secret', 'payment_method_data.type', '']) expect(form.refuse(path)).toBe(false);
    expect(form.errors.value).toEqual({});
  });
});
