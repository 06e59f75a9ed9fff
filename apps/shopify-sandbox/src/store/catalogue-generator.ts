import { createRandom, type Random } from './random';
import type { StoreRows } from './seed-writer';
import type { SandboxShopDefinition } from './shop-definitions';
import { storeMenus, storePages, storeThemes } from './store-content';
import type { PlatformVariant, ProductStatus } from './types';
import {
  ADJECTIVES,
  BENEFITS,
  CATEGORIES,
  type Category,
  COLOURS,
  type Department,
  ORIGINS,
  VARIANT_VALUES,
  VENDORS,
} from './word-lists';

type NewSandboxProduct = StoreRows['products'][number];

/** What collection rules look at; not stored. */
interface ProductTraits {
  id: number;
  department: Department;
  productType: string;
  onSale: boolean;
  bestseller: boolean;
  minPriceCents: number;
  newestRank: number;
}

const NEW_ARRIVALS = 36;

const COLLECTION_RULES: readonly {
  title: string;
  handle: string;
  has(p: ProductTraits): boolean;
}[] = [
  { title: 'All products', handle: 'all-products', has: () => true },
  {
    title: 'Women',
    handle: 'women',
    has: (p) => p.department === 'women' || p.department === 'unisex',
  },
  { title: 'Men', handle: 'men', has: (p) => p.department === 'men' || p.department === 'unisex' },
  { title: 'Accessories', handle: 'accessories', has: (p) => p.department === 'accessories' },
  { title: 'Home & Living', handle: 'home-living', has: (p) => p.department === 'home' },
  { title: 'Beauty & Wellness', handle: 'beauty-wellness', has: (p) => p.department === 'beauty' },
  { title: 'Footwear', handle: 'footwear', has: (p) => p.productType === 'Footwear' },
  { title: 'New arrivals', handle: 'new-arrivals', has: (p) => p.newestRank < NEW_ARRIVALS },
  { title: 'Sale', handle: 'sale', has: (p) => p.onSale },
  { title: 'Best sellers', handle: 'best-sellers', has: (p) => p.bestseller },
  { title: 'Gifts under $50', handle: 'gifts-under-50', has: (p) => p.minPriceCents < 5000 },
  // Deliberately empty: an edge case pickers and counts must handle.
  { title: 'Coming soon', handle: 'coming-soon', has: () => false },
];

/** Every row of one shop's sandbox store, ready to insert. Pure: same definition, same rows. */
export function generateStore(def: SandboxShopDefinition): StoreRows {
  const random = createRandom(def.domain);
  const titles = new Set<string>();
  const generated = Array.from({ length: def.productCount }, (_, index) =>
    generateProduct(def, index, random, titles),
  );
  const ranked = [...generated].sort((a, b) => b.createdAtMs - a.createdAtMs);
  for (const [rank, item] of ranked.entries()) item.traits.newestRank = rank;

  const collections = COLLECTION_RULES.map((rule, index) => ({
    id: def.idBase + index + 1,
    shopDomain: def.domain,
    title: rule.title,
    handle: rule.handle,
  }));
  const memberships = COLLECTION_RULES.flatMap((rule, index) =>
    generated
      .filter((item) => rule.has(item.traits))
      .map((item) => ({
        collectionId: def.idBase + index + 1,
        productId: item.row.id,
        shopDomain: def.domain,
      })),
  );
  for (const item of generated) {
    if (item.traits.newestRank < NEW_ARRIVALS) item.row.tags.push('new');
  }

  return {
    shop: {
      domain: def.domain,
      name: def.name,
      ownerName: def.ownerName,
      email: def.email,
      currency: def.currency,
      createdAt: new Date(def.createdAt),
    },
    products: generated.map((item) => item.row),
    collections,
    memberships,
    menus: storeMenus(def),
    pages: storePages(def),
    themes: storeThemes(def),
  };
}

