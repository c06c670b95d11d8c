import type { ModelBody, ModelItem } from '@sentinel/contract';
import { CrudForm, type EditFormProps } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { modelApi } from '../api/models.ts';
import { ModelFields } from './model-fields.tsx';

/** Editing a model's description fields (its file, format and sha256 stay as uploaded). */
export function ModelForm(props: EditFormProps<ModelItem>) {
  const { t } = useTranslation('aiModels');
  return (
    <CrudForm<ModelItem, ModelBody>
      api={modelApi}
      {...props}
      title={{ add: t('upload.title'), edit: t('edit') }}
      name="aiModel"
      testId="ai-model"
      modal
    >
      <ModelFields />
    </CrudForm>
  );
}
