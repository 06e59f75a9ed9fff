import type { Html } from '@popstage/core/html';
import type { OperatorPermission } from '@popstage/core/operator-console';
import { isShopDomain } from '@popstage/core/shop';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import type { Flash } from './layout';
import type { ConsoleSession } from './sessions';

/**
 * One part of the console (shops, banners, discount codes...): one small file under sections/
 * that registers its pages and names the permission that shows it in the navigation. Adding a
 * section is writing the file and listing it in sections/index.ts.
 */
export interface ConsoleSection {
  title: string;
  /** Its first page, linked from the navigation. */
  path: string;
  /** Who sees it (writes check their own permission). */
  permission: OperatorPermission;
  register(app: FastifyInstance, kit: ConsoleKit): void;
}

export interface ConsoleKit {
  /** The signed-in staff member; the section's routes only run with one. */
  session(request: FastifyRequest): ConsoleSession;
  /** Refuses (403 page) a staff member whose role lacks the permission. */
  require(request: FastifyRequest, permission: OperatorPermission): ConsoleSession;
  /** Sends a page of the console. */
  render(
    request: FastifyRequest,
    reply: FastifyReply,
    page: { title: string; body: Html; flash?: Flash | null; status?: number; current?: string },
  ): FastifyReply;
  /** After a change: back to a page, with a message shown once. */
  redirect(reply: FastifyReply, to: string, message?: string): FastifyReply;
}

/** Form fields as @fastify/formbody gives them: one value, or several for repeated names. */
export type FormBody = Record<string, string | string[] | undefined>;

export const field = (body: FormBody, name: string): string => {
  const value = body[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

export const fields = (body: FormBody, name: string): string[] => {
  const value = body[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};

/** A shop domain from a console form or path (400 with the console's words otherwise). */
export function shopDomain(value: string): string {
  const domain = value.trim().toLowerCase();
  if (!isShopDomain(domain))
    throw new HttpError(400, 'Enter a shop domain such as demo-store.myshopify.com');
  return domain;
}
