import {
  AlertOutlined,
  AuditOutlined,
  ClockCircleOutlined,
  ScheduleOutlined,
  StopOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { DashboardQuery, DashboardSummary } from '@sentinel/contract';
import { Col, Row, Skeleton } from 'antd';
import type { TFunction } from 'i18next';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { Panel } from '@/shared/ui/panel.tsx';
import { formatRate } from '../lib/format.ts';
import { type KpiKey, kpiLink } from '../lib/links.ts';

type Tone = 'neutral' | 'danger' | 'warning' | 'ok';

interface Tile {
  key: KpiKey;
  icon: ReactNode;
  /** The figure as shown, and as a number (`data-value`, for tests and tools). */
  text: string;
  raw: number;
  suffix?: string;
  note: string;
  tone: Tone;
}

function tilesOf(s: DashboardSummary, t: TFunction<'dashboard'>, lang: string): Tile[] {
  const cameras = s.camerasOnline + s.camerasOffline;
  return [
    {
      key: 'todayAlarms',
      icon: <AlertOutlined />,
      text: String(s.todayAlarms),
      raw: s.todayAlarms,
      note: t('note.todayAlarms'),
      tone: 'neutral',
    },
    {
      key: 'untreated',
      icon: <ClockCircleOutlined />,
      text: String(s.untreated),
      raw: s.untreated,
      note: t('note.untreated'),
      tone: s.untreated > 0 ? 'danger' : 'ok',
    },
    {
      key: 'awaitingApproval',
      icon: <AuditOutlined />,
      text: String(s.awaitingApproval),
      raw: s.awaitingApproval,
      note: t('note.awaitingApproval'),
      tone: s.awaitingApproval > 0 ? 'warning' : 'neutral',
    },
    {
      key: 'falsePositiveRate',
      icon: <StopOutlined />,
      text: formatRate(s.falsePositiveRate, lang),
      raw: s.falsePositiveRate,
      note: t('note.falsePositives', { count: s.todayFalsePositive }),
      tone: 'neutral',
    },
    {
      key: 'cameras',
      icon: <VideoCameraOutlined />,
      text: String(s.camerasOnline),
      raw: s.camerasOnline,
      suffix: `/ ${cameras}`,
      note:
        s.camerasOffline > 0
          ? t('note.camerasOffline', { count: s.camerasOffline })
          : t('note.camerasOnline'),
      tone: s.camerasOffline > 0 ? 'warning' : 'ok',
    },
    {
      key: 'jobsRunning',
      icon: <ScheduleOutlined />,
      text: String(s.jobsRunning),
      raw: s.jobsRunning,
      note: t('note.jobsRunning'),
      tone: 'neutral',
    },
  ];
}

const SPAN = { xs: 12, md: 8, xl: 4 } as const;

/** The six figures, each a link to the list it counts (when the user may open it). */
export const KpiTiles = memo(function KpiTiles({
  summary,
  today,
  permitted,
}: {
  summary: DashboardSummary | undefined;
  today: DashboardQuery;
  permitted: ReadonlySet<string>;
}) {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  if (!summary) {
    return (
      <Row gutter={[12, 12]} data-testid="dashboard-kpis-loading" aria-busy>
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <Col key={i} {...SPAN}>
            <Panel className="dash-kpi">
              <Skeleton active title={{ width: '50%' }} paragraph={{ rows: 1, width: '70%' }} />
            </Panel>
          </Col>
        ))}
      </Row>
    );
  }
  return (
    <Row gutter={[12, 12]} data-testid="dashboard-kpis">
      {tilesOf(summary, t, lang).map((tile) => {
        const link = kpiLink(tile.key, today);
        const body = (
          <Panel className={`dash-kpi tone-${tile.tone}`} hoverable={permitted.has(link.code)}>
            <div className="dash-kpi-title">
              <span className="dash-kpi-icon">{tile.icon}</span>
              {t(`kpi.${tile.key}`)}
            </div>
            <div className="dash-kpi-value">
              <span data-testid={`kpi-${tile.key}-value`}>{tile.text}</span>
              {tile.suffix ? <span className="dash-kpi-suffix">{tile.suffix}</span> : null}
            </div>
            <div className="dash-kpi-note" title={tile.note}>
              {tile.note}
            </div>
          </Panel>
        );
        const attrs = { 'data-testid': `kpi-${tile.key}`, 'data-value': tile.raw };
        return (
          <Col key={tile.key} {...SPAN}>
            {permitted.has(link.code) ? (
              <Link to={link.to} className="dash-kpi-link" {...attrs}>
                {body}
              </Link>
            ) : (
              <div {...attrs}>{body}</div>
            )}
          </Col>
        );
      })}
    </Row>
  );
});
