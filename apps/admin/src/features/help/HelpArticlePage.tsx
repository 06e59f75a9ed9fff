import { HELP_CENTER_MESSAGES } from '@popstage/core/help';
import { ROUTES } from '@popstage/core/routing';
import { Banner, BlockStack, Card, Link, Text } from '@shopify/polaris';
import { useParams } from 'react-router-dom';
import { PageShell } from '../../app/shell/PageShell';
import { ApiError } from '../../lib/api/errors';
import { useHelpArticle } from './data';
import styles from './help-article.module.css';

const updatedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** /resources/articles/:articleId: one help article; its HTML was sanitised by the server. */
export function HelpArticlePage() {
  const { articleId = '' } = useParams();
  const article = useHelpArticle(articleId);

  if (article.isError) {
    const missing = article.error instanceof ApiError && article.error.status === 404;
    return (
      <PageShell title="Resources">
        <Banner tone={missing ? 'warning' : 'critical'}>
          <BlockStack gap="200">
            <Text as="p">
              {missing ? HELP_CENTER_MESSAGES.articleNotFound : HELP_CENTER_MESSAGES.unavailable}
            </Text>
            <Link url={ROUTES.resources}>Back to the Help Center</Link>
          </BlockStack>
        </Banner>
      </PageShell>
    );
  }
  const data = article.data?.data;
  return (
    <PageShell
      title={data?.title ?? 'Resources'}
      subtitle={data ? `Updated ${updatedFormat.format(new Date(data.updatedAt))}` : undefined}
      loading={!data}
    >
      {data ? (
        <Card>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (sanitize-html) */}
          <div className={styles.body} dangerouslySetInnerHTML={{ __html: data.bodyHtml }} />
        </Card>
      ) : null}
    </PageShell>
  );
}
