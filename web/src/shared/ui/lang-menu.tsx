import { LANGS, type Lang } from '@sentinel/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { i18n, setLanguage, useLang, useTranslation } from '../i18n/i18n.ts';
import { toast } from './feedback.ts';
import { TranslationOutlined } from './light-icons.tsx';
import './lang-menu.css';

const LABELS: Record<Lang, string> = { en: 'English', 'zh-CN': '简体中文' };

/**
 * The language switch of the pages shown without antd (the login page, issue 17 §8): the same as
 * lang-switch.tsx (SPEC §1, instant, remembered in the `language` cookie; same test ids and names),
 * drawn like antd's text button and dropdown menu. Keyboard: Enter, Space or ↓ opens the menu on
 * the current language; ↑/↓, Home/End move; Enter or Space picks; Escape or Tab closes.
 */
export function LangMenu({ className }: { className?: string }) {
  const lang = useLang();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLDivElement | null)[]>([]);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    items.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  const show = () => {
    setActive(Math.max(0, LANGS.indexOf(lang)));
    setOpen(true);
  };
  const hide = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  const pick = async (key: Lang) => {
    hide(true);
    await setLanguage(key);
    toast.success(i18n.t('switchLanguageSuccess'));
  };

  const onMenuKey = (event: React.KeyboardEvent) => {
    const last = LANGS.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: active === last ? 0 : active + 1,
      ArrowUp: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      setActive(move);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const key = LANGS[active];
      if (key) void pick(key);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      hide(true);
    } else if (event.key === 'Tab') hide(false);
  };

  return (
    <div ref={root} className={className ? `lang-menu ${className}` : 'lang-menu'}>
      <button
        ref={button}
        type="button"
        className="lang-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        // The visible language name starts the accessible name (WCAG 2.5.3, label in name).
        aria-label={`${LABELS[lang]} (${t('language')})`}
        data-testid="lang-switch"
        onClick={() => (open ? hide(false) : show())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            show();
          }
        }}
      >
        <TranslationOutlined />
        <span>{LABELS[lang]}</span>
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          className="lang-menu-list"
          aria-label={t('language')}
          onKeyDown={onMenuKey}
        >
          {LANGS.map((key, index) => (
            <div
              key={key}
              ref={(element) => {
                items.current[index] = element;
              }}
              role="menuitemradio"
              aria-checked={key === lang}
              tabIndex={index === active ? 0 : -1}
              className={key === lang ? 'lang-menu-item lang-menu-item-selected' : 'lang-menu-item'}
              onClick={() => void pick(key)}
              onKeyDown={() => undefined}
              onPointerEnter={() => setActive(index)}
            >
              <span data-testid={`lang-${key}`}>{LABELS[key]}</span>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
