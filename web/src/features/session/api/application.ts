import { API, type ApplicationInfo } from '@sentinel/contract';
import { request } from '@/shared/request/request.ts';
import { useAppStore } from '@/shared/stores/app-store.ts';

/** Application name (line-break tags stripped, SPEC §3) and logo, into the app store. */
export async function loadApplicationInfo(): Promise<void> {
  try {
    const info = await request<ApplicationInfo>(API.application, { silent: true, noRelogin: true });
    const name = info.name
      .replace(/<br\s*\/?>/gi, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    useAppStore.getState().setAppInfo(name, info.smallLogo);
  } catch {
    // Keep the fallback title.
  }
}
