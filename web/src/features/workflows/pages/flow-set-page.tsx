import { Button, Card, Result } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { RequestError } from '@/shared/request/errors.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { useWorkflow } from '../api/workflow-detail.ts';
import { FlowEditor } from '../components/flow-editor/flow-editor.tsx';
import { WorkflowList } from '../components/workflow-list.tsx';
import { useFlowEditorStore } from '../stores/flow-editor-store.ts';

/** Loads one flowchart into the editor store, then shows the editor. */
function EditorScreen({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation('workflows');
  const query = useWorkflow(id);
  const { can, loading } = useButtons('flowSet');
  const loadedId = useFlowEditorStore((s) => s.parameterId);
  const editable = can('flowSet:edit');

  useEffect(() => {
    useFlowEditorStore.getState().setEditorMode(editable ? 'canvas' : 'readonly');
  }, [editable]);
  useEffect(() => {
    if (query.data) useFlowEditorStore.getState().load(query.data.id, query.data.chart);
  }, [query.data]);
  useEffect(() => () => useFlowEditorStore.getState().close(), []);

  if (query.isError) {
    if (query.error instanceof RequestError && query.error.httpStatus === 404) {
      return (
        <Card variant="borderless">
          <Result
            status="404"
            subTitle={t('editor.notFound')}
            extra={<Button onClick={onBack}>{t('editor.back')}</Button>}
          />
        </Card>
      );
    }
    return <PageError message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  if (!query.data || loading || loadedId !== id) return <PageLoading />;
  return <FlowEditor workflow={query.data} onBack={onBack} />;
}

/** /sceneManagement/flowSet — flowchart creation: the list, or the editor of `?id=`. */
export default function FlowSetPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  if (Number.isInteger(id) && id > 0) return <EditorScreen key={id} id={id} onBack={() => setParams({})} />;
  return <WorkflowList onOpen={(next) => setParams({ id: String(next) })} />;
}
