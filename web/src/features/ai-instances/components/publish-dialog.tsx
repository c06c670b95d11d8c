import {
  type AiVersion,
  OVERRIDE_REASON_MIN,
  passesPublishGate,
  type VersionMetrics,
} from '@sentinel/contract';
import { Alert, Checkbox, Form, Input, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { usePublish } from '../api/instances.ts';
import { percent } from '../lib/format.ts';

type MetricKey = 'precision' | 'recall' | 'falsePositiveRate';
const METRICS: MetricKey[] = ['precision', 'recall', 'falsePositiveRate'];

/**
 * Publish one version: its metrics next to the live version's (issue 13 §7). When the gate says
 * no (false-positive rate not lower, or no metrics) publishing needs an explicit override with a
 * reason, which the server records and audits.
 */
export function PublishDialog({
  instanceId,
  candidate,
  live,
  onClose,
}: {
  instanceId: number;
  candidate: AiVersion;
  live: AiVersion | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('aiInstances');
  const publish = usePublish(instanceId);
  const [override, setOverride] = useState(false);
  const [reason, setReason] = useState('');
  const passes = passesPublishGate(candidate.metrics, live?.metrics ?? null, live !== null);
  const reasonOk = reason.trim().length >= OVERRIDE_REASON_MIN;
  const canSubmit = passes || (override && reasonOk);
  const value = (metrics: VersionMetrics | null | undefined, key: MetricKey) =>
    metrics ? percent(metrics[key]) : '—';

  const submit = async () => {
    try {
      await publish.mutateAsync({
        versionId: candidate.id,
        ...(passes ? {} : { override: true, reason: reason.trim() }),
      });
      onClose();
    } catch {
      // The request layer has shown the server's message (e.g. the gate, when the live version changed).
    }
  };

  return (
    <Modal
      open
      title={t('gate.title', { number: candidate.number })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={passes ? t('publish') : t('gate.publishAnyway')}
      okButtonProps={{
        disabled: !canSubmit,
        danger: !passes,
        loading: publish.isPending,
        ...({ 'data-testid': 'publish-ok' } as Record<string, string>),
      }}
      cancelText={t('cancel')}
      destroyOnHidden
      data-testid="publish-dialog"
    >
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        data-testid="gate-metrics"
        columns={[
          { title: t('gate.metric'), dataIndex: 'label' },
          { title: t('versionLabel', { number: candidate.number }), dataIndex: 'candidate' },
          {
            title: live ? t('gate.liveColumn', { number: live.number }) : t('noLive'),
            dataIndex: 'live',
          },
        ]}
        dataSource={METRICS.map((key) => ({
          key,
          label: t(`metrics.${key}`),
          candidate: value(candidate.metrics, key),
          live: value(live?.metrics, key),
        }))}
      />
      {candidate.metrics?.evaluatedOn ? (
        <p style={{ marginTop: 8 }}>{t('gate.evaluatedOn', { on: candidate.metrics.evaluatedOn })}</p>
      ) : null}
      {passes ? (
        <Alert type="success" showIcon title={t('gate.passes')} data-testid="gate-passes" />
      ) : (
        <>
          <Alert
            type="warning"
            showIcon
            title={candidate.metrics ? t('gate.notLower') : t('gate.noMetrics')}
            data-testid="gate-refuses"
            style={{ marginBottom: 12 }}
          />
          <Checkbox
            checked={override}
            onChange={(e) => setOverride(e.target.checked)}
            data-testid="gate-override"
          >
            {t('gate.override')}
          </Checkbox>
          {override ? (
            <Form layout="vertical" style={{ marginTop: 12 }}>
              <Form.Item
                label={t('gate.reason')}
                required
                validateStatus={reason && !reasonOk ? 'error' : undefined}
                help={reason && !reasonOk ? t('gate.reasonHelp', { min: OVERRIDE_REASON_MIN }) : undefined}
              >
                <Input.TextArea
                  autoFocus
                  value={reason}
                  maxLength={500}
                  rows={3}
                  onChange={(e) => setReason(e.target.value)}
                  data-testid="gate-reason"
                />
              </Form.Item>
            </Form>
          ) : null}
        </>
      )}
    </Modal>
  );
}
