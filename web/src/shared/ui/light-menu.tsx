import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import './light-menu.css';

/** An item of the vertical menu: a link (`href`), or a group (`children`). */
export interface LightMenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  /** The page the item opens (in the console), or the address of an external link. */
  href?: string;
  /** Opens `href` in a new tab, outside the console. */
  external?: boolean;
  children?: LightMenuItem[];
}

interface Props {
  items: LightMenuItem[];
  selectedKey: string;
  /** The open groups (inline mode): a group and its ancestors. */
  openKeys: string[];
  onOpenChange: (keys: string[]) => void;
  /** Icons only; a group opens its items as a flyout beside the menu. */
  collapsed?: boolean;
  /** A console item picked (external links just open). */
  onSelect: (key: string) => void;
  label?: string;
  indent?: number;
}

const ITEMS = '[role="menuitem"]';

/**
 * The sidebar's vertical menu, dark, drawn like antd's inline Menu without antd (issue 17 §8: antd's
 * Menu is ~86 kB). Accordion: opening a group closes the others. Collapsed: icons only, a group
 * shows its items as a flyout on hover, focus or click. Keyboard: ↑/↓ and Home/End move through
 * the visible items, → or Enter/Space opens a group (→ also enters it), ← closes it or goes back to
 * its group, Escape closes a flyout.
 */
