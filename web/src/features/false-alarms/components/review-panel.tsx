import {
  type Detection,
  DICTIONARY_TYPES,
  type FalseAlarmRecordItem,
  type FalseAlarmVerdict,
} from '@sentinel/contract';
import { AutoComplete, Button, Col, Descriptions, Empty, Radio, Row, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useDictionary } from '@/shared/dictionary/use-dictionary.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { RequestError } from '@/shared/request/errors.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useReview } from '../api/false-alarms.ts';
import { FrameBoxes } from './frame-boxes.tsx';
import { StateTag } from './state-tag.tsx';
import { useReviewKeys } from './use-review-keys.ts';

const Key = ({ k }: { k: string }) => <Typography.Text keyboard>{k}</Typography.Text>;

interface ReviewPanelProps {
  records: FalseAlarmRecordItem[];
  index: number;
  onIndex: (index: number) => void;
  /** Keys are listened to only while the view is shown. */
  active: boolean;
  onEditingChange?: (editing: boolean) => void;
}

/**
 * The keyboard review of false-alarm records: the frame with the engine's boxes pre-drawn, a
 * reason (1–9, the dictionary's), and A accept / R relabel (draw, select, delete boxes; S or Enter saves) / D drop,
 * N or → next, P or ← previous. A verdict moves on to the next pending record.
 */
