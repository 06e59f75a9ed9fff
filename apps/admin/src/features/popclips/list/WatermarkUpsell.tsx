import { POPCLIP_LABELS } from '@popstage/core/popclips';
import { Button, Card, InlineStack, Text } from '@shopify/polaris';
import { useNavigate } from 'react-router-dom';
import { openUpgrade } from '../../shop';

/** Free level (spec 02 §2, §6): clips carry the 'Powered by' watermark; premium removes it. */
export function WatermarkUpsell() {
  const navigate = useNavigate();
  return (
    <Card>
      <InlineStack align="space-between" blockAlign="center" gap="300">
        <Text as="p">
          {`Your Popclips show a "${POPCLIP_LABELS.poweredBy} Popstage" watermark on your storefront.`}
        </Text>
        <Button onClick={() => openUpgrade(navigate)}>{POPCLIP_LABELS.removeWatermark}</Button>
      </InlineStack>
    </Card>
  );
}
