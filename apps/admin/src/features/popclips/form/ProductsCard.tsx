import { MAX_TAGGED_PRODUCTS } from '@popstage/core/popclips';
import { Button, InlineError, InlineStack, Text, Thumbnail } from '@shopify/polaris';
import { ImageIcon, XIcon } from '@shopify/polaris-icons';
import { TitledCard } from '../../../lib/ui/TitledCard';
import type { TaggedProduct } from '../shared/tagged-product';
import { ProductSearch } from './ProductSearch';

const LIST_STYLE = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 'var(--p-space-200)',
} as const;

interface Props {
  products: TaggedProduct[];
  error: string | undefined;
  onAdd: (product: TaggedProduct) => void;
  onRemove: (id: string) => void;
}

/** Product tagging (spec 02 §2): up to 5, chosen from the store's published products. */
export function ProductsCard({ products, error, onAdd, onRemove }: Props) {
  return (
    <TitledCard
      title="Products"
      aside={
        <Text as="span" tone="subdued">
          {`${products.length} of ${MAX_TAGGED_PRODUCTS} tagged`}
        </Text>
      }
    >
      {products.length > 0 ? (
        <ul aria-label="Tagged products" style={LIST_STYLE}>
          {products.map((product) => (
            <li key={product.id}>
              <InlineStack gap="300" blockAlign="center" wrap={false}>
                <Thumbnail size="small" source={product.imageUrl ?? ImageIcon} alt="" />
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Text as="span" truncate>
                    {product.title}
                  </Text>
                </div>
                <Button
                  icon={XIcon}
                  variant="tertiary"
                  accessibilityLabel={`Remove ${product.title}`}
                  onClick={() => onRemove(product.id)}
                />
              </InlineStack>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <InlineError message={error} fieldID="popclip-products" /> : null}
      <ProductSearch taggedIds={products.map((product) => product.id)} onAdd={onAdd} />
    </TitledCard>
  );
}
