import { MENU_TREE } from '@sentinel/contract';
import { useEffect, useMemo, useState } from 'react';
import { useMatches, useNavigate } from 'react-router';
import { sceneMenuKey, useSceneMenus } from '@/features/scenes/index.ts';
import { useLang } from '@/shared/i18n/i18n.ts';
import { nodeForCode, useRouteHandle } from '@/shared/routing/route-meta.ts';
import { useAppStore } from '@/shared/stores/app-store.ts';
import { usePermissionStore } from '@/shared/stores/permission-store.ts';
import { useSettingsStore } from '@/shared/stores/settings-store.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';
import { LightMenu } from '@/shared/ui/light-menu.tsx';
import { Logo } from '@/shared/ui/logo.tsx';
import { buildSidebar } from './menu-items.tsx';

/** Sidebar menu of permitted routes: accordion, collapsible, 210 px (SPEC §2). */
export function Sidebar() {
  const lang = useLang();
  const permitted = usePermissionStore((s) => s.codes);
  const serverMenus = useUserStore((s) => s.menus);
  // While the initial password must be changed, nothing else can be opened: show no menu.
  const locked = useUserStore((s) => s.mustChangePassword);
  const opened = useAppStore((s) => s.sidebar.opened);
  const device = useAppStore((s) => s.device);
  const appName = useAppStore((s) => s.appName);
  const appLogo = useAppStore((s) => s.appLogo);
  const showLogo = useSettingsStore((s) => s.sidebarLogo);
  const primary = useSettingsStore((s) => s.theme);
  const navigate = useNavigate();
  const handle = useRouteHandle();
  // The enabled scenes under the general / job scene menu groups.
  const sceneMenus = useSceneMenus(locked ? new Set<string>() : permitted);
  const model = useMemo(
    () =>
      buildSidebar(
        MENU_TREE,
        locked ? new Set<string>() : permitted,
        lang,
        locked ? [] : serverMenus,
        sceneMenus,
      ),
    [permitted, lang, serverMenus, locked, sceneMenus],
  );

  // The active menu: the route itself, or for hidden pages the menu that grants them (a scene
  // page: its own scene item; a scene group page with scene items: its overview item).
  const node = nodeForCode(handle.code);
  const sceneId = useMatches().at(-1)?.params.id;
  const grantKey = node?.hidden && node.grantedBy ? node.grantedBy : (handle.code ?? '');
  const onScenePage = handle.code === 'generalScene' || handle.code === 'jobScene';
  const sceneKey = onScenePage && sceneId ? sceneMenuKey(sceneId) : '';
  const activeKey = model.paths.has(sceneKey)
    ? sceneKey
    : model.paths.has(`${grantKey}:overview`)
      ? `${grantKey}:overview`
      : grantKey;
  const parentKey = model.parents.get(activeKey);
  const collapsed = device === 'desktop' && !opened;
  // The active item's groups, outermost first (accordion: only they stay open).
  const openChain = useMemo(() => {
    const chain: string[] = [];
    for (let key = parentKey; key && !chain.includes(key); key = model.parents.get(key)) chain.unshift(key);
    return chain;
  }, [parentKey, model]);
  const [openKeys, setOpenKeys] = useState<string[]>(openChain);

  // Only when the active item's groups change (not on every new model: a language switch).
  const chainKey = openChain.join('\n');
  useEffect(() => {
    if (chainKey && !collapsed) setOpenKeys(chainKey.split('\n'));
  }, [chainKey, collapsed]);

  return (
    <aside
      className="sidebar-container"
      data-testid="sidebar"
      data-opened={String(opened)}
      aria-label="sidebar"
      style={{ '--menu-primary': primary } as React.CSSProperties}
    >
      {showLogo ? (
        <div className="sidebar-logo" title={appName}>
          <Logo src={appLogo} size={28} />
          {collapsed ? null : <span className="sidebar-title">{appName}</span>}
        </div>
      ) : null}
      <nav className="sidebar-scroll">
        <LightMenu
          items={model.items}
          selectedKey={activeKey}
          openKeys={collapsed ? [] : openKeys}
          collapsed={collapsed}
          indent={18}
          label={appName}
          onOpenChange={setOpenKeys}
          onSelect={(key) => {
            const path = model.paths.get(key);
            if (path) navigate(path);
          }}
        />
      </nav>
    </aside>
  );
}