function generateProduct(
  def: SandboxShopDefinition,
  index: number,
  random: Random,
  titles: Set<string>,
): { row: NewSandboxProduct & { tags: string[] }; traits: ProductTraits; createdAtMs: number } {
  const id = def.idBase + index + 1;
  const category = random.pick(CATEGORIES);
  const { title, material, noun } = uniqueTitle(random, category, titles);
  const handle = slugify(title);
  const department = random.pick(category.departments);
  const status = productStatus(random, index);
  // Index 7 is always out of stock, so every shop has one whatever the dice say.
  const outOfStock = index === 7 || random.chance(0.07);
  const onSale = random.chance(0.15);
  const variants = generateVariants(random, id, category, outOfStock, onSale);
  const minPriceCents = Math.min(...variants.map((variant) => toCents(variant.price)));
  const createdAtMs =
    Date.parse(def.createdAt) + index * 36 * 3_600_000 + random.int(0, 35) * 3_600_000;
  const colour = random.pick(COLOURS);
  const tags = [category.productType.toLowerCase(), department, colour.toLowerCase()];
  if (onSale) tags.push('sale');
  const bestseller = random.chance(0.15);
  if (bestseller) tags.push('bestseller');
  const imageCount = random.pick([1, 1, 1, 2, 2, 3]);

  return {
    row: {
      id,
      shopDomain: def.domain,
      title,
      handle,
      description: describe(random, title, noun, material, category),
      vendor: random.pick(VENDORS),
      productType: category.productType,
      tags,
      status,
      publishedToSalesChannel: false,
      variants,
      images: Array.from({ length: imageCount }, (_, n) => ({
        name: `${handle}-${n + 1}`,
        altText: n === 0 ? title : `${title}, view ${n + 1}`,
      })),
      createdAt: new Date(createdAtMs),
    },
    traits: {
      id,
      department,
      productType: category.productType,
      onSale,
      bestseller,
      minPriceCents,
      newestRank: 0,
    },
    createdAtMs,
  };
}

function productStatus(random: Random, index: number): ProductStatus {
  if (index === 3) return 'DRAFT';
  if (index === 5) return 'ARCHIVED';
  const roll = random.next();
  if (roll < 0.07) return 'DRAFT';
  if (roll < 0.11) return 'ARCHIVED';
  return 'ACTIVE';
}

/** Adjective + material + noun; on repeated clashes a numbered edition keeps titles unique. */
function uniqueTitle(random: Random, category: Category, titles: Set<string>) {
  let material = '';
  let noun = '';
  let title = '';
  for (let attempt = 0; attempt < 6; attempt++) {
    material = random.pick(category.materials);
    noun = random.pick(category.nouns);
    title = `${random.pick(ADJECTIVES)} ${material} ${noun}`;
    if (!titles.has(title)) break;
  }
  for (let n = 2; titles.has(title); n++) title = `${title.replace(/ No\. \d+$/, '')} No. ${n}`;
  titles.add(title);
  return { title, material, noun };
}

function generateVariants(
  random: Random,
  productId: number,
  category: Category,
  outOfStock: boolean,
  onSale: boolean,
): PlatformVariant[] {
  const { values } = VARIANT_VALUES[category.variantKind];
  const count = random.pick([1, 2, 3, 3, 4, 4]);
  const chosen =
    count === 1
      ? ['Default Title']
      : category.variantKind === 'colour' || category.variantKind === 'finish'
        ? random.sample(values, count)
        : consecutive(random, values, count);
  const baseDollars = random.int(category.price[0], category.price[1]);
  const ending = random.pick([0, 1, 5, 50]);
  // Bigger beds and bottles cost more; clothing sizes share a price, as in most shops.
  const step = category.variantKind === 'bedSize' || category.variantKind === 'volume' ? 0.35 : 0;
  const prefix = category.productType
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase();
  const variants = chosen.map((value, i) => {
    const dollars = baseDollars * (1 + step * i);
    const inventory = outOfStock || random.chance(0.1) ? 0 : random.int(1, 60);
    return {
      id: `gid://shopify/ProductVariant/${productId * 10 + i + 1}`,
      title: value,
      sku: `${prefix}-${productId}${value === 'Default Title' ? '' : `-${skuCode(value)}`}`,
      price: fromCents(Math.round(dollars) * 100 - ending),
      compareAtPrice: onSale ? fromCents(Math.ceil(dollars * 1.3) * 100) : null,
      inventoryQuantity: inventory,
      availableForSale: inventory > 0,
    };
  });
  const first = variants[0];
  if (!outOfStock && first && variants.every((variant) => variant.inventoryQuantity === 0)) {
    first.inventoryQuantity = random.int(3, 40);
    first.availableForSale = true;
  }
  return variants;
}

function consecutive(random: Random, values: readonly string[], count: number): string[] {
  const start = random.int(0, Math.max(0, values.length - count));
  return values.slice(start, start + count);
}

function describe(
  random: Random,
  title: string,
  noun: string,
  material: string,
  category: Category,
) {
  const opening = random.pick([
    `Meet the ${title}: ${random.pick(BENEFITS)}.`,
    `Our ${noun.toLowerCase()} in ${material.toLowerCase()}, ${random.pick(BENEFITS)}.`,
    `The ${noun.toLowerCase()} you will reach for first: ${random.pick(BENEFITS)}.`,
  ]);
  return `${opening} ${random.pick(ORIGINS)} ${category.care}`;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function skuCode(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]+/g, '');
}

export function toCents(amount: string): number {
  return Math.round(Number(amount) * 100);
}

export function fromCents(cents: number): string {
  return (cents / 100).toFixed(2);
}
