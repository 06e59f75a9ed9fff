import type { MobileMenu, MobileMenuItem } from '@popstage/core/mobile';

/** One of the app's menus as the preview shows it: which menu it is, and the store's menu. */
export interface PreviewMenu {
  label: string;
  menu: MobileMenu;
}

/** The Menu screen: the main navigation, the Shop tab's menu and the extra links, with sub-items. */
export function PreviewMenus({ menus }: { menus: PreviewMenu[] }) {
  if (menus.length === 0) return <p style={{ color: '#8a8a8a', margin: 0 }}>No menu yet</p>;
  return (
    <>
      {menus.map(({ label, menu }) => (
        <section key={label} aria-label={label} style={{ marginBottom: 12 }}>
          <h3 style={{ fontSize: 14, fontWeight: 600, margin: '4px 0' }}>{label}</h3>
          <MenuItems items={menu.items} />
        </section>
      ))}
    </>
  );
}

function MenuItems({ items, nested = false }: { items: MobileMenuItem[]; nested?: boolean }) {
  return (
    <ul
      style={{
        listStyle: 'none',
        margin: 0,
        padding: nested ? '0 0 0 14px' : 0,
        fontSize: nested ? 12 : 13,
      }}
    >
      {items.map((item) => (
        <li
          key={item.id}
          style={{ padding: nested ? '6px 4px' : '10px 4px', borderBottom: '1px solid #eee' }}
        >
          {item.title}
          {item.items.length > 0 ? <MenuItems items={item.items} nested /> : null}
        </li>
      ))}
    </ul>
  );
}
