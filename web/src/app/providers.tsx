import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useMemo } from 'react';
import { Outlet } from 'react-router';
import { useAppStore } from '../shared/stores/app-store.ts';
import { useSettingsStore } from '../shared/stores/settings-store.ts';
import { queryClient } from './query-client.ts';
import { appTheme, THEME_CLASS } from './theme.ts';

const SIZE = { large: 'large', medium: 'middle', small: 'small' } as const;

/**
 * antd theme/locale following the stores, and TanStack Query. Not in the first load (issue 17 §8):
 * the console's routes load it (ConsoleRoute). The toasts and confirmations are antd's App (message,
 * modal: ~18 kB) in a root of their own, loaded on the first one (feedback-host.tsx): the console's
 * first route shows neither.
 */
export function Providers({ children }: { children: React.ReactNode }) {
  const lang = useAppStore((s) => s.language);
  const size = useAppStore((s) => s.size);
  const colorPrimary = useSettingsStore((s) => s.theme);
  const theme = useMemo(() => appTheme(colorPrimary), [colorPrimary]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={lang === 'zh-CN' ? zhCN : enUS} componentSize={SIZE[size]} theme={theme}>
        {/* antd's CSS variables for the console's own elements (antd's App drew this wrapper before). */}
        <div className={`console-root ${THEME_CLASS}`}>{children}</div>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

/** The route above every page but the login page: its children render inside the providers. */
export function ConsoleRoute() {
  return (
    <Providers>
      <Outlet />
    </Providers>
  );
}
