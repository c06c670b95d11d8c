import type { Lang } from '@sentinel/contract';
import type { FastifyRequest } from 'fastify';

/** en / zh-CN / zh (any zh variant) → Lang; anything else → undefined. */
export function normalizeLang(value: string | undefined): Lang | undefined {
  if (!value) return undefined;
  const tag = value.trim().toLowerCase().replace('_', '-');
  if (tag.startsWith('zh')) return 'zh-CN';
  if (tag.startsWith('en')) return 'en';
  return undefined;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function firstAcceptLanguage(header: string | undefined): Lang | undefined {
  if (!header) return undefined;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const lang = normalizeLang(tag);
    if (lang) return lang;
  }
  return undefined;
}

/** Caller's language: `lang` header, else the `language` cookie, else Accept-Language, else en. */
export function detectLang(request: FastifyRequest): Lang {
  const header = request.headers.lang;
  return (
    normalizeLang(Array.isArray(header) ? header[0] : header) ??
    normalizeLang(readCookie(request.headers.cookie, 'language')) ??
    firstAcceptLanguage(request.headers['accept-language']) ??
    'en'
  );
}
