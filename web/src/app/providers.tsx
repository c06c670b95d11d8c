import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useMemo } from 'react';
import { Outlet } from 'react-router';
import { useAppStore } from '../shared/stores/app-store.ts';
import { useSettingsStore } from '../shared/stores/settings-store.ts';
import { registerFeedback } from '../shared/ui/feedback.ts';
import { queryClient } from './query-client.ts';
import { appTheme } from './theme.ts';

const SIZE = { large: 'large', medium: 'middle', small: 'small' } as const;

function FeedbackBridge({ host }: { host: boolean }) {
  const { message, modal } = AntApp.useApp();
  useEffect(() => registerFeedback(message, modal, host), [message, modal, host]);
  return null;
}

/**
 * antd theme/locale following the stores, TanStack Query, and the toast/dialog bridge. Not in the
 * first load (issue 17 §8): the console's routes load it (ConsoleRoute), and the toasts of a page
 * without it (the login page) load it on demand (feedback-host.tsx).
 */
export function Providers({
  children,
  feedbackHost = false,
}: {
  children: React.ReactNode;
  feedbackHost?: boolean;
}) {
  const lang = useAppStore((s) => s.language);
  const size = useAppStore((s) => s.size);
  const colorPrimary = useSettingsStore((s) => s.theme);
  const theme = useMemo(() => appTheme(colorPrimary), [colorPrimary]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={lang === 'zh-CN' ? zhCN : enUS} componentSize={SIZE[size]} theme={theme}>
        <AntApp message={{ maxCount: 3, top: 56 }}>
          <FeedbackBridge host={feedbackHost} />
          {children}
        </AntApp>
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
