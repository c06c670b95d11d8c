import { MATRIX_MIN_AVAILABILITY, type MatrixCell, matrixColours, matrixQuery } from '@sentinel/contract';
import { Alert, Card, Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useUrlFilters } from '@/shared/filters/url-filters.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { PageError } from '@/shared/ui/page-states.tsx';
import { formatTime } from '@/shared/utils/time.ts';
import { useMatrix } from '../api/run-evidence.ts';
import { EvidenceFilterBar } from '../components/evidence-filters.tsx';
import { CELL_COLOURS, MatrixCellButton } from '../components/matrix-cell.tsx';

interface MatrixRow {
  id: number;
  sceneName: string;
  cameraName: string;
  cells: Map<number, MatrixCell>;
}

/** Rows per scene camera, columns per algorithm (in the order the server answered, by name). */
function layout(cells: MatrixCell[]) {
  const algorithms = new Map<number, string>();
  const rows = new Map<string, MatrixRow>();
  for (const cell of cells) {
    algorithms.set(cell.algorithmId, cell.algorithmName);
    const key = `${cell.sceneId}:${cell.cameraId}`;
    let row = rows.get(key);
    if (!row) {
      row = { id: rows.size + 1, sceneName: cell.sceneName, cameraName: cell.cameraName, cells: new Map() };
      rows.set(key, row);
    }
    row.cells.set(cell.algorithmId, cell);
  }
  const sorted = [...algorithms].sort((a, b) => a[1].localeCompare(b[1]) || a[0] - b[0]);
  return { algorithms: sorted, rows: [...rows.values()] };
}

/**
 * /selfCheck/sceneCameraAlgorithms: scenes × cameras × algorithms, each cell coloured by its last
 * 24 h of evidence (rules in server/src/features/run-evidence/rules.ts); a cell's popover shows the
 * figures and drills down to the run log, the camera's error log and its problem images.
 */
export default function SceneCameraAlgorithmsPage() {
  const { t } = useTranslation('selfCheckEvidence');
  const [filters, setFilters] = useUrlFilters(matrixQuery);
  const query = useMatrix(filters);
  const data = query.data;
  const { algorithms, rows } = useMemo(() => layout(data?.cells ?? []), [data]);
  const span = { start: data?.startTime ?? '', end: data?.endTime ?? '' };

  const columns: TableColumnsType<MatrixRow> = [
    { title: t('column.scene'), dataIndex: 'sceneName', fixed: 'left' },
    { title: t('column.camera'), dataIndex: 'cameraName', fixed: 'left' },
    ...algorithms.map(([id, name]) => ({
      title: name,
      key: `a${id}`,
      align: 'center' as const,
      render: (_: unknown, row: MatrixRow) => {
        const cell = row.cells.get(id);
        return cell ? <MatrixCellButton cell={cell} window={span} /> : null;
      },
    })),
  ];

  return (
    <Card variant="borderless" data-testid="scene-camera-algorithms-page">
      <EvidenceFilterBar testId="matrix" withRange={false} value={filters} onSearch={setFilters} />
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }} data-testid="matrix-legend">
        {matrixColours.map((c) => (
          <Tag key={c} color={CELL_COLOURS[c]}>
            {t(`colour.${c}`)}
          </Tag>
        ))}
        <Typography.Text type="secondary">
          {t('legend', { min: MATRIX_MIN_AVAILABILITY })}
          {data ? ` ${t('range', { start: formatTime(data.startTime), end: formatTime(data.endTime) })}` : ''}
        </Typography.Text>
      </Flex>
      {data?.truncated && (
        <Alert type="info" showIcon message={t('truncated')} style={{ marginBottom: 12 }} />
      )}
      {query.isError && !data ? (
        <PageError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <ListTable<MatrixRow>
          testId="matrix"
          columns={columns}
          dataSource={rows}
          loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
          pagination={false}
        />
      )}
    </Card>
  );
}
