import { MENU_TREE } from '@sentinel/contract';
import { Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useMatches, useNavigate } from 'react-router';
import { sceneMenuKey, useSceneMenus } from '@/features/scenes/index.ts';
import { useLang } from '@/shared/i18n/i18n.ts';
import { nodeForCode, useRouteHandle } from '@/shared/routing/route-meta.ts';
import { useAppStore } from '@/shared/stores/app-store.ts';
import { usePermissionStore } from '@/shared/stores/permission-store.ts';
import { useSettingsStore } from '@/shared/stores/settings-store.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';
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
  const [openKeys, setOpenKeys] = useState<string[]>(parentKey ? [parentKey] : []);

  useEffect(() => {
    if (parentKey && !collapsed) setOpenKeys([parentKey]);
  }, [parentKey, collapsed]);

  return (
    <aside
      className="sidebar-container"
      data-testid="sidebar"
      data-opened={String(opened)}
      aria-label="sidebar"
    >
      {showLogo ? (
        <div className="sidebar-logo" title={appName}>
          <Logo src={appLogo} size={28} />
          {collapsed ? null : <span className="sidebar-title">{appName}</span>}
        </div>
      ) : null}
      <nav className="sidebar-scroll">
        <Menu
          mode="inline"
          theme="dark"
          items={model.items}
          selectedKeys={[activeKey]}
          openKeys={collapsed ? undefined : openKeys}
          inlineCollapsed={collapsed}
          inlineIndent={18}
          onOpenChange={(keys) => {
            const latest = keys.find((k) => !openKeys.includes(k));
            setOpenKeys(latest ? [latest] : keys);
          }}
          onClick={({ key }) => {
            const path = model.paths.get(key);
            if (path) navigate(path);
          }}
        />
      </nav>
    </aside>
  );
}
