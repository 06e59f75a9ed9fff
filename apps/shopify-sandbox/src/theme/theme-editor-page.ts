import { escapeHtml as esc } from '@popstage/core/html';
import { isAvailableOnTemplate } from './block-schema';
import { type AppBlockDefinition, findBlock, type ThemeApp } from './load-theme-app';
import { schemaText } from './locales';
import {
  isEditableSetting,
  type SettingDefinition,
  type SettingValues,
} from './setting-definitions';
import { TEMPLATE_NAMES, type TemplateName, type ThemeState } from './theme-state';

/** The names Shopify's editor gives the templates. */
export const TEMPLATE_LABELS: Record<TemplateName, string> = {
  index: 'Home page',
  product: 'Default product',
};

export interface EditorPageInput {
  app: ThemeApp;
  state: ThemeState;
  shop: string;
  template: TemplateName;
  /** The editor's own path: form actions are built under it. */
  editorPath: string;
  /** A deep link's request, shown first with the Save that carries it out. */
  deepLink?: DeepLink | null;
}

/** What a theme editor deep link asked for (theme-editor-plugin resolves it). */
export type DeepLink =
  | { kind: 'add-block'; definition: AppBlockDefinition; template: TemplateName }
  | { kind: 'activate-embed'; definition: AppBlockDefinition }
  | { kind: 'not-found'; id: string };

