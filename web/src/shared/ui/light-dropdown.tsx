import {
  type ReactElement,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import './light-dropdown.css';

/** One entry of a dropdown menu: an item or a divider. */
export type DropdownEntry =
  | { key: string; label: ReactNode; icon?: ReactNode; danger?: boolean; testId?: string }
  | { type: 'divider'; key: string };

type Item = Extract<DropdownEntry, { label: ReactNode }>;
const isItem = (entry: DropdownEntry): entry is Item => !('type' in entry);

/** What the trigger element receives: spread it on the button (or the element right-clicked). */
export interface DropdownTriggerProps {
  ref: React.RefObject<HTMLElement | null>;
  onClick?: (event: React.MouseEvent<HTMLElement>) => void;
  onContextMenu?: (event: React.MouseEvent<HTMLElement>) => void;
  onKeyDown?: (event: React.KeyboardEvent<HTMLElement>) => void;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
  'aria-controls'?: string;
}

interface Props {
  items: DropdownEntry[];
  onPick: (key: string, event: React.SyntheticEvent) => void;
  /** 'click': a menu button (below it, right-aligned); 'contextMenu': at the pointer (or Shift+F10). */
  trigger?: 'click' | 'contextMenu';
  /** With a selected key the items are radio items (aria-checked), the selected one highlighted. */
  selectedKey?: string;
  /** The menu's accessible name. */
  label?: string;
  /** The trigger's own keyboard handler, run before the menu's (context-menu triggers). */
  onTriggerKeyDown?: (event: React.KeyboardEvent<HTMLElement>) => void;
  children: (props: DropdownTriggerProps) => ReactElement;
}

type Place = { top: number; left?: number; right?: number };

/**
 * A dropdown or context menu drawn like antd's (issue 17 §8: antd's Dropdown renders its Menu,
 * ~86 kB, on every console page). Keyboard: Enter, Space or ↓ on a menu button opens it
 * (Shift+F10 or the menu key on a context-menu trigger); ↑/↓, Home/End move; Enter or Space picks;
 * Escape closes (focus back on the trigger), Tab closes.
 */
export function LightDropdown({
  items,
  onPick,
  trigger = 'click',
  selectedKey,
  label,
  onTriggerKeyDown,
  children,
}: Props) {
  const [place, setPlace] = useState<Place | null>(null);
  const [active, setActive] = useState(0);
  const triggerRef = useRef<HTMLElement | null>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLDivElement | null)[]>([]);
  const menuId = useId();
  const open = place !== null;
  const choices = items.filter(isItem);

  useEffect(() => {
    if (!open) return;
    itemRefs.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      const target = event.target as Node;
      if (menuRef.current?.contains(target)) return;
      if (event.type === 'pointerdown' && triggerRef.current?.contains(target)) return;
      setPlace(null);
    };
    const closeNow = () => setPlace(null);
    document.addEventListener('pointerdown', close, true);
    window.addEventListener('resize', closeNow);
    window.addEventListener('blur', closeNow);
    return () => {
      document.removeEventListener('pointerdown', close, true);
      window.removeEventListener('resize', closeNow);
      window.removeEventListener('blur', closeNow);
    };
  }, [open]);

  // Keep the menu in the window (a context menu near the right or bottom edge).
  useLayoutEffect(() => {
    const menu = menuRef.current;
    if (!place || !menu) return;
    const box = menu.getBoundingClientRect();
    const top = Math.max(4, Math.min(place.top, window.innerHeight - box.height - 4));
    const left =
      place.left === undefined
        ? undefined
        : Math.max(4, Math.min(place.left, window.innerWidth - box.width - 4));
    if (top !== place.top || left !== place.left) setPlace({ ...place, top, left });
  }, [place]);

  const startAt = () => {
    const index = choices.findIndex((c) => c.key === selectedKey);
    setActive(index < 0 ? 0 : index);
  };
  const openBelow = () => {
    const box = triggerRef.current?.getBoundingClientRect();
    if (!box) return;
    startAt();
    setPlace({ top: box.bottom + 4, right: Math.max(4, window.innerWidth - box.right) });
  };
  const openAt = (x: number, y: number) => {
    startAt();
    setPlace({ top: y, left: x });
  };
  const hide = (focusTrigger: boolean) => {
    setPlace(null);
    if (focusTrigger) triggerRef.current?.focus();
  };
  const pick = (key: string, event: React.SyntheticEvent) => {
    event.stopPropagation();
    hide(true);
    onPick(key, event);
  };

  const onMenuKey = (event: React.KeyboardEvent) => {
    const last = choices.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: active >= last ? 0 : active + 1,
      ArrowUp: active <= 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      setActive(move);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const item = choices[active];
      if (item) pick(item.key, event);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      hide(true);
    } else if (event.key === 'Tab') hide(false);
  };

  const triggerProps: DropdownTriggerProps =
    trigger === 'click'
      ? {
          ref: triggerRef,
          onClick: () => (open ? hide(false) : openBelow()),
          onKeyDown: (event) => {
            if (event.key === 'ArrowDown' && !open) {
              event.preventDefault();
              openBelow();
            }
          },
          'aria-haspopup': 'menu',
          'aria-expanded': open,
          'aria-controls': open ? menuId : undefined,
        }
      : {
          ref: triggerRef,
          onContextMenu: (event) => {
            event.preventDefault();
            openAt(event.clientX, event.clientY);
          },
          onKeyDown: (event) => {
            onTriggerKeyDown?.(event);
            if (event.defaultPrevented) return;
            if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
              event.preventDefault();
              const box = event.currentTarget.getBoundingClientRect();
              openAt(box.left, box.bottom + 4);
            }
          },
        };

  const selectable = selectedKey !== undefined;
  let index = -1;
  const menu = open ? (
    <div
      ref={menuRef}
      id={menuId}
      role="menu"
      aria-label={label}
      className="light-dropdown"
      style={place}
      onKeyDown={onMenuKey}
      onContextMenu={(event) => event.preventDefault()}
    >
      {items.map((entry) => {
        if (!isItem(entry)) return <hr key={entry.key} className="light-dropdown-divider" />;
        index += 1;
        const at = index;
        const selected = selectable && entry.key === selectedKey;
        const classes = ['light-dropdown-item'];
        if (selected) classes.push('light-dropdown-item-selected');
        if (entry.danger) classes.push('light-dropdown-item-danger');
        const common = {
          ref: (element: HTMLDivElement | null) => {
            itemRefs.current[at] = element;
          },
          className: classes.join(' '),
          'data-testid': entry.testId,
          onClick: (event: React.MouseEvent) => pick(entry.key, event),
          onKeyDown: () => undefined,
          onPointerEnter: () => setActive(at),
        };
        const content = (
          <>
            {entry.icon ? (
              <span className="light-dropdown-icon" aria-hidden="true">
                {entry.icon}
              </span>
            ) : null}
            <span className="light-dropdown-label">{entry.label}</span>
          </>
        );
        return selectable ? (
          <div
            key={entry.key}
            role="menuitemradio"
            aria-checked={selected}
            tabIndex={at === active ? 0 : -1}
            {...common}
          >
            {content}
          </div>
        ) : (
          <div key={entry.key} role="menuitem" tabIndex={at === active ? 0 : -1} {...common}>
            {content}
          </div>
        );
      })}
    </div>
  ) : null;

  return (
    <>
      {children(triggerProps)}
      {menu ? createPortal(menu, document.body) : null}
    </>
  );
}
