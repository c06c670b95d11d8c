import { Form, TreeSelect } from 'antd';
import { tr, useTranslation } from '@/shared/i18n/i18n.ts';
import type { parentOptions } from '../lib/tree-utils.ts';

/** The required "parent node" field of the node forms: a searchable tree of the allowed parents. */
export function ParentField({
  label,
  options,
  testId,
}: {
  label: string;
  options: ReturnType<typeof parentOptions>;
  testId: string;
}) {
  const { t } = useTranslation('plant');
  return (
    <Form.Item name="parentId" label={label} rules={[{ required: true, message: tr('node.parentRequired') }]}>
      <TreeSelect
        treeData={options}
        treeDefaultExpandAll
        showSearch
        treeNodeFilterProp="title"
        placeholder={t('form.parentPlaceholder')}
        data-testid={testId}
      />
    </Form.Item>
  );
}
