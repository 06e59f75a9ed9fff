import { Button, Checkbox, InlineStack } from '@shopify/polaris';
import { TitledCard } from '../../../lib/ui/TitledCard';

interface Props {
  excludeFromProductPage: boolean;
  featured: boolean;
  disabled: boolean;
  onExcludeChange: (exclude: boolean) => void;
  onFeaturedChange: (featured: boolean) => void;
  /** Opens the featured clip's placement modal. */
  onPlacement?: () => void;
}

/** Where the clip plays: product pages (display targets) and the featured slot (one per shop). */
export function VisibilityCard(props: Props) {
  return (
    <TitledCard title="Visibility">
      <Checkbox
        label="Exclude from product pages"
        helpText="The clip will not play on the pages of its tagged products."
        checked={props.excludeFromProductPage}
        disabled={props.disabled}
        onChange={props.onExcludeChange}
      />
      <Checkbox
        label="Feature this Popclip"
        helpText="The featured Popclip plays on your storefront. Only one Popclip can be featured."
        checked={props.featured}
        disabled={props.disabled}
        onChange={props.onFeaturedChange}
      />
      {props.featured && props.onPlacement ? (
        <InlineStack>
          <Button variant="plain" onClick={props.onPlacement} disabled={props.disabled}>
            Featured placement
          </Button>
        </InlineStack>
      ) : null}
    </TitledCard>
  );
}
