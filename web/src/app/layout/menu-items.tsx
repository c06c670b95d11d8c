import {
  ApartmentOutlined,
  AppstoreOutlined,
  BookOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DeploymentUnitOutlined,
  ExperimentOutlined,
  HistoryOutlined,
  HomeOutlined,
  LinkOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ToolOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { Lang, MenuNode, MenuItem as ServerMenu } from '@sentinel/contract';
import type { LightMenuItem } from '@/shared/ui/light-menu.tsx';
import { serverMenuTarget } from './server-menu-target.ts';

const ICONS: Record<string, React.ReactNode> = {
  groupHomePage: <HomeOutlined />,
  dashboard: <HomeOutlined />,
  generalSceneManage: <AppstoreOutlined />,
  jobSceneManage: <ClusterOutlined />,
  temporaryJobScene: <ToolOutlined />,
  temporaryJobManage: <ToolOutlined />,
  historyRecords: <HistoryOutlined />,
  meDetails: <UserOutlined />,
  offLineVideo: <VideoCameraOutlined />,
  offLineVideoSet: <VideoCameraOutlined />,
  AIOpenPlatform: <ExperimentOutlined />,
  sceneManagement: <DeploymentUnitOutlined />,
  deviceManagement: <ApartmentOutlined />,
  knowledgeBase: <BookOutlined />,
  permission: <SafetyCertificateOutlined />,
  systemSettings: <SettingOutlined />,
  selfCheck: <DashboardOutlined />,
};

type Item = LightMenuItem;

export interface SidebarModel {
  items: Item[];
  /** Menu key (code) → path to open. */
  paths: Map<string, string>;
  /** Menu key → parent submenu key. */
  parents: Map<string, string>;
}

/** Items added under a menu (the enabled scenes of the scene menu groups), with the group page first. */
export interface ExtraMenuChildren {
  overviewLabel: string;
  items: Array<{ key: string; label: string; path: string }>;
}

const visible = (node: MenuNode, permitted: ReadonlySet<string>) =>
  !node.hidden && permitted.has(node.code) && !node.path.includes(':');

/**
 * Sidebar model from the permitted tree (tree order). A group with exactly one visible child and
 * no `alwaysShow` shows that child at top level (as the home group does).
 */
export function buildSidebar(
  tree: MenuNode[],
  permitted: ReadonlySet<string>,
  lang: Lang,
  serverMenus: ServerMenu[] = [],
  extra: Record<string, ExtraMenuChildren> = {},
): SidebarModel {
  const paths = new Map<string, string>();
  const parents = new Map<string, string>();
  const build = (node: MenuNode, parent?: string, depth = 0): Item | null => {
    if (!visible(node, permitted)) return null;
    const children = (node.children ?? []).filter((c) => visible(c, permitted));
    const icon = depth === 0 ? (ICONS[node.code] ?? <AppstoreOutlined />) : undefined;
    const only = children[0];
    if (children.length === 1 && only && !node.alwaysShow && !only.children?.length) {
      paths.set(only.code, only.path);
      if (parent) parents.set(only.code, parent);
      return { key: only.code, icon, label: only.title[lang], href: only.path };
    }
    const added = extra[node.code];
    if (children.length === 0 && added && added.items.length > 0) {
      if (parent) parents.set(node.code, parent);
      const overview = `${node.code}:overview`;
      paths.set(overview, node.path);
      parents.set(overview, node.code);
      for (const item of added.items) {
        paths.set(item.key, item.path);
        parents.set(item.key, node.code);
      }
      return {
        key: node.code,
        icon,
        label: node.title[lang],
        children: [
          { key: overview, label: added.overviewLabel, href: node.path },
          ...added.items.map((item) => ({ key: item.key, label: item.label, href: item.path })),
        ],
      };
    }
    if (children.length === 0) {
      paths.set(node.code, node.path);
      if (parent) parents.set(node.code, parent);
      return { key: node.code, icon, label: node.title[lang], href: node.path };
    }
    if (parent) parents.set(node.code, parent);
    return {
      key: node.code,
      icon,
      label: node.title[lang],
      children: children.map((c) => build(c, node.code, depth + 1)).filter((c): c is Item => c !== null),
    };
  };
  const items = tree.map((n) => build(n)).filter((i): i is Item => i !== null);
  const known = new Set(
    tree.flatMap(function codes(n): string[] {
      return [n.code, ...(n.children ?? []).flatMap(codes)];
    }),
  );
  // Items the menu tree does not know: dynamic pages (type 4) and external links (type −1).
  const origin = typeof location === 'undefined' ? 'http://localhost' : location.origin;
  for (const menu of serverMenus) {
    if (known.has(menu.code)) continue;
    const target = serverMenuTarget(menu, origin);
    if (target?.kind === 'external') {
      items.push({
        key: `ext:${menu.id}`,
        icon: <LinkOutlined />,
        label: menu.name,
        href: target.href,
        external: true,
      });
    } else if (target?.kind === 'page') {
      const key = `page:${menu.id}`;
      paths.set(key, target.path);
      items.push({ key, icon: <AppstoreOutlined />, label: menu.name, href: target.path });
    }
  }
  return { items, paths, parents };
}
