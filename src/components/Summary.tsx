import type { CheckoutSession } from '../checkout/session';
import { formatAmount, plainText } from '../i18n';
import { breakable, useI18n } from './i18n';
import { IN_WIDGET } from './surface';

interface Props {
  amount: number;
  currency: string;
  /** The merchant's description of the intent, shown when there are no items to list. */
  description: string | null;
  session: CheckoutSession | null;
  /** Once paid, the total reads "Total paid". */
  paid: boolean;
}

// The item list takes room a phone needs for the number and the pay button: there it folds behind
// its heading, the total always in view; a desktop's wider column shows it open.
const WIDE = '(min-width: 56.25em)';

/** What the payer is paying for: the merchant's items (sessions) or description, and the total. */
export function Summary({ amount, currency, description, session, paid }: Props) {
  const { lang, t } = useI18n();
  const money = (value: number) => formatAmount(value, currency, lang);
  const items = session ? session.items : [];
  return (
    <section class="momo-summary" aria-label={t(paid ? 'summary.paid' : 'summary.total')}>
      {!IN_WIDGET && items.length > 0 ? (
        <details class="momo-items" open={typeof matchMedia === 'function' && matchMedia(WIDE).matches}>
          <summary>
            {t('summary.items')} ({items.reduce((n, item) => n + item.quantity, 0)})
          </summary>
          <ul>
            {items.map((item) => (
              <li key={item.productId}>
                <span class="momo-item">
                  <bdi class="momo-item-name">{plainText(item.productName)}</bdi>
                  {item.quantity > 1 && (
                    <span class="momo-item-unit">
                      {t('summary.quantity', { quantity: item.quantity, price: money(item.price) })}
                    </span>
                  )}
                </span>
                <span class="momo-item-price">{money(item.price * item.quantity)}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : description ? (
        <p class="momo-description" dir="auto">
          {plainText(description)}
        </p>
      ) : (
        // The line is there on every page, so the total and the form never move when the intent lands.
        <p class="momo-items-place">{t('summary.items')}</p>
      )}
      <p class="momo-total">
        <span>{t(paid ? 'summary.paid' : 'summary.total')}</span>
        <strong class="momo-amount">{breakable(money(amount))}</strong>
      </p>
    </section>
  );
}
