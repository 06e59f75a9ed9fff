import { and, eq } from 'drizzle-orm';
import type { StoreDb } from '../store/database';
import { sandboxThemes } from '../store/schema';
import type { ThemeApp } from './load-theme-app';
import type { ThemeState } from './theme-state';
import type { ThemeStateStore } from './theme-state-store';

/** The app embed block of the app's theme extension (`…/blocks/app-embed/<uuid>`). */
export function appEmbedType(app: ThemeApp): string {
  const embed = app.blocks.find((block) => block.schema.target !== 'section');
  if (!embed) throw new Error('The theme app extension has no app embed block');
  return embed.type;
}

/**
 * Each shop's published (MAIN) theme as the store keeps it: the embed's on/off in
 * `appEmbedEnabled` (what the control page switches and the Admin API reads) and the rest in
 * `appBlocks`. An embed never switched on is written as off, which Shopify reads alike.
 */
export function createThemeStates(db: StoreDb, app: ThemeApp): ThemeStateStore {
  const embedType = appEmbedType(app);
  const main = (shop: string) =>
    and(eq(sandboxThemes.shopDomain, shop), eq(sandboxThemes.role, 'MAIN'));
  return {
    async load(shop) {
      const [row] = await db.select().from(sandboxThemes).where(main(shop));
      const blocks = row?.appBlocks ?? { embedSettings: {}, templates: { index: [], product: [] } };
      return {
        embeds: [
          {
            id: 'popstage-app-embed',
            type: embedType,
            disabled: !(row?.appEmbedEnabled ?? false),
            settings: blocks.embedSettings,
          },
        ],
        templates: blocks.templates,
      } satisfies ThemeState;
    },
    async save(shop, state) {
      const embed = state.embeds.find((candidate) => candidate.type === embedType);
      await db
        .update(sandboxThemes)
        .set({
          appEmbedEnabled: embed !== undefined && !embed.disabled,
          appBlocks: { embedSettings: embed?.settings ?? {}, templates: state.templates },
        })
        .where(main(shop));
    },
  };
}
