import { type DatasetRow, datasetBody } from '@sentinel/contract';
import { Form, Input, Select } from 'antd';
import { CrudForm, type EditFormProps, zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { datasetApi, useAlgorithmOptions } from '../api/datasets.ts';

const f = datasetBody.shape;

/** Name, the algorithm instance it trains, its classes and a description. */
export function DatasetForm(props: EditFormProps<DatasetRow>) {
  const { t } = useTranslation('datasets');
  const algorithms = useAlgorithmOptions();
  return (
    <CrudForm
      api={datasetApi}
      {...props}
      title={{ add: t('add'), edit: t('edit') }}
      name="dataset"
      testId="dataset"
      modal
      submitOnEnter={false}
      empty={{ name: '', algorithmId: null, classes: [], description: '' }}
      toValues={(row) => ({
        name: row.name,
        algorithmId: row.algorithmId,
        classes: row.classes,
        description: row.description,
      })}
    >
      <Form.Item name="name" label={t('field.name')} required rules={[zodRule(f.name)]}>
        <Input maxLength={64} autoFocus />
      </Form.Item>
      <Form.Item name="algorithmId" label={t('field.algorithm')} rules={[zodRule(f.algorithmId)]}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          loading={algorithms.isLoading}
          data-testid="dataset-algorithm"
          options={(algorithms.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
        />
      </Form.Item>
      <Form.Item
        name="classes"
        label={t('field.classes')}
        rules={[zodRule(f.classes)]}
        extra={t('classesHint')}
      >
        <Select mode="tags" tokenSeparators={[',', ' ']} open={false} data-testid="dataset-classes" />
      </Form.Item>
      <Form.Item name="description" label={t('field.description')} rules={[zodRule(f.description)]}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </CrudForm>
  );
}