export function ReviewPanel({ records, index, onIndex, active, onEditingChange }: ReviewPanelProps) {
  const { t } = useTranslation('falseAlarms');
  const review = useReview();
  /** Verdicts given here (the list refreshes after; shown at once). */
  const [seen, setSeen] = useState<Record<number, FalseAlarmRecordItem>>({});
  const base = records[index];
  const record = base ? (seen[base.id] ?? base) : undefined;
  const [reason, setReason] = useState<string | undefined>();
  // The reasons are the dictionary's (System settings › Dictionary), reloaded when it changes.
  const reasons = useDictionary(DICTIONARY_TYPES.falseAlarmReason);
  const [editing, setEditing] = useState(false);
  const [labels, setLabels] = useState<Detection[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [newClass, setNewClass] = useState('');

  const recordId = record?.id;
  // A new record: its reason, not editing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the record changes
  useEffect(() => {
    setReason(record?.reason || undefined);
    setEditing(false);
    setSelected(null);
  }, [recordId]);
  useEffect(() => onEditingChange?.(editing), [editing, onEditingChange]);

  const stateOf = (r: FalseAlarmRecordItem) => (seen[r.id] ?? r).state;
  const nextPending = () => {
    for (let j = index + 1; j < records.length; j++) {
      const r = records[j];
      if (r && stateOf(r) === 'pending') return j;
    }
    return -1;
  };
  const go = (j: number) => {
    if (j >= 0 && j < records.length) onIndex(j);
  };

  const submit = (verdict: FalseAlarmVerdict, boxes: Detection[] = []) => {
    if (!record || review.isPending) return;
    review.mutate(
      {
        id: record.id,
        body: {
          verdict,
          ...(reason ? { reason } : {}),
          ...(verdict === 'relabelled' ? { labels: boxes } : {}),
          // A record shown as reviewed is re-reviewed on purpose; a stale "pending" gets the 409.
          ...(record.state !== 'pending' ? { rereview: true } : {}),
        },
      },
      {
        onSuccess: (item) => {
          setSeen((s) => ({ ...s, [item.id]: item }));
          setEditing(false);
          const j = nextPending();
          if (j >= 0) go(j);
        },
        onError: (error) => {
          const data =
            error instanceof RequestError ? (error.data as { record?: FalseAlarmRecordItem }) : undefined;
          const current = data?.record;
          if (current) setSeen((s) => ({ ...s, [current.id]: current }));
        },
      },
    );
  };

  const startRelabel = () => {
    if (!record) return;
    setLabels(
      (record.labels.length > 0 ? record.labels : record.detections).map(({ cls, box }) => ({ cls, box })),
    );
    setNewClass(record.detections[0]?.cls ?? record.labels[0]?.cls ?? '');
    setSelected(null);
    setEditing(true);
  };
  const deleteSelected = () => {
    if (selected === null) return;
    setLabels((l) => l.filter((_, i) => i !== selected));
    setSelected(null);
  };
  const setSelectedClass = (cls: string) => {
    setNewClass(cls);
    if (selected !== null) setLabels((l) => l.map((d, i) => (i === selected ? { ...d, cls } : d)));
  };

  useReviewKeys(active && record !== undefined, {
    editing,
    accept: () => submit('accepted'),
    relabel: startRelabel,
    drop: () => submit('dropped'),
    next: () => go(index + 1),
    previous: () => go(index - 1),
    reasons: reasons.options.map((o) => o.value),
    reason: setReason,
    save: () => submit('relabelled', labels),
    cancelEdit: () => setEditing(false),
    deleteSelected,
  });

  if (!record) return <Empty description={t('review.none')} />;
  const classes = [...new Set([...record.detections, ...record.labels, ...labels].map((d) => d.cls))];
  const shownBoxes = editing ? labels : record.state === 'relabelled' ? record.labels : record.detections;

  return (
    <div data-testid="false-alarm-review" data-record-id={record.id} data-state={record.state}>
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          <FrameBoxes
            src={record.frame}
            alt={record.algorithmName}
            frameWidth={record.frameWidth}
            frameHeight={record.frameHeight}
            boxes={shownBoxes}
            tone={editing || record.state === 'relabelled' ? 'label' : 'engine'}
            editable={editing}
            newClass={newClass}
            selected={selected}
            onSelect={setSelected}
            onChange={setLabels}
          />
          {record.frame ? null : <Typography.Text type="secondary">{t('review.noFrame')}</Typography.Text>}
          <div style={{ marginTop: 8 }} data-testid="false-alarm-review-hints">
            <Space wrap size={[12, 4]}>
              {editing ? (
                <>
                  <span>{t('review.hint.draw')}</span>
                  <span>
                    <Key k="S" /> / <Key k="Enter" /> {t('review.save')}
                  </span>
                  <span>
                    <Key k="Del" /> {t('review.deleteBox')}
                  </span>
                  <span>
                    <Key k="Esc" /> {t('review.cancelEdit')}
                  </span>
                </>
              ) : (
                <>
                  <span>
                    <Key k="A" /> {t('review.accept')}
                  </span>
                  <span>
                    <Key k="R" /> {t('review.relabel')}
                  </span>
                  <span>
                    <Key k="D" /> {t('review.drop')}
                  </span>
                  <span>
                    <Key k="N" /> / <Key k="→" /> {t('review.next')}
                  </span>
                  <span>
                    <Key k="P" /> / <Key k="←" /> {t('review.previous')}
                  </span>
                </>
              )}
              <span>
                <Key k="1" />–<Key k={String(Math.min(Math.max(reasons.options.length, 1), 9))} />{' '}
                {t('review.reasonHint')}
              </span>
            </Space>
          </div>
        </Col>
        <Col xs={24} lg={8}>
          <Space direction="vertical" style={{ width: '100%' }} size="middle">
            <Space>
              <StateTag state={record.state} />
              <span data-testid="false-alarm-review-position">
                {t('review.position', { n: index + 1, total: records.length })}
              </span>
            </Space>
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t('column.algorithm')}>
                {record.algorithmName || '—'}
                {record.versionNumber !== null ? (
                  <Tag style={{ marginLeft: 8 }}>v{record.versionNumber}</Tag>
                ) : null}
              </Descriptions.Item>
              <Descriptions.Item label={t('column.scene')}>{record.sceneName || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('column.camera')}>{record.cameraName || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('column.time')}>{formatTime(record.alarmTime)}</Descriptions.Item>
              <Descriptions.Item label={t('column.markedBy')}>{record.markedBy || '—'}</Descriptions.Item>
              {record.reviewer ? (
                <Descriptions.Item label={t('column.reviewer')}>{record.reviewer}</Descriptions.Item>
              ) : null}
            </Descriptions>
            <div>
              <Typography.Text strong>{t('review.reason')}</Typography.Text>
              <Radio.Group
                value={reason}
                onChange={(e) => setReason(e.target.value as string)}
                data-testid="false-alarm-reason"
                style={{ display: 'flex', flexDirection: 'column', marginTop: 4 }}
              >
                {reasons.options.map((r, i) => (
                  <Radio key={r.value} value={r.value} data-testid={`false-alarm-reason-${r.value}`}>
                    {i < 9 ? <Key k={String(i + 1)} /> : null} {r.label}
                  </Radio>
                ))}
              </Radio.Group>
            </div>
            {editing ? (
              <Space direction="vertical" style={{ width: '100%' }}>
                <AutoComplete
                  value={selected !== null ? (labels[selected]?.cls ?? '') : newClass}
                  options={classes.map((c) => ({ value: c }))}
                  onChange={(v: string) => setSelectedClass(v.slice(0, 64))}
                  placeholder={t('review.class')}
                  aria-label={t('review.class')}
                  data-testid="false-alarm-class"
                  style={{ width: '100%' }}
                />
                <Space wrap>
                  <Button
                    type="primary"
                    loading={review.isPending}
                    onClick={() => submit('relabelled', labels)}
                    data-testid="false-alarm-save"
                  >
                    {t('review.save')}
                  </Button>
                  <Button
                    onClick={deleteSelected}
                    disabled={selected === null}
                    data-testid="false-alarm-delete-box"
                  >
                    {t('review.deleteBox')}
                  </Button>
                  <Button onClick={() => setEditing(false)}>{t('review.cancelEdit')}</Button>
                </Space>
              </Space>
            ) : (
              <Space wrap>
                <Button
                  type="primary"
                  onClick={() => submit('accepted')}
                  loading={review.isPending}
                  data-testid="false-alarm-accept"
                >
                  {t('review.accept')}
                </Button>
                <Button onClick={startRelabel} data-testid="false-alarm-relabel">
                  {t('review.relabel')}
                </Button>
                <Button danger onClick={() => submit('dropped')} data-testid="false-alarm-drop">
                  {t('review.drop')}
                </Button>
                <Button
                  onClick={() => go(index - 1)}
                  disabled={index === 0}
                  aria-label={t('review.previous')}
                >
                  ←
                </Button>
                <Button
                  onClick={() => go(index + 1)}
                  disabled={index >= records.length - 1}
                  aria-label={t('review.next')}
                >
                  →
                </Button>
              </Space>
            )}
          </Space>
        </Col>
      </Row>
    </div>
  );
}
