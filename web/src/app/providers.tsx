import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useMemo } from 'react';
import { useAppStore } from '../shared/stores/app-store.ts';
import { useSettingsStore } from '../shared/stores/settings-store.ts';
import { registerFeedback } from '../shared/ui/feedback.ts';
import { appTheme } from './theme.ts';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

const SIZE = { large: 'large', medium: 'middle', small: 'small' } as const;

function FeedbackBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => registerFeedback(message, modal), [message, modal]);
  return null;
}

/** antd theme/locale following the stores, TanStack Query, and the toast/dialog bridge. */
export function Providers({ children }: { children: React.ReactNode }) {
  const lang = useAppStore((s) => s.language);
  const size = useAppStore((s) => s.size);
  const colorPrimary = useSettingsStore((s) => s.theme);
  const theme = useMemo(() => appTheme(colorPrimary), [colorPrimary]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={lang === 'zh-CN' ? zhCN : enUS} componentSize={SIZE[size]} theme={theme}>
        <AntApp message={{ maxCount: 3, top: 56 }}>
          <FeedbackBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
