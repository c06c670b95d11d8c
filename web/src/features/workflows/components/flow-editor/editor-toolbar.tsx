import {
  ArrowLeftOutlined,
  ExpandOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { Button, Space, Switch, Tag, Tooltip } from 'antd';
import { useFlowEditorStore } from '@/features/workflows/stores/flow-editor-store.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';

interface EditorToolbarProps {
  name: string;
  typeName: string | null;
  dirty: boolean;
  saving: boolean;
  onBack: () => void;
  onFitView: () => void;
  onSave: () => void;
}

/** Back, title, undo/redo (enabled by the can-undo / can-redo flags), grid, fit view, save. */
export function EditorToolbar({
  name,
  typeName,
  dirty,
  saving,
  onBack,
  onFitView,
  onSave,
}: EditorToolbarProps) {
  const { t } = useTranslation('workflows');
  const canUndo = useFlowEditorStore((s) => s.canUndo);
  const canRedo = useFlowEditorStore((s) => s.canRedo);
  const gridOn = useFlowEditorStore((s) => s.gridOn);
  const editorMode = useFlowEditorStore((s) => s.editorMode);
  const { undo, redo, toggleGrid } = useFlowEditorStore.getState();
  const editable = editorMode === 'canvas';
  return (
    <div className="flow-editor-toolbar" role="toolbar" aria-label={name}>
      <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="editor-back">
        {t('editor.back')}
      </Button>
      <div className="flow-editor-title" data-testid="editor-title">
        {name} {typeName ? <Tag>{typeName}</Tag> : null}
        {dirty ? <Tag color="orange">{t('editor.unsaved')}</Tag> : null}
        {editable ? null : <Tag>{t('editor.readonly')}</Tag>}
      </div>
      <Space wrap size={6}>
        {editable ? (
          <>
            <Tooltip title="Ctrl+Z">
              <Button icon={<UndoOutlined />} disabled={!canUndo} onClick={undo} data-testid="editor-undo">
                {t('editor.undo')}
              </Button>
            </Tooltip>
            <Tooltip title="Ctrl+Shift+Z / Ctrl+Y">
              <Button icon={<RedoOutlined />} disabled={!canRedo} onClick={redo} data-testid="editor-redo">
                {t('editor.redo')}
              </Button>
            </Tooltip>
          </>
        ) : null}
        <span>
          <Switch
            size="small"
            checked={gridOn}
            onChange={toggleGrid}
            aria-label={t('editor.grid')}
            data-testid="editor-grid"
          />{' '}
          {t('editor.grid')}
        </span>
        <Button icon={<ExpandOutlined />} onClick={onFitView} data-testid="editor-fit">
          {t('editor.fitView')}
        </Button>
        {editable ? (
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            onClick={onSave}
            data-testid="editor-save"
          >
            {t('editor.save')}
          </Button>
        ) : null}
      </Space>
    </div>
  );
}
