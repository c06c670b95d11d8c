import { InfoCircleOutlined } from '@ant-design/icons';
import type { FixedOperationChart } from '@sentinel/contract';
import { Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { FlowChartView, type FlowNodeMark } from '../components/flow-chart-view.tsx';
import type { NodeProgress, NodeStatus } from './node-progress.ts';

const LOOK: Record<NodeStatus, Omit<FlowNodeMark, 'status' | 'label'>> = {
  pending: { color: 'default', borderColor: '#bfbfbf', background: '#fafafa' },
  active: { color: 'processing', borderColor: '#1677ff', background: '#e6f4ff' },
  done: { color: 'success', borderColor: '#52c41a', background: '#f6ffed' },
  violation: { color: 'error', borderColor: '#ff4d4f', background: '#fff1f0' },
};

/** The saved flowchart with each step's progress in the current run (see node-progress.ts). */
export function RunFlowChart({ chart, progress }: { chart: FixedOperationChart; progress: NodeProgress }) {
  const { t } = useTranslation('scenes');
  const marks: Record<string, FlowNodeMark> = {};
  for (const node of chart.nodes) {
    const status = progress.status[node.id] ?? 'pending';
    const alarms = progress.alarms[node.id] ?? 0;
    const current = progress.current.includes(node.id);
    let label = t(`monitor.step.${status}`);
    if (status === 'violation' && current) label = `${label} · ${t('monitor.step.active')}`;
    if (alarms > 0) label = `${label} (${t('monitor.stepAlarms', { count: alarms })})`;
    marks[node.id] = { status, label, ...LOOK[status] };
  }
  return (
    <div data-testid="monitor-flow">
      <Flex justify="flex-end" style={{ marginBottom: 4 }}>
        <Tooltip title={t('monitor.progressHelp')}>
          <Typography.Text type="secondary" style={{ fontSize: 12, cursor: 'help' }}>
            <InfoCircleOutlined /> {t('monitor.progressHow')}
          </Typography.Text>
        </Tooltip>
      </Flex>
      <FlowChartView chart={chart} marks={marks} />
    </div>
  );
}