export function LightMenu({
  items,
  selectedKey,
  openKeys,
  onOpenChange,
  collapsed = false,
  onSelect,
  label,
  indent = 18,
}: Props) {
  const root = useRef<HTMLDivElement>(null);
  const [flyout, setFlyout] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  // Focus back on a group title after closing its flyout (← or Escape) must not reopen it.
  const closing = useRef(false);
  const parents = useMemo(() => {
    const map = new Map<string, string>();
    const walk = (list: LightMenuItem[], parent?: string) => {
      for (const item of list) {
        if (parent) map.set(item.key, parent);
        if (item.children) walk(item.children, item.key);
      }
    };
    walk(items);
    return map;
  }, [items]);
  const ancestors = (key: string): string[] => {
    const up = parents.get(key);
    return up ? [...ancestors(up), up] : [];
  };
  const selectedPath = new Set([...ancestors(selectedKey), selectedKey]);

  useEffect(() => {
    if (!collapsed) setFlyout(null);
  }, [collapsed]);

  // The one item reached by Tab: the last focused, else the selected one or its visible group.
  const visible = (key: string) =>
    ancestors(key).every((k, i) => (collapsed ? i === 0 && flyout === k : openKeys.includes(k)));
  const tabStop =
    (focusKey && visible(focusKey) && focusKey) ||
    [...ancestors(selectedKey), selectedKey].find((k) => visible(k) && !(collapsed && parents.has(k))) ||
    items[0]?.key;

  const toggle = (key: string) => {
    if (collapsed && !parents.has(key)) setFlyout(flyout === key ? null : key);
    else onOpenChange(openKeys.includes(key) ? openKeys.filter((k) => k !== key) : [...ancestors(key), key]);
  };
  const isOpen = (key: string) => (collapsed && !parents.has(key) ? flyout === key : openKeys.includes(key));

  const focusIn = (element: Element | null | undefined) => {
    if (element instanceof HTMLElement) element.focus();
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const all = [...(root.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
    const current = event.target as HTMLElement;
    const at = all.indexOf(current);
    if (at < 0) return;
    const key = current.dataset.key ?? '';
    const group = current.getAttribute('aria-haspopup') === 'menu';
    const move = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[event.key];
    if (move !== undefined) {
      event.preventDefault();
      focusIn(all[(move + all.length) % all.length]);
    } else if (group && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      toggle(key);
    } else if (!group && event.key === ' ') {
      event.preventDefault();
      current.click();
    } else if (group && event.key === 'ArrowRight') {
      event.preventDefault();
      if (!isOpen(key)) toggle(key);
      else focusIn(current.nextElementSibling?.querySelector(ITEMS));
    } else if (event.key === 'ArrowLeft' || (event.key === 'Escape' && collapsed)) {
      const up = group && isOpen(key) ? key : parents.get(key);
      if (!up) return;
      event.preventDefault();
      if (isOpen(up)) toggle(up);
      closing.current = true;
      focusIn(byKey(root.current, up));
      closing.current = false;
    }
  };

  const render = (item: LightMenuItem, level: number): ReactNode => {
    const inSelected = selectedPath.has(item.key);
    const top = level === 1;
    // Collapsed: the top level shows icons only, named by aria-label; a flyout is not indented.
    const iconOnly = collapsed && top;
    const pad = collapsed ? (top ? undefined : 16) : indent * level;
    const common = {
      'data-key': item.key,
      style: pad === undefined ? undefined : { paddingLeft: pad },
      'aria-label': iconOnly ? item.label : undefined,
      title: iconOnly ? item.label : undefined,
      onFocus: () => setFocusKey(item.key),
    };
    const content = (
      <>
        {item.icon ? (
          <span className="light-menu-icon" aria-hidden="true">
            {item.icon}
          </span>
        ) : null}
        <span className="light-menu-label">{item.label}</span>
      </>
    );
    if (item.children) {
      const open = isOpen(item.key);
      const flies = collapsed && top;
      const hover = flies
        ? { onMouseEnter: () => setFlyout(item.key), onMouseLeave: () => setFlyout(null) }
        : {};
      return (
        <div
          key={item.key}
          role="none"
          className={`light-menu-submenu${open ? ' light-menu-open' : ''}${inSelected ? ' light-menu-submenu-selected' : ''}`}
          {...hover}
          onBlur={
            flies
              ? (event) => {
                  if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFlyout(null);
                }
              : undefined
          }
        >
          <div
            role="menuitem"
            aria-haspopup="menu"
            aria-expanded={open}
            className="light-menu-item light-menu-submenu-title"
            tabIndex={item.key === tabStop ? 0 : -1}
            {...common}
            onFocus={() => {
              setFocusKey(item.key);
              if (flies && !closing.current) setFlyout(item.key);
            }}
            onClick={() => (flies ? setFlyout(item.key) : toggle(item.key))}
            onKeyDown={() => undefined}
          >
            {content}
            {iconOnly ? null : <i className="light-menu-arrow" aria-hidden="true" />}
          </div>
          {open ? (
            <div
              role="menu"
              aria-label={item.label}
              className={flies ? 'light-menu-sub light-menu-flyout' : 'light-menu-sub'}
              style={flies ? flyoutPlace(root.current, item.key) : undefined}
            >
              {item.children.map((child) => render(child, level + 1))}
            </div>
          ) : null}
        </div>
      );
    }
    const selected = item.key === selectedKey;
    return (
      <div key={item.key} role="none">
        <a
          role="menuitem"
          href={item.href}
          className={selected ? 'light-menu-item light-menu-item-selected' : 'light-menu-item'}
          aria-current={selected ? 'page' : undefined}
          tabIndex={item.key === tabStop ? 0 : -1}
          {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          {...common}
          onClick={(event) => {
            if (item.external) return;
            // A new tab or window from the link works as a link; a plain click routes in place.
            if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            setFlyout(null);
            onSelect(item.key);
          }}
        >
          {content}
        </a>
      </div>
    );
  };

  return (
    <div
      ref={root}
      role="menu"
      aria-label={label}
      aria-orientation="vertical"
      className={collapsed ? 'light-menu light-menu-collapsed' : 'light-menu'}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => render(item, 1))}
    </div>
  );
}

/** A flyout beside its group title, in the window (the sidebar scrolls and clips). */
function flyoutPlace(root: HTMLElement | null, key: string): React.CSSProperties | undefined {
  const title = byKey(root, key);
  if (!title) return undefined;
  const box = title.getBoundingClientRect();
  return { top: box.top, left: box.right, maxHeight: Math.max(120, window.innerHeight - box.top - 8) };
}

function byKey(root: HTMLElement | null, key: string): HTMLElement | undefined {
  return [...(root?.querySelectorAll<HTMLElement>('[data-key]') ?? [])].find((e) => e.dataset.key === key);
}
