import type { CameraState } from '@sentinel/contract';
import { translate } from '@sentinel/contract';
import { Tag } from 'antd';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';

const COLORS: Record<CameraState, string> = { online: 'green', offline: 'red', unknown: 'default' };

/** A camera's derived state as a tag. */
export function StateTag({ state }: { state: CameraState }) {
  const { t } = useTranslation('selfCheckCameras');
  return (
    <Tag color={COLORS[state]} data-testid="camera-state">
      {t(`state.${state}`)}
    </Tag>
  );
}

/** A check's or outage's error (a message code) in the UI language; '—' when none. */
export function useErrorText() {
  const lang = useLang();
  return (code: string | null) => (code ? translate(code, lang) : '—');
}
