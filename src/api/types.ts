// Every API type, inferred from the schemas: nothing here is declared by hand.
import type * as z from 'zod/mini';
import type * as s from './schemas';

export type PaymentMethodData = z.infer<typeof s.paymentMethodDataSchema>;
export type ConfirmRequest = z.input<typeof s.confirmRequestSchema>;
export type RemittanceRequest = z.input<typeof s.remittanceRequestSchema>;
export type DisbursementRequest = z.input<typeof s.disbursementRequestSchema>;
export type SessionItem = z.infer<typeof s.sessionItemSchema>;
export type SessionRequest = z.input<typeof s.sessionRequestSchema>;
export type CreateIntentRequest = z.input<typeof s.createIntentRequestSchema>;
export type Metadata = z.infer<typeof s.metadataSchema>;
export type MerchantRequest = z.input<typeof s.merchantRequestSchema>;

export type Remittance = z.infer<typeof s.remittanceSchema>;
export type RemittanceCreated = z.infer<typeof s.remittanceCreatedSchema>;
export type RemittanceList = z.infer<typeof s.remittanceListSchema>;
export type PaginationMeta = z.infer<typeof s.paginationMetaSchema>;
export type Disbursement = z.infer<typeof s.disbursementSchema>;
export type ConfirmResult = z.infer<typeof s.confirmResultSchema>;
export type ConfirmResultView = z.infer<typeof s.confirmResultViewSchema>;
export type ConfirmStatus = z.infer<typeof s.confirmStatusSchema>;
export type ChargeRecord = z.infer<typeof s.chargeRecordSchema>;
export type PayoutRecord = z.infer<typeof s.payoutRecordSchema>;
export type PaymentEvent = z.infer<typeof s.eventSchema>;
export type PaymentError = z.infer<typeof s.paymentErrorSchema>;
export type IntentPaymentMethod = z.infer<typeof s.intentPaymentMethodSchema>;
export type PaymentIntent = z.infer<typeof s.paymentIntentSchema>;
export type PaymentIntentView = z.infer<typeof s.paymentIntentViewSchema>;
export type Merchant = z.infer<typeof s.merchantSchema>;
export type Session = z.infer<typeof s.sessionSchema>;
export type PublicSession = z.infer<typeof s.publicSessionSchema>;
export type SessionStatus = z.infer<typeof s.sessionStatusSchema>;
export type IntentStatus = z.infer<typeof s.intentStatusSchema>;
export type SessionList = z.infer<typeof s.sessionListSchema>;
export type PaymentIntentList = z.infer<typeof s.paymentIntentListSchema>;
export type ErrorBody = z.infer<typeof s.errorBodySchema>;
