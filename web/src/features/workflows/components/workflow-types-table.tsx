import type { WorkflowTypeRow } from '@sentinel/contract';
import type { TableColumnsType } from 'antd';
import { CrudList, useCrudPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { workflowTypeApi } from '../api/workflow-types.ts';
import { WorkflowTypeForm } from './workflow-type-form.tsx';

/**
 * The workflow types catalogue, shown on both /knowledgeBase/workflowType and
 * /sceneManagement/sceneWorkflowType; `routeName` picks that screen's button codes.
 */
export function WorkflowTypesTable({ routeName }: { routeName: 'workflowType' | 'sceneWorkflowType' }) {
  const { t } = useTranslation('workflows');
  const crud = useCrudPage(workflowTypeApi, routeName);

  const columns: TableColumnsType<WorkflowTypeRow> = [
    { title: t('types.name'), dataIndex: 'name', ellipsis: true },
    { title: t('types.description'), dataIndex: 'description', ellipsis: true },
    { title: t('types.workflowCount'), dataIndex: 'workflowCount', width: 120 },
    { title: t('types.createdAt'), dataIndex: 'createdAt', width: 180, render: formatTime },
    crud.actionsColumn({ testId: (row) => `workflow-type-${row.id}`, name: (row) => row.name }),
  ];

  return (
    <CrudList
      crud={crud}
      testId="workflow-type"
      pageTestId="workflow-types"
      search={t('types.searchPlaceholder')}
      addLabel={t('types.add')}
      columns={columns}
    >
      <WorkflowTypeForm {...crud.form} />
    </CrudList>
  );
}
