/**
 * The custom menu's three handles (spec 03 §2 Custom menu): the config field, the section's name
 * and what the menu is in the app. Shared by the Custom Menu tab and the app preview.
 */
export const MENU_SECTIONS = [
  ['menuHandle', 'Main navigation', 'The menu of the app’s drawer.'],
  ['shopMenuHandle', 'Shop tab menu', 'The menu of the Shop tab.'],
  ['customLinksHandle', 'Extra links', 'Links shown below the menus (pages, policies).'],
] as const;

export type MenuHandleField = (typeof MENU_SECTIONS)[number][0];
