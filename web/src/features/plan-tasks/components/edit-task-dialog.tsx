import type { PlanTaskItem } from '@sentinel/contract';
import { Alert, Button, Form, Input, List, Modal, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useCronPreview, useUpdatePlanTask } from '../api.ts';
import { cronText } from './cron-text.ts';
import { taskName } from './labels.tsx';

/** Edits a task's cron (readable preview and next five runs as the admin types) and its switch. */
export function EditTaskDialog({ task, onClose }: { task: PlanTaskItem | null; onClose: () => void }) {
  const { t } = useTranslation('planTasks');
  const lang = useLang();
  const [cron, setCron] = useState('');
  const [enabled, setEnabled] = useState(true);
  useEffect(() => {
    if (task) {
      setCron(task.cron);
      setEnabled(task.enabled);
    }
  }, [task]);
  const readable = cronText(cron, lang);
  const preview = useCronPreview(task ? cron : '');
  const update = useUpdatePlanTask();
  const serverSaysBad = preview.data !== undefined && !preview.data.valid && !preview.isPlaceholderData;
  const invalid = readable === null || serverSaysBad;
  const save = () => {
    if (!task || invalid) return;
    update.mutate({ code: task.code, change: { cron: cron.trim(), enabled } }, { onSuccess: onClose });
  };
  return (
    <Modal
      open={task !== null}
      title={task ? t('editTitle', { name: taskName(t, task.code) }) : ''}
      onCancel={onClose}
      onOk={save}
      okButtonProps={{ disabled: invalid, loading: update.isPending, id: 'plan-task-save' }}
      destroyOnHidden
      data-testid="plan-task-dialog"
    >
      {task ? (
        <Form layout="vertical" onFinish={save}>
          <Form.Item
            label={t('cron')}
            help={t('cronHelp', { cron: task.defaultCron })}
            validateStatus={invalid ? 'error' : undefined}
          >
            <Space.Compact style={{ width: '100%' }}>
              <Input
                value={cron}
                onChange={(e) => setCron(e.target.value)}
                onPressEnter={save}
                autoFocus
                spellCheck={false}
                style={{ fontFamily: 'monospace' }}
                data-testid="plan-task-cron"
                aria-label={t('cron')}
              />
              <Button onClick={() => setCron(task.defaultCron)}>{t('resetDefault')}</Button>
            </Space.Compact>
          </Form.Item>
          <Alert
            type={invalid ? 'error' : 'info'}
            showIcon
            data-testid="plan-task-readable"
            style={{ margin: '16px 0' }}
            title={invalid ? t('unreadable') : `${t('readable')}: ${readable}`}
          />
          {!invalid && preview.data?.valid ? (
            <List
              size="small"
              header={<Typography.Text strong>{t('nextRuns')}</Typography.Text>}
              dataSource={preview.data.nextRuns}
              renderItem={(at) => <List.Item>{formatTime(at)}</List.Item>}
              data-testid="plan-task-next-runs"
            />
          ) : null}
          <Form.Item label={t('enabledSwitch')} style={{ marginTop: 16 }}>
            <Switch checked={enabled} onChange={setEnabled} data-testid="plan-task-enabled" />
          </Form.Item>
          <Typography.Text type="secondary">
            {t('timeLimit', { minutes: Math.round(task.timeLimitMs / 60_000) })}
          </Typography.Text>
        </Form>
      ) : null}
    </Modal>
  );
}
