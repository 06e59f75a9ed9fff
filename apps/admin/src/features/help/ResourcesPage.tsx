import { HELP_CENTER_MESSAGES, HELP_SEARCH_MAX, type HelpCenterTree } from '@popstage/core/help';
import { helpArticlePath } from '@popstage/core/routing';
import { Banner, BlockStack, Card, Link, Text } from '@shopify/polaris';
import { useState } from 'react';
import { PageShell } from '../../app/shell/PageShell';
import { SearchField } from '../../lib/ui/SearchField';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useHelpCenterTree, useHelpSearch } from './data';

/** Search waits for typing to pause (the 300 ms reading of spec 02, as the clip list). */
const SEARCH_DEBOUNCE_MS = 300;

/** /resources: the help center (spec 02 §2): categories, sections and articles, and a search. */
export function ResourcesPage() {
  const tree = useHelpCenterTree();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  return (
    <PageShell title="Resources" subtitle="Help Center" loading={tree.isPending}>
      <BlockStack gap="400">
        <Card>
          <SearchField
            label="Search articles"
            labelHidden
            value={search}
            onChange={setSearch}
            maxLength={HELP_SEARCH_MAX}
          />
        </Card>
        {tree.isError ? <Banner tone="critical">{HELP_CENTER_MESSAGES.unavailable}</Banner> : null}
        {query ? (
          <SearchResults query={query} />
        ) : tree.data ? (
          <Categories tree={tree.data.data} />
        ) : null}
      </BlockStack>
    </PageShell>
  );
}

function Categories({ tree }: { tree: HelpCenterTree }) {
  return tree.categories.map((category) => (
    <Card key={category.id}>
      <BlockStack gap="300">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {category.name}
          </Text>
          {category.description ? (
            <Text as="p" tone="subdued">
              {category.description}
            </Text>
          ) : null}
        </BlockStack>
        {tree.sections
          .filter((section) => section.categoryId === category.id)
          .map((section) => (
            <BlockStack gap="100" key={section.id}>
              <Text as="h3" variant="headingSm">
                {section.name}
              </Text>
              <ul aria-label={section.name} style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
                {tree.articles
                  .filter((article) => article.sectionId === section.id)
                  .map((article) => (
                    <li key={article.id}>
                      <Link url={helpArticlePath(article.id)} removeUnderline>
                        {article.title}
                      </Link>
                    </li>
                  ))}
              </ul>
            </BlockStack>
          ))}
      </BlockStack>
    </Card>
  ));
}

function SearchResults({ query }: { query: string }) {
  const results = useHelpSearch(query);
  if (results.isPending) return null;
  if (results.isError) return <Banner tone="critical">{HELP_CENTER_MESSAGES.unavailable}</Banner>;
  const articles = results.data.data;
  return (
    <Card>
      {articles.length === 0 ? (
        <Text as="p" tone="subdued">
          {HELP_CENTER_MESSAGES.noResults}
        </Text>
      ) : (
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            Search results
          </Text>
          {articles.map((article) => (
            <BlockStack gap="100" key={article.id}>
              <Link url={helpArticlePath(article.id)} removeUnderline>
                {article.title}
              </Link>
              <Text as="p" tone="subdued">
                {article.excerpt}
              </Text>
            </BlockStack>
          ))}
        </BlockStack>
      )}
    </Card>
  );
}
