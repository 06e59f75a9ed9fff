/**
 * HelpCenter: where the help center's articles live. Adapters: Markdown files kept in the
 * repository (content/help, the embedded default) and Zendesk's Help Center API. Adapters answer
 * everything they hold, drafts included, with bodies as HTML; the help area hides drafts,
 * sanitises and searches, so both adapters behave the same to a merchant.
 */

export interface HelpCenterCategory {
  id: string;
  name: string;
  description: string;
  position: number;
}

export interface HelpCenterSection {
  id: string;
  categoryId: string;
  name: string;
  position: number;
}

export interface HelpCenterArticle {
  id: string;
  sectionId: string;
  title: string;
  /** HTML as the source has it (not yet sanitised). */
  body: string;
  draft: boolean;
  position: number;
  updatedAt: string;
}

export interface HelpCenterContent {
  categories: HelpCenterCategory[];
  sections: HelpCenterSection[];
  articles: HelpCenterArticle[];
}

/** Who reads: Zendesk is asked as the shop's messaging user (the support widget's JWT). */
export interface HelpCenterReader {
  externalId: string;
  name: string;
  email: string;
}

export interface HelpCenter {
  readonly kind: 'markdown' | 'zendesk';
  content(reader: HelpCenterReader): Promise<HelpCenterContent>;
}

export class HelpCenterError extends Error {}
