import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LightDropdown } from './light-dropdown.tsx';
import { LightMenu, type LightMenuItem } from './light-menu.tsx';

afterEach(cleanup);

const ITEMS: LightMenuItem[] = [
  { key: 'home', label: 'Home', href: '/dashboard' },
  {
    key: 'history',
    label: 'History records',
    children: [
      { key: 'alarms', label: 'History alarms', href: '/history/alarms' },
      { key: 'events', label: 'History events', href: '/history/events' },
    ],
  },
  { key: 'system', label: 'System', children: [{ key: 'users', label: 'Users', href: '/system/users' }] },
];

function Menu({ onSelect, collapsed = false }: { onSelect: (key: string) => void; collapsed?: boolean }) {
  const [open, setOpen] = useState<string[]>([]);
  return (
    <LightMenu
      items={ITEMS}
      selectedKey="home"
      openKeys={open}
      onOpenChange={setOpen}
      collapsed={collapsed}
      onSelect={onSelect}
    />
  );
}

const item = (name: string | RegExp) => screen.getByRole('menuitem', { name });

describe('LightMenu (the sidebar)', () => {
  it('opens one group at a time, shows its items as links and routes a plain click in place', () => {
    const onSelect = vi.fn();
    render(<Menu onSelect={onSelect} />);
    expect(item('History records').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menuitem', { name: 'History alarms' })).toBeNull();
    fireEvent.click(item('History records'));
    expect(item('History records').getAttribute('aria-expanded')).toBe('true');
    expect(item('History alarms').getAttribute('href')).toBe('/history/alarms');
    // Accordion: opening System closes History records.
    fireEvent.click(item('System'));
    expect(item('History records').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menuitem', { name: 'History alarms' })).toBeNull();
    fireEvent.click(item('Users'));
    expect(onSelect).toHaveBeenCalledWith('users');
    expect(item('Home').getAttribute('aria-current')).toBe('page');
  });

  it('moves with the arrows, opens a group with → and Enter, goes back with ←', () => {
    const onSelect = vi.fn();
    render(<Menu onSelect={onSelect} />);
    // One Tab stop: the selected item.
    expect(screen.getAllByRole('menuitem').filter((e) => e.tabIndex === 0)).toEqual([item('Home')]);
    item('Home').focus();
    fireEvent.keyDown(item('Home'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('History records'));
    fireEvent.keyDown(item('History records'), { key: 'ArrowRight' });
    expect(item('History records').getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(item('History records'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(item('History alarms'));
    fireEvent.keyDown(item('History alarms'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(item('History records'));
    expect(item('History records').getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(item('History records'), { key: 'Enter' });
    expect(item('History records').getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(item('History records'), { key: 'End' });
    expect(document.activeElement).toBe(item('System'));
  });

  it('collapsed: icons only, named; a group flies out on hover and closes on Escape', () => {
    render(<Menu onSelect={() => {}} collapsed />);
    expect(item('History records').getAttribute('aria-label')).toBe('History records');
    fireEvent.mouseEnter(item('History records').parentElement as HTMLElement);
    expect(item('History alarms')).toBeTruthy();
    fireEvent.keyDown(item('History alarms'), { key: 'Escape' });
    expect(screen.queryByRole('menuitem', { name: 'History alarms' })).toBeNull();
    expect(document.activeElement).toBe(item('History records'));
  });
});

describe('LightDropdown', () => {
  const entries = [
    { key: 'a', label: 'Alpha' },
    { type: 'divider' as const, key: 'd' },
    { key: 'b', label: 'Beta', testId: 'beta' },
  ];

  it('opens from its button, picks with the keyboard, and closes with Escape', () => {
    const onPick = vi.fn();
    render(
      <LightDropdown items={entries} onPick={onPick} label="Things">
        {({ ref, ...props }) => (
          <button type="button" ref={ref as React.RefObject<HTMLButtonElement>} {...props}>
            Open
          </button>
        )}
      </LightDropdown>,
    );
    const button = screen.getByRole('button', { name: 'Open' });
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(item('Alpha'));
    fireEvent.keyDown(item('Alpha'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('Beta'));
    fireEvent.keyDown(item('Beta'), { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith('b', expect.anything());
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    fireEvent.keyDown(item('Alpha'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onPick).toHaveBeenCalledTimes(1);
  });

  it('a context menu opens on right click, with radio items when one is selected', () => {
    const onPick = vi.fn();
    render(
      <LightDropdown items={entries} onPick={onPick} trigger="contextMenu" selectedKey="b">
        {(props) => (
          <button
            type="button"
            ref={props.ref as React.RefObject<HTMLButtonElement>}
            onContextMenu={props.onContextMenu}
          >
            Tag
          </button>
        )}
      </LightDropdown>,
    );
    fireEvent.contextMenu(screen.getByText('Tag'), { clientX: 10, clientY: 20 });
    const beta = screen.getByRole('menuitemradio', { name: 'Beta' });
    expect(beta.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(beta);
    fireEvent.click(screen.getByTestId('beta'));
    expect(onPick).toHaveBeenCalledWith('b', expect.anything());
  });
});
