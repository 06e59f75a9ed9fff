import { z } from 'zod';
import { e164PhoneSchema, emailSchema } from './validation';

/** The seller account payload of spec 01 §3, posted to /api/shopify/shop/psl-account. */

/** Username is the first 8 and bio the first 6 characters of the verified phone's uid. */
export function sellerIdentity(uid: string): { username: string; bio: string } {
  return { username: uid.slice(0, 8), bio: uid.slice(0, 6) };
}

const text = (max: number) => z.string().trim().max(max);

export const sellerAddressSchema = z.object({
  city: text(255),
  line1: text(255),
  line2: text(255),
  postalCode: text(32),
  primaryPhone: text(32),
  state: text(255),
  country: text(255),
});
export type SellerAddress = z.infer<typeof sellerAddressSchema>;

export const sellerPayloadSchema = z
  .object({
    firstName: text(100),
    lastName: text(100),
    phoneNumber: e164PhoneSchema,
    username: text(8),
    email: emailSchema,
    bio: text(6),
    avatar: text(2048),
    uid: z.string().trim().min(8).max(128),
    shopifyDomain: z.string().trim().min(1).max(255),
    store: z.object({
      passcode: text(64),
      storeName: text(255).min(1),
      sellerAddress: sellerAddressSchema,
    }),
  })
  .superRefine((payload, ctx) => {
    const expected = sellerIdentity(payload.uid);
    if (payload.username !== expected.username) {
      ctx.addIssue({
        code: 'custom',
        path: ['username'],
        message: 'Must be the uid’s first 8 characters',
      });
    }
    if (payload.bio !== expected.bio) {
      ctx.addIssue({
        code: 'custom',
        path: ['bio'],
        message: 'Must be the uid’s first 6 characters',
      });
    }
  });
export type SellerPayload = z.infer<typeof sellerPayloadSchema>;

export interface SellerPayloadInput {
  uid: string;
  phoneNumber: string;
  email: string;
  ownerName: string;
  shopifyDomain: string;
  storeName: string;
  avatar?: string;
  passcode?: string;
  sellerAddress?: Partial<SellerAddress>;
}

/** Builds the payload from the verified phone and the shop; the owner's name splits at its first space. */
export function buildSellerPayload(input: SellerPayloadInput): SellerPayload {
  const [firstName = '', ...rest] = input.ownerName.trim().split(/\s+/);
  return {
    firstName,
    lastName: rest.join(' '),
    phoneNumber: input.phoneNumber,
    ...sellerIdentity(input.uid),
    email: input.email,
    avatar: input.avatar ?? '',
    uid: input.uid,
    shopifyDomain: input.shopifyDomain,
    store: {
      passcode: input.passcode ?? '',
      storeName: input.storeName,
      sellerAddress: {
        city: '',
        line1: '',
        line2: '',
        postalCode: '',
        primaryPhone: input.phoneNumber,
        state: '',
        country: '',
        ...input.sellerAddress,
      },
    },
  };
}
