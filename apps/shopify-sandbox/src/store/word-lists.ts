/** Vocabulary of the generated catalogue: believable apparel, accessories, home and beauty goods. */

export type Department = 'women' | 'men' | 'unisex' | 'accessories' | 'home' | 'beauty';
export type VariantKind = 'size' | 'shoeSize' | 'colour' | 'bedSize' | 'volume' | 'finish';

export interface Category {
  productType: string;
  nouns: readonly string[];
  materials: readonly string[];
  variantKind: VariantKind;
  /** Whole-dollar price range of the cheapest variant. */
  price: readonly [number, number];
  departments: readonly Department[];
  care: string;
}

export const CATEGORIES: readonly Category[] = [
  {
    productType: 'Tops',
    nouns: ['T-Shirt', 'Pocket Tee', 'Polo', 'Henley', 'Blouse', 'Tank Top', 'Button-Down Shirt'],
    materials: ['Organic Cotton', 'Linen', 'Pima Cotton', 'Bamboo Jersey', 'Slub Cotton'],
    variantKind: 'size',
    price: [18, 65],
    departments: ['women', 'men', 'unisex'],
    care: 'Machine wash cold, tumble dry low.',
  },
  {
    productType: 'Knitwear',
    nouns: ['Sweater', 'Cardigan', 'Crewneck', 'Turtleneck', 'Hoodie', 'Quarter-Zip'],
    materials: ['Merino', 'Cashmere-Blend', 'Cotton Knit', 'Brushed Fleece', 'Alpaca-Blend'],
    variantKind: 'size',
    price: [45, 160],
    departments: ['women', 'men', 'unisex'],
    care: 'Hand wash cold and dry flat.',
  },
  {
    productType: 'Outerwear',
    nouns: ['Jacket', 'Overshirt', 'Rain Shell', 'Puffer Vest', 'Trench Coat', 'Chore Coat'],
    materials: ['Waxed Cotton', 'Recycled Nylon', 'Boiled Wool', 'Denim', 'Canvas'],
    variantKind: 'size',
    price: [85, 280],
    departments: ['women', 'men', 'unisex'],
    care: 'Spot clean; professional clean when needed.',
  },
  {
    productType: 'Bottoms',
    nouns: ['Jeans', 'Chinos', 'Joggers', 'Shorts', 'Pleated Skirt', 'Wide-Leg Trousers'],
    materials: ['Selvedge Denim', 'Stretch Twill', 'Linen', 'Corduroy', 'French Terry'],
    variantKind: 'size',
    price: [40, 140],
    departments: ['women', 'men'],
    care: 'Wash inside out, cold, with like colours.',
  },
  {
    productType: 'Dresses',
    nouns: ['Midi Dress', 'Wrap Dress', 'Slip Dress', 'Shirt Dress', 'Maxi Dress'],
    materials: ['Silk', 'Linen', 'Cotton Poplin', 'Satin', 'Tencel'],
    variantKind: 'size',
    price: [60, 190],
    departments: ['women'],
    care: 'Hand wash or dry clean.',
  },
  {
    productType: 'Footwear',
    nouns: ['Sneakers', 'Loafers', 'Chelsea Boots', 'Sandals', 'Espadrilles', 'Runners'],
    materials: ['Leather', 'Suede', 'Canvas', 'Recycled Knit'],
    variantKind: 'shoeSize',
    price: [55, 220],
    departments: ['women', 'men', 'unisex'],
    care: 'Wipe clean with a damp cloth.',
  },
  {
    productType: 'Bags',
    nouns: ['Tote Bag', 'Backpack', 'Crossbody Bag', 'Weekender', 'Belt Bag', 'Market Basket'],
    materials: ['Canvas', 'Pebbled Leather', 'Recycled Nylon', 'Waxed Canvas', 'Jute'],
    variantKind: 'colour',
    price: [35, 240],
    departments: ['accessories'],
    care: 'Spot clean only.',
  },
  {
    productType: 'Accessories',
    nouns: ['Beanie', 'Baseball Cap', 'Scarf', 'Sunglasses', 'Card Wallet', 'Belt', 'Watch'],
    materials: ['Wool', 'Cotton Twill', 'Vegetable-Tanned Leather', 'Acetate', 'Brushed Steel'],
    variantKind: 'colour',
    price: [15, 180],
    departments: ['accessories'],
    care: 'Store in the dust bag provided.',
  },
  {
    productType: 'Jewelry',
    nouns: ['Hoop Earrings', 'Pendant Necklace', 'Signet Ring', 'Chain Bracelet', 'Stud Earrings'],
    materials: ['Gold-Plated', 'Sterling Silver', 'Recycled Brass', 'Freshwater Pearl'],
    variantKind: 'finish',
    price: [25, 150],
    departments: ['accessories', 'women'],
    care: 'Keep away from water and perfume.',
  },
  {
    productType: 'Home Decor',
    nouns: ['Throw Pillow', 'Bud Vase', 'Scented Candle', 'Wall Print', 'Table Lamp', 'Planter'],
    materials: ['Ceramic', 'Soy Wax', 'Linen', 'Stoneware', 'Rattan', 'Terrazzo'],
    variantKind: 'colour',
    price: [18, 130],
    departments: ['home'],
    care: 'Dust with a soft, dry cloth.',
  },
  {
    productType: 'Kitchen',
    nouns: ['Mug', 'Pour-Over Set', 'Serving Bowl', 'Cutting Board', 'Tea Towel Set', 'Carafe'],
    materials: ['Stoneware', 'Acacia Wood', 'Porcelain', 'Borosilicate Glass', 'Cotton'],
    variantKind: 'colour',
    price: [12, 95],
    departments: ['home'],
    care: 'Dishwasher safe unless made of wood.',
  },
  {
    productType: 'Bedding',
    nouns: ['Duvet Cover', 'Sheet Set', 'Throw Blanket', 'Pillowcase Pair', 'Quilt'],
    materials: ['Stonewashed Linen', 'Cotton Percale', 'Sateen', 'Waffle Knit'],
    variantKind: 'bedSize',
    price: [45, 260],
    departments: ['home'],
    care: 'Machine wash warm; softens with every wash.',
  },
  {
    productType: 'Beauty',
    nouns: ['Lip Balm', 'Face Serum', 'Hand Cream', 'Body Oil', 'Soap Bar', 'Bath Soak'],
    materials: ['Rose', 'Lavender', 'Citrus', 'Unscented', 'Sandalwood', 'Eucalyptus'],
    variantKind: 'volume',
    price: [8, 68],
    departments: ['beauty'],
    care: 'For external use only; patch test before first use.',
  },
];

