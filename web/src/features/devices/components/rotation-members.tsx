import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Empty, List, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useCameraOptions } from '../api/cameras.ts';

/** The ordered cameras of a rotation group: add from the picker, remove, move up / down. */
export function RotationMembers({
  value = [],
  onChange,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
}) {
  const { t } = useTranslation('devices');
  const options = useCameraOptions();
  const [picked, setPicked] = useState<number | undefined>();
  const byId = new Map((options.data ?? []).map((c) => [c.id, c]));
  const move = (index: number, delta: number) => {
    const next = [...value];
    const [item] = next.splice(index, 1);
    if (item === undefined) return;
    next.splice(index + delta, 0, item);
    onChange?.(next);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          showSearch
          optionFilterProp="label"
          value={picked}
          onChange={setPicked}
          loading={options.isPending}
          placeholder={t('rotation.pickCamera')}
          aria-label={t('rotation.pickCamera')}
          style={{ width: '100%' }}
          data-testid="rotation-camera-picker"
          options={(options.data ?? [])
            .filter((c) => !value.includes(c.id))
            .map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
        />
        <Button
          disabled={picked === undefined}
          onClick={() => {
            if (picked === undefined) return;
            onChange?.([...value, picked]);
            setPicked(undefined);
          }}
          data-testid="rotation-camera-add"
        >
          {t('rotation.addCamera')}
        </Button>
      </Space.Compact>
      {value.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rotation.noCameras')} />
      ) : (
        <List
          size="small"
          bordered
          dataSource={value}
          data-testid="rotation-members"
          renderItem={(id, index) => {
            const camera = byId.get(id);
            return (
              <List.Item
                actions={[
                  <Button
                    key="up"
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    disabled={index === 0}
                    aria-label={t('rotation.moveUp')}
                    onClick={() => move(index, -1)}
                  />,
                  <Button
                    key="down"
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    disabled={index === value.length - 1}
                    aria-label={t('rotation.moveDown')}
                    onClick={() => move(index, 1)}
                  />,
                  <Button
                    key="remove"
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('rotation.removeCamera')}
                    onClick={() => onChange?.(value.filter((v) => v !== id))}
                  />,
                ]}
              >
                <Typography.Text>
                  {index + 1}. {camera ? `${camera.name} (${camera.code})` : `#${id}`}
                </Typography.Text>
              </List.Item>
            );
          }}
        />
      )}
    </Space>
  );
}