/** The theme editor, server-rendered: templates, the template's app blocks, the app embeds. */
export function themeEditorPage(input: EditorPageInput): string {
  const { app, state, shop, template, editorPath, deepLink = null } = input;
  const text = (definition: AppBlockDefinition, value: string | undefined) =>
    schemaText(definition.extension.locales.schema, 'en', value);
  const templateLinks = TEMPLATE_NAMES.map(
    (name) =>
      `<a href="${esc(`${editorPath}?template=${name}`)}"${name === template ? ' aria-current="page"' : ''}>${TEMPLATE_LABELS[name]}</a>`,
  ).join('');

  const placed = state.templates[template].map((block, index, all) => {
    const definition = findBlock(app, block.type);
    const base = `${editorPath}/templates/${template}/blocks/${encodeURIComponent(block.id)}`;
    const title = definition
      ? text(definition, definition.schema.name)
      : `Removed app block (${block.type})`;
    return `<li class="block">
  <h3>${esc(title)}</h3>
  ${definition ? settingsForm(`${base}/settings`, definition, block.settings, text, '') : ''}
  <div class="actions">
    ${actionForm(`${base}/move`, 'Move up', { direction: 'up' }, index === 0)}
    ${actionForm(`${base}/move`, 'Move down', { direction: 'down' }, index === all.length - 1)}
    ${actionForm(`${base}/remove`, 'Remove block', {}, false)}
  </div>
</li>`;
  });
  const addable = app.blocks.filter((definition) =>
    isAvailableOnTemplate(definition.schema, template),
  );
  const addForm = addable.length
    ? `<form method="post" action="${esc(`${editorPath}/templates/${template}/blocks`)}" class="add">
  <label>App block <select name="type">${addable
    .map((d) => `<option value="${esc(d.type)}">${esc(text(d, d.schema.name))}</option>`)
    .join('')}</select></label>
  <button>Add block</button>
</form>`
    : '<p>No app block can be added to this template.</p>';

  const embeds = app.blocks
    .filter((definition) => definition.schema.target !== 'section')
    .map((definition) => {
      const embed = state.embeds.find((entry) => entry.type === definition.type);
      const on = embed !== undefined && !embed.disabled;
      return `<li class="block">
  <h3>${esc(text(definition, definition.schema.name))} <span class="status">${on ? 'On' : 'Off'}</span></h3>
  ${actionForm(`${editorPath}/embeds?template=${template}`, on ? 'Turn off' : 'Turn on', { type: definition.type, enabled: String(!on) }, false)}
  ${embed ? settingsForm(`${editorPath}/embeds/settings?template=${template}`, definition, embed.settings, text, hidden('type', definition.type)) : ''}
</li>`;
    });

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Customize · Sandbox theme · ${esc(shop)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><strong>Sandbox theme</strong> <span>${esc(shop)}</span><nav aria-label="Templates">${templateLinks}</nav></header>
<main>
${deepLink ? deepLinkPanel(deepLink, state, editorPath, template, text) : ''}
<section aria-labelledby="template-title">
  <h2 id="template-title">${TEMPLATE_LABELS[template]}</h2>
  ${placed.length ? `<ol class="blocks">${placed.join('')}</ol>` : '<p>No app blocks in this template.</p>'}
  ${addForm}
</section>
<section aria-labelledby="embeds-title">
  <h2 id="embeds-title">App embeds</h2>
  <ul class="blocks">${embeds.join('')}</ul>
</section>
</main>
</body>
</html>`;
}

type SchemaText = (definition: AppBlockDefinition, value: string | undefined) => string;

/**
 * The deep link's pending change, as Shopify's editor shows it before the merchant saves: the app
 * block ready to add to the template, or the app embed ready to switch on. Save carries it out
 * with the editor's own forms; Discard leaves the theme as it is.
 */
function deepLinkPanel(
  link: DeepLink,
  state: ThemeState,
  editorPath: string,
  template: TemplateName,
  text: SchemaText,
): string {
  const discard = `<a href="${esc(`${editorPath}?template=${template}`)}">Discard</a>`;
  if (link.kind === 'not-found') {
    return `<section class="pending" role="alert"><h2>App block not found</h2><p>${esc(link.id)} is not an app block or app embed of an installed app.</p></section>`;
  }
  const name = text(link.definition, link.definition.schema.name);
  if (link.kind === 'add-block') {
    return `<section class="pending" aria-labelledby="pending-title">
  <h2 id="pending-title">${esc(`Add ${name} to ${TEMPLATE_LABELS[link.template]}`)}</h2>
  <p>The app block is ready to add in a new Apps section. Save to add it to your theme.</p>
  <form method="post" action="${esc(`${editorPath}/templates/${link.template}/blocks`)}" class="add">${hidden('type', link.definition.type)}<button class="primary" autofocus>Save</button>${discard}</form>
</section>`;
  }
  const embed = state.embeds.find((entry) => entry.type === link.definition.type);
  if (embed && !embed.disabled) {
    return `<section class="pending" aria-labelledby="pending-title"><h2 id="pending-title">${esc(`${name} app embed is on`)}</h2><p>Nothing to change.</p></section>`;
  }
  return `<section class="pending" aria-labelledby="pending-title">
  <h2 id="pending-title">${esc(`Turn on the ${name} app embed`)}</h2>
  <p>The app embed is ready to switch on. Save to turn it on in your theme.</p>
  <form method="post" action="${esc(`${editorPath}/embeds?template=${template}`)}" class="add">${hidden('type', link.definition.type)}${hidden('enabled', 'true')}<button class="primary" autofocus>Save</button>${discard}</form>
</section>`;
}

function settingsForm(
  action: string,
  definition: AppBlockDefinition,
  values: SettingValues,
  text: SchemaText,
  extraFields: string,
): string {
  const fields = definition.schema.settings.map((setting) =>
    settingField(setting, values, (v) => text(definition, v)),
  );
  if (!definition.schema.settings.some(isEditableSetting)) return fields.join('');
  return `<form method="post" action="${esc(action)}" class="settings">${extraFields}${fields.join('')}<button>Save</button></form>`;
}

function settingField(
  setting: SettingDefinition,
  values: SettingValues,
  text: (v?: string) => string,
): string {
  if (setting.type === 'header') return `<h4>${esc(text(setting.content))}</h4>`;
  if (setting.type === 'paragraph') return `<p>${esc(text(setting.content))}</p>`;
  if (setting.id === undefined) return '';
  const id = setting.id;
  const value = values[id] ?? setting.default ?? '';
  const info = setting.info ? `<small>${esc(text(setting.info))}</small>` : '';
  const label = (control: string) =>
    `<label>${esc(text(setting.label) || id)} ${control}${info}</label>`;
  if (!isEditableSetting(setting))
    return `<p class="unsupported">${esc(text(setting.label) || id)}: ${esc(setting.type)} settings are not editable here.</p>`;
  switch (setting.type) {
    case 'checkbox':
      // The hidden field sends false when the box is unchecked; checked, the later true wins.
      return `${hidden(id, 'false')}${label(`<input type="checkbox" name="${esc(id)}" value="true"${value === true ? ' checked' : ''}>`)}`;
    case 'select':
    case 'radio':
      return label(
        `<select name="${esc(id)}">${(setting.options ?? [])
          .map(
            (o) =>
              `<option value="${esc(o.value)}"${o.value === value ? ' selected' : ''}>${esc(text(o.label))}</option>`,
          )
          .join('')}</select>`,
      );
    case 'textarea':
    case 'html':
    case 'richtext':
    case 'liquid':
      return label(`<textarea name="${esc(id)}">${esc(String(value))}</textarea>`);
    default: {
      const type =
        { number: 'number', range: 'number', url: 'url', color: 'text' }[setting.type] ?? 'text';
      const limits = (['min', 'max', 'step'] as const)
        .map((key) => (setting[key] === undefined ? '' : ` ${key}="${setting[key]}"`))
        .join('');
      // A number setting takes decimals unless its schema says otherwise.
      const anyStep = setting.type === 'number' && setting.step === undefined ? ' step="any"' : '';
      const placeholder = setting.placeholder
        ? ` placeholder="${esc(text(setting.placeholder))}"`
        : '';
      return label(
        `<input type="${type}" name="${esc(id)}" value="${esc(String(value))}"${limits}${anyStep}${placeholder}>`,
      );
    }
  }
}

function actionForm(
  action: string,
  label: string,
  fields: Record<string, string>,
  disabled: boolean,
): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => hidden(name, value))
    .join('');
  return `<form method="post" action="${esc(action)}">${inputs}<button${disabled ? ' disabled' : ''}>${label}</button></form>`;
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`;
}

const STYLE = `
body{margin:0;font:14px/1.4 system-ui,sans-serif;color:#303030;background:#f1f1f1}
header{display:flex;gap:12px;align-items:center;padding:10px 16px;background:#1a1a1a;color:#fff}
header nav{margin-left:auto;display:flex;gap:8px}
header a{color:#fff;padding:4px 8px;border-radius:6px;text-decoration:none}
header a[aria-current]{background:#404040}
main{display:grid;grid-template-columns:repeat(auto-fit,minmax(320px,1fr));gap:16px;padding:16px;max-width:1000px}
section{background:#fff;border-radius:12px;padding:16px;box-shadow:0 1px 2px #0002}
h2{font-size:16px;margin:0 0 12px}h3{font-size:14px;margin:0 0 8px}
.blocks{list-style:none;padding:0;margin:0 0 12px;display:grid;gap:12px}
.block{border:1px solid #e3e3e3;border-radius:8px;padding:12px}
.status{font-weight:400;color:#616161}
label{display:grid;gap:4px;margin:8px 0}small{color:#616161}
input[type=text],input[type=url],input[type=number],select,textarea{font:inherit;padding:6px 8px;border:1px solid #8a8a8a;border-radius:8px}
.actions,.add{display:flex;gap:8px;flex-wrap:wrap;align-items:end}
button{font:inherit;padding:6px 12px;border-radius:8px;border:1px solid #8a8a8a;background:#fff;cursor:pointer}
button:disabled{opacity:.5;cursor:default}
.pending{grid-column:1/-1;border:2px solid #005bd3}
button.primary{background:#303030;color:#fff;border-color:#303030}
`;
