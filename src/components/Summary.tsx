import type { CheckoutSession } from '../checkout/session';
import { formatAmount } from '../i18n';
import { useI18n } from './i18n';

interface Props {
  amount: number;
  currency: string;
  /** The merchant's description of the intent, shown when there are no items to list. */
  description: string | null;
  session: CheckoutSession | null;
}

/** What the payer is paying for: the merchant's items (sessions) or description, and the total. */
export function Summary({ amount, currency, description, session }: Props) {
  const { lang, t } = useI18n();
  const money = (value: number) => formatAmount(value, currency, lang);
  return (
    <section class="momo-summary" aria-label={t('summary.total')}>
      {session && session.items.length > 0 ? (
        <ul class="momo-items" aria-label={t('summary.items')}>
          {session.items.map((item) => (
            <li key={item.productId}>
              <span class="momo-item">
                <span class="momo-item-name">{item.productName}</span>
                {item.quantity > 1 && <span class="momo-item-unit">{t('summary.quantity', { quantity: item.quantity, price: money(item.price) })}</span>}
              </span>
              <span class="momo-item-price">{money(item.price * item.quantity)}</span>
            </li>
          ))}
        </ul>
      ) : (
        description && <p class="momo-description">{description}</p>
      )}
      <p class="momo-total">
        <span>{t('summary.total')}</span>
        <strong class="momo-amount">{money(amount)}</strong>
      </p>
    </section>
  );
}
