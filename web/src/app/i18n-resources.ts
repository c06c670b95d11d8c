import type { Lang } from '@sentinel/contract';
import type { Resource } from 'i18next';

type Json = Record<string, unknown>;

/**
 * All locale files: shared/locales → namespace `common`, app/locales → `layout`,
 * features/<area>/locales → namespace `<area>` (kebab-case folder name in camelCase).
 */
const files = import.meta.glob<Json>(
  ['/src/shared/locales/*.json', '/src/app/locales/*.json', '/src/features/*/locales/*.json'],
  { eager: true, import: 'default' },
);

export interface LocaleFile {
  namespace: string;
  lang: string;
  path: string;
  content: Json;
}

const camel = (value: string) => value.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

export function localeFiles(): LocaleFile[] {
  return Object.entries(files).map(([path, content]) => {
    const match = /\/(shared|app|features\/([^/]+))\/locales\/([^/]+)\.json$/.exec(path);
    const namespace = match?.[2] ? camel(match[2]) : match?.[1] === 'app' ? 'layout' : 'common';
    return { namespace, lang: match?.[3] ?? '', path, content };
  });
}

export function buildResources(): Resource {
  const resources: Record<Lang, Record<string, Json>> = { en: {}, 'zh-CN': {} };
  for (const file of localeFiles()) {
    if (file.lang === 'en' || file.lang === 'zh-CN') resources[file.lang][file.namespace] = file.content;
  }
  return resources;
}
