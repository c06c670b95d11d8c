import { isPriorityCode, PRIORITY_COLORS, PRIORITY_LABELS } from '@sentinel/contract';
import { Space, Tag } from 'antd';
import { useLang } from '@/shared/i18n/i18n.ts';

/** Priority tags (120001 hint … 120004 urgent) in the UI language; the default one is outlined. */
export function PriorityTags({ levels, defaultLevel }: { levels: number[]; defaultLevel?: number }) {
  const lang = useLang();
  return (
    <Space size={[0, 4]} wrap>
      {levels.filter(isPriorityCode).map((code) => (
        <Tag
          key={code}
          color={PRIORITY_COLORS[code]}
          variant={code === defaultLevel ? 'solid' : 'filled'}
          data-testid={`priority-${code}`}
        >
          {PRIORITY_LABELS[code][lang]}
        </Tag>
      ))}
    </Space>
  );
}
