import { Banner, Button, Modal, Text } from '@shopify/polaris';
import { useState } from 'react';
import { NotificationsList } from '../notifications';
import { MobileFrame } from './MobileFrame';

const APPLE_AGREEMENT_URL = 'https://developer.apple.com/account';

/**
 * /mobile/notifications-banners (spec 03 §2): the scheduled notifications list with 'Compose Push
 * Notification', and the Apple Developer Agreement popup.
 */
export function MobileNotificationsBannersPage() {
  const [agreementOpen, setAgreementOpen] = useState(false);
  return (
    <MobileFrame tab="notifications">
      <Banner tone="info" title="Keep your Apple Developer Agreement up to date">
        <Text as="p">
          Apple stops push notifications and app updates while a new agreement is waiting.
        </Text>
        <Button variant="plain" onClick={() => setAgreementOpen(true)}>
          How to update it
        </Button>
      </Banner>
      <Modal
        open={agreementOpen}
        onClose={() => setAgreementOpen(false)}
        title="Update the Apple Developer Agreement"
        primaryAction={{
          content: 'Open Apple Developer',
          url: APPLE_AGREEMENT_URL,
          external: true,
        }}
        secondaryActions={[{ content: 'Close', onAction: () => setAgreementOpen(false) }]}
      >
        <Modal.Section>
          <Text as="p">
            Sign in to your Apple Developer account as the account holder and accept the latest
            agreement shown at the top of the page. Push notifications resume once it is accepted.
          </Text>
        </Modal.Section>
      </Modal>
      <NotificationsList />
    </MobileFrame>
  );
}
