// Every API type, inferred from the schemas: nothing here is declared by hand.
import type * as z from 'zod/mini';
import type * as s from './schemas';
import type * as events from './schemas/events';
import type * as hooks from './schemas/webhook-endpoints';
import type * as links from './schemas/payment-links';

export type PaymentMethodData = z.infer<typeof s.paymentMethodDataSchema>;
export type ConfirmRequest = z.input<typeof s.confirmRequestSchema>;
export type OtpRequest = z.input<typeof s.otpRequestSchema>;
export type RemittanceRequest = z.input<typeof s.remittanceRequestSchema>;
export type DisbursementRequest = z.input<typeof s.disbursementRequestSchema>;
export type SessionItem = z.infer<typeof s.sessionItemSchema>;
export type SessionCustomer = NonNullable<z.infer<typeof s.sessionRequestSchema>['customer']>;
export type Customer = z.infer<typeof s.customerViewSchema>;
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
export type NextAction = z.infer<typeof s.nextActionSchema>;
export type ChargeRecord = z.infer<typeof s.chargeRecordSchema>;
export type PayoutRecord = z.infer<typeof s.payoutRecordSchema>;
export type PaymentEvent = z.infer<typeof s.eventSchema>;
export type PaymentError = z.infer<typeof s.paymentErrorSchema>;
export type IntentPaymentMethod = z.infer<typeof s.intentPaymentMethodSchema>;
export type PaymentIntent = z.infer<typeof s.paymentIntentSchema>;
export type PaymentIntentView = z.infer<typeof s.paymentIntentViewSchema>;
export type Merchant = z.infer<typeof s.merchantSchema>;
export type WalletStatus = z.infer<typeof s.walletStatusSchema>;
export type WalletHealth = z.infer<typeof s.walletHealthSchema>;
export type WalletHealthView = z.infer<typeof s.walletHealthViewSchema>;
export type Availability = z.infer<typeof s.availabilitySchema>;
export type Session = z.infer<typeof s.sessionSchema>;
export type PublicSession = z.infer<typeof s.publicSessionSchema>;
export type SessionStatus = z.infer<typeof s.sessionStatusSchema>;
export type IntentStatus = z.infer<typeof s.intentStatusSchema>;
export type ChargeStatus = z.infer<typeof s.chargeStatusSchema>;
export type ChargeType = z.infer<typeof s.chargeTypeSchema>;
export type PayoutStatus = z.infer<typeof s.payoutStatusSchema>;
export type PayoutType = z.infer<typeof s.payoutTypeSchema>;
export type SessionList = z.infer<typeof s.sessionListSchema>;
export type PaymentIntentList = z.infer<typeof s.paymentIntentListSchema>;
export type ErrorBody = z.infer<typeof s.errorBodySchema>;

// Extension (issue 32): the events pushed to a merchant's endpoints.
export type WebhookEvent = z.infer<typeof events.webhookEventSchema>;
export type WebhookEventType = z.infer<typeof events.eventTypeSchema>;
export type WebhookFault = z.infer<typeof hooks.webhookFaultSchema>;
export type CreateWebhookEndpointRequest = z.input<typeof hooks.createWebhookEndpointSchema>;
export type WebhookEndpoint = z.infer<typeof hooks.webhookEndpointSchema>;
export type WebhookEndpointList = z.infer<typeof hooks.webhookEndpointListSchema>;
export type WebhookEventList = z.infer<typeof hooks.webhookEventListSchema>;
export type WebhookDelivery = z.infer<typeof hooks.webhookDeliverySchema>;
export type WebhookDeliveryList = z.infer<typeof hooks.webhookDeliveryListSchema>;

// Extension (issue 31): payment links.
export type PaymentLinkRequest = z.input<typeof links.paymentLinkRequestSchema>;
export type PaymentLinkStatus = z.infer<typeof links.paymentLinkStatusSchema>;
export type PublicPaymentLink = z.infer<typeof links.publicPaymentLinkSchema>;
export type PaymentLink = z.infer<typeof links.paymentLinkSchema>;
export type PaymentLinkList = z.infer<typeof links.paymentLinkListSchema>;
export type PaymentLinkOpened = z.infer<typeof links.paymentLinkOpenedSchema>;
