import type { MenuItem as ServerMenu } from '@sentinel/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LightMenu } from '@/shared/ui/light-menu.tsx';
import { buildSidebar } from './menu-items.tsx';
import { serverMenuTarget } from './server-menu-target.ts';

const menu = (id: number, type: ServerMenu['type'], url: string, name = `menu ${id}`): ServerMenu => ({
  id,
  parentId: 0,
  code: `custom${id}`,
  name,
  type,
  url,
  data: null,
});

describe('menu items the server supplies (SPEC §2 menu types 1, 4, −1)', () => {
  const origin = 'http://console.plant.local';

  it('routes a type 4 item inside the console and links a type −1 item out, from its url or its url query', () => {
    expect(serverMenuTarget(menu(1, 4, '/reports/custom?id=7'), origin)).toEqual({
      kind: 'page',
      path: '/reports/custom?id=7',
    });
    expect(
      serverMenuTarget(menu(2, -1, '/external?url=https%3A%2F%2Fwiki.plant.local%2Fsop'), origin),
    ).toEqual({
      kind: 'external',
      href: 'https://wiki.plant.local/sop',
    });
    expect(serverMenuTarget(menu(3, -1, 'https://mes.plant.local/'), origin)).toEqual({
      kind: 'external',
      href: 'https://mes.plant.local/',
    });
    // Type 1 pages come from the menu tree, not from here.
    expect(serverMenuTarget(menu(4, 1, '/dashboard'), origin)).toBeUndefined();
  });

  it('never follows a script link or leaves the console through a look-alike path', () => {
    expect(serverMenuTarget(menu(5, -1, 'javascript:alert(1)'), origin)).toBeUndefined();
    expect(serverMenuTarget(menu(6, -1, '/x?url=javascript%3Aalert(1)'), origin)).toBeUndefined();
    expect(serverMenuTarget(menu(7, 4, '//evil.example/phish'), origin)).toBeUndefined();
    expect(serverMenuTarget(menu(8, 4, 'https://evil.example/'), origin)).toBeUndefined();
  });

  it('adds one sidebar item of each kind: the page opens by path, the link in a new tab', () => {
    const model = buildSidebar([], new Set(), 'en', [
      menu(11, 4, '/historyRecords/historyAlarm', 'Shift report'),
      menu(12, -1, '/external?url=https%3A%2F%2Fwiki.plant.local%2Fsop', 'Plant wiki'),
      menu(13, -1, 'javascript:alert(1)', 'Bad link'),
    ]);
    expect(model.items.map((i) => i?.key)).toEqual(['page:11', 'ext:12']);
    expect(model.paths.get('page:11')).toBe('/historyRecords/historyAlarm');
    // The link is drawn by the sidebar's menu (light-menu.tsx): an anchor opening a new tab.
    const link = model.items[1];
    expect(link).toMatchObject({ label: 'Plant wiki', href: 'https://wiki.plant.local/sop', external: true });
    render(
      <LightMenu
        items={model.items}
        selectedKey=""
        openKeys={[]}
        onOpenChange={() => {}}
        onSelect={() => {}}
      />,
    );
    const anchor = screen.getByRole('menuitem', { name: 'Plant wiki' });
    expect(anchor.getAttribute('href')).toBe('https://wiki.plant.local/sop');
    expect(anchor.getAttribute('target')).toBe('_blank');
    expect(anchor.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('menuitem', { name: 'Shift report' }).getAttribute('href')).toBe(
      '/historyRecords/historyAlarm',
    );
  });
});