export const ADJECTIVES = [
  'Classic',
  'Everyday',
  'Essential',
  'Vintage',
  'Relaxed',
  'Heritage',
  'Modern',
  'Coastal',
  'Alpine',
  'Studio',
  'Weekend',
  'Signature',
  'Easy',
  'Cloud',
  'Cozy',
  'Field',
  'Harbor',
  'Meadow',
] as const;

export const COLOURS = [
  'Black',
  'White',
  'Navy',
  'Sage',
  'Sand',
  'Charcoal',
  'Terracotta',
  'Oat',
  'Olive',
  'Rust',
  'Sky Blue',
  'Blush',
] as const;

export const VARIANT_VALUES: Record<VariantKind, { option: string; values: readonly string[] }> = {
  size: { option: 'Size', values: ['XS', 'S', 'M', 'L', 'XL', 'XXL'] },
  shoeSize: { option: 'Size', values: ['6', '7', '8', '9', '10', '11', '12'] },
  colour: { option: 'Color', values: COLOURS },
  bedSize: { option: 'Size', values: ['Twin', 'Full', 'Queen', 'King'] },
  volume: { option: 'Size', values: ['15 ml', '30 ml', '50 ml', '100 ml'] },
  finish: { option: 'Finish', values: ['Gold', 'Silver', 'Rose Gold'] },
};

export const VENDORS = [
  'Maple & Moss',
  'Northwind Goods',
  'Atelier Sol',
  'Harbor Supply Co.',
  'Fern & Field',
  'Lumen Studio',
  'Oak Lane',
] as const;

export const BENEFITS = [
  'soft from the very first wear',
  'built to be worn on repeat',
  'designed to layer through every season',
  'made in small batches by people we know by name',
  'finished by hand for a lived-in feel',
  'cut for an easy, forgiving fit',
  'a quiet staple that goes with everything',
  'light enough to pack, sturdy enough to last',
] as const;

export const ORIGINS = [
  'Made in Portugal.',
  'Made in Peru.',
  'Crafted in Vietnam.',
  'Made in Los Angeles.',
  'Made in India from responsibly sourced fibres.',
  'Made in Italy.',
  'Designed in Brooklyn, made in Mexico.',
] as const;
