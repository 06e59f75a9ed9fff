import type { MobilePlanFacts } from '@popstage/core/mobile';
import { AppProvider } from '@shopify/polaris';
import en from '@shopify/polaris/locales/en.json';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlanNote } from './PlanNote';

const SUPPORT = 'support@popstage.example';

function renderNote(plan: Partial<MobilePlanFacts>) {
  return render(
    <AppProvider i18n={en}>
      <PlanNote
        plan={{ name: 'basic', android: false, downloadsMax: 1000, ...plan }}
        supportEmail={SUPPORT}
      />
    </AppProvider>,
  );
}

const contactSales = () =>
  screen.queryByRole('link', { name: 'Need more downloads? Contact sales.' });

describe('PlanNote (spec 03 §6: downloads per plan, Android from Pro, contact sales)', () => {
  it('Basic: iOS only, its download limit and the contact-sales link to support', () => {
    const { container } = renderNote({});
    expect(container).toHaveTextContent(
      'Mobile Basic: iOS (Android from Pro), 1,000 app downloads. Need more downloads? Contact sales.',
    );
    expect(contactSales()).toHaveAttribute(
      'href',
      `mailto:${SUPPORT}?subject=More%20app%20downloads`,
    );
  });

  it('Pro: both platforms and 10,000 downloads', () => {
    const { container } = renderNote({ name: 'pro', android: true, downloadsMax: 10_000 });
    expect(container).toHaveTextContent('Mobile Pro: iOS and Android, 10,000 app downloads.');
    expect(contactSales()).not.toBeNull();
  });

  it('-1 is unlimited: “Unlimited app downloads” and nothing more to sell', () => {
    const { container } = renderNote({ name: 'premium', android: true, downloadsMax: -1 });
    expect(container).toHaveTextContent(
      'Mobile Premium: iOS and Android, Unlimited app downloads.',
    );
    expect(contactSales()).toBeNull();
  });

  it('no limit in the catalogue: no downloads figure, sales still reachable', () => {
    const { container } = renderNote({ downloadsMax: null });
    expect(container).toHaveTextContent('Mobile Basic: iOS (Android from Pro).');
    expect(container).not.toHaveTextContent('app downloads');
    expect(contactSales()).not.toBeNull();
  });
});
