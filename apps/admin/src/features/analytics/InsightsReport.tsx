import { INSIGHTS_TEXT } from '@popstage/core/analytics';
import { Card, SkeletonBodyText, Text } from '@shopify/polaris';
import { useEffect } from 'react';
import { PageShell } from '../../app/shell/PageShell';
import { useInsightsReportUrl } from './data';
import { useTrack } from './use-track';

/** The embedded report (looker_dashboard): the app's own read-only page behind a signed URL. */
export function InsightsReport() {
  const track = useTrack();
  useEffect(() => {
    track({ action: 'view', category: 'insights', stage: 'report' });
  }, [track]);
  const report = useInsightsReportUrl();
  return (
    <PageShell title="Insights" fullWidth>
      <Card padding="0">
        {report.isPending ? (
          <div style={{ padding: 16 }}>
            <SkeletonBodyText lines={8} />
          </div>
        ) : report.data ? (
          <iframe
            title="Insights report"
            src={report.data}
            style={{ width: '100%', height: '80vh', border: 0, display: 'block' }}
            referrerPolicy="no-referrer"
          />
        ) : (
          <div style={{ padding: 16 }}>
            <Text as="p">{INSIGHTS_TEXT.reportNotFound}</Text>
          </div>
        )}
      </Card>
    </PageShell>
  );
}
